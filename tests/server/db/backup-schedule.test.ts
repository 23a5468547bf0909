import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/client';
import { BackupError, unpackBackup } from '../../../server/db/backup-archive';
import { restorePglite } from '../../../server/db/backup-pglite';
import {
  backupJobs,
  runScheduledBackup,
  SCHEDULED_BACKUP_CHECK_MS,
} from '../../../server/db/backup-schedule';
import { createTestDatabase, loadMigratedDatabase } from '../../support/test-db';

/** The scheduled backup of the embedded database, on a clock the test sets (each run is given its `now`). */
describe('the scheduled backup', { timeout: 120_000 }, () => {
  let database: Database;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-schedule-'));
  const dataDir = path.join(tmp, 'data');
  const dir = path.join(tmp, 'backups');
  const config = (hours: number, keep: number) => ({ dataDir, backup: { dir, hours, keep } });
  const at = (iso: string) => new Date(iso);
  const listing = () => fs.readdirSync(dir).sort();

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`insert into clientes (nome) values ('Ana'), ('Bruno')`);
    fs.mkdirSync(dataDir, { mode: 0o700 });
    fs.writeFileSync(path.join(dataDir, 'mt5-token-key'), 'chave-do-teste');
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('writes a copy every BACKUP_HOURS, named by its UTC minute, and keeps the newest BACKUP_KEEP', async () => {
    fs.mkdirSync(dir, { mode: 0o700 });
    // Not the schedule's: never removed.
    fs.writeFileSync(path.join(dir, 'notas.txt'), 'do operador');
    fs.writeFileSync(path.join(dir, 'carteira-rv-manual.tar.gz'), 'cópia manual');

    const first = await runScheduledBackup(database, config(24, 3), at('2026-03-01T02:30:40Z'));
    expect(first).toEqual({
      written: path.join(dir, 'carteira-rv-2026-03-01T02-30.tar.gz'),
      removed: [],
    });
    // Not due a minute before the 24 hours, due at them (the minute the name keeps).
    const early = await runScheduledBackup(database, config(24, 3), at('2026-03-02T02:29:59Z'));
    expect(early.written).toBeNull();
    const due = await runScheduledBackup(database, config(24, 3), at('2026-03-02T02:30:00Z'));
    expect(due.written).toBe(path.join(dir, 'carteira-rv-2026-03-02T02-30.tar.gz'));

    for (const day of ['03', '04']) {
      await runScheduledBackup(database, config(24, 3), at(`2026-03-${day}T03:00:00Z`));
    }
    expect(listing()).toEqual([
      'carteira-rv-2026-03-02T02-30.tar.gz',
      'carteira-rv-2026-03-03T03-00.tar.gz',
      'carteira-rv-2026-03-04T03-00.tar.gz',
      'carteira-rv-manual.tar.gz',
      'notas.txt',
    ]);
    // A smaller BACKUP_KEEP removes the oldest at the next check, due or not.
    const fewer = await runScheduledBackup(database, config(24, 1), at('2026-03-04T04:00:00Z'));
    expect(fewer).toEqual({
      written: null,
      removed: [
        path.join(dir, 'carteira-rv-2026-03-02T02-30.tar.gz'),
        path.join(dir, 'carteira-rv-2026-03-03T03-00.tar.gz'),
      ],
    });
    expect(listing()).toEqual([
      'carteira-rv-2026-03-04T03-00.tar.gz',
      'carteira-rv-manual.tar.gz',
      'notas.txt',
    ]);
  });

  it('writes a copy that restores the database and the secrets beside it, private to the user', async () => {
    const file = path.join(dir, 'carteira-rv-2026-03-04T03-00.tar.gz');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // A gzipped tar the system's tar lists.
    expect(execFileSync('tar', ['tzf', file], { encoding: 'utf8' }).split('\n')).toEqual([
      'carteira-rv-backup.json',
      'pgdata.tar',
      'secrets/mt5-token-key',
      '',
    ]);
    const restoredDir = path.join(tmp, 'restaurado');
    const { counts } = await restorePglite(restoredDir, file, false);
    expect(counts).toEqual({ clientes: 2, operacoes: 0, users: 0 });
    expect(fs.readFileSync(path.join(restoredDir, 'mt5-token-key'), 'utf8')).toBe('chave-do-teste');
  });

  it('refuses a damaged copy before replacing anything', async () => {
    const file = path.join(dir, 'carteira-rv-2026-03-04T03-00.tar.gz');
    const data = fs.readFileSync(file);
    const cut = data.subarray(0, data.length - 1000);
    await expect(unpackBackup('cortado', cut)).rejects.toThrow(BackupError);
    await expect(unpackBackup('pg', Buffer.from('PGDMP\x01\x0e'))).rejects.toThrow(
      /PostgreSQL backup \(pg_dump\): restore it with DATABASE_URL/,
    );
  });

  it('removes what a crash left mid-write once it is an hour old, and writes nothing when off', async () => {
    const stale = path.join(dir, 'carteira-rv-2026-03-04T05-00.tar.gz.tmp-123-abcd');
    const fresh = path.join(dir, 'carteira-rv-2026-03-04T05-01.tar.gz.tmp-123-ef01');
    fs.writeFileSync(stale, 'metade');
    fs.writeFileSync(fresh, 'metade');
    const now = at('2026-03-04T06:00:00Z');
    fs.utimesSync(
      stale,
      new Date(now.getTime() - 3 * 3600_000),
      new Date(now.getTime() - 3 * 3600_000),
    );
    fs.utimesSync(fresh, now, now);
    const off = await runScheduledBackup(database, config(0, 1), now);
    expect(off).toEqual({ written: null, removed: [] });
    expect(fs.existsSync(stale)).toBe(true);
    await runScheduledBackup(database, config(24, 1), now);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });

  it('does nothing with PostgreSQL, whose backups are pg_dump’s', async () => {
    const postgres = { ...database, kind: 'postgres' } as Database;
    const result = await runScheduledBackup(postgres, config(1, 1), at('2030-01-01T00:00:00Z'));
    expect(result).toEqual({ written: null, removed: [] });
  });
});

describe('the scheduled backup as a task of the job runner', { timeout: 120_000 }, () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-job-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const settings = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: path.join(tmp, 'data'), BACKUP_DIR: path.join(tmp, 'copias'), ...env });

  it('checks every ten minutes on the embedded database in DATA_DIR, and writes when due', async () => {
    const dataDir = path.join(tmp, 'data');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    await loadMigratedDatabase(dataDir);
    const database = await openDatabase({ dataDir, purpose: 'test' });
    try {
      const jobs = backupJobs({ db: database.db, config: settings({}) });
      expect(jobs.map((j) => [j.name, j.intervalMs, j.runAtStart])).toEqual([
        ['backup.scheduled', SCHEDULED_BACKUP_CHECK_MS, undefined],
      ]);
      expect(SCHEDULED_BACKUP_CHECK_MS).toBe(10 * 60_000);
      await jobs[0]!.run({ signal: new AbortController().signal, epoch: null });
      expect(fs.readdirSync(path.join(tmp, 'copias'))).toEqual([
        expect.stringMatching(/^carteira-rv-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}\.tar\.gz$/),
      ]);
      expect(backupJobs({ db: database.db, config: settings({ BACKUP_HOURS: '0' }) })).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('is not declared with PostgreSQL, nor on a database in memory (the tests’ own)', async () => {
    const memory = await createTestDatabase();
    try {
      expect(backupJobs({ db: memory.db, config: settings({}) })).toEqual([]);
      const url = { DATABASE_URL: 'postgres://localhost/carteira' };
      expect(backupJobs({ db: memory.db, config: settings(url) })).toEqual([]);
    } finally {
      await memory.close();
    }
  });
});

describe('BACKUP_* settings', () => {
  const base = { DATA_DIR: '/srv/carteira' };
  it('default to a daily copy kept seven times in DATA_DIR/backups; an empty value is the default', () => {
    expect(loadConfig(base).backup).toEqual({ dir: '/srv/carteira/backups', hours: 24, keep: 7 });
    expect(loadConfig({ ...base, BACKUP_HOURS: '', BACKUP_KEEP: ' ' }).backup.hours).toBe(24);
    expect(
      loadConfig({ ...base, BACKUP_HOURS: '0', BACKUP_DIR: '/mnt/outro-disco' }).backup,
    ).toEqual({
      dir: '/mnt/outro-disco',
      hours: 0,
      keep: 7,
    });
  });
  it.each([
    ['BACKUP_HOURS', '-1', /BACKUP_HOURS: must be a whole number of hours/],
    ['BACKUP_HOURS', '1.5', /BACKUP_HOURS: must be a whole number of hours/],
    ['BACKUP_HOURS', 'diario', /BACKUP_HOURS: must be a whole number of hours/],
    ['BACKUP_KEEP', '0', /BACKUP_KEEP: must be a whole number of backups to keep, 1 or more/],
  ])('refuses %s=%s, naming it', (name, value, message) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(message);
  });
});
