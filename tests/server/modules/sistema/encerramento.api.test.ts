import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Mt5Simulator } from '../../../../server/mt5-sim';
import { scratchDatabase, type ScratchDatabase } from '../../../support/pg-admin';
import { freePort, startServerProcess, type ServerProcess } from '../../../support/server-process';

/**
 * Issue 28, item 5: SIGTERM while 50 requests are in flight. Every request gets an answer (200, or 503 with
 * Retry-After for those that arrive while the server drains), none a reset connection, and the process exits
 * cleanly within its stop limit.
 */
const postgres = process.env.TEST_DB === 'postgres';
const HOST = '127.0.0.158';
const TOKEN = 'encerramento-agent-token-with-32-chars';
const USER = { username: 'operador', password: 'senha-de-teste-123' };

describe('a stop while requests are in flight', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encerramento-'));
  let database: ScratchDatabase | null = null;
  let url = '';
  let sim: Mt5Simulator;
  let server: ServerProcess | null = null;
  let port: number;

  beforeAll(async () => {
    if (postgres) {
      database = await scratchDatabase(inject('pgUrl'), 'encerramento', USER);
      url = database.url;
    }
    // Each answer of the agent takes a while: the validations are in flight when the signal comes. Long enough for
    // all 50 to reach it on a busy machine before the first answers, short of the server's 6 s drain.
    sim = new Mt5Simulator({ host: HOST, token: TOKEN, behaviour: 'slow', slowMs: 3_000 });
    sim.terminal.setPrice('PETR4', 38);
    const simPort = (await sim.listen(0)).port;
    port = await freePort();
    server = await startServerProcess(
      {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        PORT: String(port),
        DEMO: '0',
        SPA_DIR: path.join(dataDir, 'sem-spa'),
        MT5_AGENT_PORT: String(simPort),
        MT5_AGENT_TOKEN: TOKEN,
        MT5_AGENT_NETWORKS: '127.0.0.0/8',
        MT5_TIMEOUT_MS: '5000',
      },
      60_000,
    );
    if (!server.started) throw new Error(`no start:\n${server.output()}`);
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await sim?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const api = (pathname: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (init.body) headers.set('content-type', 'application/json');
    return fetch(`http://127.0.0.1:${port}/api${pathname}`, { ...init, headers });
  };

  it('answers every request, 200 or 503, and exits cleanly', async () => {
    const credentials = postgres
      ? USER
      : { username: 'admin', password: /password: (\S+)/.exec(server!.output())![1]! };
    const login = await api('/token/', { method: 'POST', body: JSON.stringify(credentials) });
    expect(login.status).toBe(200);
    const { access: token } = (await login.json()) as { access: string };
    const created = await api('/clientes/', {
      method: 'POST',
      token,
      body: JSON.stringify({ nome: 'Ana', vm_private_ip: HOST }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const validate = () =>
      api(`/clientes/${id}/mt5/compra/validar/`, {
        method: 'POST',
        token,
        body: JSON.stringify({
          ticker: 'PETR4',
          modo: 'quantidade',
          execucao: 'mercado',
          quantidade: 100,
          tp: 45,
        }),
      }).then(
        async (res) => ({
          status: res.status,
          retry: res.headers.get('retry-after'),
          body: await res.json(),
        }),
        (err: unknown) => ({ status: 0, retry: null, body: String(err) }),
      );

    const inFlight = Array.from({ length: 50 }, validate);
    // Each validation asks the agent two things at once: all 50 are at the agent.
    for (let i = 0; i < 500 && sim.stats.inFlight < 100; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(sim.stats.inFlight).toBe(100);
    server!.child.kill('SIGTERM');
    // Sent while it drains: refused with a date to come back, never a reset.
    await new Promise((r) => setTimeout(r, 100));
    const late = await Promise.all(Array.from({ length: 5 }, validate));
    const ready = await api('/ready/');

    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(late.map((a) => [a.status, a.retry])).toEqual(late.map(() => [503, '5']));
    expect(ready.status).toBe(503);
    expect(await server!.closed).toBe(0);
    expect(server!.output()).toContain('Stopped cleanly.');
  });
});
