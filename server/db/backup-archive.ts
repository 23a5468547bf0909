import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** A backup that cannot be taken or restored for a reason the operator can fix: its message alone is printed. */
export class BackupError extends Error {}

/**
 * What a backup of the embedded database holds (decision 0011): PGlite's own dump of the data directory, the
 * secrets the server keeps beside it (without mt5-token-key no client's own agent token could be opened again), and
 * this manifest. A gzipped tar, so that `tar tzf` lists it.
 */
export interface BackupManifest {
  format: 'carteira-rv-backup';
  version: 1;
  database: 'pglite';
  createdAt: string;
  /** The SHA-256 of pgdata.tar: a copy damaged on its way (a disk, a transfer) is refused before anything is replaced. */
  pgdataSha256: string;
  secrets: string[];
}

export interface BackupContents {
  manifest: BackupManifest;
  pgdata: Buffer;
  /** The DATA_DIR files by name (jwt-secret, mt5-token-key), those that existed. */
  secrets: Map<string, Buffer>;
}

const MANIFEST = 'carteira-rv-backup.json';
const PGDATA = 'pgdata.tar';
const SECRETS = 'secrets/';
const BLOCK = 512;
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** A ustar header: enough for `tar` to list and extract the few plain files of a backup. */
function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  // 11 octal digits: 8 GiB, beyond any data directory a Buffer (and PGlite's dump) can hold here.
  if (Buffer.byteLength(name) > 100 || size >= 8 ** 11) {
    throw new Error(`tar entry too large: ${name}`);
  }
  block.write(name, 0, 'utf8');
  block.write(octal(0o600, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136);
  block.write(' '.repeat(8), 148);
  block.write('0', 156);
  block.write('ustar\0' + '00', 257, 'latin1');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148);
  return block;
}

function tar(entries: { name: string; data: Buffer }[], mtime: Date): Buffer {
  const parts: Buffer[] = [];
  for (const { name, data } of entries) {
    parts.push(header(name, data.length, mtime), data);
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

function untar(archive: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  let at = 0;
  while (at + BLOCK <= archive.length) {
    const block = archive.subarray(at, at + BLOCK);
    if (block.every((b) => b === 0)) break;
    const field = (from: number, length: number) =>
      block.toString('utf8', from, from + length).replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const start = at + BLOCK;
    if (!Number.isFinite(size) || start + size > archive.length) {
      throw new BackupError('The backup is cut short or damaged (a tar entry runs past its end).');
    }
    if (field(156, 1) === '0' || field(156, 1) === '') {
      entries.set(field(0, 100), archive.subarray(start, start + size));
    }
    at = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}

export function sha256(data: Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

/** The backup file's bytes. Compressed on libuv's threads: the server's requests go on meanwhile. */
export async function packBackup(contents: Omit<BackupContents, 'manifest'>, createdAt: Date) {
  const manifest: BackupManifest = {
    format: 'carteira-rv-backup',
    version: 1,
    database: 'pglite',
    createdAt: createdAt.toISOString(),
    pgdataSha256: sha256(contents.pgdata),
    secrets: [...contents.secrets.keys()],
  };
  const entries = [
    { name: MANIFEST, data: Buffer.from(JSON.stringify(manifest, null, 2) + '\n') },
    { name: PGDATA, data: contents.pgdata },
    ...[...contents.secrets].map(([name, data]) => ({ name: SECRETS + name, data })),
  ];
  return gzip(tar(entries, createdAt));
}

/** A pg_dump archive in its custom format (what `npm run db:backup` writes with DATABASE_URL) starts so. */
export function isPgDumpArchive(head: Buffer): boolean {
  return head.subarray(0, 5).toString('latin1') === 'PGDMP';
}

/** Reads a backup of the embedded database, checking it is whole before anything is replaced. */
export async function unpackBackup(file: string, data: Buffer): Promise<BackupContents> {
  if (isPgDumpArchive(data)) {
    throw new BackupError(
      `${file} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set to the target database.`,
    );
  }
  let entries: Map<string, Buffer>;
  try {
    entries = untar(await gunzip(data));
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} is not a Carteira RV backup (${(err as Error).message}).`);
  }
  let manifest: BackupManifest | undefined;
  try {
    manifest = JSON.parse(entries.get(MANIFEST)?.toString('utf8') ?? 'null') as BackupManifest;
  } catch {
    manifest = undefined;
  }
  const pgdata = entries.get(PGDATA);
  if (manifest?.format !== 'carteira-rv-backup' || !pgdata) {
    throw new BackupError(`${file} is not a Carteira RV backup (no ${MANIFEST} and ${PGDATA}).`);
  }
  if (manifest.version !== 1) {
    throw new BackupError(
      `${file} is a backup of format ${manifest.version}, newer than this version reads (1): restore it with the version that wrote it.`,
    );
  }
  if (sha256(pgdata) !== manifest.pgdataSha256) {
    throw new BackupError(
      `${file} is damaged: its data does not match the checksum it was written with.`,
    );
  }
  const secrets = new Map<string, Buffer>();
  for (const name of manifest.secrets) {
    const data = entries.get(SECRETS + name);
    if (!data) throw new BackupError(`${file} is damaged: ${name} is missing.`);
    secrets.set(name, data);
  }
  return { manifest, pgdata, secrets };
}

/**
 * Writes the file whole or not at all: to a temporary name beside it, flushed, then renamed over. A backup cut
 * short by a crash or a full disk never takes the place of a good one, nor looks like one.
 */
export async function writeFileAtomic(file: string, data: Buffer): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  try {
    const handle = await fs.promises.open(tmp, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(tmp, file);
  } catch (err) {
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
  // The rename itself survives a power cut once the directory is flushed (not every system allows it).
  try {
    const dir = await fs.promises.open(path.dirname(file), 'r');
    await dir.sync().finally(() => dir.close());
  } catch {
    // Best effort.
  }
}
