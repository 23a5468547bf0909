import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Job } from '../lib/jobs';
import type { Database, Db } from './client';
import { writeFileAtomic } from './backup-archive';
import { dumpPglite, pgliteOf } from './backup-pglite';

/*
 * The embedded database's scheduled backup (decision 0011): a copy every BACKUP_HOURS into BACKUP_DIR, the newest
 * BACKUP_KEEP kept. Whether one is due is read from the newest file's name, not from a timer: a server restarted
 * every night still writes its daily copy, and one stopped for a week writes one at its first check.
 */

/** carteira-rv-AAAA-MM-DDTHH-MM.tar.gz, in UTC: sorted by name is sorted by time, and no colon for Windows. */
const NAME = /^carteira-rv-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})\.tar\.gz$/;

/** How often the job runner asks whether a backup is due: a copy is at most this late. */
export const SCHEDULED_BACKUP_CHECK_MS = 10 * 60_000;

/** A temporary file older than this is what a crash left mid-write (a write takes seconds). */
const STALE_TMP_MS = 60 * 60_000;

export function scheduledBackupName(at: Date): string {
  const stamp = at.toISOString().slice(0, 16).replace(':', '-');
  return `carteira-rv-${stamp}.tar.gz`;
}

function takenAt(name: string): number | null {
  const m = NAME.exec(name);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!) : null;
}

export interface ScheduledBackup {
  /** The file written, or null when none was due (or the schedule is off). */
  written: string | null;
  /** The copies removed beyond BACKUP_KEEP, oldest first. */
  removed: string[];
}

/**
 * Writes a backup into BACKUP_DIR if the newest one there is BACKUP_HOURS old (or there is none), then removes
 * the oldest beyond BACKUP_KEEP. Only files of this name are ever removed: whatever else is in the folder stays.
 * Nothing with PostgreSQL (its backups are pg_dump's, scheduled by its operator) or with BACKUP_HOURS=0.
 */
export async function runScheduledBackup(
  database: Pick<Database, 'db' | 'kind'>,
  config: Pick<Config, 'dataDir' | 'backup'>,
  now: Date,
): Promise<ScheduledBackup> {
  const { dir, hours, keep } = config.backup;
  if (database.kind !== 'pglite' || hours === 0) return { written: null, removed: [] };
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const names = fs.readdirSync(dir);
  for (const name of names.filter((n) => n.startsWith('carteira-rv-') && n.includes('.tmp-'))) {
    const stat = fs.statSync(path.join(dir, name), { throwIfNoEntry: false });
    if (stat && now.getTime() - stat.mtimeMs > STALE_TMP_MS)
      fs.rmSync(path.join(dir, name), { force: true });
  }
  // A copy stamped in the future (the clock was set back) does not hold the schedule back.
  const newest = Math.max(
    -Infinity,
    ...names.map(takenAt).filter((t): t is number => t !== null && t <= now.getTime()),
  );
  let written: string | null = null;
  if (now.getTime() - newest >= hours * 3600_000) {
    written = path.join(dir, scheduledBackupName(now));
    const { archive } = await dumpPglite(pgliteOf(database), config.dataDir, now);
    await writeFileAtomic(written, archive);
  }
  const copies = fs
    .readdirSync(dir)
    .filter((n) => NAME.test(n))
    .sort();
  // The copy just written stays whatever its name sorts as (a copy stamped in the future sorts after it).
  const removed = copies
    .filter((n) => written === null || path.join(dir, n) !== written)
    .slice(0, Math.max(0, copies.length - keep))
    .map((n) => path.join(dir, n));
  for (const file of removed) fs.rmSync(file, { force: true });
  return { written, removed };
}

/**
 * The scheduled backup as the job runner's task (server/jobs.ts): a check every SCHEDULED_BACKUP_CHECK_MS, the
 * first one that long after the start (not at it, when the server is busiest: a server down for a week writes its
 * copy ten minutes after it is back). None with PostgreSQL, BACKUP_HOURS=0 or a database in memory (tests).
 */
export function backupJobs(deps: { db: Db; config: Config }): Job[] {
  const database = { db: deps.db, kind: deps.config.databaseUrl ? 'postgres' : 'pglite' } as const;
  if (database.kind !== 'pglite' || deps.config.backup.hours === 0) return [];
  const { dataDir } = pgliteOf(database);
  if (!dataDir || dataDir.startsWith('memory://')) return [];
  return [
    {
      name: 'backup.scheduled',
      intervalMs: SCHEDULED_BACKUP_CHECK_MS,
      async run() {
        const done = await runScheduledBackup(database, deps.config, new Date());
        if (done.written) console.log(`Scheduled backup written to ${done.written}.`);
        for (const file of done.removed)
          console.log(`Scheduled backup ${file} removed (BACKUP_KEEP).`);
      },
    },
  ];
}
