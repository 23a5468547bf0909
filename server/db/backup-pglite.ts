import fs from 'node:fs';
import path from 'node:path';
import { PGlite, protocol } from '@electric-sql/pglite';
import type { Database } from './client';
import { securePrivateDir } from './data-dir';
import { acquireDataDirLock } from './lock';
import { BackupError, packBackup, unpackBackup, writeFileAtomic } from './backup-archive';

/** The secrets the server keeps in DATA_DIR when the environment does not set them (server/lib/secret.ts). */
export const SECRET_FILES = ['jwt-secret', 'mt5-token-key'] as const;

export interface Dumped {
  archive: Buffer;
  /** How long every statement of the server waited on the dump. */
  pausedMs: number;
}

/** The PGlite behind an embedded database (drizzle keeps its client as $client). */
export function pgliteOf(database: Pick<Database, 'db'>): PGlite {
  return (database.db as unknown as { $client: PGlite }).$client;
}

export function hasEmbeddedDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));
}

/**
 * A consistent copy of the embedded database, taken by the process that has it open. PGlite runs every statement
 * and every transaction under one lock (its "transaction mutex"); holding it, no transaction is open and none can
 * start, so the files are those of one instant between two transactions. A checkpoint first writes every change
 * into the data files: the copy then opens without replaying the log. The statements waiting meanwhile run as
 * soon as the files are read (about half a second for a 40 MB directory here); compressing comes after, off the
 * lock and off the event loop.
 */
export async function dumpPglite(client: PGlite, dataDir: string, now: Date): Promise<Dumped> {
  let pausedMs = 0;
  const dump = await client._runExclusiveTransaction(async () => {
    const started = performance.now();
    try {
      // execProtocol, not exec: exec would wait for the lock held here.
      await client.execProtocol(protocol.serialize.query('CHECKPOINT'));
      return await client.dumpDataDir('none');
    } finally {
      pausedMs = performance.now() - started;
    }
  });
  const secrets = new Map<string, Buffer>();
  for (const name of SECRET_FILES) {
    try {
      secrets.set(name, await fs.promises.readFile(path.join(dataDir, name)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  const pgdata = Buffer.from(await dump.arrayBuffer());
  return { archive: await packBackup({ pgdata, secrets }, now), pausedMs };
}

/**
 * The backup of a data directory no process has open: this one takes the lock (a server starting meanwhile is
 * told the directory is in use) and opens the database without migrating it, to copy it as it is.
 */
export async function backupClosedPglite(dataDir: string, file: string): Promise<Dumped> {
  const release = acquireDataDirLock(dataDir, 'db:backup');
  try {
    const client = await PGlite.create(path.join(dataDir, 'pgdata'));
    try {
      const dumped = await dumpPglite(client, dataDir, new Date());
      await writeFileAtomic(file, dumped.archive);
      return dumped;
    } finally {
      await client.close();
      securePrivateDir(dataDir);
    }
  } finally {
    release();
  }
}

/** What stands in the way of a restore into dataDir: a database, or secrets other than the backup's. */
function occupants(dataDir: string, secrets: Map<string, Buffer>): string[] {
  const found: string[] = [];
  const pgdata = path.join(dataDir, 'pgdata');
  if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) found.push(pgdata);
  for (const name of SECRET_FILES) {
    const existing = path.join(dataDir, name);
    if (!fs.existsSync(existing)) continue;
    const restored = secrets.get(name);
    if (!restored || !fs.readFileSync(existing).equals(restored)) found.push(existing);
  }
  return found;
}

export interface Restored {
  counts: Record<string, number>;
}

/**
 * Restores a backup into DATA_DIR, empty or missing, or (force) replacing its database and secrets. Never while
 * a process holds the directory: the lock is taken first. The backup is unpacked and opened in a directory of its
 * own beside pgdata; only once it opens is the old database removed and the new one renamed into its place.
 */
export async function restorePglite(
  dataDir: string,
  file: string,
  force: boolean,
): Promise<Restored> {
  const contents = await unpackBackup(file, await fs.promises.readFile(file));
  const release = acquireDataDirLock(dataDir, 'db:restore');
  const target = path.join(dataDir, 'pgdata');
  const staging = path.join(dataDir, `pgdata.restoring-${process.pid}`);
  try {
    const inTheWay = occupants(dataDir, contents.secrets);
    if (inTheWay.length > 0 && !force) {
      throw new BackupError(
        `${dataDir} is not empty (${inTheWay.join(', ')}): restoring would replace them. ` +
          'Restore into another DATA_DIR, or add --force to replace them.',
      );
    }
    fs.rmSync(staging, { recursive: true, force: true });
    const counts = await loadInto(staging, contents.pgdata, file);
    if (fs.existsSync(target)) {
      const old = `${target}.replaced-${process.pid}`;
      fs.renameSync(target, old);
      fs.renameSync(staging, target);
      fs.rmSync(old, { recursive: true, force: true });
    } else {
      fs.renameSync(staging, target);
    }
    for (const name of SECRET_FILES) {
      const secret = contents.secrets.get(name);
      const where = path.join(dataDir, name);
      // A secret the backup lacks was set in the environment then: none is left here to contradict it.
      if (secret) await writeFileAtomic(where, secret);
      else fs.rmSync(where, { force: true });
    }
    securePrivateDir(dataDir);
    return { counts };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}

/** Unpacks PGlite's dump into dir, opens it (the proof it is whole) and answers a few counts for the operator. */
async function loadInto(
  dir: string,
  pgdata: Buffer,
  file: string,
): Promise<Record<string, number>> {
  fs.mkdirSync(path.dirname(dir), { recursive: true, mode: 0o700 });
  let client: PGlite;
  try {
    // A view of the same bytes (a Buffer's memory is an ArrayBuffer here, never shared).
    const bytes = new Uint8Array(pgdata.buffer as ArrayBuffer, pgdata.byteOffset, pgdata.length);
    client = await PGlite.create(dir, { loadDataDir: new Blob([bytes]) });
  } catch (err) {
    throw new BackupError(`The database in ${file} does not open: ${(err as Error).message}`);
  }
  try {
    return await restoredCounts((query) => client.query(query));
  } catch (err) {
    throw new BackupError(`${file} holds no Carteira RV database: ${(err as Error).message}`);
  } finally {
    await client.exec('CHECKPOINT');
    await client.close();
  }
}

/** The rows the operator recognises a restored database by (clients, operations, users). */
export async function restoredCounts(
  query: (text: string) => Promise<{ rows: unknown[] }>,
): Promise<Record<string, number>> {
  const { rows } = await query(
    'select (select count(*) from clientes)::int as clientes, (select count(*) from operacoes)::int as operacoes, ' +
      '(select count(*) from users)::int as users',
  );
  return rows[0] as Record<string, number>;
}
