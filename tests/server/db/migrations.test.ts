import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../../../server/db/migrations');
const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as {
  entries: Array<{ idx: number; when: number; tag: string }>;
};

/**
 * Drizzle's migrator applies only the migrations whose `when` is later than the last one a database has applied:
 * a migration merged with an earlier `when` would be skipped on every database already past it.
 */
describe('the migration history', () => {
  it('numbers its migrations in order, each later than the one before and not in the future', () => {
    const { entries } = journal;
    expect(entries.map((e) => e.idx)).toEqual(entries.map((_, i) => i));
    for (const [i, e] of entries.entries()) {
      expect(e.tag.startsWith(String(i).padStart(4, '0')), e.tag).toBe(true);
      if (i > 0) expect(e.when, e.tag).toBeGreaterThan(entries[i - 1]!.when);
      expect(e.when, e.tag).toBeLessThan(Date.now());
    }
  });

  it('has one SQL file and one snapshot per journal entry', () => {
    const sql = fs.readdirSync(dir).filter((f) => f.endsWith('.sql'));
    expect(sql.sort()).toEqual(journal.entries.map((e) => `${e.tag}.sql`).sort());
    for (const e of journal.entries) {
      const prefix = e.tag.slice(0, 4);
      expect(fs.existsSync(path.join(dir, `meta/${prefix}_snapshot.json`)), e.tag).toBe(true);
    }
  });
});
