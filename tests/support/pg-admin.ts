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
