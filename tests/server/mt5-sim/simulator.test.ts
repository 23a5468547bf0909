import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OrderNotCancelable, SimTerminal } from '../../../server/mt5-sim';
import { startFleet, type SimFleet } from './fleet';

let fleet: SimFleet;
// sims: 0 online, 1 no-autotrading, 2 disconnected, 3 error, 4 malformed, 5 slow, 6 online (switched around)
beforeAll(async () => {
  fleet = await startFleet(
    ['online', 'no-autotrading', 'disconnected', 'error', 'malformed', 'slow', 'online'],
    { fillDelayMs: 30, slowMs: 5_000 },
  );
});
afterAll(() => fleet.close());

function call(i: number, path: string, init: RequestInit & { json?: unknown } = {}) {
  const { json, ...rest } = init;
  return fetch(`http://${fleet.hosts[i]}:${fleet.port}${path}`, {
    ...rest,
    headers: {
      authorization: `Bearer ${fleet.token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(rest.headers as Record<string, string>),
    },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
}

const waitFor = async (check: () => Promise<boolean>, ms = 2_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('MT5 agent simulator: /health and behaviours', () => {
  it('answers each behaviour on its own address, all on one port', async () => {
    const health = async (i: number) => (await (await call(i, '/health')).json()) as never;
    expect(await health(0)).toMatchObject({
      connected: true,
      trade_allowed: true,
      account: { currency: 'BRL', margin_free: 1_000_000 },
      terminal: { build: expect.any(Number) as number },
    });
    expect(await health(1)).toMatchObject({ connected: true, trade_allowed: false });
    expect(await health(2)).toMatchObject({ connected: false, trade_allowed: true });

    const error = await call(3, '/health');
    expect(error.status).toBe(500);
    expect(await error.json()).toEqual({
      error: 'terminal_error',
      message: 'Falha simulada do terminal MT5',
    });

    const malformed = await call(4, '/health');
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow();
  });

  it('holds its answer when slow', async () => {
    const started = Date.now();
    await expect(call(5, '/health', { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await waitFor(async () => fleet.sims[5]!.stats.inFlight === 0);
  });

  it('refuses a missing or wrong token with 401', async () => {
    const none = await fetch(`http://${fleet.hosts[0]}:${fleet.port}/health`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: 'unauthorized' });
    const wrong = await call(0, '/health', { headers: { authorization: 'Bearer outro' } });
    expect(wrong.status).toBe(401);
  });

  it('switches behaviour at run time, in process and over HTTP', async () => {
    const sim = fleet.sims[6]!;
    sim.setBehaviour('disconnected');
    expect(await (await call(6, '/health')).json()).toMatchObject({ connected: false });
    const put = await call(6, '/_sim/behaviour', { method: 'PUT', json: { behaviour: 'error' } });
    expect(await put.json()).toEqual({ behaviour: 'error' });
    expect((await call(6, '/health')).status).toBe(500);
    const bad = await call(6, '/_sim/behaviour', { method: 'PUT', json: { behaviour: 'x' } });
    expect(bad.status).toBe(400);
    sim.setBehaviour('online');
    expect(await (await call(6, '/health')).json()).toMatchObject({ connected: true });
  });

  it('answers 404 with an error body for an unknown path', async () => {
    const res = await call(0, '/nada');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('MT5 agent simulator: symbols, orders and positions', () => {
  it('describes round-lot and fractional symbols, and 404s an unknown one', async () => {
    const round = (await (await call(0, '/symbols/PETR4')).json()) as Record<string, number>;
    expect(round).toMatchObject({
      name: 'PETR4',
      trade_mode: 'full',
      volume_min: 100,
      volume_step: 100,
      tick_size: 0.01,
    });
    expect(round.ask! - round.bid!).toBeCloseTo(0.02);
    const fractional = await (await call(0, '/symbols/PETR4F')).json();
    expect(fractional).toMatchObject({ volume_min: 1, volume_max: 99, volume_step: 1 });
    expect((fractional as { last: number }).last).toBe(round.last);
    const unknown = await call(0, '/symbols/XPTO9');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'symbol_not_found' });
  });

  it('fills a market order after a short delay, once per client_order_id', async () => {
    fleet.sims[0]!.terminal.setPrice('VALE3', 61.5);
    const order = {
      client_order_id: 'grupo-1:1',
      symbol: 'VALE3',
      side: 'buy',
      volume: 300,
      type: 'market',
      tp: 70,
      comment: 'teste',
    };
    const first = (await (await call(0, '/orders', { method: 'POST', json: order })).json()) as {
      ticket: number;
      retcode: number;
    };
    expect(first).toMatchObject({ retcode: 10008, ticket: expect.any(Number) as number });
    const again = await (await call(0, '/orders', { method: 'POST', json: order })).json();
    expect(again).toEqual(first);

    await waitFor(
      async () =>
        ((await (await call(0, `/orders/${first.ticket}`)).json()) as { state: string }).state ===
        'filled',
    );
    expect(await (await call(0, `/orders/${first.ticket}`)).json()).toMatchObject({
      ticket: first.ticket,
      symbol: 'VALE3',
      state: 'filled',
      volume_initial: 300,
      volume_filled: 300,
      price_avg: 61.51,
      retcode: 10009,
    });
    // One order, not two: the position holds 300 shares.
    expect(await (await call(0, '/positions')).json()).toContainEqual({
      symbol: 'VALE3',
      volume: 300,
      price_open: 61.51,
    });

    const conflicting = await call(0, '/orders', {
      method: 'POST',
      json: { ...order, volume: 400 },
    });
    expect(conflicting.status).toBe(409);
    expect((await call(0, '/orders/999')).status).toBe(404);
  });

  it('refuses with MT5 retcodes: lot size, tick size, target, AutoTrading, connection', async () => {
    const send = async (i: number, body: Record<string, unknown>) =>
      (await (
        await call(i, '/orders', {
          method: 'POST',
          json: { side: 'buy', type: 'market', comment: '', symbol: 'ITUB4', ...body },
        })
      ).json()) as { ticket: number | null; retcode: number };
    expect(await send(0, { client_order_id: 'r1', volume: 150 })).toMatchObject({
      ticket: null,
      retcode: 10014,
    });
    expect(await send(0, { client_order_id: 'r2', symbol: 'ITUB4F', volume: 100 })).toMatchObject({
      retcode: 10014,
    });
    expect(
      await send(0, { client_order_id: 'r3', volume: 100, type: 'limit', price: 30.005 }),
    ).toMatchObject({ retcode: 10015 });
    expect(
      await send(0, { client_order_id: 'r4', volume: 100, type: 'limit', price: 30, tp: 29 }),
    ).toMatchObject({ retcode: 10016 });
    expect(await send(1, { client_order_id: 'r5', volume: 100 })).toMatchObject({
      ticket: null,
      retcode: 10027,
    });
    expect(await send(2, { client_order_id: 'r6', volume: 100 })).toMatchObject({
      retcode: 10031,
    });
    const invalid = await call(0, '/orders', { method: 'POST', json: { symbol: 'ITUB4' } });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('rests a limit order until the price crosses it, and fills in parts when told to', async () => {
    const sim = fleet.sims[0]!;
    sim.terminal.setPrice('BBAS3', 28);
    const placed = sim.terminal.placeOrder({
      client_order_id: 'lim-1',
      symbol: 'BBAS3F',
      side: 'buy',
      volume: 10,
      type: 'limit',
      price: 27.5,
      comment: '',
    });
    expect(sim.terminal.order(placed.ticket!)).toMatchObject({ state: 'placed', volume_filled: 0 });
    sim.terminal.setPrice('BBAS3', 27.4);
    expect(sim.terminal.order(placed.ticket!)).toMatchObject({
      state: 'filled',
      volume_filled: 10,
      price_avg: 27.41,
    });

    // The terminal alone on fake timers: each fill is observed at its own moment, however busy the machine.
    vi.useFakeTimers();
    const t = new SimTerminal({ fillDelayMs: 40, partialFills: true });
    try {
      const { ticket } = t.placeOrder({
        client_order_id: 'p-1',
        symbol: 'WEGE3',
        side: 'buy',
        volume: 500,
        type: 'market',
        comment: '',
      });
      expect(t.order(ticket!)).toMatchObject({ state: 'placed', volume_filled: 0 });
      vi.advanceTimersByTime(40);
      expect(t.order(ticket!)).toMatchObject({ state: 'partial', volume_filled: 200 });
      vi.advanceTimersByTime(40);
      expect(t.order(ticket!)).toMatchObject({ state: 'filled', volume_filled: 500 });
      expect(t.positions()).toEqual([
        { symbol: 'WEGE3', volume: 500, price_open: expect.any(Number) as number },
      ]);
    } finally {
      t.close();
      vi.useRealTimers();
    }
  });
});

describe('MT5 agent simulator: protocol additions', () => {
  let sim: SimFleet;
  beforeAll(async () => {
    sim = await startFleet(['online'], { fillDelayMs: 20 });
  });
  afterAll(() => sim.close());
  const t = () => sim.sims[0]!.terminal;
  const post = (json: unknown) =>
    fetch(`http://${sim.hosts[0]}:${sim.port}/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
  const limit = (id: string) => ({
    client_order_id: id,
    symbol: 'PETR4',
    side: 'buy' as const,
    volume: 100,
    type: 'limit' as const,
    price: 1,
    comment: '',
  });

  it('says since when the terminal is connected, and starts anew after a break', async () => {
    const first = t().health().connected_since!;
    expect(Date.parse(first)).toBeLessThanOrEqual(Date.now());
    sim.sims[0]!.setBehaviour('disconnected');
    expect(t().health().connected_since).toBeNull();
    await new Promise((r) => setTimeout(r, 5));
    sim.sims[0]!.setBehaviour('online');
    expect(Date.parse(t().health().connected_since!)).toBeGreaterThan(Date.parse(first));
  });

  it('cancels an open order once, refuses a finished one, and keeps it while disconnected', () => {
    const { ticket } = t().placeOrder(limit('cancel-1'));
    sim.sims[0]!.setBehaviour('disconnected');
    expect(t().cancel(ticket!)).toMatchObject({ retcode: 10031 });
    expect(t().order(ticket!)!.state).toBe('placed');
    sim.sims[0]!.setBehaviour('online');
    expect(t().cancel(ticket!)).toMatchObject({ ticket, retcode: 10009 });
    expect(t().order(ticket!)).toMatchObject({
      state: 'canceled',
      retcode: null,
      retcode_desc: 'Ordem cancelada',
    });
    expect(t().cancel(ticket!)).toMatchObject({
      retcode: 10009,
      retcode_desc: 'Ordem já cancelada',
    });
    t().setPrice('VALE3', 50);
    const filled = t().placeOrder({ ...limit('cancel-2'), symbol: 'VALE3', price: 60 });
    expect(t().order(filled.ticket!)!.state).toBe('filled');
    expect(() => t().cancel(filled.ticket!)).toThrow(OrderNotCancelable);
    expect(t().cancel(1)).toBeNull();
  });

  it('passes the broker comment of a refusal and of a later rejection', () => {
    const terminal = t();
    Object.assign(terminal, { rejectComment: 'Rejeitada pela B3', rejectRetcodeExternal: 7 });
    sim.sims[0]!.setBehaviour('reject');
    expect(terminal.placeOrder(limit('b3-1'))).toEqual({
      ticket: null,
      retcode: 10006,
      retcode_desc: 'Solicitação rejeitada',
      comment: 'Rejeitada pela B3',
      retcode_external: 7,
    });
    sim.sims[0]!.setBehaviour('online');
    Object.assign(terminal, { rejectComment: null, rejectRetcodeExternal: 0 });
    const { ticket } = terminal.placeOrder(limit('b3-2'));
    expect(terminal.order(ticket!)).toMatchObject({ comment: 'Request placed' });
    terminal.rejectPlaced(ticket!, 'B3: fora do túnel', 3);
    expect(terminal.order(ticket!)).toMatchObject({
      state: 'rejected',
      comment: 'B3: fora do túnel',
      retcode_external: 3,
    });
  });

  it('does not store a 10031: asked again once connected, the order goes out once', async () => {
    sim.sims[0]!.setBehaviour('disconnected');
    const before = t().orderCount;
    expect(t().placeOrder(limit('disc-1'))).toMatchObject({ ticket: null, retcode: 10031 });
    sim.sims[0]!.setBehaviour('online');
    expect(t().placeOrder(limit('disc-1'))).toMatchObject({ retcode: 10008 });
    expect(t().placeOrder(limit('disc-1'))).toMatchObject({ retcode: 10008 });
    expect(t().orderCount).toBe(before + 1);
  });

  it('answers em_duvida while outcome-unknown, then the order placed meanwhile', async () => {
    const before = t().orderCount;
    const put = await fetch(`http://${sim.hosts[0]}:${sim.port}/_sim/behaviour`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${sim.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ behaviour: 'outcome-unknown' }),
    });
    expect(put.status).toBe(200);
    const doubtful = await post(limit('doubt-1'));
    expect([doubtful.status, ((await doubtful.json()) as { error: string }).error]).toEqual([
      503,
      'em_duvida',
    ]);
    sim.sims[0]!.setBehaviour('online');
    const answer = (await (await post(limit('doubt-1'))).json()) as { ticket: number };
    expect(t().order(answer.ticket)!.client_order_id).toBe('doubt-1');
    expect(t().orderCount).toBe(before + 1);
  });

  it("ignores a sale's take profit, as the agent does", () => {
    const sale = t().placeOrder({ ...limit('sell-tp'), side: 'sell', price: 99, tp: 500 });
    expect(sale.retcode).toBe(10008);
  });

  it('refuses a request without the token before reading its body', async () => {
    const res = await fetch(`http://${sim.hosts[0]}:${sim.port}/orders`, {
      method: 'POST',
      body: '{not json',
    });
    expect(res.status).toBe(401);
  });
});
