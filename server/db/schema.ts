import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  password_hash: text('password_hash').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  last_login_at: timestamp('last_login_at', { withTimezone: true }),
});

/** Failed-login counters, in the database so that several server instances share them. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  window_start: timestamp('window_start', { withTimezone: true }).notNull(),
  blocked_until: timestamp('blocked_until', { withTimezone: true }),
});

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
    ...timestamps,
  },
  (t) => [index('clientes_codigo_xp_idx').on(t.codigo_xp)],
);

export const acoes = pgTable('acoes', {
  id: serial('id').primaryKey(),
  ticker: text('ticker').notNull().unique(),
  empresa: text('empresa'),
  setor: text('setor'),
});

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
  },
  (t) => [primaryKey({ columns: [t.acao_id, t.data] })],
);

export const recomendacoes = pgTable(
  'recomendacoes',
  {
    data: date('data').notNull(),
    acao_id: integer('acao_id')
      .notNull()
      .references(() => acoes.id),
    preco_compra: numeric('preco_compra', { precision: 18, scale: 4 }).notNull(),
    alvo_sugerido: numeric('alvo_sugerido', { precision: 18, scale: 4 }).notNull(),
    percentual_estimado: numeric('percentual_estimado').notNull(),
    probabilidade: numeric('probabilidade').notNull(),
    vezes_atingiu_alvo_1m: integer('vezes_atingiu_alvo_1m').notNull(),
    cruza_medias: boolean('cruza_medias').notNull(),
    obv_cres: boolean('obv_cres').notNull(),
    vol_acima_media: boolean('vol_acima_media').notNull(),
    wma602: boolean('wma602').notNull(),
    min: numeric('min', { precision: 18, scale: 4 }).notNull(),
    max: numeric('max', { precision: 18, scale: 4 }).notNull(),
    amplitude: numeric('amplitude').notNull(),
    amp_axf: numeric('amp_axf').notNull(),
    amp_mxxmn: numeric('amp_mxxmn').notNull(),
    a_x_f: numeric('a_x_f').notNull(),
    alvo: numeric('alvo').notNull(),
    alta: smallint('alta').notNull(),
    baixa: smallint('baixa').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.data, t.acao_id] })],
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
    state: text('state', { enum: ['pending', 'sent', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    erro: text('erro'),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    created_by: text('created_by').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('order_groups_idem_uq').on(t.cliente_id, t.idempotency_key),
    // One sell in flight per operation.
    uniqueIndex('order_groups_sell_in_flight_uq')
      .on(t.operacao_id)
      .where(sql`${t.lado} = 'venda' and ${t.state} in ('pending', 'sent')`),
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
    retcode: integer('retcode'),
    retcode_desc: text('retcode_desc'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.group_id, t.leg] })],
);

export const importLotes = pgTable('import_lotes', {
  id: serial('id').primaryKey(),
  tipo: text('tipo', { enum: ['patrimonio', 'custodia'] }).notNull(),
  data_referencia: date('data_referencia').notNull(),
  arquivo: text('arquivo').notNull(),
  linhas: integer('linhas').notNull(),
  status: text('status', { enum: ['importado', 'sobrescrito'] }).notNull(),
  username: text('username').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const patrimonios = pgTable(
  'patrimonios',
  {
    id: serial('id').primaryKey(),
    lote_id: integer('lote_id')
      .notNull()
      .references(() => importLotes.id),
    data_referencia: date('data_referencia').notNull(),
    codigo: text('codigo').notNull(),
    nome: text('nome'),
    patrimonio: numeric('patrimonio', { precision: 18, scale: 2 }).notNull(),
  },
  // By date: the import's conflict check and its replacement of a date's rows.
  (t) => [
    index('patrimonios_codigo_data_idx').on(t.codigo, t.data_referencia),
    index('patrimonios_data_idx').on(t.data_referencia),
  ],
);

export const custodias = pgTable(
  'custodias',
  {
    id: serial('id').primaryKey(),
    lote_id: integer('lote_id')
      .notNull()
      .references(() => importLotes.id),
    data_referencia: date('data_referencia').notNull(),
    codigo: text('codigo').notNull(),
    ativo: text('ativo').notNull(),
    quantidade: numeric('quantidade', { precision: 18, scale: 4 }).notNull(),
    preco_medio: numeric('preco_medio', { precision: 18, scale: 4 }),
    valor: numeric('valor', { precision: 18, scale: 2 }),
  },
  (t) => [
    index('custodias_codigo_data_idx').on(t.codigo, t.data_referencia),
    index('custodias_data_idx').on(t.data_referencia),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    username: text('username').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entity_id)],
);

/**
 * Data versions for the answer caches (server/lib/cache.ts): a statement-level trigger on each source table
 * (migration cache_versions) adds a row in the writer's transaction, so every committed write anywhere (this
 * instance, another one on the same PostgreSQL, the command line, plain SQL) is seen at once. Only inserts: no
 * writer ever waits for another on it. A source's version is the sum of its `changes`; rows are folded now
 * and then into one per source, which keeps the sums.
 */
export const cacheVersions = pgTable('cache_versions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  source: text('source').notNull(),
  changes: bigint('changes', { mode: 'number' }).notNull().default(1),
});
