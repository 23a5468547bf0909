import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { queryRows } from './query';

const journal = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations/meta/_journal.json',
);

/** The newest migration this code knows (its `when`, which Drizzle stores as the migration's created_at). */
function newestMigration(): number {
  const { entries } = JSON.parse(fs.readFileSync(journal, 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...entries.map((e) => e.when));
}

let newest: number | null = null;

/**
 * Whether the database holds every migration of this code: false while another instance is still migrating it,
 * or when it was restored from an older backup. One indexed read of Drizzle's own table.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  newest ??= newestMigration();
  const [row] = await queryRows<{ applied: string | number | null }>(
    db,
    sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
  );
  return Number(row?.applied ?? 0) >= newest;
}
