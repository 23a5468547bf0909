import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase } from '../../../../server/db/client';
import { upsertUser } from '../../../../server/modules/auth/users';
import type { Behaviour } from '../../../../server/mt5-sim';
import { startFleet, type SimFleet } from '../../mt5-sim/fleet';
import { freePort, startServerProcess, type ServerProcess } from '../../../support/server-process';

/**
 * Issue 16: the server is killed (SIGKILL) while a lote of 30 clients is being sent, and started again. Nothing
 * polls the lote afterwards: the background reconciler alone must finish every group, each exactly once, and
 * no terminal may receive an order twice (some agents had taken orders whose answers never came back).
 */

// Outside demo mode the shared token has at least 32 characters and goes only to the VMs' networks.
const TOKEN = 'token-do-agente-lotes-restart-0123456789';
const USER = { username: 'operador', password: 'senha-de-teste-123' };
const CLIENTES = 30;
// Every fifth terminal takes its orders and holds the answers: the killed server never learns their tickets.
const BEHAVIOURS: Behaviour[] = Array.from({ length: CLIENTES }, (_, i) =>
  i % 5 === 0 ? 'timeout-orders' : 'online',
);

describe('lotes: a server killed mid-lote', { timeout: 180_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lotes-restart-'));
  const postgres = process.env.TEST_DB === 'postgres';
  let databaseUrl = '';
  let dropDatabase = async () => {};
  let fleet: SimFleet;
  let port: number;
  let running: ServerProcess | null = null;

  const start = async (env: Record<string, string> = {}): Promise<ServerProcess> => {
    running = await startServerProcess(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        DEMO: '0',
        SPA_DIR: path.join(dataDir, 'sem-spa'),
        MT5_AGENT_PORT: String(fleet.port),
        MT5_AGENT_TOKEN: TOKEN,
        MT5_AGENT_NETWORKS: '127.0.0.0/8',
        MT5_TIMEOUT_MS: '1000',
        MT5_RECONCILE_SECONDS: '1',
        ...env,
      },
      60_000,
    );
    if (!running.started) throw new Error(`no start:\n${running.output()}`);
    return running;
  };
  const api = async (token: string | null, pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (init.body) headers.set('content-type', 'application/json');
    return fetch(`http://127.0.0.1:${port}/api${pathname}`, { ...init, headers });
  };
  const json = async <T>(res: Response): Promise<T> => {
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    fleet = await startFleet(BEHAVIOURS, { token: TOKEN, fillDelayMs: 300, marginFree: 1e8 });
    for (const sim of fleet.sims) sim.terminal.setPrice('PETR4', 38);
    port = await freePort();
    if (postgres) {
      const adminUrl = inject('pgUrl');
      const name = `lotes_restart_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = async () => {
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      };
      const database = await openDatabase({ databaseUrl, dataDir: '', purpose: 'test' });
      await upsertUser(database.db, USER.username, USER.password);
      await database.close();
    }
  });
  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.closed;
    }
    await fleet?.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes every group once after a restart, with nobody polling, and sends no order twice', async () => {
    // The first server waits long for an order's answer: whatever the machine's load, it is still waiting for
    // the held ones when it is killed, and has not sent their second legs.
    const first = await start({ MT5_TIMEOUT_MS: '30000' });
    const credentials = postgres
      ? USER
      : { username: 'admin', password: /password: (\S+)/.exec(first.output())![1]! };
    const login = async () =>
      (
        await json<{ access: string }>(
          await api(null, '/token/', { method: 'POST', body: JSON.stringify(credentials) }),
        )
      ).access;
    let token = await login();

    const ids: number[] = [];
    for (const [i, host] of fleet.hosts.entries()) {
      const cliente = await json<{ id: number }>(
        await api(token, '/clientes/', {
          method: 'POST',
          body: JSON.stringify({ nome: `Cliente ${i + 1}`, vm_private_ip: host }),
        }),
      );
      ids.push(cliente.id);
    }
    const key = crypto.randomUUID();
    const create = () =>
      api(token, '/lotes/', {
        method: 'POST',
        headers: { 'idempotency-key': key },
        body: JSON.stringify({
          ticker_base: 'PETR4',
          execucao: 'mercado',
          tp: 45,
          itens: ids.map((cliente) => ({
            cliente,
            legs: [
              { symbol: 'PETR4', quantidade: 100 },
              { symbol: 'PETR4F', quantidade: 7 },
            ],
          })),
        }),
      });
    // The lote is stored and its orders are at the terminals when the process dies: both legs at the online ones,
    // the first leg at those holding their answers (the second waits for it). The create's answer never comes.
    const lost = create().catch(() => null);
    const taken = () => fleet.sims.reduce((sum, s) => sum + s.terminal.orderCount, 0);
    const holding = BEHAVIOURS.filter((b) => b === 'timeout-orders').length;
    const midLote = 2 * CLIENTES - holding;
    for (let i = 0; i < 1500 && taken() < midLote; i++) await new Promise((r) => setTimeout(r, 20));
    expect(taken()).toBe(midLote);
    first.child.kill('SIGKILL');
    await first.closed;
    expect(await lost).toBeNull();

    // The agents that held their answers come back to normal; the server starts again.
    for (const sim of fleet.sims) sim.setBehaviour('online');
    await start();
    token = await login();
    // The operator's retry of the lost submit is the same lote, and orders nobody again.
    const { lote_id } = await json<{ lote_id: string }>(await create());
    type Resumo = { lote_id: string; executadas: number; em_andamento: number; finished: boolean };
    let resumo: Resumo | undefined;
    for (let i = 0; i < 300; i++) {
      // The list reads what is stored: it never syncs, so only the reconciler moves the lote.
      const list = await json<Resumo[]>(await api(token, '/lotes/'));
      resumo = list.find((l) => l.lote_id === lote_id);
      if (resumo?.finished) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(resumo).toMatchObject({ executadas: CLIENTES, em_andamento: 0, finished: true });

    const status = await json<{
      executed_all: boolean;
      itens: Array<{ cliente: number; executed_all: boolean }>;
    }>(await api(token, `/lotes/${lote_id}/`));
    expect(status.executed_all).toBe(true);
    expect(status.itens).toHaveLength(CLIENTES);
    // Each terminal got each of its two legs once, whatever was in flight at the kill.
    expect(fleet.sims.map((s) => s.terminal.orderCount)).toEqual(BEHAVIOURS.map(() => 2));
    for (const cliente of ids) {
      const ops = await json<Array<{ quantidade: number; acao_nome: string }>>(
        await api(token, `/operacoes/?cliente=${cliente}`),
      );
      expect(ops).toEqual([expect.objectContaining({ quantidade: 107, acao_nome: 'PETR4' })]);
    }
    running!.child.kill('SIGTERM');
    expect(await running!.closed).toBe(0);
  });
});
