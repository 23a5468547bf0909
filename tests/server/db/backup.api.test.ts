import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { upsertUser } from '../../../server/modules/auth';
import { nodeEntry } from '../../support/node-entry';
import { databaseUrl, waitUntilUnused, withAdmin } from '../../support/pg-admin';
import { freePort, startServerProcess, type ServerProcess } from '../../support/server-process';
import { loadMigratedDatabase } from '../../support/test-db';
import { compareRows, everyRow, expectOneInstant } from './backup-compare';

/**
 * Issue 28, item 7: `npm run db:backup` while the server writes, `npm run db:restore` into a new place, and the
 * restored database holds the same rows and gives the same answers. On the embedded database (the backup asked of
 * the running server) and on PostgreSQL (pg_dump, pg_restore), as the project runs this file.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const postgres = process.env.TEST_DB === 'postgres';
const AGENT_TOKEN = 'token-do-agente-backup-0123456789abcdef';
const USER = { username: 'operador', password: 'senha-de-teste-123' };
// With PostgreSQL the secrets are the environment's, alike on both servers; the embedded database's are restored
// from the backup (the restored server accepting the first one's token proves it).
const SHARED_SECRETS = {
  JWT_SECRET: 'segredo-jwt-do-teste-de-backup-0123456789',
  MT5_TOKEN_KEY: crypto.randomBytes(32).toString('hex'),
};

interface Target {
  dataDir: string;
  databaseUrl: string;
}

/** A CLI entry run to its end against `target`: its exit code and all it printed. */
async function cli(entry: string, target: Target, args: string[]) {
  const argv = [...(await nodeEntry(entry)), ...args];
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, argv, {
      cwd: root,
      env: { ...process.env, DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}
const backup = (target: Target, file: string) => cli('server/cli/db-backup.ts', target, [file]);
const restore = (target: Target, file: string, ...flags: string[]) =>
  cli('server/cli/db-restore.ts', target, [file, ...flags]);

const open = (target: Target) =>
  openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, purpose: 'test' });

async function rowsOf(target: Target) {
  const database = await open(target);
  try {
    return await everyRow(database.db);
  } finally {
    await database.close();
  }
}

/** A server's API as a user with `token` sees it. */
function apiOf(port: number, token: string) {
  return async <T>(pathname: string, body?: unknown): Promise<T> => {
    const res = await fetch(`http://127.0.0.1:${port}/api${pathname}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(res.status, `${pathname}: ${await res.clone().text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  };
}

/**
 * The writes the backup is taken under: a client, then an operation of its own, one after the other until stopped.
 * `acked` holds the clients whose creation was answered, in order; `until` resolves once a condition on them holds
 * (checked after each write: no timer).
 */
function startWrites(api: ReturnType<typeof apiOf>, acao: number) {
  const acked: number[] = [];
  let sent = 0;
  let stopping = false;
  let wake = () => {};
  const writer = (async () => {
    for (let i = 1; !stopping; i++) {
      sent++;
      const { id } = await api<{ id: number }>('/clientes/', { nome: `Cliente ${i}` });
      acked.push(id);
      await api('/operacoes/', {
        cliente: id,
        acao,
        data_compra: '2025-06-02',
        preco_unitario: 10 + i / 100,
        quantidade: i,
      });
      wake();
    }
  })();
  const until = (done: () => boolean) =>
    Promise.race([
      new Promise<void>((resolve) => {
        const check = () => (done() ? resolve() : (wake = check));
        check();
      }),
      writer.then(() => Promise.reject(new Error('the writes stopped'))),
    ]);
  return {
    acked,
    sent: () => sent,
    until,
    stop: () => {
      stopping = true;
      return writer;
    },
  };
}

describe('db:backup and db:restore', { timeout: 300_000 }, () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
  const cleanups: Array<() => Promise<unknown>> = [];
  const running: ServerProcess[] = [];
  const file = path.join(tmp, postgres ? 'carteira.dump' : 'carteira.tar.gz');

  /** Somewhere to restore into: a DATA_DIR not made yet, or a new, empty PostgreSQL database. */
  const newTarget = async (label: string): Promise<Target> => {
    const dataDir = path.join(tmp, label);
    if (!postgres) return { dataDir, databaseUrl: '' };
    const adminUrl = inject('pgUrl');
    const name = `backup_${label}_${crypto.randomBytes(4).toString('hex')}`;
    await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
    cleanups.push(() =>
      withAdmin(adminUrl, async (admin) => {
        await waitUntilUnused(admin, name);
        await admin.query(`drop database if exists ${name} with (force)`);
      }),
    );
    return { dataDir, databaseUrl: databaseUrl(adminUrl, name) };
  };

  const start = async (target: Target, port: number) => {
    const server = await startServerProcess(
      {
        DATA_DIR: target.dataDir,
        DATABASE_URL: target.databaseUrl,
        PORT: String(port),
        DEMO: '0',
        SPA_DIR: path.join(tmp, 'sem-spa'),
        MT5_AGENT_TOKEN: AGENT_TOKEN,
        MT5_AGENT_NETWORKS: '127.0.0.0/8',
        BACKUP_HOURS: '0',
        ...(postgres ? SHARED_SECRETS : {}),
      },
      90_000,
    );
    running.push(server);
    if (!server.started) throw new Error(`no start:\n${server.output()}`);
    return server;
  };
  const stop = async (server: ServerProcess) => {
    server.child.kill('SIGTERM');
    await server.closed;
  };

  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(running.map((s) => s.closed));
    for (const cleanup of cleanups) await cleanup();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('a backup taken while clients and operations are written restores the rows of one instant and the same answers', async () => {
    const original = await newTarget('original');
    if (postgres) {
      const database = await open(original);
      await upsertUser(database.db, USER.username, USER.password);
      await database.close();
    }
    const portA = await freePort();
    const serverA = await start(original, portA);
    const credentials = postgres
      ? USER
      : { username: 'admin', password: /password: (\S+)/.exec(serverA.output())![1]! };
    const login = await fetch(`http://127.0.0.1:${portA}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    const { access: token } = (await login.json()) as { access: string };
    const onA = apiOf(portA, token);
    const [acao] = await onA<Array<{ id: number }>>('/acoes/');
    const fixo = (await onA<{ id: number }>('/clientes/', { nome: 'Cliente fixo' })).id;
    for (const [i, preco] of [10.5, 21.25, 7].entries()) {
      await onA('/operacoes/', {
        cliente: fixo,
        acao: acao!.id,
        data_compra: `2025-0${i + 1}-10`,
        preco_unitario: preco,
        quantidade: 100 * (i + 1),
      });
    }

    const writes = startWrites(onA, acao!.id);
    const { acked, until } = writes;
    await until(() => acked.length >= 5);
    const ackedBefore = acked.length;
    const made = await backup(original, file);
    const sentBefore = writes.sent();
    expect(made.out).toMatch(postgres ? /pg_dump/ : /by the running server/);
    expect(made.code, made.out).toBe(0);
    // Never over the database a server has open.
    const refused = await restore(original, file, '--force');
    expect(refused.out).toMatch(
      postgres ? /other session\(s\) are connected/ : /in use by process/,
    );
    expect(refused.code).toBe(1);
    await until(() => acked.length >= sentBefore + 3);
    await writes.stop();
    const answersA = {
      clientes: await onA<Array<{ id: number }>>('/clientes/'),
      resumo: await onA(`/clientes/${fixo}/resumo/`),
      operacoes: await onA(`/operacoes/?cliente=${fixo}`),
    };
    await stop(serverA);

    const restored = await newTarget('restored');
    const done = await restore(restored, file);
    expect(done.code, done.out).toBe(0);
    const rowsA = await rowsOf(original);
    const rowsB = await rowsOf(restored);
    expectOneInstant(rowsA, rowsB);
    // What the copy holds of the writes: the first k clients, k at least those answered before the backup
    // began and at most those sent before it ended; the operation of each but maybe the last (taken between
    // the two requests).
    const clientes = [...rowsB.get('public.clientes')!.values()].map(
      (r) => JSON.parse(r) as { id: number },
    );
    const copied = clientes.map((c) => c.id).filter((id) => id !== fixo);
    expect(copied.length).toBeGreaterThanOrEqual(ackedBefore);
    expect(copied.length).toBeLessThanOrEqual(sentBefore);
    expect(copied).toEqual(acked.slice(0, copied.length));
    const operacoes = [...rowsB.get('public.operacoes')!.values()].map(
      (r) => JSON.parse(r) as { cliente_id: number },
    );
    const ofWrites = operacoes.filter((o) => o.cliente_id !== fixo).map((o) => o.cliente_id);
    expect(ofWrites.length === copied.length || ofWrites.length === copied.length - 1).toBe(true);
    expect(ofWrites).toEqual(copied.slice(0, ofWrites.length));

    // The restored server answers as the first did for what the copy holds, to the token the first issued.
    const portB = await freePort();
    const serverB = await start(restored, portB);
    const onB = apiOf(portB, token);
    const inCopy = new Set(clientes.map((c) => c.id));
    expect(await onB('/clientes/')).toEqual(answersA.clientes.filter((c) => inCopy.has(c.id)));
    expect(await onB(`/clientes/${fixo}/resumo/`)).toEqual(answersA.resumo);
    expect(await onB(`/operacoes/?cliente=${fixo}`)).toEqual(answersA.operacoes);
    await stop(serverB);
  });

  it('a backup with no server running is exact; a restore over a database is refused unless --force, which replaces it', async () => {
    const source = await newTarget('source');
    if (!postgres) {
      fs.mkdirSync(source.dataDir, { mode: 0o700 });
      await loadMigratedDatabase(source.dataDir);
    }
    const seeded = await open(source);
    await seeded.db.execute(sql`insert into clientes (nome) values ('Ana'), ('Bruno')`);
    await seeded.close();
    // Nobody has it open: the command copies it itself (PGlite), or pg_dump does.
    const second = path.join(tmp, postgres ? 'second.dump' : 'second.tar.gz');
    const made = await backup(source, second);
    expect(made.code, made.out).toBe(0);
    if (!postgres) expect(made.out).toMatch(/no server running/);

    const target = await newTarget('occupied');
    const exact = async () => {
      const [a, b] = [await rowsOf(source), await rowsOf(target)];
      expect([...b.keys()]).toEqual([...a.keys()]);
      for (const [table, diff] of compareRows(a, b)) {
        expect(diff, table).toEqual({ missing: [], extra: [], changed: [] });
      }
    };
    const restored = await restore(target, second);
    expect(restored.out).toMatch(/2 client\(s\)/);
    expect(restored.code, restored.out).toBe(0);
    await exact();

    const database = await open(target);
    await database.db.execute(sql`insert into clientes (nome) values ('Escrito depois')`);
    await database.close();
    const refused = await restore(target, second);
    expect(refused.out).toMatch(/not empty/);
    expect(refused.out).toMatch(/--force/);
    expect(refused.code).toBe(1);
    const kept = await rowsOf(target);
    expect(kept.get('public.clientes')!.size).toBe(3);

    const forced = await restore(target, second, '--force');
    expect(forced.code, forced.out).toBe(0);
    await exact();
  });
});
