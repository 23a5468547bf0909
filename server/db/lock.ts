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
 * Who a process is beyond its pid, which the system gives to another process once the first has ended (after a
 * reboot, the server's pid may well be taken by anything started early): this boot's id and the process's start
 * time in clock ticks since boot (field 22 of /proc/<pid>/stat). Null where there is no /proc (macOS, Windows) or
 * it cannot be read (the process is gone, /proc hides other users' processes): the lock then falls back to the
 * pid alone, as before.
 */
export interface ProcessIdentity {
  bootId: string;
  startTicks: string;
}

export function processIdentity(pid: number): ProcessIdentity | null {
  try {
    const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2, the command's name in parentheses, may hold spaces and parentheses itself: count after the last ')'.
    const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3];
    return bootId && startTicks && /^\d+$/.test(startTicks) ? { bootId, startTicks } : null;
  } catch {
    return null;
  }
}

interface LockOwner {
  pid?: number;
  purpose?: string;
  bootId?: string;
  startTicks?: string;
}

/**
 * Whether the owner named by a lock file may still hold it. A dead pid does not; a live one does unless the lock
 * recorded who its writer was and the process now behind that pid is someone else (started at another time, or
 * the lock is from before a reboot). A lock of the older format (pid only), or a system without /proc, cannot
 * tell a reused pid: a live pid keeps it, as before.
 */
function ownerMayHold(owner: LockOwner): { holds: boolean; reused?: boolean } {
  if (!owner.pid || owner.pid === process.pid || !isAlive(owner.pid)) return { holds: false };
  if (!owner.bootId || !owner.startTicks) return { holds: true };
  const now = processIdentity(owner.pid);
  if (!now) return { holds: true };
  const same = now.bootId === owner.bootId && now.startTicks === owner.startTicks;
  return same ? { holds: true } : { holds: false, reused: true };
}

/**
 * PGlite lets one process open a data directory; a second one would corrupt it. The lock file holds
 * the owner's pid and identity; a lock left by a dead process (kill -9, power loss) is taken over, and so is one
 * whose pid now belongs to another process (a reboot, or the pids wrapping around).
 */
export function acquireDataDirLock(dataDir: string, purpose: string): () => void {
  restrictUmask();
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, 'carteira-rv.lock');
  const identity = processIdentity(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(
        file,
        JSON.stringify({ pid: process.pid, purpose, since: new Date(), ...identity }),
        { flag: 'wx', mode: 0o600 },
      );
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner: LockOwner = {};
      try {
        owner = JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
      } catch {
        // A half-written lock file is from a process that died while writing it.
      }
      const { holds, reused } = ownerMayHold(owner);
      if (holds) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by process ${owner.pid} (${owner.purpose ?? 'unknown'}). ` +
            'The embedded database allows one process at a time: stop that process first, ' +
            'or point both at a PostgreSQL server with DATABASE_URL.',
        );
      }
      if (reused) {
        console.warn(
          `Taking over the lock of ${dataDir} left by process ${owner.pid} (${owner.purpose ?? 'unknown'}): ` +
            'that process has ended (a restart or a reboot) and its pid now belongs to another process.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}
