import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CLASSES_ATIVO } from '../../../contract/acoes';
import { timestamps } from './common';

// Clients, stocks, their operations and daily prices.

export const clientes = pgTable(
  'clientes',
  {
    id: serial('id').primaryKey(),
    nome: text('nome'),
    email: text('email'),
    documento: text('documento'),
    telefone: text('telefone'),
    codigo_xp: text('codigo_xp'),
    percentual_patrimonio: numeric('percentual_patrimonio', { precision: 5, scale: 2 })
      .notNull()
      .default('0'),
    vm: text('vm'),
    vm_ip: text('vm_ip'),
    vm_private_ip: text('vm_private_ip'),
    /** The client's own MT5 agent token, sealed with MT5_TOKEN_KEY (server/lib/mt5-agent/access.ts). */
    mt5_token: text('mt5_token'),
    ...timestamps,
  },
  (t) => [index('clientes_codigo_xp_idx').on(t.codigo_xp)],
);

export const acoes = pgTable(
  'acoes',
  {
    id: serial('id').primaryKey(),
    ticker: text('ticker').notNull().unique(),
    empresa: text('empresa'),
    setor: text('setor'),
    /** Its class for the income tax (issue 29): each class has its own rate and exemption. */
    classe: text('classe', { enum: CLASSES_ATIVO }).notNull().default('acao'),
  },
  (t) => [check('acoes_classe', sql`${t.classe} in ('acao', 'unit', 'etf', 'fii', 'bdr')`)],
);

export const operacoes = pgTable(
  'operacoes',
  {
    id: serial('id').primaryKey(),
    cliente_id: integer('cliente_id')
      .notNull()
      .references(() => clientes.id),
    acao_id: integer('acao_id')
      .notNull()
      .references(() => acoes.id),
    data_compra: date('data_compra'),
    preco_unitario: numeric('preco_unitario', { precision: 18, scale: 4 }),
    quantidade: integer('quantidade'),
    data_venda: date('data_venda'),
    preco_venda_unitario: numeric('preco_venda_unitario', { precision: 18, scale: 4 }),
    valor_alvo: numeric('valor_alvo', { precision: 18, scale: 4 }),
    /** The stop (issue 31): an alert when the quote reaches or falls below it. */
    valor_stop: numeric('valor_stop', { precision: 18, scale: 4 }),
    /**
     * Brokerage plus B3 fees, in R$ (issue 29): they enter the average cost and reduce the sale's value for the
     * income tax. A partial sale splits custos_compra in proportion to the quantities (shared/ir splitCustos).
     */
    custos_compra: numeric('custos_compra', { precision: 18, scale: 2 }).notNull().default('0'),
    custos_venda: numeric('custos_venda', { precision: 18, scale: 2 }).notNull().default('0'),
    origem: text('origem', { enum: ['manual', 'mt5'] })
      .notNull()
      .default('manual'),
    order_group_id: uuid('order_group_id'),
    ...timestamps,
  },
  (t) => [
    index('operacoes_cliente_idx').on(t.cliente_id),
    index('operacoes_abertas_idx')
      .on(t.cliente_id)
      .where(sql`${t.data_venda} is null`),
    // A buy group creates at most one operation, whatever races happen.
    uniqueIndex('operacoes_order_group_uq').on(t.order_group_id),
  ],
);

export const precosDiarios = pgTable(
  'precos_diarios',
  {
    acao_id: integer('acao_id')
      .notNull()
      .references(() => acoes.id),
    data: date('data').notNull(),
    abertura: numeric('abertura', { precision: 18, scale: 4 }).notNull(),
    maxima: numeric('maxima', { precision: 18, scale: 4 }).notNull(),
    minima: numeric('minima', { precision: 18, scale: 4 }).notNull(),
    fechamento: numeric('fechamento', { precision: 18, scale: 4 }).notNull(),
    volume: bigint('volume', { mode: 'number' }).notNull(),
    /**
     * Where the bar came from. COTAHIST bars are prices as traded; Yahoo's and the bundled history's arrive
     * adjusted for the share events before they were fetched; 'legado': stored before sources were recorded.
     */
    fonte: text('fonte', { enum: ['cotahist', 'yahoo', 'demo', 'legado'] })
      .notNull()
      .default('cotahist'),
    /**
     * The source had already applied the share events up to this date (null: prices as traded). The adjusted
     * series divides a bar only by the events after both its date and this one (server/lib/precos/ajuste.ts).
     */
    ajustado_ate: date('ajustado_ate'),
  },
  (t) => [primaryKey({ columns: [t.acao_id, t.data] })],
);
