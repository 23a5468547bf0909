import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { freePort, startServerProcess } from '../../support/server-process';
import { loadMigratedDatabase } from '../../support/test-db';

/** The server as `npm start` runs it, on the embedded database in `dataDir`. */
const startServer = (dataDir: string, port: number, env: Record<string, string> = {}) =>
  startServerProcess({ DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', ...env }, 45_000);

const login = (port: number, password: string) =>
  fetch(`http://127.0.0.1:${port}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });

describe('server start and stop with the embedded database', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifecycle-'));
  const badDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifecycle-bad-'));
  // The database as created and migrated, with no user yet: the first start still makes the admin. The first
  // migration of a new directory is the end-to-end tests' (`npm start` on a new DATA_DIR).
  beforeAll(() => loadMigratedDatabase(dataDir), 60_000);
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(badDataDir, { recursive: true, force: true });
  });

  // The two tests share no data dir nor port: the bad configuration's start runs beside the other's four.
  it.concurrent(
    'prints the admin password once, refuses a second process, stops cleanly, and recovers from kill -9',
    async ({ expect }) => {
      const port = await freePort();
      const first = await startServer(dataDir, port, {
        DEMO: '0',
        MT5_AGENT_TOKEN: 'token-do-agente-com-32-caracteres-ou-mais',
        MT5_AGENT_NETWORKS: '10.20.0.0/16',
      });
      const password = /password: (\S+)/.exec(first.output())?.[1];
      expect(password, first.output()).toBeTruthy();
      expect((await login(port, password!)).status).toBe(200);

      const second = await startServer(dataDir, await freePort());
      expect(await second.closed).toBe(1);
      expect(second.output()).toMatch(/in use by process \d+/);

      first.child.kill('SIGTERM');
      expect(await first.closed).toBe(0);
      expect(first.output()).toContain('Stopped cleanly.');

      const third = await startServer(dataDir, port);
      expect(third.output()).not.toMatch(/password:/);
      expect((await login(port, password!)).status).toBe(200);
      third.child.kill('SIGKILL');
      await third.closed;

      const fourth = await startServer(dataDir, port);
      expect(fourth.output()).toContain('is running at');
      expect((await login(port, password!)).status).toBe(200);
      fourth.child.kill('SIGTERM');
      expect(await fourth.closed).toBe(0);
    },
  );

  it.concurrent(
    'refuses a bad configuration with a message naming the variable',
    async ({ expect }) => {
      const bad = await startServer(badDataDir, 1, { QUOTES_PROVIDER: 'bloomberg' });
      expect(await bad.closed).toBe(1);
      expect(bad.output()).toMatch(/QUOTES_PROVIDER/);
    },
  );
});
