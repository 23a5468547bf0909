import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** Raw SQL rows; both drivers answer `{rows}`, which drizzle's shared pg type leaves unknown. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A raw SQL statement whose rows nobody reads (a lock, a setting, an insert from JSON). */
export async function run(db: Db | Tx, statement: SQL): Promise<void> {
  await db.execute(statement);
}
