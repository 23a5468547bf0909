import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/client';
import { clientes } from '../../../../server/db/schema';
import {
  posicoesAbertasJson,
  tickersPosicionados,
} from '../../../../server/modules/carteira/figures';
import { loadReferenceData } from '../../../../server/seed/reference';
import { createTestDatabase } from '../../../support/test-db';

describe('posicoesAbertasJson: the control panel built in pages', () => {
  let database: Database;
  let quotes: Map<string, number>;
  const hoje = '2025-11-03';

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    await loadReferenceData(db);
    await db.insert(clientes).values([{ nome: 'Ana' }, { nome: null }, { nome: '  ' }]);
    // Open and sold positions interleaved, some without price, quantity or date, some tickers without a quote.
    await db.execute(sql`
      insert into operacoes (cliente_id, acao_id, data_compra, preco_unitario, quantidade, data_venda,
                             preco_venda_unitario, valor_alvo)
      select (select id from clientes order by id offset g % 3 limit 1),
             (select id from acoes order by id offset g % 7 limit 1),
             case when g % 11 = 0 then null else date '2025-01-01' + g end,
             case when g % 13 = 0 then null else 10 + g / 7.0 end,
             case when g % 17 = 0 then null else 100 * (1 + g % 5) end,
             case when g % 4 = 0 then date '2025-10-01' end,
             case when g % 4 = 0 then 12.5 end,
             case when g % 2 = 0 then 20.25 end
      from generate_series(1, 230) g`);
    const tickers = await tickersPosicionados(db);
    quotes = new Map(tickers.slice(1).map((t, i) => [t, 10 + i * 1.37]));
  });
  afterAll(() => database?.close());

  it('gives the same text, byte for byte, whatever the page size', async () => {
    const whole = await posicoesAbertasJson(database.db, quotes, hoje, null);
    const parsed = JSON.parse(whole) as { posicionadas: Array<{ id: number }> };
    expect(parsed.posicionadas.length).toBe(230 - Math.floor(230 / 4));
    expect(parsed.posicionadas.map((p) => p.id)).toEqual(
      [...parsed.posicionadas.map((p) => p.id)].sort((a, b) => a - b),
    );
    for (const pageSize of [1, 7, 100, 172, 173, 1000]) {
      expect(await posicoesAbertasJson(database.db, quotes, hoje, pageSize), `${pageSize}`).toBe(
        whole,
      );
    }
  });

  it('answers an empty list when nothing is open', async () => {
    await database.db.execute(sql`update operacoes set data_venda = '2025-10-02'`);
    for (const pageSize of [null, 1, 100]) {
      expect(await posicoesAbertasJson(database.db, quotes, hoje, pageSize)).toBe(
        '{"posicionadas":[],"cotacoes_em":null}',
      );
    }
  });
});
