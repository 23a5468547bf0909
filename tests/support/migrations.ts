import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const MIGRATIONS = path.resolve(import.meta.dirname, '../../server/db/migrations');

/**
 * A copy of the migrations folder as it was before the migration whose tag matches `tag`: a database migrated
 * with it holds data as an older release left it, for the migration to be applied to. The caller removes it.
 */
export function migrationsBefore(tag: RegExp): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  const file = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => tag.test(e.tag));
  if (at <= 0) throw new Error(`no migration after the first matches ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(file, JSON.stringify(journal));
  return dir;
}
