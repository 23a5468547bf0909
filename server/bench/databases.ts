import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import startThrowawayPostgres from '../../tests/support/postgres-global-setup';
import { openDatabase, type Database } from '../db/client';

/**
 * Runs `fn` on a fresh, migrated PostgreSQL database: on BENCH_PG_URL's server, else on a throw-away server
 * started like the API tests' one. Answers undefined (and says why) when no PostgreSQL can be had.
 */
export async function withPostgres<T>(
  fn: (database: Database) => Promise<T>,
): Promise<T | undefined> {
  let adminUrl = process.env.BENCH_PG_URL;
  let stop: (() => void) | undefined;
  if (!adminUrl) {
    try {
      stop = await startThrowawayPostgres({
        provide: (_key: string, value: string) => (adminUrl = value),
      } as unknown as TestProject);
    } catch (err) {
      console.log(
        `PostgreSQL  skipped: ${(err as Error).message.split('\n')[0]} (set BENCH_PG_URL)`,
      );
      return undefined;
    }
  }
  const name = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: '',
    purpose: 'bench',
  });
  try {
    return await fn(database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
    stop?.();
  }
}
