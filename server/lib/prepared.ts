import type { Db } from '../db/client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * One prepared statement per database and name, built on first use. On PostgreSQL a named statement is parsed
 * and planned once per connection, which is most of the cost of the small hot queries.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}
