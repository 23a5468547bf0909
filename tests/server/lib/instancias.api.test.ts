import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Mt5Simulator } from '../../../server/mt5-sim';
import { runCli } from '../../support/node-entry';
import { scratchDatabase, type ScratchDatabase } from '../../support/pg-admin';
import { freePort, startServerProcess, type ServerProcess } from '../../support/server-process';

/**
 * Issue 28, item 1: two instances on one PostgreSQL with neither JWT_SECRET nor MT5_TOKEN_KEY set share the ones
 * the first generated in the database. A token from A opens B, a logout on A closes it on B, a client created on A
 * is B's, a client's own agent token sealed by A is opened by B. `npm run secrets:rotate` reaches both at once.
 */
const postgres = process.env.TEST_DB === 'postgres';
const USER = { username: 'operador', password: 'senha-de-teste-123' };
const HOST = '127.0.0.160';
const SHARED_AGENT_TOKEN = 'token-compartilhado-dos-agentes-0123456789';
const OWN_AGENT_TOKEN = 'token-proprio-do-cliente-0123456789abcdef';

describe.skipIf(!postgres)('instances sharing one PostgreSQL', { timeout: 180_000 }, () => {
  // Only where the suite runs: a skipped suite's afterAll would not remove it.
  const root = postgres ? fs.mkdtempSync(path.join(os.tmpdir(), 'instancias-')) : '';
  let database: ScratchDatabase;
  let url = '';
  let sim: Mt5Simulator;
  let simPort = 0;
  const running: ServerProcess[] = [];
  const ports: number[] = [];

  const start = async (dir: string) => {
    const port = await freePort();
    const server = await startServerProcess(
      {
        DATA_DIR: path.join(root, dir),
        DATABASE_URL: url,
        PORT: String(port),
        DEMO: '0',
        SPA_DIR: path.join(root, 'sem-spa'),
        MT5_AGENT_PORT: String(simPort),
        MT5_AGENT_TOKEN: SHARED_AGENT_TOKEN,
        MT5_AGENT_NETWORKS: '127.0.0.0/8',
        JWT_SECRET: '',
        MT5_TOKEN_KEY: '',
      },
      60_000,
    );
    expect(server.started, server.output()).toBe(true);
    running.push(server);
    ports.push(port);
    return ports.length - 1;
  };
  const api = (i: number, pathname: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (init.body) headers.set('content-type', 'application/json');
    return fetch(`http://127.0.0.1:${ports[i]}/api${pathname}`, { ...init, headers });
  };
  const login = async (i: number) => {
    const res = await api(i, '/token/', { method: 'POST', body: JSON.stringify(USER) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access: string }).access;
  };
  /** A buy validated on instance i for the client: its VM is asked with the client's own token. */
  const validate = (i: number, token: string, cliente: number) =>
    api(i, `/clientes/${cliente}/mt5/compra/validar/`, {
      method: 'POST',
      token,
      body: JSON.stringify({
        ticker: 'PETR4',
        modo: 'quantidade',
        execucao: 'mercado',
        quantidade: 100,
        tp: 45,
      }),
    });
  /** Asks until `ok`, a few milliseconds apart: what another instance was notified of arrives at once. */
  const until = async (ask: () => Promise<boolean>) => {
    for (let i = 0; i < 200; i++) {
      if (await ask()) return true;
      await new Promise((r) => setTimeout(r, 25));
    }
    return false;
  };
  const rotate = (which: string) =>
    runCli('server/cli/secrets-rotate.ts', path.join(root, 'cli'), [which], '', {
      DATABASE_URL: url,
      DEMO: '0',
      MT5_AGENT_TOKEN: SHARED_AGENT_TOKEN,
      MT5_AGENT_NETWORKS: '127.0.0.0/8',
    });
  const query = <T extends pg.QueryResultRow>(text: string) => database.query<T>(text);

  beforeAll(async () => {
    database = await scratchDatabase(inject('pgUrl'), 'instancias', USER);
    url = database.url;
    // The client's VM answers only its own token.
    sim = new Mt5Simulator({ host: HOST, token: OWN_AGENT_TOKEN, marginFree: 1e8 });
    sim.terminal.setPrice('PETR4', 38);
    simPort = (await sim.listen(0)).port;
  });
  afterAll(async () => {
    for (const server of running) {
      if (server.child.exitCode === null) server.child.kill('SIGTERM');
      await server.closed;
    }
    await sim?.close();
    await database?.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('shares sessions, clients and agent tokens, and takes a rotation at once', async () => {
    const [a, b] = [await start('a'), await start('b')];
    const stored = await query<{ name: string; value: string | null }>(
      'select name, value from instance_secrets order by name',
    );
    expect(stored.map((s) => [s.name, s.value !== null])).toEqual([
      ['JWT_SECRET', true],
      ['MT5_TOKEN_KEY', true],
    ]);

    const token = await login(a);
    expect((await api(b, '/clientes/', { token })).status).toBe(200);
    const created = await api(a, '/clientes/', {
      method: 'POST',
      token,
      body: JSON.stringify({ nome: 'Ana', vm_private_ip: HOST, mt5_token: OWN_AGENT_TOKEN }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(
      ((await (await api(b, `/clientes/${id}/`, { token })).json()) as { nome: string }).nome,
    ).toBe('Ana');
    // B opens the token A sealed: the VM, which takes only that token, answers B's validation and takes B's order.
    expect((await validate(b, token, id)).status).toBe(200);
    const buy = await api(b, `/clientes/${id}/mt5/compra/`, {
      method: 'POST',
      token,
      body: JSON.stringify({
        ticker_base: 'PETR4',
        execucao: 'mercado',
        tp: 45,
        legs: [{ symbol: 'PETR4', quantidade: 100 }],
      }),
    });
    expect(buy.status, await buy.clone().text()).toBe(200);
    const { group_id } = (await buy.json()) as { group_id: string };
    expect(
      await until(async () => {
        const res = await api(b, `/clientes/${id}/mt5/compra-status/${group_id}/`, { token });
        return ((await res.json()) as { executed_all: boolean }).executed_all;
      }),
    ).toBe(true);
    expect(sim.terminal.orderCount).toBe(1);

    // A new agent-token key: every client token sealed again, both instances use it at once.
    const rotated = await rotate('mt5-token-key');
    expect(rotated.code, rotated.out).toBe(0);
    expect(rotated.out).toMatch(/1 client token\(s\) sealed again/);
    for (const i of [a, b]) {
      expect(await until(async () => (await validate(i, token, id)).status === 200)).toBe(true);
    }

    // A new JWT secret: tokens signed with the old one still open both until they expire, and once the old one
    // is past its time (set here, as if its tokens had expired), only tokens signed after the rotation do.
    const jwt = await rotate('jwt');
    expect(jwt.code, jwt.out).toBe(0);
    for (const i of [a, b]) expect((await api(i, '/clientes/', { token })).status).toBe(200);
    await query("update instance_secrets set previous_until = now() where name = 'JWT_SECRET'");
    for (const i of [a, b]) {
      expect(await until(async () => (await api(i, '/clientes/', { token })).status === 401)).toBe(
        true,
      );
    }
    const fresh = await login(b);
    for (const i of [a, b]) expect((await api(i, '/clientes/', { token: fresh })).status).toBe(200);

    // Logged out on A: refused on B at once.
    expect((await api(a, '/logout/', { method: 'POST', token: fresh })).status).toBe(204);
    expect((await api(b, '/clientes/', { token: fresh })).status).toBe(401);
  });
});
