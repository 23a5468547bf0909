import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess } from '../../../support/server-process';
import { loadMigratedDatabase } from '../../../support/test-db';

/**
 * Outside the demo the server refreshes the CDI from the Banco Central at start (issue 30). A server process a test
 * starts without naming a fake must not reach the public host: the harness points it at a loopback port nothing
 * cannot be fetched, so the refresh fails at once (the public host would fail on its name, time out offline, or
 * answer) and the panel says so.
 */
describe(
  'a server process started by the tests stays off the internet',
  { timeout: 300_000 },
  () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sem-internet-'));
    // A data directory as a first start leaves it (created, migrated, empty): the subject is the refresh, not the
    // first migration, which the end-to-end tests' `npm start` runs on a new directory.
    beforeAll(() => loadMigratedDatabase(dataDir), 60_000);
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it('refreshes the CDI from a loopback address, not from the Banco Central', async () => {
      const port = await freePort();
      const server = await startServerProcess(
        {
          DATA_DIR: dataDir,
          PORT: String(port),
          DATABASE_URL: '',
          DEMO: '0',
          MT5_AGENT_TOKEN: 'token-do-agente-com-32-caracteres-ou-mais',
          MT5_AGENT_NETWORKS: '10.20.0.0/16',
        },
        150_000,
      );
      try {
        expect(server.started, server.output()).toBe(true);
        const password = /password: (\S+)/.exec(server.output())?.[1];
        const base = `http://127.0.0.1:${port}/api`;
        const login = await fetch(`${base}/token/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password }),
        });
        const { access } = (await login.json()) as { access: string };
        // The refresh runs once the server is ready; the job runner logs its failure after the attempt is recorded:
        // that line ends the wait (an event, not a poll), then the panel is asked once.
        const logged = await server.waitFor(
          /"job":"rentabilidade\.cdi".*"msg":"job failed"/,
          60_000,
        );
        expect(logged, server.output()).toBe(true);
        const res = await fetch(`${base}/rentabilidade/`, {
          headers: { authorization: `Bearer ${access}` },
        });
        const { avisos } = (await res.json()) as { avisos: string[] };
        const falha = avisos.find((a) => a.startsWith('A atualização do CDI'));
        // Failed at once, on the machine: not a name lookup nor a time-out (the public host offline).
        expect(falha).toContain('sem resposta do Banco Central');
        expect(falha).not.toMatch(/ENOTFOUND|EAI_AGAIN|ETIMEDOUT|tempo esgotado/);
      } finally {
        server.child.kill('SIGTERM');
        await server.closed;
      }
    });
  },
);
