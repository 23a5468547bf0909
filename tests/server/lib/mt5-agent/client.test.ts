import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  Mt5AgentClient,
  Mt5HttpError,
  Mt5MalformedError,
  Mt5OfflineError,
  Mt5OutcomeUnknownError,
  Mt5TimeoutError,
  agentBaseUrl,
  agentHost,
  statusFromError,
  type Mt5AgentSettings,
} from '../../../../server/lib/mt5-agent';
import { startFleet, type SimFleet } from '../../mt5-sim/fleet';

let fleet: SimFleet;
let settings: Mt5AgentSettings;
// 0 online, 1 error, 2 malformed, 3 slow
beforeAll(async () => {
  fleet = await startFleet(['online', 'error', 'malformed', 'slow'], { fillDelayMs: 20 });
  settings = { agentPort: fleet.port, agentToken: fleet.token, timeoutMs: 400 };
});
afterAll(() => fleet.close());

const client = (i: number | 'dead', over: Partial<Mt5AgentSettings> = {}) =>
  new Mt5AgentClient(i === 'dead' ? fleet.deadHost : fleet.hosts[i]!, { ...settings, ...over });

describe('where the agent is', () => {
  it('prefers the private IP, falls back to the public one, and has none without either', () => {
    expect(agentHost({ vm_private_ip: '10.0.0.5', vm_ip: '200.1.2.3' })).toBe('10.0.0.5');
    expect(agentHost({ vm_private_ip: null, vm_ip: '200.1.2.3' })).toBe('200.1.2.3');
    expect(agentHost({ vm_private_ip: '  ', vm_ip: null })).toBeNull();
  });

  it('brackets IPv6 addresses in the URL', () => {
    expect(agentBaseUrl('10.0.0.5', 8765)).toBe('http://10.0.0.5:8765');
    expect(agentBaseUrl('fd00::12', 8765)).toBe('http://[fd00::12]:8765');
    // MT5_AGENT_TLS=1
    expect(agentBaseUrl('fd00::12', 8765, true)).toBe('https://[fd00::12]:8765');
  });
});

describe('Mt5AgentClient', () => {
  it('reads a typed /health with the bearer token', async () => {
    const health = await client(0).health();
    expect(health).toMatchObject({ connected: true, trade_allowed: true });
    expect(health.account.currency).toBe('BRL');
  });

  it('tells offline, timeout, HTTP error and malformed apart', async () => {
    await expect(client('dead').health()).rejects.toBeInstanceOf(Mt5OfflineError);
    await expect(client('dead').health()).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    // The slow simulator never answers: only the client's own 400 ms can end the call (a timeout never fires
    // early, however busy the machine; npm run bench -- mt5 times it).
    const started = performance.now();
    await expect(client(3).health()).rejects.toMatchObject({
      constructor: Mt5TimeoutError,
      timeoutMs: 400,
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(380);

    await expect(client(1).health()).rejects.toMatchObject({
      constructor: Mt5HttpError,
      status: 500,
      error: 'terminal_error',
      detail: 'Falha simulada do terminal MT5',
    });
    await expect(client(2).health()).rejects.toBeInstanceOf(Mt5MalformedError);
    await expect(client(0, { agentToken: 'errado' }).health()).rejects.toMatchObject({
      status: 401,
    });
  });

  it('aborts early on the caller signal, as a timeout', async () => {
    // The client's own timeout is past the test's: only the caller's signal can end the call in time.
    const slow = fleet.sims[3]!.stats;
    const received = slow.requests;
    const caller = new AbortController();
    const call = client(3, { timeoutMs: 600_000 }).health({ signal: caller.signal });
    // Aborted while the agent holds the request, as a deadline passing mid-call does.
    await vi.waitFor(() => expect(slow.requests).toBe(received + 1));
    caller.abort();
    await expect(call).rejects.toBeInstanceOf(Mt5TimeoutError);
  });

  it('reports JSON that does not match the protocol as malformed', async () => {
    const host = fleet.deadHost.replace(/\.250$/, '.201');
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ connected: 'sim', trade_allowed: true }));
    });
    await new Promise<void>((resolve) => server.listen(fleet.port, host, resolve));
    try {
      await expect(new Mt5AgentClient(host, settings).health()).rejects.toThrow(
        /malformed answer: connected/,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reads symbols, places an order once per client_order_id, follows it, lists positions', async () => {
    const c = client(0);
    fleet.sims[0]!.terminal.setPrice('ITSA4', 10.5);
    expect(await c.symbol('ITSA4F')).toMatchObject({ name: 'ITSA4F', volume_step: 1, last: 10.5 });
    await expect(c.symbol('NADA9')).rejects.toMatchObject({ status: 404 });

    const order = {
      client_order_id: 'g-42:2',
      symbol: 'ITSA4F',
      side: 'buy' as const,
      volume: 37,
      type: 'market' as const,
      comment: 'carteira-rv',
    };
    const placed = await c.placeOrder(order);
    expect(placed).toMatchObject({ retcode: 10008 });
    expect(await c.placeOrder(order)).toEqual(placed);

    let info = await c.order(placed.ticket!);
    for (let i = 0; i < 50 && info.state !== 'filled'; i++) {
      await new Promise((r) => setTimeout(r, 10));
      info = await c.order(placed.ticket!);
    }
    expect(info).toMatchObject({ state: 'filled', volume_filled: 37, price_avg: 10.51 });
    await expect(c.order(123)).rejects.toMatchObject({ status: 404 });
    expect(await c.positions()).toContainEqual({
      symbol: 'ITSA4F',
      volume: 37,
      price_open: 10.51,
    });
  });
});

describe('Mt5AgentClient: cancel, doubt and older agents', () => {
  let own: SimFleet;
  beforeAll(async () => {
    own = await startFleet(['online'], { fillDelayMs: 20 });
  });
  afterAll(() => own.close());
  const c = () =>
    new Mt5AgentClient(own.hosts[0]!, {
      agentPort: own.port,
      agentToken: own.token,
      timeoutMs: 1_000,
    });
  const limit = (client_order_id: string) => ({
    client_order_id,
    symbol: 'PETR4',
    side: 'buy' as const,
    volume: 100,
    type: 'limit' as const,
    price: 1,
  });

  it('cancels a resting order and reads it canceled; 404 and 409 are HTTP errors', async () => {
    const placed = await c().placeOrder(limit('cl-cancel:1'));
    expect(placed).toMatchObject({ comment: 'Request placed', retcode_external: 0 });
    expect(await c().cancelOrder(placed.ticket!)).toMatchObject({
      ticket: placed.ticket,
      retcode: 10009,
    });
    expect(await c().order(placed.ticket!)).toMatchObject({ state: 'canceled' });
    await expect(c().cancelOrder(999)).rejects.toMatchObject({ status: 404 });
    own.sims[0]!.terminal.setPrice('VALE3', 50);
    const filled = await c().placeOrder({ ...limit('cl-cancel:2'), symbol: 'VALE3', price: 60 });
    await expect(c().cancelOrder(filled.ticket!)).rejects.toMatchObject({
      constructor: Mt5HttpError,
      status: 409,
      error: 'order_not_cancelable',
    });
  });

  it('throws Mt5OutcomeUnknownError for em_duvida and for 10012/10031, never a refusal', async () => {
    own.sims[0]!.setBehaviour('outcome-unknown');
    const doubt = await c()
      .placeOrder(limit('cl-doubt:1'))
      .catch((err: unknown) => err);
    expect(doubt).toBeInstanceOf(Mt5OutcomeUnknownError);
    expect(doubt).toMatchObject({ kind: 'outcome_unknown', retcode: null });
    expect(statusFromError(doubt).status).toBe('error');

    own.sims[0]!.setBehaviour('disconnected');
    await expect(c().placeOrder(limit('cl-doubt:2'))).rejects.toMatchObject({
      constructor: Mt5OutcomeUnknownError,
      retcode: 10031,
    });
    own.sims[0]!.setBehaviour('reject');
    expect(await c().placeOrder(limit('cl-doubt:3'))).toMatchObject({
      ticket: null,
      retcode: 10006,
    });
    own.sims[0]!.setBehaviour('online');
    expect((await c().placeOrder(limit('cl-doubt:1'))).ticket).toEqual(expect.any(Number));
  });

  it('reads an older agent that sends none of the new fields', async () => {
    const host = own.hosts[0]!.replace(/\.1$/, '.202');
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const old =
        req.url === '/health'
          ? {
              connected: true,
              trade_allowed: true,
              account: { login: 1, currency: 'BRL', margin_free: 10 },
              terminal: { name: 'MT5', build: 1 },
            }
          : { ticket: 7, retcode: 10008, retcode_desc: 'Ordem colocada' };
      res.end(JSON.stringify(old));
    });
    await new Promise<void>((resolve) => server.listen(own.port, host, resolve));
    try {
      const client = new Mt5AgentClient(host, { ...settings, agentPort: own.port });
      expect((await client.health()).connected_since).toBeUndefined();
      expect(await client.placeOrder(limit('old:1'))).toEqual({
        ticket: 7,
        retcode: 10008,
        retcode_desc: 'Ordem colocada',
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
