import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { queryRows } from '../../../server/db/query';

/** Every row of every table (the app's and drizzle's migrations), keyed by primary key, as JSON text. */
export async function everyRow(db: Db): Promise<Map<string, Map<string, string>>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1`,
  );
  const all = new Map<string, Map<string, string>>();
  for (const { name } of tables) {
    const keys = await queryRows<{ column: string }>(
      db,
      sql`select a.attname as column from pg_index i
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = ${name}::regclass and i.indisprimary order by a.attnum`,
    );
    const rows = await queryRows<{ row: Record<string, unknown> }>(
      db,
      sql.raw(`select to_jsonb(t) as row from ${name} t`),
    );
    const byKey = new Map<string, string>();
    for (const { row } of rows) {
      const key = keys.length
        ? JSON.stringify(keys.map((k) => row[k.column]))
        : JSON.stringify(row);
      byKey.set(key, JSON.stringify(row));
    }
    all.set(name, byKey);
  }
  return all;
}

export interface TableComparison {
  /** Rows of the original the copy lacks, by key. */
  missing: string[];
  /** Rows in the copy the original lacks. */
  extra: string[];
  /** Rows in both whose contents differ. */
  changed: string[];
}

/** Per table, how the restored copy's rows differ from the original's (tables in either). */
export function compareRows(
  original: Map<string, Map<string, string>>,
  restored: Map<string, Map<string, string>>,
): Map<string, TableComparison> {
  const result = new Map<string, TableComparison>();
  for (const table of new Set([...original.keys(), ...restored.keys()])) {
    const a = original.get(table) ?? new Map<string, string>();
    const b = restored.get(table) ?? new Map<string, string>();
    result.set(table, {
      missing: [...a.keys()].filter((k) => !b.has(k)),
      extra: [...b.keys()].filter((k) => !a.has(k)),
      changed: [...b.keys()].filter((k) => a.has(k) && a.get(k) !== b.get(k)),
    });
  }
  return result;
}
