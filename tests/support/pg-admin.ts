import crypto from 'node:crypto';
import pg from 'pg';

/** Runs `fn` on a connection to PostgreSQL's maintenance database at `adminUrl`. */
export async function withAdmin<T>(adminUrl: string, fn: (admin: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** A database's URL on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Waits (up to 5 s) until nobody is connected to `name`. pool.end() resolves before its sockets are closed: a
 * forced drop then would send a FATAL its pool no longer listens for (an unhandled error in the test run), and a
 * template still connected cannot be copied.
 */
export async function waitUntilUnused(admin: pg.Client, name: string): Promise<void> {
  for (let waited = 0; waited < 5_000; waited += 20) {
    const { rows } = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A database of a test's own on the run's PostgreSQL, for server processes to share. */
export interface ScratchDatabase {
  url: string;
  /** One statement on a connection of its own: its rows. */
  query<T extends pg.QueryResultRow>(text: string): Promise<T[]>;
  drop(): Promise<void>;
}

/**
 * Creates an empty database named `prefix_<random>` (migrated and holding `user` when given: the servers started on
 * it then find the migrations applied and the user to log in with).
 */
export async function scratchDatabase(
  adminUrl: string,
  prefix: string,
  user?: { username: string; password: string },
): Promise<ScratchDatabase> {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = databaseUrl(adminUrl, name);
  if (user) {
    // Loaded here, not at the top: the helpers above serve tests that never start the server's code.
    const { openDatabase } = await import('../../server/db/client');
    const { upsertUser } = await import('../../server/modules/auth');
    const database = await openDatabase({ databaseUrl: url, dataDir: '', purpose: 'test' });
    await upsertUser(database.db, user.username, user.password);
    await database.close();
  }
  return {
    url,
    async query<T extends pg.QueryResultRow>(text: string) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<T>(text)).rows;
      } finally {
        await client.end();
      }
    },
    drop: () =>
      withAdmin(adminUrl, async (admin) => {
        await waitUntilUnused(admin, name);
        await admin.query(`drop database if exists ${name} with (force)`);
      }),
  };
}
