import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locksOf, registerLocks, type KeyedLocks } from '../../../../server/db/keyed-locks';
import {
  acoes,
  auditLog,
  clientes,
  operacoes,
  orderGroups,
  orderLegs,
} from '../../../../server/db/schema';
import { Mt5Simulator } from '../../../../server/mt5-sim';
import { startHoldingProxy, type HoldingProxy } from '../../../support/holding-proxy';
import { startTestServer, type TestServer } from '../../../support/test-server';

/**
 * Issue 26, item 1: a sync that started while an order was pending, and whose agent answer came after another sync
 * had finished the order, wrote the order back to "sent"; every status call after it answered 500. Here the first
 * request's answer is held at a proxy in front of the agent while its retry (same Idempotency-Key) and the status
 * calls go on, then released.
 */
const HOST = '127.0.0.155';
const TOKEN = 'sync-race-token';
const BUY = {
  ticker_base: 'PETR4',
  execucao: 'mercado',
  tp: 45,
  legs: [{ symbol: 'PETR4', quantidade: 100 }],
};

interface Status {
  executed_all: boolean;
  finished: boolean;
}

/** No lock at all: what the compare-and-set writes alone guarantee (a lock connection lost, a lease expired). */
const NO_LOCKS: KeyedLocks = {
  tryLock: () => Promise.resolve(true),
  unlock: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

describe('a finished order never goes back in flight', () => {
  let server: TestServer;
  let sim: Mt5Simulator;
  let proxy: HoldingProxy;
  let token: string;
  let realLocks: KeyedLocks;

  beforeAll(async () => {
    sim = new Mt5Simulator({ host: HOST, token: TOKEN, fillDelayMs: 20, marginFree: 1_000_000 });
    sim.terminal.setPrice('PETR4', 38);
    const simPort = (await sim.listen(0)).port;
    proxy = await startHoldingProxy(HOST, simPort);
    server = await startTestServer({
      MT5_AGENT_PORT: String(proxy.port),
      MT5_AGENT_TOKEN: TOKEN,
      // Longer than any hold here: the held request waits for its answer, it does not time out.
      MT5_TIMEOUT_MS: '20000',
      MT5_RECONCILE_SECONDS: '0',
    });
    realLocks = locksOf(server.database.db);
    token = await server.login();
    await server.database.db.insert(acoes).values([{ ticker: 'PETR4', empresa: 'Petrobras' }]);
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await sim?.close();
  });

  const newCliente = async (nome: string) => {
    const [c] = await server.database.db
      .insert(clientes)
      .values({ nome, vm_private_ip: HOST })
      .returning({ id: clientes.id });
    return c!.id;
  };
  const submit = (clienteId: number, key: string) =>
    server.request(`/api/clientes/${clienteId}/mt5/compra/`, {
      method: 'POST',
      token,
      headers: { 'idempotency-key': key },
      json: BUY,
    });
  const status = async (clienteId: number, groupId: string) => {
    const res = await server.request(`/api/clientes/${clienteId}/mt5/compra-status/${groupId}/`, {
      token,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Status;
  };
  const groupOf = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { group_id: string }).group_id;
  };
  const stored = async (groupId: string) => {
    const db = server.database.db;
    const [group] = await db.select().from(orderGroups).where(eq(orderGroups.id, groupId));
    const legs = await db.select().from(orderLegs).where(eq(orderLegs.group_id, groupId));
    const ops = await db.select().from(operacoes).where(eq(operacoes.order_group_id, groupId));
    return { state: group!.state, legs: legs.map((l) => l.state), operacoes: ops.length };
  };
  const orderPosts = () => proxy.seen.filter((r) => r === 'POST /orders').length;

  it('keeps an order completed when the first request’s answer arrives after its retry finished it (the writes alone)', async () => {
    registerLocks(server.database.db, NO_LOCKS);
    try {
      const clienteId = await newCliente('Ana');
      const held = proxy.holdNext((method, path) => method === 'POST' && path === '/orders');
      const first = submit(clienteId, 'chave-ana');
      await held;
      // The retry answers the stored order; the status calls send it again (the agent answers the same order by
      // its client_order_id) and follow it to the end.
      const groupId = await groupOf(await submit(clienteId, 'chave-ana'));
      let s = await status(clienteId, groupId);
      for (let i = 0; i < 200 && !s.finished; i++) {
        await new Promise((r) => setTimeout(r, 20));
        s = await status(clienteId, groupId);
      }
      expect(s).toMatchObject({ finished: true, executed_all: true });

      proxy.release();
      expect(await groupOf(await first)).toBe(groupId);
      // The late answer changed nothing: still completed, applied once, and every status call answers it.
      expect(await stored(groupId)).toEqual({ state: 'completed', legs: ['filled'], operacoes: 1 });
      for (let i = 0; i < 3; i++) {
        expect(await status(clienteId, groupId)).toMatchObject({
          finished: true,
          executed_all: true,
        });
      }
      expect(await stored(groupId)).toEqual({ state: 'completed', legs: ['filled'], operacoes: 1 });
    } finally {
      registerLocks(server.database.db, realLocks);
    }
  });

  it('leaves an order to the sync under way: the terminal is asked once, the order ends once', async () => {
    const clienteId = await newCliente('Bia');
    const before = orderPosts();
    const held = proxy.holdNext((method, path) => method === 'POST' && path === '/orders');
    const first = submit(clienteId, 'chave-bia');
    await held;
    const groupId = await groupOf(await submit(clienteId, 'chave-bia'));
    // While the first request waits on the terminal, status calls answer what is stored and ask nothing.
    for (let i = 0; i < 5; i++) {
      expect(await status(clienteId, groupId)).toMatchObject({ finished: false });
    }
    expect(orderPosts() - before).toBe(1);

    proxy.release();
    expect(await groupOf(await first)).toBe(groupId);
    let s = await status(clienteId, groupId);
    for (let i = 0; i < 200 && !s.finished; i++) {
      await new Promise((r) => setTimeout(r, 20));
      s = await status(clienteId, groupId);
    }
    expect(s).toMatchObject({ finished: true, executed_all: true });
    expect(await stored(groupId)).toEqual({ state: 'completed', legs: ['filled'], operacoes: 1 });
    expect(orderPosts() - before).toBe(1);
  });

  it('completes, without applying it again, a buy put back in flight after its operation was created', async () => {
    const clienteId = await newCliente('Caio');
    const groupId = await groupOf(await submit(clienteId, 'chave-caio'));
    let s = await status(clienteId, groupId);
    for (let i = 0; i < 200 && !s.finished; i++) {
      await new Promise((r) => setTimeout(r, 20));
      s = await status(clienteId, groupId);
    }
    expect(s.executed_all).toBe(true);
    // What an older server's stale sync left: the order applied, but in flight again.
    await server.database.db.execute(
      sql`update order_groups set state = 'sent' where id = ${groupId}`,
    );

    expect(await status(clienteId, groupId)).toMatchObject({ finished: true, executed_all: true });
    expect(await stored(groupId)).toEqual({ state: 'completed', legs: ['filled'], operacoes: 1 });
    const ends = await server.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, groupId), eq(auditLog.action, 'complete')));
    expect(ends.map((e) => (e.after as { ja_aplicada?: boolean }).ja_aplicada ?? false)).toEqual([
      false,
      true,
    ]);
  });
});
