import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
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

/**
 * Expects `restored` to be `original` at one earlier instant between two writes, the writes of the backup test
 * having gone on after it: the original then has more rows; nothing else may differ. Every row of the copy is the
 * original's, identical, and the rows it lacks are the last ones written (keys above all of the copy's): a copy,
 * not a mix of two moments.
 */
export function expectOneInstant(
  original: Map<string, Map<string, string>>,
  restored: Map<string, Map<string, string>>,
): void {
  expect([...restored.keys()]).toEqual([...original.keys()]);
  // cache_versions is an exception, compared by what it means: a version per source, the sum of its rows'
  // changes, whose rows the server folds now and then (deleted, summed into one): the copy's versions are
  // the original's for the sources nothing wrote to since, and behind for clientes and operacoes.
  const versions = (rows: Map<string, string>) => {
    const sums = new Map<string, number>();
    for (const r of rows.values()) {
      const { source, changes } = JSON.parse(r) as { source: string; changes: number };
      sums.set(source, (sums.get(source) ?? 0) + changes);
    }
    return sums;
  };
  const versionsA = versions(original.get('public.cache_versions')!);
  const versionsB = versions(restored.get('public.cache_versions')!);
  expect([...versionsB.keys()].sort()).toEqual([...versionsA.keys()].sort());
  for (const [source, version] of versionsA) {
    if (['clientes', 'operacoes'].includes(source)) {
      expect(versionsB.get(source), source).toBeLessThan(version);
    } else {
      expect(versionsB.get(source), source).toBe(version);
    }
  }
  // The rows the running server rewrites by itself on its timers, the task leases (renewed at every run) and the
  // MT5 status measurements (a new client measured at once, the others once stale): the copy has them as they
  // were at its instant, so they may differ or be fewer, but the copy holds none the original never had.
  const rewritten = ['public.task_leases', 'public.mt5_status'];
  const growing = ['public.clientes', 'public.operacoes', 'public.audit_log'];
  for (const [table, diff] of compareRows(original, restored)) {
    if (table === 'public.cache_versions') continue;
    expect(diff.extra, `${table}: rows the original never had`).toEqual([]);
    if (rewritten.includes(table)) continue;
    expect(diff.changed, `${table}: rows that differ`).toEqual([]);
    if (diff.missing.length === 0) continue;
    expect(growing, `${table} lacks rows: ${diff.missing.join(' ')}`).toContain(table);
    const ids = (keys: Iterable<string>) => [...keys].map((k) => (JSON.parse(k) as number[])[0]!);
    expect(Math.min(...ids(diff.missing)), table).toBeGreaterThan(
      Math.max(...ids(restored.get(table)!.keys())),
    );
  }
}
