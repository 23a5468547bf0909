import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './common';
import { acoes, clientes, operacoes } from './carteira';

// Orders sent to the MT5 terminals: lotes, groups and their legs (decisions 0002, 0008).

/**
 * A lote: one buy or sale sent to many clients at once (issue 16). Each client's order is an ordinary order group
 * pointing at it; the lote's own state is theirs, summed.
 */
export const orderLotes = pgTable(
  'order_lotes',
  {
    id: uuid('id').primaryKey(),
    lado: text('lado', { enum: ['compra', 'venda'] }).notNull(),
    ticker_base: text('ticker_base').notNull(),
    execucao: text('execucao', { enum: ['mercado', 'limite'] }).notNull(),
    preco: numeric('preco', { precision: 18, scale: 4 }),
    tp: numeric('tp', { precision: 18, scale: 4 }),
    /** How a buy's quantities were sized, and the rule's number (a percentage, reais or shares). */
    regra: text('regra', { enum: ['percentual_disponivel', 'valor_fixo', 'quantidade_fixa'] }),
    valor: numeric('valor', { precision: 18, scale: 4 }),
    idempotency_key: text('idempotency_key').notNull(),
    idempotency_scope: text('idempotency_scope').notNull(),
    idempotency_hash: text('idempotency_hash').notNull(),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its last group ended: set once, with the lote's outcome in the audit log. */
    finished_at: timestamp('finished_at', { withTimezone: true }),
    /**
     * Orders are still to be added (a rebalance's buy lote while some client's buys wait for its sales, issue 33):
     * the lote is not finished, whatever its groups so far.
     */
    aguardando: boolean('aguardando').notNull().default(false),
  },
  (t) => [
    uniqueIndex('order_lotes_idem_uq').on(t.idempotency_scope, t.idempotency_key),
    index('order_lotes_created_idx').on(t.created_at),
  ],
);

export const orderGroups = pgTable(
  'order_groups',
  {
    id: uuid('id').primaryKey(),
    cliente_id: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    lado: text('lado', { enum: ['compra', 'venda'] }).notNull(),
    ticker_base: text('ticker_base').notNull(),
    acao_id: integer('acao_id').references(() => acoes.id),
    execucao: text('execucao', { enum: ['mercado', 'limite'] }).notNull(),
    preco: numeric('preco', { precision: 18, scale: 4 }),
    tp: numeric('tp', { precision: 18, scale: 4 }),
    operacao_id: integer('operacao_id').references(() => operacoes.id, { onDelete: 'set null' }),
    idempotency_key: text('idempotency_key'),
    /** The route the key was sent to: a key is one intent on one route. */
    idempotency_scope: text('idempotency_scope'),
    /** SHA-256 of the request the key was first sent with: the same key with another request is refused. */
    idempotency_hash: text('idempotency_hash'),
    // resolved: closed by a person (a leg's outcome could not be known), with the reason in erro.
    state: text('state', { enum: ['pending', 'sent', 'completed', 'failed', 'resolved'] })
      .notNull()
      .default('pending'),
    erro: text('erro'),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    /**
     * What the order cost, written on its operation when it ended with shares filled (issue 29): its deals'
     * commission and fee plus the configured B3 fees (CUSTOS_B3_PERCENTUAL of the traded value), to the cent.
     */
    custos: numeric('custos', { precision: 18, scale: 2 }),
    created_by: text('created_by').notNull(),
    /** The lote this order was sent in, if any. */
    lote_id: uuid('lote_id').references(() => orderLotes.id),
    ...timestamps,
  },
  (t) => [
    index('order_groups_lote_idx').on(t.lote_id),
    // The sale that realised an operation (the lote it was sold in, on the portfolio).
    index('order_groups_operacao_idx').on(t.operacao_id),
    uniqueIndex('order_groups_idem_uq').on(t.cliente_id, t.idempotency_scope, t.idempotency_key),
    // One sell in flight per operation.
    uniqueIndex('order_groups_sell_in_flight_uq')
      .on(t.operacao_id)
      .where(sql`${t.lado} = 'venda' and ${t.state} in ('pending', 'sent')`),
    // The order history pages newest first by (created_at, id), alone or within one filter: each index, read
    // backwards from the cursor, walks a page in order, so page 1,000 of 100,000 orders costs what page 1 does.
    index('order_groups_criado_idx').on(t.created_at, t.id),
    index('order_groups_cliente_criado_idx').on(t.cliente_id, t.created_at, t.id),
    index('order_groups_ticker_criado_idx').on(t.ticker_base, t.created_at, t.id),
    index('order_groups_state_criado_idx').on(t.state, t.created_at, t.id),
  ],
);

export const orderLegs = pgTable(
  'order_legs',
  {
    group_id: uuid('group_id')
      .notNull()
      .references(() => orderGroups.id, { onDelete: 'cascade' }),
    leg: smallint('leg').notNull(),
    symbol: text('symbol').notNull(),
    volume: integer('volume').notNull(),
    client_order_id: text('client_order_id').notNull().unique(),
    ticket: bigint('ticket', { mode: 'number' }),
    state: text('state', {
      enum: [
        'pending',
        'placed',
        'partial',
        'filled',
        'canceled',
        'rejected',
        'expired',
        'unknown',
      ],
    })
      .notNull()
      .default('pending'),
    volume_filled: integer('volume_filled').notNull().default(0),
    price_avg: numeric('price_avg', { precision: 18, scale: 4 }),
    /** What the terminal charged for the leg's deals (MT5's DEAL_COMMISSION and DEAL_FEE), in R$, as costs ≥ 0. */
    commission: numeric('commission', { precision: 18, scale: 4 }).notNull().default('0'),
    fee: numeric('fee', { precision: 18, scale: 4 }).notNull().default('0'),
    retcode: integer('retcode'),
    retcode_desc: text('retcode_desc'),
    /** The broker's own words (B3's rejection text) and its return code, as the terminal passed them on. */
    broker_comment: text('broker_comment'),
    retcode_external: integer('retcode_external'),
    /** Why the leg's state is unknown (the terminal does not know its ticket, or answered for another order). */
    problema: text('problema'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.group_id, t.leg] })],
);
