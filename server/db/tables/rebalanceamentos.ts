import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clientes } from './carteira';
import { modelos } from './modelos';
import { orderLotes } from './ordens';

/**
 * A rebalance sent (issue 33): the two lotes it made, linked — the sales, sent at once, and the buys, each client's
 * held until every sale of it has ended, then re-sized on the money its sales raised. The buy lote is written in
 * the same transaction as the sale lote, before it (the sale lote's id is known beforehand), so only the buy lote
 * can be a foreign key here; the sale lote's id is checked by that transaction, never written alone.
 */
export const rebalanceamentos = pgTable(
  'rebalanceamentos',
  {
    id: uuid('id').primaryKey(),
    /** The model rebalanced towards (null once that model is deleted: the lotes stay). */
    modelo_id: integer('modelo_id').references(() => modelos.id, { onDelete: 'set null' }),
    lote_venda_id: uuid('lote_venda_id'),
    lote_compra_id: uuid('lote_compra_id').references(() => orderLotes.id),
    modo: text('modo', { enum: ['completo', 'faixas', 'so_compra', 'so_venda'] }).notNull(),
    valor_minimo: numeric('valor_minimo', { precision: 18, scale: 2 }),
    respeitar_isencao: boolean('respeitar_isencao').notNull(),
    idempotency_key: text('idempotency_key').notNull(),
    idempotency_scope: text('idempotency_scope').notNull(),
    idempotency_hash: text('idempotency_hash').notNull(),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rebalanceamentos_idem_uq').on(t.idempotency_scope, t.idempotency_key)],
);

/**
 * Each client's planned buys, held until its sales have ended. `liberado_em` is set once, in the transaction that
 * stores the client's buy orders (a compare-and-set: whichever instance or restart gets there first releases it,
 * the others find it set).
 */
export const rebalanceamentoClientes = pgTable(
  'rebalanceamento_clientes',
  {
    rebalanceamento_id: uuid('rebalanceamento_id')
      .notNull()
      .references(() => rebalanceamentos.id, { onDelete: 'cascade' }),
    cliente_id: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    /** The plan's cash after (R$): what the buys may spend is the valor disponível once the sales ended, less it. */
    caixa_depois: numeric('caixa_depois', { precision: 18, scale: 2 }).notNull(),
    /** The planned buys, `[{ticker, quantidade}]`, in the plan's order. */
    compras: jsonb('compras').$type<Array<{ ticker: string; quantidade: number }>>().notNull(),
    liberado_em: timestamp('liberado_em', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.rebalanceamento_id, t.cliente_id] }),
    // The release job's question, every round: the clients still held (few, among every rebalance ever sent).
    index('rebalanceamento_clientes_retidos_idx')
      .on(t.rebalanceamento_id)
      .where(sql`${t.liberado_em} is null`),
  ],
);
