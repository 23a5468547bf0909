import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/query';
import { createTestDatabase } from '../../support/test-db';

/** Every table's row count, and what the migrations' own rows hold. */
async function contents(db: Awaited<ReturnType<typeof createTestDatabase>>['db']) {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ json: string }>(
      db,
      sql.raw(`select coalesce(json_agg(t order by t::text), '[]')::text as json from ${name} t`),
    );
    out[name] = row!.json;
  }
  return out;
}

/** The database itself: the embedded one's instance (each file has a handle of its own), PostgreSQL's name. */
async function identity(
  database: Awaited<ReturnType<typeof createTestDatabase>>,
): Promise<unknown> {
  if (database.kind === 'pglite') {
    return (database.db as unknown as { $client: { Module: unknown } }).$client.Module;
  }
  const [row] = await queryRows<{ name: string }>(
    database.db,
    sql`select current_database() as name`,
  );
  return row!.name;
}

const insertUser = sql`insert into users (username, password_hash) values ('alguem', 'x') returning id`;

/**
 * The test databases a worker's files are given one after the other are one database reset in between
 * (tests/support/test-db.ts): the next file must find exactly what a fresh copy of the migrated template holds.
 */
describe('a test database given to the next file', () => {
  it('holds what a fresh one holds, and its identities start again', async () => {
    const first = await createTestDatabase();
    const fresh = await contents(first.db);
    const [user] = await queryRows<{ id: number }>(first.db, insertUser);
    await first.db.execute(sql`insert into clientes (nome) values ('Cliente')`);
    await first.db.execute(sql`update cache_versions set changes = changes + 1`);
    expect(await contents(first.db)).not.toEqual(fresh);
    const firstIs = await identity(first);
    await first.close();

    const next = await createTestDatabase();
    try {
      // The same database, not a new copy: else this would prove nothing.
      expect(await identity(next)).toBe(firstIs);
      const now = await contents(next.db);
      // Named, so that a difference says which table.
      expect(
        Object.keys(now)
          .filter((t) => now[t] !== fresh[t])
          .map((t) => [t, fresh[t], now[t]]),
      ).toEqual([]);
      const [again] = await queryRows<{ id: number }>(next.db, insertUser);
      expect(again!.id).toBe(user!.id);
      // A write to a table the caches follow adds its cache_versions row where the migrations' rows left off.
      await next.db.execute(sql`insert into clientes (nome) values ('Outro')`);
    } finally {
      await next.close();
    }
  });

  it("refuses a write the last file's app left running, so that the next file never sees it", async () => {
    const first = await createTestDatabase();
    const firstIs = await identity(first);
    await first.close();
    // What an un-awaited promise of the closed app would do: it fails, and lands nowhere.
    await expect(
      first.db.execute(sql`insert into clientes (nome) values ('Tarde')`),
    ).rejects.toThrow();

    const next = await createTestDatabase();
    try {
      expect(await identity(next)).toBe(firstIs);
      expect(await queryRows(next.db, sql`select nome from clientes`)).toEqual([]);
    } finally {
      await next.close();
    }
  });
});
