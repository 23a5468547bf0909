import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { clientes } from './carteira';
import { timestamps } from './common';

/**
 * Model portfolios (issue 33): the weights a client is kept near, in percent of its total, with a cash target and
 * the band a drift may reach before the rebalance in `faixas` mode moves it.
 */
export const modelos = pgTable(
  'modelos',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull().unique(),
    caixa_alvo: numeric('caixa_alvo', { precision: 9, scale: 4 }).notNull(),
    faixa_tipo: text('faixa_tipo', { enum: ['absoluta', 'relativa'] }).notNull(),
    faixa_valor: numeric('faixa_valor', { precision: 12, scale: 6 }).notNull(),
    ...timestamps,
  },
  (t) => [
    check('modelos_caixa_alvo', sql`${t.caixa_alvo} >= 0 and ${t.caixa_alvo} <= 100`),
    check('modelos_faixa_valor', sql`${t.faixa_valor} > 0`),
  ],
);

/** A model's stocks, in the order they were typed. */
export const modeloItens = pgTable(
  'modelo_itens',
  {
    modelo_id: integer('modelo_id')
      .notNull()
      .references(() => modelos.id, { onDelete: 'cascade' }),
    ticker: text('ticker').notNull(),
    peso: numeric('peso', { precision: 9, scale: 4 }).notNull(),
    ordem: smallint('ordem').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.modelo_id, t.ticker] }),
    check('modelo_itens_peso', sql`${t.peso} > 0 and ${t.peso} <= 100`),
  ],
);

/**
 * The model each client follows (at most one: the client is the key). A table of its own rather than a column of
 * clientes: the clients' table stays the clients module's; a model followed cannot be deleted (restrict), the
 * service answers 409 naming its clients first.
 */
export const modeloClientes = pgTable(
  'modelo_clientes',
  {
    cliente_id: integer('cliente_id')
      .primaryKey()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    modelo_id: integer('modelo_id')
      .notNull()
      .references(() => modelos.id, { onDelete: 'restrict' }),
  },
  (t) => [index('modelo_clientes_modelo_idx').on(t.modelo_id)],
);
