import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { securePrivateDir } from './data-dir';
import { postgresLocks, registerLocks } from './keyed-locks';
import { acquireDataDirLock } from './lock';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's pool now (the metrics); the embedded database has none. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// numeric and bigint come back as strings by default; money stays exact through the driver and is
// converted at the edge (see server/lib/decimal.ts), so only date is parsed here: left as text.
const DATE_OID = 1082;

export class DatabaseOpenError extends Error {}

async function openPglite(dataDir: string | null, from?: Blob): Promise<Database> {
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir ?? undefined, {
      parsers: { [DATE_OID]: (v: string) => v },
      ...(from && { loadDataDir: from }),
    });
  } catch (err) {
    throw new DatabaseOpenError(
      `Could not open the embedded database in ${dataDir}: ${(err as Error).message}. ` +
        'If the server was killed, start it once more; if that fails too, restore the directory from a backup ' +
        'or move it aside to start with a new database.',
    );
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    async close() {
      if (client.closed) return;
      // A checkpoint before closing leaves nothing to replay at the next start.
      await client.exec('CHECKPOINT');
      await client.close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  pg.types.setTypeParser(DATE_OID, (v: string) => v);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg({ client: pool, schema });
  // Several instances may start at once on one PostgreSQL: the advisory lock lets one migrate.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727301)');
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(727301)').catch(() => undefined);
    lockClient.release();
  }
  const locks = postgresLocks(url);
  registerLocks(db as unknown as Db, locks);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await locks.close();
      await pool.end();
    },
  };
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** What holds the embedded database, for the lock file's message to a second process. */
  purpose: string;
}

/** Opens PostgreSQL when a URL is given, else the embedded database in DATA_DIR (locked to this process). */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const release = acquireDataDirLock(opts.dataDir, opts.purpose);
  try {
    const pgDir = path.join(opts.dataDir, 'pgdata');
    fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
    const database = await openPglite(pgDir);
    // PGlite's own files come out 0666 or 0644 whatever the umask (see data-dir.ts).
    securePrivateDir(opts.dataDir);
    return {
      ...database,
      async close() {
        try {
          await database.close();
          securePrivateDir(opts.dataDir);
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * An in-memory embedded database, for tests and benches. `from`, a dump of a migrated one (PGlite's
 * dumpDataDir), skips creating the cluster and applying the migrations: a fifth of the time.
 */
export function openMemoryDatabase(from?: Blob): Promise<Database> {
  return openPglite(null, from);
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
