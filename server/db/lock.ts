import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, restrictUmask } from './data-dir';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite lets one process open a data directory; a second one would corrupt it. The lock file holds
 * the owner's pid; a lock left by a dead process (kill -9, power loss) is taken over.
 */
export function acquireDataDirLock(dataDir: string, purpose: string): () => void {
  restrictUmask();
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, 'carteira-rv.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, purpose, since: new Date() }), {
        flag: 'wx',
        mode: 0o600,
      });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner: { pid?: number; purpose?: string } = {};
      try {
        owner = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof owner;
      } catch {
        // A half-written lock file is from a process that died while writing it.
      }
      if (owner.pid && owner.pid !== process.pid && isAlive(owner.pid)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by process ${owner.pid} (${owner.purpose ?? 'unknown'}). ` +
            'The embedded database allows one process at a time: stop that process first, ' +
            'or point both at a PostgreSQL server with DATABASE_URL.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}
