import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFleet, type SimFleet } from '../mt5-sim/fleet';
import { scratchDatabase, type ScratchDatabase } from '../../support/pg-admin';
import { freePort, startServerProcess, type ServerProcess } from '../../support/server-process';

/**
 * Issue 28, items 2 and 3: two instances on one PostgreSQL run each background task once between them. Every VM is
 * asked for its status once per MT5_STATUS_SECONDS (not once per instance; 30 VMs here), both instances answer the same
 * statuses, and when the instance holding the tasks is killed (kill -9) with a lote in flight, the other one
 * finishes every order, each once, after the lease expires.
 */
const postgres = process.env.TEST_DB === 'postgres';
const USER = { username: 'operador', password: 'senha-de-teste-123' };
const AGENT_TOKEN = 'token-dos-agentes-tarefas-0123456789abcdef';
const VMS = 30;
const STATUS_SECONDS = 2;

interface Status {
  id: number;
  status: string;
  detail: string | null;
}

describe.skipIf(!postgres)('background tasks across two instances', { timeout: 180_000 }, () => {
  // Only where the suite runs: a skipped suite's afterAll would not remove it.
  const root = postgres ? fs.mkdtempSync(path.join(os.tmpdir(), 'tarefas-')) : '';
  let database: ScratchDatabase;
  let url = '';
  let fleet: SimFleet;
  const servers: Array<{ process: ServerProcess; port: number }> = [];
  let token = '';

  const api = async (i: number, pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (init.body) headers.set('content-type', 'application/json');
    return fetch(`http://127.0.0.1:${servers[i]!.port}/api${pathname}`, { ...init, headers });
  };
  const json = async <T>(res: Response) => {
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()) as T;
  };
  const query = <T extends pg.QueryResultRow>(text: string) => database.query<T>(text);

  beforeAll(async () => {
    database = await scratchDatabase(inject('pgUrl'), 'tarefas', USER);
    url = database.url;
    // Orders fill a while after they are placed: the lote is still in flight when its task holder dies.
    fleet = await startFleet(
      Array.from({ length: VMS }, () => 'online' as const),
      { token: AGENT_TOKEN, fillDelayMs: 1_500, marginFree: 1e8 },
    );
    for (const sim of fleet.sims) sim.terminal.setPrice('PETR4', 38);
    for (const i of [0, 1]) {
      const port = await freePort();
      const process = await startServerProcess(
        {
          DATA_DIR: path.join(root, `i${i}`),
          DATABASE_URL: url,
          PORT: String(port),
          DEMO: '0',
          SPA_DIR: path.join(root, 'sem-spa'),
          MT5_AGENT_PORT: String(fleet.port),
          MT5_AGENT_TOKEN: AGENT_TOKEN,
          MT5_AGENT_NETWORKS: '127.0.0.0/8',
          MT5_STATUS_SECONDS: String(STATUS_SECONDS),
          MT5_RECONCILE_SECONDS: '1',
          MT5_TIMEOUT_MS: '2000',
        },
        60_000,
      );
      expect(process.started, process.output()).toBe(true);
      servers.push({ process, port });
    }
    token = (
      await json<{ access: string }>(
        await api(0, '/token/', { method: 'POST', body: JSON.stringify(USER) }),
      )
    ).access;
  });
  afterAll(async () => {
    for (const { process } of servers) {
      if (process.child.exitCode === null) process.child.kill('SIGKILL');
      await process.closed;
    }
    await fleet?.close();
    await database?.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('asks each VM once per status interval, and both instances answer the same statuses', async () => {
    const ids: number[] = [];
    for (const [i, host] of fleet.hosts.entries()) {
      const c = await json<{ id: number }>(
        await api(i % 2, '/clientes/', {
          method: 'POST',
          body: JSON.stringify({ nome: `Cliente ${i + 1}`, vm_private_ip: host }),
        }),
      );
      ids.push(c.id);
    }
    fleet.sims[3]!.setBehaviour('no-autotrading');
    // Both asked at once: each new client measured once, by whichever instance claimed it.
    const ask = (i: number) => api(i, '/clientes-status/').then((r) => json<Status[]>(r));
    let answers: Status[][] = [];
    for (let n = 0; n < 200; n++) {
      answers = await Promise.all([ask(0), ask(1)]);
      if (answers.every((a) => a.length === VMS)) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(answers[0]).toHaveLength(VMS);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]!.find((s) => s.id === ids[3])).toMatchObject({ status: 'warning' });

    // Over a few intervals, with both instances asked all the time, each VM is asked once per interval (±1).
    const before = fleet.sims.map((s) => s.stats.requests);
    const intervals = 3;
    const until = Date.now() + intervals * STATUS_SECONDS * 1000;
    while (Date.now() < until) {
      await Promise.all([ask(0), ask(1)]);
      await new Promise((r) => setTimeout(r, 100));
    }
    const asked = fleet.sims.map((s, i) => s.stats.requests - before[i]!);
    for (const n of asked) {
      expect(n).toBeGreaterThanOrEqual(intervals - 1);
      expect(n).toBeLessThanOrEqual(intervals + 1);
    }
    const [a, b] = await Promise.all([ask(0), ask(1)]);
    expect(b).toEqual(a);
    const measuredBy = await query<{ n: number }>(
      'select count(distinct instancia)::int as n from mt5_status',
    );
    expect(measuredBy[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('finishes a lote in flight, each order once, when the instance holding the tasks is killed', async () => {
    fleet.sims[3]!.setBehaviour('online');
    const clientes = (await json<Array<{ id: number }>>(await api(0, '/clientes/'))).map(
      (c) => c.id,
    );
    const created = await api(0, '/lotes/', {
      method: 'POST',
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        ticker_base: 'PETR4',
        execucao: 'mercado',
        tp: 45,
        itens: clientes.map((cliente) => ({
          cliente,
          legs: [{ symbol: 'PETR4', quantidade: 100 }],
        })),
      }),
    });
    const { lote_id } = await json<{ lote_id: string }>(created);
    expect(fleet.sims.reduce((sum, s) => sum + s.terminal.orderCount, 0)).toBe(VMS);

    // Whoever holds the lote follower now dies, with every order still resting.
    const [lease] = await query<{ holder: string; epoch: string }>(
      "select holder, epoch from task_leases where task like 'lotes%'",
    );
    expect(lease).toBeDefined();
    const holder = servers.findIndex(({ process }) =>
      lease!.holder.includes(`:${process.child.pid}:`),
    );
    expect(holder).toBeGreaterThanOrEqual(0);
    const killedAt = Date.now();
    servers[holder]!.process.child.kill('SIGKILL');
    await servers[holder]!.process.closed;
    const other = 1 - holder;

    let resumo: { executadas: number; em_andamento: number; finished: boolean } | undefined;
    for (let n = 0; n < 600 && !resumo?.finished; n++) {
      const list = await json<Array<{ lote_id: string } & typeof resumo>>(
        await api(other, '/lotes/'),
      );
      resumo = list.find((l) => l!.lote_id === lote_id);
      if (!resumo?.finished) await new Promise((r) => setTimeout(r, 50));
    }
    const tookMs = Date.now() - killedAt;
    expect(resumo).toMatchObject({ executadas: VMS, em_andamento: 0, finished: true });
    // Each terminal saw its order once; one operation per filled group.
    expect(fleet.sims.map((s) => s.terminal.orderCount)).toEqual(fleet.sims.map(() => 1));
    const ops = await query<{ n: number; groups: number }>(
      'select count(*)::int as n, count(distinct order_group_id)::int as groups from operacoes',
    );
    expect(ops[0]).toEqual({ n: VMS, groups: VMS });
    const [taken] = await query<{ holder: string; epoch: string }>(
      "select holder, epoch from task_leases where task like 'lotes%'",
    );
    expect(taken!.holder).not.toBe(lease!.holder);
    expect(Number(taken!.epoch)).toBeGreaterThan(Number(lease!.epoch));
    console.log(`lote finished by the other instance ${tookMs} ms after the kill`);
  });
});
