import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPglite } from '../../../support/empty-pglite';
import { MIGRATIONS, migrationsBefore } from '../../../support/migrations';

// An empty database from the run's template, not a new cluster (empty-pglite.ts).
let client: PGlite;
let close: () => Promise<void>;
beforeAll(async () => ({ client, close } = await emptyPglite()), 60_000);
afterAll(() => close());

describe('the migration that marks replaced lotes', { timeout: 60_000 }, () => {
  it('marks each lote an earlier forced import left behind as replaced by the next lote of its sheet and date', async () => {
    const before = migrationsBefore(/_import_lote_replaced$/);
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    fs.rmSync(before, { recursive: true });
    // Three imports of one date's patrimony (the last two forced), one of its custody, one of another date.
    await client.exec(`
      insert into import_lotes (tipo, data_referencia, arquivo, linhas, status, username, created_at) values
        ('patrimonio', '2025-01-31', 'a.xlsx', 3, 'importado', 'u', '2025-02-01T10:00:00Z'),
        ('custodia', '2025-01-31', 'a.xlsx', 4, 'importado', 'u', '2025-02-01T10:00:00Z'),
        ('patrimonio', '2025-01-31', 'b.xlsx', 2, 'sobrescrito', 'u', '2025-02-02T10:00:00Z'),
        ('patrimonio', '2025-02-28', 'c.xlsx', 5, 'importado', 'u', '2025-03-01T10:00:00Z'),
        ('patrimonio', '2025-01-31', 'd.xlsx', 1, 'sobrescrito', 'u', '2025-02-03T10:00:00Z');
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const { rows } = await client.query<{
      id: number;
      substituido_por: number | null;
      substituido_em: Date | null;
    }>('select id, substituido_por, substituido_em from import_lotes order by id');
    expect(
      rows.map((r) => [r.id, r.substituido_por, r.substituido_em?.toISOString() ?? null]),
    ).toEqual([
      [1, 3, '2025-02-02T10:00:00.000Z'],
      [2, null, null],
      [3, 5, '2025-02-03T10:00:00.000Z'],
      [4, null, null],
      [5, null, null],
    ]);
    // From now on, one lote at most holds a sheet's rows for a date.
    await expect(
      client.exec(
        `insert into import_lotes (tipo, data_referencia, arquivo, linhas, status, username)
         values ('custodia', '2025-01-31', 'e.xlsx', 1, 'importado', 'u')`,
      ),
    ).rejects.toThrow(/import_lotes_vigente_uq/);
    // Every migration on an embedded database: seconds on a busy machine.
  }, 30_000);
});
