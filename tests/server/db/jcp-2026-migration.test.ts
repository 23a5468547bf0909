import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../../server/db/schema';
import { emptyPglite } from '../../support/empty-pglite';
import { MIGRATIONS, migrationsBefore } from '../../support/migrations';

// An empty database from the run's template, not a new cluster (empty-pglite.ts).
let client: PGlite;
let close: () => Promise<void>;
beforeAll(async () => ({ client, close } = await emptyPglite()), 60_000);
afterAll(() => close());

describe('JCP of 2026 withheld at 17.5 % (issue 29)', { timeout: 60_000 }, () => {
  it('recomputes the net value of the JCP paid from 2026, and leaves 2025 and dividends alone', async () => {
    const before = migrationsBefore(/_eventos_custo_pagamento$/);
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: before });
    fs.rmSync(before, { recursive: true });
    await client.exec(`
      insert into acoes (ticker) values ('ITSA4');
      insert into clientes (nome) values ('Ana');
      insert into operacoes (cliente_id, acao_id, data_compra, preco_unitario, quantidade)
        values ((select id from clientes), (select id from acoes), '2025-01-02', 10, 1000);
      insert into eventos_corporativos (acao_id, tipo, data_ex, valor_por_acao, fonte) values
        ((select id from acoes), 'jcp', '2025-12-30', 0.1, 'manual'),
        ((select id from acoes), 'jcp', '2026-03-02', 0.1003, 'manual'),
        ((select id from acoes), 'dividendo', '2026-03-02', 0.1, 'manual');
      insert into proventos (evento_id, operacao_id, quantidade, valor_bruto, valor_liquido)
        select e.id, (select id from operacoes), 1000, round(e.valor_por_acao * 1000, 2),
          case when e.tipo = 'jcp' then round(e.valor_por_acao * 1000, 2) - round(e.valor_por_acao * 1000 * 0.15, 2)
          else round(e.valor_por_acao * 1000, 2) end
        from eventos_corporativos e;
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const { rows } = await client.query<{ tipo: string; data_ex: string; liquido: string }>(
      `select e.tipo, e.data_ex::text as data_ex, pv.valor_liquido::text as liquido
         from proventos pv join eventos_corporativos e on e.id = pv.evento_id order by e.data_ex, e.tipo`,
    );
    expect(rows).toEqual([
      { tipo: 'jcp', data_ex: '2025-12-30', liquido: '85.00' },
      { tipo: 'dividendo', data_ex: '2026-03-02', liquido: '100.00' },
      // 100.30 less 17.5 % (17.5525 → 17.55).
      { tipo: 'jcp', data_ex: '2026-03-02', liquido: '82.75' },
    ]);
  });
});
