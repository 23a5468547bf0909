import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { upsertUser } from '../../../server/modules/auth/users';
import { databaseUrl, waitUntilUnused, withAdmin } from '../../support/pg-admin';
import { loadMigratedDatabase } from '../../support/test-db';
import { freePort, startServerProcess, type ServerProcess } from '../../support/server-process';

/**
 * Issue 26, item 8: on one PostgreSQL, an instance started without the secrets the others use (JWT_SECRET,
 * MT5_TOKEN_KEY, each generated per instance when unset) used to start, and answer 401 to every token the others
 * issued. It now refuses to start, naming the variables, until they are set alike or accepted on purpose.
 */

const postgres = process.env.TEST_DB === 'postgres';
const USER = { username: 'operador', password: 'senha-de-teste-123' };
const SECRET = 'segredo-jwt-compartilhado-0123456789abcdef';
const OTHER_SECRET = 'segredo-jwt-trocado-de-proposito-0123456789';
const KEY = crypto.randomBytes(32).toString('base64');
const REFUSED =
  /JWT_SECRET differs from the one already in use.*Set JWT_SECRET to the same value on every instance/s;

describe('secrets shared by the instances of one database', { timeout: 180_000 }, () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-secrets-'));
  let url = '';
  let dropDatabase = async () => {};
  const running: ServerProcess[] = [];

  /** An instance with a data directory of its own, as on another machine. */
  const start = async (name: string, env: Record<string, string>) => {
    const server = await startServerProcess(
      {
        DATA_DIR: path.join(root, name),
        DATABASE_URL: url,
        PORT: String(await freePort()),
        DEMO: '0',
        SPA_DIR: path.join(root, 'sem-spa'),
        MT5_AGENT_TOKEN: 'token-do-agente-segredos-0123456789abcdef',
        MT5_AGENT_NETWORKS: '127.0.0.0/8',
        JWT_SECRET: '',
        MT5_TOKEN_KEY: '',
        ...env,
      },
      60_000,
    );
    running.push(server);
    return server;
  };
  const portOf = (server: ServerProcess) => /localhost:(\d+)/.exec(server.output())![1];
  const refusal = async (server: ServerProcess) => {
    expect(server.started, server.output()).toBe(false);
    expect(await server.closed).toBe(1);
    return server.output();
  };
  const query = async <T extends pg.QueryResultRow>(text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  };
  const stored = () =>
    query<{ name: string; fingerprint: string; value: string | null }>(
      'select name, fingerprint, value from instance_secrets order by name',
    );

  beforeAll(async () => {
    if (!postgres) return;
    const adminUrl = inject('pgUrl');
    const template = inject('pgTemplate');
    const name = `shared_secrets_${crypto.randomBytes(4).toString('hex')}`;
    await withAdmin(adminUrl, (admin) =>
      admin.query(`create database ${name}${template ? ` template ${template}` : ''}`),
    );
    url = databaseUrl(adminUrl, name);
    dropDatabase = () =>
      withAdmin(adminUrl, async (admin) => {
        await waitUntilUnused(admin, name);
        await admin.query(`drop database if exists ${name} with (force)`);
      });
    const database = await openDatabase({ databaseUrl: url, dataDir: '', purpose: 'test' });
    await upsertUser(database.db, USER.username, USER.password);
    await database.close();
  });
  afterAll(async () => {
    for (const server of running) {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.closed;
    }
    await dropDatabase();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it.runIf(postgres)(
    'with PostgreSQL, refuses an instance with other secrets, until they are accepted on purpose',
    async () => {
      const first = await start('a', { JWT_SECRET: SECRET, MT5_TOKEN_KEY: KEY });
      expect(first.started, first.output()).toBe(true);
      const fingerprints = await stored();
      expect(fingerprints.map((f) => f.name)).toEqual(['JWT_SECRET', 'MT5_TOKEN_KEY']);
      // A fingerprint, never the secret given by the environment.
      for (const { fingerprint, value } of fingerprints) {
        expect(fingerprint).not.toContain(SECRET);
        expect(fingerprint).not.toContain(KEY);
        expect(value).toBeNull();
      }

      // Same secrets: it starts, and takes the first one's tokens.
      const second = await start('b', { JWT_SECRET: SECRET, MT5_TOKEN_KEY: KEY });
      expect(second.started, second.output()).toBe(true);
      const login = await fetch(`http://127.0.0.1:${portOf(first)}/api/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(USER),
      });
      expect(login.status).toBe(200);
      const { access } = (await login.json()) as { access: string };
      const onSecond = await fetch(`http://127.0.0.1:${portOf(second)}/api/clientes/`, {
        headers: { authorization: `Bearer ${access}` },
      });
      expect(onSecond.status).toBe(200);

      // Another JWT_SECRET: refused, naming it (and only it), and saying how to accept it.
      const other = await refusal(
        await start('c', { JWT_SECRET: OTHER_SECRET, MT5_TOKEN_KEY: KEY }),
      );
      expect(other).toMatch(REFUSED);
      expect(other).toMatch(/ACEITAR_NOVOS_SEGREDOS=1/);
      expect(other).not.toMatch(/MT5_TOKEN_KEY/);

      // Neither set, while the others take them from their environment: refused, both named.
      const unset = await refusal(await start('d', {}));
      expect(unset).toMatch(
        /JWT_SECRET and MT5_TOKEN_KEY are set on the other instances of this database.*set JWT_SECRET and MT5_TOKEN_KEY here too/s,
      );
      expect(await stored()).toEqual(fingerprints);

      // A deliberate change, accepted once: it starts, and the change is on record.
      const accepted = await start('e', {
        JWT_SECRET: OTHER_SECRET,
        MT5_TOKEN_KEY: KEY,
        ACEITAR_NOVOS_SEGREDOS: '1',
      });
      expect(accepted.started, accepted.output()).toBe(true);
      expect(accepted.output()).toMatch(/JWT_SECRET accepted/);
      const after = await stored();
      expect(after[0]!.fingerprint).not.toBe(fingerprints[0]!.fingerprint);
      expect(after[1]).toEqual(fingerprints[1]);
      const audits = await query<{ username: string; after: { changed: string[] } }>(
        "select username, after from audit_log where action = 'accept_secrets'",
      );
      expect(audits).toMatchObject([{ username: 'server', after: { changed: ['JWT_SECRET'] } }]);

      // From then on the new secret is the one: an instance still on the old one is refused.
      expect(await refusal(await start('f', { JWT_SECRET: SECRET, MT5_TOKEN_KEY: KEY }))).toMatch(
        REFUSED,
      );
    },
  );

  it.runIf(!postgres)(
    'with the embedded database, starts with whatever secret, as before',
    async () => {
      const dataDir = path.join(root, 'embedded');
      fs.mkdirSync(dataDir, { mode: 0o700 });
      await loadMigratedDatabase(dataDir);
      for (const secret of [SECRET, OTHER_SECRET]) {
        const server = await start('embedded', { DATABASE_URL: '', JWT_SECRET: secret });
        expect(server.started, server.output()).toBe(true);
        server.child.kill('SIGTERM');
        expect(await server.closed).toBe(0);
      }
    },
  );
});
