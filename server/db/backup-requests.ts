import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './client';
import { processIdentity, type ProcessIdentity } from './lock';
import { BackupError, writeFileAtomic } from './backup-archive';
import { dumpPglite, pgliteOf } from './backup-pglite';

/*
 * A backup of the embedded database while the server runs (decision 0011). The server alone may open the data
 * directory (its lock), so `npm run db:backup` asks it: it writes a request file in DATA_DIR (private to the
 * server's user) and sends SIGUSR2; the server dumps the database to the requested file and writes a result file
 * the command waits for. The server says it listens by the ready file, holding its pid and identity: a process
 * without the handler (another command, a server older than this) would be killed by SIGUSR2, so it is never sent
 * one.
 */

const LOCK = 'carteira-rv.lock'; // lock.ts
const READY = 'carteira-rv.backup-ready';
const REQUEST = 'carteira-rv.backup-request-';
const RESULT = 'carteira-rv.backup-result-';
const SIGNAL = 'SIGUSR2';

type Result = { ok: true; bytes: number; pausedMs: number } | { ok: false; error: string };

export interface BackupRequests {
  /** No request is taken from now on; resolves once the one in progress (if any) is written. */
  stop(): Promise<void>;
}

function writePrivate(file: string, text: string): void {
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, text, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Answers the backup requests of `npm run db:backup` while this process holds the embedded database. */
export function serveBackupRequests(database: Database, dataDir: string): BackupRequests {
  if (database.kind !== 'pglite') return { stop: () => Promise.resolve() };
  const client = pgliteOf(database);
  const readyFile = path.join(dataDir, READY);
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const answer = async (name: string) => {
    const id = name.slice(REQUEST.length, -'.json'.length);
    const requestFile = path.join(dataDir, name);
    const request = readJson<{ file?: unknown }>(requestFile);
    fs.rmSync(requestFile, { force: true });
    let result: Result;
    try {
      const file = request?.file;
      if (typeof file !== 'string' || !path.isAbsolute(file)) throw new Error('malformed request');
      const dumped = await dumpPglite(client, dataDir, new Date());
      await writeFileAtomic(file, dumped.archive);
      const pausedMs = Math.round(dumped.pausedMs);
      console.log(`Backup written to ${file} on request; statements waited ${pausedMs} ms.`);
      result = { ok: true, bytes: dumped.archive.length, pausedMs };
    } catch (err) {
      console.error('Backup request failed:', err);
      result = { ok: false, error: (err as Error).message };
    }
    writePrivate(path.join(dataDir, `${RESULT}${id}.json`), JSON.stringify(result));
  };
  const serve = async () => {
    do {
      again = false;
      const names = fs.readdirSync(dataDir);
      // The answer to a command that stopped waiting (its timeout, Ctrl-C) is nobody's after an hour.
      for (const name of names.filter((n) => n.startsWith(RESULT))) {
        const file = path.join(dataDir, name);
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        if (stat && Date.now() - stat.mtimeMs > 3600_000) fs.rmSync(file, { force: true });
      }
      const requests = names.filter((n) => n.startsWith(REQUEST) && n.endsWith('.json')).sort();
      for (const name of requests) if (!stopped) await answer(name);
    } while (again && !stopped);
  };
  const onSignal = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = serve()
      .catch((err: unknown) => console.error('Backup requests:', err))
      .finally(() => {
        running = null;
        if (again) onSignal();
      });
  };
  try {
    // Left in place after stop: a signal sent just before would otherwise kill the stopping server.
    process.on(SIGNAL, onSignal);
  } catch {
    // No SIGUSR2 here (Windows): no ready file, and the command says to back up with the server stopped.
    return { stop: () => Promise.resolve() };
  }
  writePrivate(readyFile, JSON.stringify({ pid: process.pid, ...processIdentity(process.pid) }));
  // A request written while this server was starting.
  onSignal();
  return {
    async stop() {
      stopped = true;
      fs.rmSync(readyFile, { force: true });
      await running;
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that wrote the ready file (pid and identity) is the one now behind that pid. */
function stillThere(ready: { pid: number } & Partial<ProcessIdentity>): boolean {
  if (!isAlive(ready.pid)) return false;
  const now = processIdentity(ready.pid);
  if (!now || !ready.bootId) return true;
  return now.bootId === ready.bootId && now.startTicks === ready.startTicks;
}

/**
 * Asks the server holding dataDir for a backup into `file` and waits for it (up to timeoutMs). Refused, with
 * the holder named, when the holder is not a server that takes requests.
 */
export async function requestBackup(
  dataDir: string,
  file: string,
  timeoutMs: number,
): Promise<{ bytes: number; pausedMs: number }> {
  const owner = readJson<{ pid?: number; purpose?: string }>(path.join(dataDir, LOCK));
  const ready = readJson<{ pid: number } & Partial<ProcessIdentity>>(path.join(dataDir, READY));
  if (!ready || ready.pid !== owner?.pid || !stillThere(ready)) {
    throw new BackupError(
      `${dataDir} is in use by process ${owner?.pid ?? '?'} (${owner?.purpose ?? 'unknown'}), which does not ` +
        'take backups while it runs (still starting, another command, a server older than this version, or a ' +
        'system without SIGUSR2, such as Windows). ' +
        'Run the backup again in a moment, or once that process has ended.',
    );
  }
  const id = crypto.randomUUID();
  const resultFile = path.join(dataDir, `${RESULT}${id}.json`);
  const requestFile = path.join(dataDir, `${REQUEST}${id}.json`);
  writePrivate(requestFile, JSON.stringify({ file, by: process.pid }));
  process.kill(ready.pid, SIGNAL);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const result = readJson<Result>(resultFile);
      if (result) {
        if (!result.ok)
          throw new BackupError(`The server could not write the backup: ${result.error}`);
        return result;
      }
      if (!isAlive(ready.pid)) {
        throw new BackupError(
          `The server (process ${ready.pid}) stopped before writing the backup: run it again (with no server ` +
            'running, the command copies the data directory itself).',
        );
      }
      if (Date.now() > deadline) {
        throw new BackupError(
          `The server (process ${ready.pid}) wrote no backup within ${Math.round(timeoutMs / 1000)} s; ` +
            'see its log.',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    fs.rmSync(requestFile, { force: true });
    fs.rmSync(resultFile, { force: true });
  }
}
