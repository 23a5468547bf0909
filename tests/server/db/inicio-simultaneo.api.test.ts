import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl, waitUntilUnused, withAdmin } from '../../support/pg-admin';
import { MIGRATIONS } from '../../support/migrations';
import { freePort, startServerProcess, type ServerProcess } from '../../support/server-process';

/**
 * Issue 28, item 4: two instances started at the same moment on an empty PostgreSQL database. One migrates under
 * the migrations' lock, the other waits and finds them applied; both generate or read the same shared secrets and
 * serve.
 */
const postgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!postgres)(
  'two instances starting together on an empty database',
  { timeout: 120_000 },
  () => {
    // Only where the suite runs: a skipped suite's afterAll would not remove it.
    const root = postgres ? fs.mkdtempSync(path.join(os.tmpdir(), 'inicio-simultaneo-')) : '';
    const name = `inicio_${crypto.randomBytes(4).toString('hex')}`;
    const running: ServerProcess[] = [];

    afterAll(async () => {
      for (const server of running) {
        if (server.child.exitCode === null) server.child.kill('SIGTERM');
        await server.closed;
      }
      await withAdmin(inject('pgUrl'), async (admin) => {
        await waitUntilUnused(admin, name);
        await admin.query(`drop database if exists ${name} with (force)`);
      });
      fs.rmSync(root, { recursive: true, force: true });
    });

    it('migrates once, and both serve with the same secrets', async () => {
      const adminUrl = inject('pgUrl');
      await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
      const url = databaseUrl(adminUrl, name);
      const ports = [await freePort(), await freePort()];
      const servers = await Promise.all(
        ports.map((port, i) =>
          startServerProcess(
            {
              DATA_DIR: path.join(root, `i${i}`),
              DATABASE_URL: url,
              PORT: String(port),
              DEMO: '0',
              SPA_DIR: path.join(root, 'sem-spa'),
              MT5_AGENT_TOKEN: 'token-do-agente-inicio-0123456789abcdef',
              MT5_AGENT_NETWORKS: '127.0.0.0/8',
              JWT_SECRET: '',
              MT5_TOKEN_KEY: '',
            },
            90_000,
          ),
        ),
      );
      running.push(...servers);
      for (const server of servers) expect(server.started, server.output()).toBe(true);

      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const journal = JSON.parse(
          fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'),
        ) as { entries: unknown[] };
        const applied = await client.query<{ n: number; distinct_hashes: number }>(
          'select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations',
        );
        expect(applied.rows[0]).toEqual({
          n: journal.entries.length,
          distinct_hashes: journal.entries.length,
        });
        const secrets = await client.query('select name from instance_secrets order by name');
        expect(secrets.rows.map((r: { name: string }) => r.name)).toEqual([
          'JWT_SECRET',
          'MT5_TOKEN_KEY',
        ]);
      } finally {
        await client.end();
      }
      for (const port of ports) {
        const ready = await fetch(`http://127.0.0.1:${port}/api/ready/`);
        expect(ready.status).toBe(200);
      }
    });
  },
);
