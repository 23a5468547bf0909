import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CancelOrderResponseSchema,
  HealthSchema,
  Mt5AgentClient,
  Mt5HttpError,
  Mt5OutcomeUnknownError,
  OrderInfoSchema,
  PlaceOrderResponseSchema,
  SymbolInfoSchema,
  type OrderInfo,
} from '../../../server/lib/mt5-agent';
import { Mt5Simulator } from '../../../server/mt5-sim';
import { startPythonAgent } from '../../support/python-agent';

/**
 * One suite of docs/mt5-agent-protocol.md, run against both implementations: the simulator, and the Python
 * agent (agent/) over its MetaTrader5 emulation. The protocol calls are identical; only the hooks that shape
 * each terminal (prices, a dropped connection, a refusal by the broker) differ.
 */
const TOKEN = 'token-de-conformidade-0123456789';
/** What both terminals charge each deal: R$ 1.50 of brokerage and a fee of 0.01 % of its value. */
const DEAL_COSTS = { commission: 1.5, feePercent: 0.01 };

interface Implementation {
  url: string;
  /** How many orders the terminal (and its broker) holds. */
  orderCount(): Promise<number>;
  setPrice(symbol: string, last: number): Promise<void>;
  setConnected(value: boolean): Promise<void>;
  setTradeAllowed(value: boolean): Promise<void>;
  /** The broker refuses the next order with this retcode and words. */
  refuseNext(retcode: number, comment: string, retcodeExternal: number): Promise<void>;
  /** B3 rejects an order the terminal had accepted. */
  rejectPlaced(ticket: number, comment: string): Promise<void>;
  /** The next order is placed, but whether it was cannot be told until online(). */
  doubtNext(): Promise<void>;
  /** Connected, trading allowed, no refusal or doubt pending. */
  online(): Promise<void>;
  close(): Promise<void>;
}

async function simulator(): Promise<Implementation> {
  const sim = new Mt5Simulator({
    token: TOKEN,
    fillDelayMs: 30,
    partialFills: true,
    ...DEAL_COSTS,
  });
  const { port } = await sim.listen(0);
  const t = sim.terminal;
  return {
    url: `http://127.0.0.1:${port}`,
    orderCount: async () => t.orderCount,
    setPrice: async (symbol, last) => t.setPrice(symbol, last),
    setConnected: async (value) => sim.setBehaviour(value ? 'online' : 'disconnected'),
    setTradeAllowed: async (value) => sim.setBehaviour(value ? 'online' : 'no-autotrading'),
    refuseNext: async (retcode, comment, retcodeExternal) => {
      Object.assign(t, { rejectRetcode: retcode, rejectComment: comment });
      t.rejectRetcodeExternal = retcodeExternal;
      sim.setBehaviour('reject');
    },
    rejectPlaced: async (ticket, comment) => t.rejectPlaced(ticket, comment),
    doubtNext: async () => sim.setBehaviour('outcome-unknown'),
    online: async () => sim.setBehaviour('online'),
    close: () => sim.close(),
  };
}

async function pythonAgent(): Promise<Implementation> {
  const agent = await startPythonAgent({
    token: TOKEN,
    emulation: {
      fill_delay: 0.03,
      partial_fills: true,
      commission: DEAL_COSTS.commission,
      fee_percent: DEAL_COSTS.feePercent,
    },
  });
  const e = agent.emulation;
  return {
    url: agent.url,
    orderCount: async () => (await e.state()).orders.length,
    setPrice: (symbol, last) => e.setPrice(symbol, last),
    setConnected: (value) => e.setConnected(value),
    setTradeAllowed: (value) => e.setTradeAllowed(value),
    refuseNext: (retcode, comment, retcodeExternal) =>
      e.refuseNext(retcode, comment, retcodeExternal),
    rejectPlaced: (ticket, comment) => e.reject(ticket, comment),
    doubtNext: () => e.addFault('lost_after_send'),
    online: async () => {
      await e.setConnected(true);
      await e.setTradeAllowed(true);
    },
    close: () => agent.stop(),
  };
}

const implementations: Record<string, Implementation> = {};
beforeAll(async () => {
  const [sim, python] = await Promise.all([simulator(), pythonAgent()]);
  implementations.simulator = sim;
  implementations['python agent'] = python;
}, 30_000);
afterAll(async () => {
  await Promise.all(Object.values(implementations).map((impl) => impl.close()));
});

interface Answer {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  json: any;
}

async function call(
  impl: Implementation,
  method: string,
  path: string,
  opts: { json?: unknown; body?: string; token?: string | null } = {},
): Promise<Answer> {
  const token = opts.token === undefined ? TOKEN : opts.token;
  const body = opts.json === undefined ? opts.body : JSON.stringify(opts.json);
  const res = await fetch(impl.url + path, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

const order = (client_order_id: string, fields: Record<string, unknown> = {}) => ({
  client_order_id,
  symbol: 'PETR4',
  side: 'buy',
  volume: 100,
  type: 'market',
  comment: 'carteira-rv conformidade',
  ...fields,
});

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const orderInfo = async (impl: Implementation, ticket: number): Promise<OrderInfo> => {
  const res = await call(impl, 'GET', `/orders/${ticket}`);
  expect(res.status).toBe(200);
  return OrderInfoSchema.parse(res.json);
};

describe.each(['simulator', 'python agent'])('MT5 agent protocol: %s', (name) => {
  const impl = () => implementations[name]!;

  it('GET /health describes the terminal, the account and since when it is connected', async () => {
    const res = await call(impl(), 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      connected: true,
      trade_allowed: true,
      account: { currency: 'BRL', login: expect.any(Number) as number },
    });
    const health = HealthSchema.parse(res.json);
    expect(Date.parse(health.connected_since!)).toBeLessThanOrEqual(Date.now());
  });

  it('refuses every call without the right bearer token, and does nothing', async () => {
    const before = await impl().orderCount();
    const routes: Array<[string, string]> = [
      ['GET', '/health'],
      ['GET', '/symbols/PETR4'],
      ['GET', '/positions'],
      ['GET', '/orders/1'],
      ['DELETE', '/orders/1'],
      ['POST', '/orders'],
    ];
    for (const [method, path] of routes) {
      for (const token of [null, 'errado', `${TOKEN}x`]) {
        const json = method === 'POST' ? order(`auth-${token}`) : undefined;
        const res = await call(impl(), method, path, { token, json });
        expect([method, path, res.status, res.json?.error]).toEqual([
          method,
          path,
          401,
          'unauthorized',
        ]);
      }
    }
    expect(await impl().orderCount()).toBe(before);
  });

  it('GET /symbols/{symbol}: round lot, fractional, any case; 404 for an unknown symbol', async () => {
    const round = SymbolInfoSchema.parse((await call(impl(), 'GET', '/symbols/ITUB4')).json);
    expect(round).toMatchObject({
      name: 'ITUB4',
      trade_mode: 'full',
      volume_min: 100,
      volume_step: 100,
      tick_size: 0.01,
    });
    expect(round.ask - round.bid).toBeCloseTo(0.02);
    const fractional = (await call(impl(), 'GET', '/symbols/itub4f')).json;
    expect(fractional).toMatchObject({
      name: 'ITUB4F',
      volume_min: 1,
      volume_max: 99,
      volume_step: 1,
      last: round.last,
    });
    const unknown = await call(impl(), 'GET', '/symbols/XPTO9');
    expect([unknown.status, unknown.json.error]).toEqual([404, 'symbol_not_found']);
  });

  it('POST /orders places once per client_order_id, byte for byte, and fills at the ask', async () => {
    await impl().setPrice('VALE3', 61.5);
    const body = order('conf-market:1', { symbol: 'VALE3', volume: 300, tp: 70 });
    const before = await impl().orderCount();
    const first = await call(impl(), 'POST', '/orders', { json: body });
    expect(first.status).toBe(200);
    const placed = PlaceOrderResponseSchema.parse(first.json);
    expect(placed).toMatchObject({ retcode: 10008, retcode_desc: 'Ordem colocada' });
    expect(typeof placed.comment).toBe('string');
    expect(placed.retcode_external).toBe(0);
    const again = await call(impl(), 'POST', '/orders', { json: body });
    expect(again.text).toBe(first.text);

    const filled = await eventually(
      () => orderInfo(impl(), placed.ticket!),
      (info) => info.state === 'filled',
    );
    expect(filled).toMatchObject({
      ticket: placed.ticket,
      client_order_id: 'conf-market:1',
      symbol: 'VALE3',
      side: 'buy',
      type: 'market',
      volume_initial: 300,
      volume_filled: 300,
      price_avg: 61.51,
      retcode: 10009,
    });
    const positions = (await call(impl(), 'GET', '/positions')).json;
    expect(positions).toContainEqual({ symbol: 'VALE3', volume: 300, price_open: 61.51 });
    expect((await impl().orderCount()) - before).toBe(1);
  });

  it('answers 409 for a client_order_id reused for another order', async () => {
    const body = order('conf-409:1', { symbol: 'ABEV3' });
    expect((await call(impl(), 'POST', '/orders', { json: body })).status).toBe(200);
    for (const change of [{ volume: 200 }, { side: 'sell' }, { type: 'limit', price: 1 }]) {
      const res = await call(impl(), 'POST', '/orders', { json: { ...body, ...change } });
      expect([res.status, res.json.error]).toEqual([409, 'client_order_id_conflict']);
    }
  });

  it('answers 400, 404 and 413 with an error body, and places nothing', async () => {
    const before = await impl().orderCount();
    const cases: Array<[string, string, { json?: unknown; body?: string }, number, string]> = [
      ['POST', '/orders', { body: '{"client_order_id": ' }, 400, 'invalid_json'],
      ['POST', '/orders', { json: { symbol: 'PETR4' } }, 400, 'invalid_request'],
      ['POST', '/orders', { json: order('conf-400:1', { volume: 1.5 }) }, 400, 'invalid_request'],
      ['POST', '/orders', { json: order('conf-400:2', { side: 'hold' }) }, 400, 'invalid_request'],
      ['POST', '/orders', { json: order('conf-400:3', { type: 'limit' }) }, 400, 'invalid_request'],
      ['POST', '/orders', { json: order('x'.repeat(65)) }, 400, 'invalid_request'],
      [
        'POST',
        '/orders',
        { json: order('conf-413:1', { padding: 'x'.repeat(70_000) }) },
        413,
        'too_large',
      ],
      ['GET', '/nada', {}, 404, 'not_found'],
      ['GET', '/orders/999', {}, 404, 'order_not_found'],
      ['DELETE', '/orders/999', {}, 404, 'order_not_found'],
    ];
    for (const [method, path, opts, status, error] of cases) {
      const res = await call(impl(), method, path, opts);
      expect([method, path, res.status, res.json?.error]).toEqual([method, path, status, error]);
      expect(typeof res.json.message).toBe('string');
    }
    expect(await impl().orderCount()).toBe(before);
  });

  it('answers terminal refusals with MT5 retcodes', async () => {
    const send = async (id: string, fields: Record<string, unknown>) =>
      PlaceOrderResponseSchema.parse(
        (await call(impl(), 'POST', '/orders', { json: order(id, fields) })).json,
      );
    expect(await send('conf-ref:1', { volume: 150 })).toMatchObject({
      ticket: null,
      retcode: 10014,
    });
    expect(await send('conf-ref:2', { symbol: 'PETR4F', volume: 100 })).toMatchObject({
      retcode: 10014,
    });
    expect(await send('conf-ref:3', { type: 'limit', price: 30.005 })).toMatchObject({
      retcode: 10015,
    });
    expect(await send('conf-ref:4', { type: 'limit', price: 30, tp: 29 })).toMatchObject({
      retcode: 10016,
    });
    expect(await send('conf-ref:5', { symbol: 'XPTO9' })).toMatchObject({
      ticket: null,
      retcode: 10013,
    });
  });

  it("passes the broker's refusal text and external code through, and stores the refusal", async () => {
    const before = await impl().orderCount();
    await impl().refuseNext(10006, 'Rejeitada pela B3: quantidade acima do limite', 42);
    const body = order('conf-b3:1');
    const first = await call(impl(), 'POST', '/orders', { json: body });
    await impl().online();
    expect(first.json).toEqual({
      ticket: null,
      retcode: 10006,
      retcode_desc: 'Solicitação rejeitada',
      comment: 'Rejeitada pela B3: quantidade acima do limite',
      retcode_external: 42,
    });
    expect((await call(impl(), 'POST', '/orders', { json: body })).text).toBe(first.text);
    expect(await impl().orderCount()).toBe(before);
  });

  it('reports an order B3 rejected after accepting it, with its reason', async () => {
    const placed = (
      await call(impl(), 'POST', '/orders', {
        json: order('conf-b3:2', { type: 'limit', price: 1 }),
      })
    ).json;
    await impl().rejectPlaced(placed.ticket, 'B3: preco fora do tunel');
    expect(await orderInfo(impl(), placed.ticket)).toMatchObject({
      state: 'rejected',
      retcode: 10006,
      comment: 'B3: preco fora do tunel',
      volume_filled: 0,
    });
  });

  it('sends nothing from a disconnected terminal, and sends once when asked again after', async () => {
    const before = await impl().orderCount();
    await impl().setConnected(false);
    const health = await eventually(
      async () => (await call(impl(), 'GET', '/health')).json,
      (h) => h.connected === false,
    );
    expect(health.connected_since ?? null).toBeNull();
    const body = order('conf-disc:1');
    for (let i = 0; i < 2; i++) {
      const res = await call(impl(), 'POST', '/orders', { json: body });
      expect(res.json).toMatchObject({ ticket: null, retcode: 10031 });
    }
    expect(await impl().orderCount()).toBe(before);
    await impl().online();
    const placed = (await call(impl(), 'POST', '/orders', { json: body })).json;
    expect(placed).toMatchObject({ retcode: 10008, ticket: expect.any(Number) as number });
    expect(await impl().orderCount()).toBe(before + 1);
    await eventually(
      async () => (await call(impl(), 'GET', '/health')).json,
      (h) => h.connected === true && typeof h.connected_since === 'string',
    );
  });

  it('refuses orders while AutoTrading is off, for good', async () => {
    await impl().setTradeAllowed(false);
    await eventually(
      async () => (await call(impl(), 'GET', '/health')).json,
      (h) => h.trade_allowed === false,
    );
    const body = order('conf-at:1');
    const first = await call(impl(), 'POST', '/orders', { json: body });
    await impl().online();
    expect(first.json).toMatchObject({ ticket: null, retcode: 10027 });
    expect((await call(impl(), 'POST', '/orders', { json: body })).text).toBe(first.text);
  });

  it('answers 503 em_duvida while an order is in doubt, then the order itself, once', async () => {
    const before = await impl().orderCount();
    await impl().doubtNext();
    const body = order('conf-doubt:1');
    for (let i = 0; i < 2; i++) {
      const res = await call(impl(), 'POST', '/orders', { json: body });
      expect([res.status, res.json.error]).toEqual([503, 'em_duvida']);
    }
    await impl().online();
    const res = await call(impl(), 'POST', '/orders', { json: body });
    expect(res.status).toBe(200);
    expect(res.json.ticket).toEqual(expect.any(Number));
    expect((await orderInfo(impl(), res.json.ticket)).client_order_id).toBe('conf-doubt:1');
    expect(await impl().orderCount()).toBe(before + 1);
  });

  it('DELETE /orders/{ticket} cancels a resting limit order, idempotently', async () => {
    const placed = (
      await call(impl(), 'POST', '/orders', {
        json: order('conf-cancel:1', { symbol: 'BBAS3F', volume: 10, type: 'limit', price: 1 }),
      })
    ).json;
    const canceled = await call(impl(), 'DELETE', `/orders/${placed.ticket}`);
    expect(canceled.status).toBe(200);
    expect(CancelOrderResponseSchema.parse(canceled.json)).toMatchObject({
      ticket: placed.ticket,
      retcode: 10009,
    });
    const info = await eventually(
      () => orderInfo(impl(), placed.ticket),
      (i) => i.state === 'canceled',
    );
    expect(info).toMatchObject({ volume_filled: 0, price_avg: null });
    const again = await call(impl(), 'DELETE', `/orders/${placed.ticket}`);
    expect([again.status, again.json.retcode]).toEqual([200, 10009]);
  });

  it('DELETE /orders/{ticket} of a filled order is 409', async () => {
    const placed = (
      await call(impl(), 'POST', '/orders', {
        json: order('conf-cancel:2', { symbol: 'WEGE3F', volume: 10 }),
      })
    ).json;
    await eventually(
      () => orderInfo(impl(), placed.ticket),
      (i) => i.state === 'filled',
    );
    const res = await call(impl(), 'DELETE', `/orders/${placed.ticket}`);
    expect([res.status, res.json.error]).toEqual([409, 'order_not_cancelable']);
  });

  it("fills a larger market order in parts and averages the parts' prices", async () => {
    await impl().setPrice('RENT3', 50);
    const placed = (
      await call(impl(), 'POST', '/orders', {
        json: order('conf-parts:1', { symbol: 'RENT3', volume: 500 }),
      })
    ).json;
    const filled = await eventually(
      () => orderInfo(impl(), placed.ticket),
      (i) => i.state === 'filled',
    );
    expect(filled).toMatchObject({ volume_filled: 500, price_avg: 50.01 });
  });

  it("reports each deal of an order with the commission and fee it cost, negative as MT5's", async () => {
    await impl().setPrice('CMIG4', 10);
    const placed = (
      await call(impl(), 'POST', '/orders', {
        json: order('conf-costs:1', { symbol: 'CMIG4', volume: 500 }),
      })
    ).json;
    const filled = await eventually(
      () => orderInfo(impl(), placed.ticket),
      (i) => i.state === 'filled',
    );
    // Two deals (200 then 300 at the ask, 10.01): fees of 0.2002 → 0.20 and 0.3003 → 0.30.
    expect(
      filled.deals!.map(({ volume, price, commission, fee }) => [volume, price, commission, fee]),
    ).toEqual([
      [200, 10.01, -1.5, -0.2],
      [300, 10.01, -1.5, -0.3],
    ]);
    expect(filled.deals!.every((d) => Number.isInteger(d.ticket) && d.ticket! > 0)).toBe(true);
  });

  it("works through the server's typed client: em_duvida and 10031 are never refusals", async () => {
    const client = new Mt5AgentClient(new URL(impl().url).hostname, {
      agentPort: Number(new URL(impl().url).port),
      agentToken: TOKEN,
      timeoutMs: 3_000,
    });
    expect((await client.health()).connected).toBe(true);
    expect((await client.symbol('TAEE11F')).volume_step).toBe(1);

    await impl().doubtNext();
    const doubtful = order('conf-client:1') as Parameters<typeof client.placeOrder>[0];
    await expect(client.placeOrder(doubtful)).rejects.toBeInstanceOf(Mt5OutcomeUnknownError);
    await impl().online();
    const placed = await client.placeOrder(doubtful);
    expect(placed.ticket).toEqual(expect.any(Number));
    expect(await client.placeOrder(doubtful)).toEqual(placed);

    await impl().setConnected(false);
    const offline = order('conf-client:2') as Parameters<typeof client.placeOrder>[0];
    await expect(client.placeOrder(offline)).rejects.toMatchObject({
      constructor: Mt5OutcomeUnknownError,
      retcode: 10031,
    });
    await impl().online();

    const limit = await client.placeOrder({
      ...(order('conf-client:3') as Parameters<typeof client.placeOrder>[0]),
      type: 'limit',
      price: 1,
    });
    expect((await client.cancelOrder(limit.ticket!)).retcode).toBe(10009);
    await expect(client.cancelOrder(123)).rejects.toMatchObject({
      constructor: Mt5HttpError,
      status: 404,
    });
  });
});

describe('MT5 agent protocol: the two implementations answer alike', () => {
  const both = async (method: string, path: string, json?: unknown): Promise<[Answer, Answer]> => {
    const sim = call(implementations.simulator!, method, path, { json });
    const python = call(implementations['python agent']!, method, path, { json });
    return [await sim, await python];
  };

  it('quotes the same symbols and refuses the same orders with the same bodies', async () => {
    for (const symbol of ['EGIE3', 'EGIE3F', 'KLBN11', 'XPTO9']) {
      const [sim, python] = await both('GET', `/symbols/${symbol}`);
      expect(python.status).toBe(sim.status);
      if (sim.status === 200) expect(python.json).toEqual(sim.json);
      else expect(python.json.error).toBe(sim.json.error);
    }
    for (const [i, fields] of [{ volume: 150 }, { symbol: 'EGIE3F', volume: 200 }].entries()) {
      const [sim, python] = await both('POST', '/orders', order(`alike:${i}`, fields));
      expect(python.json).toEqual(sim.json);
    }
  });

  it('answers /health with the same fields', async () => {
    // The Python agent learns a reconnection from its next background reading (about a second, longer on a busy
    // machine): compare once both report the terminal connected since some moment.
    const connected = (a: Answer) => a.status === 200 && typeof a.json.connected_since === 'string';
    const [sim, python] = await eventually(
      () => both('GET', '/health'),
      (answers) => answers.every(connected),
    );
    const shape = (h: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(h).map(([k, v]) => [
          k,
          v !== null && typeof v === 'object' ? Object.keys(v).sort() : typeof v,
        ]),
      );
    expect(shape(python.json)).toEqual(shape(sim.json));
  });
});

describe('the Python agent through its test helper: a crash between order_send and the reply', () => {
  it('answers the order placed before the crash, once, after a restart on the same address', async () => {
    const host = `127.${64 + Math.floor(Math.random() * 180)}.${Math.floor(Math.random() * 256)}.7`;
    const agent = await startPythonAgent({
      token: TOKEN,
      host,
      emulation: { fill_delay: 0.02, faults: ['crash_after_send'] },
    });
    try {
      expect(agent.url).toBe(`http://${host}:${agent.port}`);
      const impl = { url: agent.url } as Implementation;
      await expect(call(impl, 'POST', '/orders', { json: order('crash:1') })).rejects.toThrow();
      expect(await agent.exited()).toBe(137);
      await agent.restart();
      const res = await call(impl, 'POST', '/orders', { json: order('crash:1') });
      const { orders } = await agent.emulation.state();
      expect(orders).toHaveLength(1);
      expect([res.status, res.json.ticket]).toEqual([200, orders[0]!.ticket]);
      expect(agent.logs().some((l) => l.event === 'orders_in_doubt_at_start')).toBe(true);
    } finally {
      await agent.stop();
    }
  });
});
