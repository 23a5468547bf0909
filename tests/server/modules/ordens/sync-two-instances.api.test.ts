import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Mt5Simulator } from '../../../../server/mt5-sim';
import { startHoldingProxy, type HoldingProxy } from '../../../support/holding-proxy';
import { scratchDatabase, type ScratchDatabase } from '../../../support/pg-admin';
import { freePort, startServerProcess, type ServerProcess } from '../../../support/server-process';

/**
 * Issue 26, item 1, across processes: two servers on one PostgreSQL follow the same orders at once while the agent
 * answers an order's first send late. Each order reaches its terminal once and ends once, applied once, and no status call fails.
 */
const postgres = process.env.TEST_DB === 'postgres';
const HOST = '127.0.0.156';
const TOKEN = 'two-instances-agent-token-of-32-characters';
const USER = { username: 'operador', password: 'senha-de-teste-123' };
const CLIENTES = 10;

describe.skipIf(!postgres)('two instances following the same orders', { timeout: 120_000 }, () => {
  // Only where the suite runs: a skipped suite's afterAll would not remove it.
  const dataDir = postgres ? fs.mkdtempSync(path.join(os.tmpdir(), 'two-instances-')) : '';
  let database: ScratchDatabase;
  let sim: Mt5Simulator;
  let proxy: HoldingProxy;
  const servers: Array<{ process: ServerProcess; port: number }> = [];

  beforeAll(async () => {
    database = await scratchDatabase(inject('pgUrl'), 'two_instances', USER);
    const { url } = database;
    sim = new Mt5Simulator({ host: HOST, token: TOKEN, fillDelayMs: 50, marginFree: 1e8 });
    sim.terminal.setPrice('PETR4', 38);
    // The first send of each order is answered late: the instance that sent it is still waiting when the other
    // one asks, and could finish the order meanwhile.
    proxy = await startHoldingProxy(HOST, (await sim.listen(0)).port);
    proxy.delayFirstOrders(1_500);
    for (const _ of [0, 1]) {
      const port = await freePort();
      const process = await startServerProcess(
        {
          DATABASE_URL: url,
          DATA_DIR: dataDir,
          PORT: String(port),
          DEMO: '0',
          SPA_DIR: path.join(dataDir, 'sem-spa'),
          JWT_SECRET: 'two-instances-secret-that-is-long-enough-000',
          MT5_TOKEN_KEY: Buffer.alloc(32, 9).toString('base64'),
          MT5_AGENT_PORT: String(proxy.port),
          MT5_AGENT_TOKEN: TOKEN,
          MT5_AGENT_NETWORKS: '127.0.0.0/8',
          MT5_TIMEOUT_MS: '3000',
          MT5_RECONCILE_SECONDS: '1',
        },
        60_000,
      );
      if (!process.started) throw new Error(`no start:\n${process.output()}`);
      servers.push({ process, port });
    }
  });
  afterAll(async () => {
    for (const s of servers) {
      s.process.child.kill('SIGTERM');
      await s.process.closed;
    }
    await proxy?.close();
    await sim?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (i: number, token: string | null, pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (init.body) headers.set('content-type', 'application/json');
    return fetch(`http://127.0.0.1:${servers[i]!.port}/api${pathname}`, { ...init, headers });
  };
  const json = async <T>(res: Response): Promise<T> => {
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };

  it('sends each order once and applies it once, whichever instance asks', async () => {
    const { access: token } = await json<{ access: string }>(
      await api(0, null, '/token/', { method: 'POST', body: JSON.stringify(USER) }),
    );
    const follow = async (n: number) => {
      const created = await api(0, token, '/clientes/', {
        method: 'POST',
        body: JSON.stringify({ nome: `Cliente ${n}`, vm_private_ip: HOST }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const submit = api(0, token, `/clientes/${id}/mt5/compra/`, {
        method: 'POST',
        headers: { 'idempotency-key': `compra-${n}` },
        body: JSON.stringify({
          ticker_base: 'PETR4',
          execucao: 'mercado',
          tp: 45,
          legs: [{ symbol: 'PETR4', quantidade: 100 }],
        }),
      });
      // The other instance polls the order while the first is still sending it.
      let groupId: string | null = null;
      for (let i = 0; i < 200 && !groupId; i++) {
        const list = await json<{ results: Array<{ group_id: string }> }>(
          await api(1, token, `/ordens/?cliente=${id}`),
        );
        groupId = list.results[0]?.group_id ?? null;
        if (!groupId) await new Promise((r) => setTimeout(r, 10));
      }
      expect(groupId).not.toBeNull();
      let finished = false;
      for (let i = 0; i < 400 && !finished; i++) {
        const s = await json<{ finished: boolean; executed_all: boolean }>(
          await api(i % 2, token, `/clientes/${id}/mt5/compra-status/${groupId}/`),
        );
        finished = s.finished;
        if (finished) expect(s.executed_all).toBe(true);
      }
      expect(finished).toBe(true);
      expect(await json<{ group_id: string }>(await submit)).toEqual({ group_id: groupId });
      // Once the late answer has come, the order is still over on both instances.
      for (const i of [0, 1]) {
        expect(
          await json<{ finished: boolean; executed_all: boolean }>(
            await api(i, token, `/clientes/${id}/mt5/compra-status/${groupId}/`),
          ),
        ).toMatchObject({ finished: true, executed_all: true });
      }
      const ops = await json<Array<{ quantidade: number }>>(
        await api(1, token, `/operacoes/?cliente=${id}`),
      );
      expect(ops.map((o) => o.quantidade)).toEqual([100]);
    };
    await Promise.all(Array.from({ length: CLIENTES }, (_, n) => follow(n + 1)));
    // Each order reached the terminal once, and was sent once: while one instance waited for the terminal's
    // answer, the other left the order to it.
    expect(sim.terminal.orderCount).toBe(CLIENTES);
    expect(proxy.seen.filter((r) => r === 'POST /orders')).toHaveLength(CLIENTES);
  });
});
