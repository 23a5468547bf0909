import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../../server/db/schema';
import { loadReferenceData } from '../../../server/seed/reference';
import type { Db } from '../../../server/db/client';
import { emptyPglite } from '../../support/empty-pglite';
import { MIGRATIONS, migrationsBefore } from '../../support/migrations';

// An empty database from the run's template, not a new cluster (empty-pglite.ts).
let client: PGlite;
let close: () => Promise<void>;
beforeAll(async () => ({ client, close } = await emptyPglite()), 60_000);
afterAll(() => close());

describe('the assets’ class (issue 29)', { timeout: 60_000 }, () => {
  it('classifies the assets an older database holds, and the bundled universe states its units', async () => {
    const before = migrationsBefore(/_classe_acoes$/);
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: before });
    fs.rmSync(before, { recursive: true });
    await client.exec(`insert into acoes (ticker) values ('PETR4'), ('TAEE11'), ('BOVA11'), ('HGLG11'),
      ('AAPL34'), ('MXRF11'), ('XPTO11'), ('IVVB11')`);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const { rows } = await client.query<{ ticker: string; classe: string }>(
      'select ticker, classe from acoes order by ticker',
    );
    expect(Object.fromEntries(rows.map((r) => [r.ticker, r.classe]))).toEqual({
      AAPL34: 'bdr',
      BOVA11: 'etf',
      HGLG11: 'fii',
      IVVB11: 'etf',
      MXRF11: 'fii',
      PETR4: 'acao',
      TAEE11: 'unit',
      // Unknown: never exempt, until someone states its class.
      XPTO11: 'unit',
    });
    await expect(
      client.exec(`update acoes set classe = 'fundo' where ticker = 'PETR4'`),
    ).rejects.toThrow(/acoes_classe/);

    // A fresh database: the bundled universe's own file states the class.
    await client.exec('delete from acoes');
    await loadReferenceData(db as unknown as Db);
    const seeded = await client.query<{ ticker: string; classe: string }>(
      `select ticker, classe from acoes where classe <> 'acao' order by ticker`,
    );
    expect(seeded.rows.map((r) => r.ticker)).toEqual([
      'BPAC11',
      'ENGI11',
      'IGTI11',
      'KLBN11',
      'SANB11',
      'TAEE11',
    ]);
    expect(new Set(seeded.rows.map((r) => r.classe))).toEqual(new Set(['unit']));
  });
});
