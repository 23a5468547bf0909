import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { clientes } from './carteira';
import { timestamps } from './common';

// What the monthly income tax needs beyond the book (issue 29; docs/imposto-de-renda.md).

const reais = (nome: string) => numeric(nome, { precision: 18, scale: 2 }).notNull().default('0');

/**
 * The carries a client starts a year with (losses per bucket, withholding still to offset): what the book before
 * the product, or another broker, left. They replace what the computation carried into that year.
 */
export const irSaldosIniciais = pgTable(
  'ir_saldos_iniciais',
  {
    cliente_id: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    ano: integer('ano').notNull(),
    prejuizo_comum: reais('prejuizo_comum'),
    prejuizo_day_trade: reais('prejuizo_day_trade'),
    prejuizo_fii: reais('prejuizo_fii'),
    irrf_a_compensar: reais('irrf_a_compensar'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.cliente_id, t.ano] }),
    check(
      'ir_saldos_iniciais_valores',
      sql`${t.prejuizo_comum} >= 0 and ${t.prejuizo_day_trade} >= 0 and ${t.prejuizo_fii} >= 0
        and ${t.irrf_a_compensar} >= 0`,
    ),
  ],
);

/** A client's stock sales made elsewhere in a month ('AAAA-MM'): they count toward the R$ 20,000.00 exemption. */
export const irVendasExternas = pgTable(
  'ir_vendas_externas',
  {
    cliente_id: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    mes: text('mes').notNull(),
    valor: reais('valor'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.cliente_id, t.mes] }),
    check(
      'ir_vendas_externas_valor',
      sql`${t.valor} >= 0 and ${t.mes} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`,
    ),
  ],
);
