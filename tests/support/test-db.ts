import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, openMemoryDatabase, type Database, type Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { queryRows } from '../../server/db/query';
import { databaseUrl, waitUntilUnused, withAdmin } from './pg-admin';
import { migratedDump } from './pglite-global-setup';

let pgliteTemplate: Promise<Blob> | undefined;

/** The migrated database's dump, once pglite-global-setup.ts has written it. */
async function readTemplate(file: string): Promise<Blob> {
  const deadline = Date.now() + 5 * 60_000;
  while (!fs.existsSync(file)) {
    if (fs.existsSync(`${file}.error`)) {
      throw new Error(`no migrated template: ${fs.readFileSync(`${file}.error`, 'utf8')}`);
    }
    if (Date.now() > deadline) throw new Error(`no migrated template at ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return new Blob([await fs.promises.readFile(file)]);
}

/** The database's own tables (not drizzle's record of the migrations), quoted, for one TRUNCATE. */
async function tablesOf(database: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    database.db,
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
  );
  return rows.map((r) => r.name);
}

/** The rows the migrations themselves insert, table by table, as JSON: what a reset puts back. */
async function migrationRows(database: Database, tables: string[]): Promise<Map<string, string>> {
  const rows = new Map<string, string>();
  for (const table of tables) {
    const [row] = await queryRows<{ json: string }>(
      database.db,
      sql.raw(`select coalesce(json_agg(t), '[]')::text as json from ${table} t`),
    );
    if (row && row.json !== '[]') rows.set(table, row.json);
  }
  return rows;
}

interface Shape {
  tables: string[];
  seeded: Map<string, string>;
  /** The sequences the migrations' rows moved on, and where each stands (a restart would give their ids again). */
  sequences: Array<{ name: string; last: string }>;
}
let shape: Promise<Shape> | undefined;

/**
 * Empties a database a file has finished with back to what the template holds: every table truncated with its
 * identities restarted, the migrations' own rows put back. The schema is the template's: no test changes it (DDL),
 * and a reset that fails throws, and the database is dropped instead of reused.
 */
async function reset(db: Db): Promise<void> {
  const { tables, seeded, sequences } = await shape!;
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`truncate table ${tables.join(', ')} restart identity cascade`));
    // The truncation itself left a row per table in cache_versions (its triggers are ENABLE ALWAYS, migration
    // 0007): emptied again, its identity restarted.
    await tx.execute(sql`truncate table cache_versions restart identity`);
    for (const [table, json] of seeded) {
      await tx.execute(
        sql`insert into ${sql.raw(table)} select * from json_populate_recordset(null::${sql.raw(table)}, ${json}::json)`,
      );
    }
    for (const { name, last } of sequences) await tx.execute(sql`select setval(${name}, ${last})`);
  });
}

/** Memory databases this worker's files have finished with, reset and ready (the project shares modules). */
const freePglite: Database[] = [];
/** PostgreSQL databases (by name) this worker's files have finished with, reset and ready. */
const freePostgres: string[] = [];

/**
 * A database a file has for its own: `close` resets it for the worker's next file rather than ending it. Opening a
 * copy of the template costs half a CPU-second on PGlite (and a file copy plus a forced drop on PostgreSQL); a reset
 * of the tables, a tenth of that.
 */
function reusable(
  database: Database,
  release: (ok: boolean) => Promise<void>,
  /** The handle the reset goes through, when the file's own refuses calls once closed. */
  resetVia: Database = database,
): Database {
  let closed = false;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      await release(await resetLogged(() => reset(resetVia.db)));
    },
  };
}

async function pgliteDatabase(): Promise<Database> {
  const dump = inject('pgliteTemplate');
  let database = freePglite.pop();
  if (!database) {
    if (dump) pgliteTemplate ??= readTemplate(dump);
    database = dump ? await openMemoryDatabase(await pgliteTemplate!) : await openMemoryDatabase();
    shape ??= learnShape(database);
    await shape;
  }
  const raw = database;
  // A handle of its own over the same embedded database: the server keeps per-handle state (a Yahoo client with
  // its address, change listeners, cache versions) that belongs to one app, as a handle does outside the tests.
  const client = (raw.db as unknown as { $client: PGlite }).$client;
  // Once the file has closed it, its handle refuses every call, as a closed database would: a write its app left
  // running (a promise nobody awaited) fails there instead of landing in the next file's database.
  let closed = false;
  const guarded = new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (closed) return () => Promise.reject(new Error('the test database is closed'));
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  const own: Database = {
    ...raw,
    db: drizzle({ client: guarded, schema }) as unknown as Db,
    close: () => {
      closed = true;
      return closing.close();
    },
  };
  const closing = reusable(
    own,
    async (ok) => {
      // The last app's notification listeners (the cache's versions) go with it.
      await client.unlisten('cache_versions').catch(() => undefined);
      if (ok) freePglite.push(raw);
      else await raw.close();
    },
    raw,
  );
  return own;
}

async function learnShape(database: Database): Promise<Shape> {
  const tables = await tablesOf(database);
  const sequences = await queryRows<{ name: string; last: string }>(
    database.db,
    sql`select format('%I.%I', schemaname, sequencename) as name, last_value::text as last
        from pg_sequences where schemaname = 'public' and last_value is not null`,
  );
  return { tables, seeded: await migrationRows(database, tables), sequences };
}

async function postgresDatabase(): Promise<Database> {
  const adminUrl = inject('pgUrl');
  let name = freePostgres.pop();
  if (!name) {
    const template = inject('pgTemplate');
    name = `t_${crypto.randomBytes(6).toString('hex')}`;
    await withAdmin(adminUrl, (admin) =>
      admin.query(`create database ${name}${template ? ` template ${template}` : ''}`),
    );
  }
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: '', purpose: 'test' });
  shape ??= learnShape(database);
  await shape;
  const own = name;
  let closed = false;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      // The file's pool ends first: a write its app left running (a promise nobody awaited) fails there instead of
      // landing in the next file's database, as the embedded database's closed handle refuses it. The reset goes
      // through a connection of its own.
      await database.close();
      if (await resetThrough(url)) {
        freePostgres.push(own);
        return;
      }
      await withAdmin(adminUrl, async (admin) => {
        await waitUntilUnused(admin, own);
        await admin.query(`drop database if exists ${own} with (force)`);
      });
    },
  };
}

/** Resets a PostgreSQL database through one connection of its own. */
async function resetThrough(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    return await resetLogged(async () => {
      await client.connect();
      await reset(drizzlePg({ client, schema }) as unknown as Db);
    });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether a reset worked; if not, why is logged and the caller drops the database instead of reusing it. */
async function resetLogged(run: () => Promise<void>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (err) {
    console.warn('[test-db] reset failed, database dropped:', (err as Error).cause ?? err);
    return false;
  }
}

/**
 * A new, migrated, empty database for one test file: in-memory PGlite, or a PostgreSQL database of its own. Both
 * start as copies of one database migrated once per run (pglite-global-setup.ts, postgres-template-setup.ts), and
 * are reused by the worker's next files once reset to that state (`close`).
 */
export function createTestDatabase(): Promise<Database> {
  return process.env.TEST_DB === 'postgres' ? postgresDatabase() : pgliteDatabase();
}

/**
 * Puts in dataDir (made if missing) an embedded database already created and migrated, and empty, as a process that
 * opens DATA_DIR on its own (a CLI command) would find it after a first start: loaded from the run's migrated dump
 * where the project makes one (pglite-global-setup.ts), else from one made once for this test file. About a second
 * instead of five for each database created and migrated anew; the command still runs the migrations, and finds
 * nothing to do.
 */
export async function loadMigratedDatabase(dataDir: string): Promise<void> {
  const dump = inject('pgliteTemplate');
  pgliteTemplate ??= dump ? readTemplate(dump) : migratedDump();
  const client = await PGlite.create(path.join(dataDir, 'pgdata'), {
    loadDataDir: await pgliteTemplate,
  });
  await client.close();
}
