import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
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
import { TIPOS_EVENTO } from '../../contract/eventos';

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

/**
 * Login attempts counted per account, per (account, address) and per address, in the database so that several
 * server instances share them; a growing delay, never a lock (docs/decisions/0004-sessions-and-login-throttle.md).
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  last_at: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  /** (account, address) keys: the last successful login from that address. */
  known_at: timestamp('known_at', { withTimezone: true }),
});

/** One row per issued token (its `jti`); a token whose row is gone no longer opens the API. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The user's name, which never changes (users are created and deleted, never renamed; deleting one deletes
     * its sessions): the session check on every request reads this one row, no join.
     */
    username: text('username').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    address: text('address'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id), index('sessions_expires_idx').on(t.expires_at)],
);

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

/**
 * Corporate events per stock (docs/decisions/0007-eventos-corporativos.md). Share events carry `fator` (new shares
 * per old share), cash events `valor_por_acao` (gross, in reais). An event is in force from `aplicado_em`: the
 * moment its data_ex had come and it was applied to prices and positions.
 */
export const eventosCorporativos = pgTable(
  'eventos_corporativos',
  {
    id: serial('id').primaryKey(),
    acao_id: integer('acao_id')
      .notNull()
      .references(() => acoes.id),
    tipo: text('tipo', { enum: TIPOS_EVENTO }).notNull(),
    data_ex: date('data_ex').notNull(),
    fator: numeric('fator', { precision: 20, scale: 10 }),
    valor_por_acao: numeric('valor_por_acao', { precision: 20, scale: 10 }),
    fonte: text('fonte', { enum: ['yahoo', 'manual'] }).notNull(),
    aplicado_em: timestamp('aplicado_em', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('eventos_corporativos_uq').on(t.acao_id, t.tipo, t.data_ex),
    index('eventos_corporativos_pendentes_idx')
      .on(t.data_ex)
      .where(sql`${t.aplicado_em} is null`),
    check(
      'eventos_corporativos_valores',
      sql`case when ${t.tipo} in ('dividendo', 'jcp')
        then ${t.valor_por_acao} >= 0 and ${t.fator} is null
        else ${t.fator} > 0 and ${t.valor_por_acao} is null end`,
    ),
  ],
);

/**
 * A share event applied to one operation: the values before and after, so that it is applied once and undone
 * exactly. `id` orders the applications of one operation.
 */
export const eventosAplicacoes = pgTable(
  'eventos_aplicacoes',
  {
    id: serial('id').primaryKey(),
    evento_id: integer('evento_id')
      .notNull()
      .references(() => eventosCorporativos.id, { onDelete: 'cascade' }),
    operacao_id: integer('operacao_id')
      .notNull()
      .references(() => operacoes.id, { onDelete: 'cascade' }),
    quantidade_antes: integer('quantidade_antes').notNull(),
    preco_antes: numeric('preco_antes', { precision: 18, scale: 4 }),
    alvo_antes: numeric('alvo_antes', { precision: 18, scale: 4 }),
    quantidade_depois: integer('quantidade_depois').notNull(),
    preco_depois: numeric('preco_depois', { precision: 18, scale: 4 }),
    alvo_depois: numeric('alvo_depois', { precision: 18, scale: 4 }),
    /** The fraction of a share floored away (e.g. 0.5 of 105 × 1.1). */
    fracao: numeric('fracao', { precision: 20, scale: 10 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('eventos_aplicacoes_uq').on(t.evento_id, t.operacao_id),
    index('eventos_aplicacoes_operacao_idx').on(t.operacao_id),
  ],
);

/** A cash event received by one operation: the shares held at the close before data_ex, to the cent. */
export const proventos = pgTable(
  'proventos',
  {
    evento_id: integer('evento_id')
      .notNull()
      .references(() => eventosCorporativos.id, { onDelete: 'cascade' }),
    operacao_id: integer('operacao_id')
      .notNull()
      .references(() => operacoes.id, { onDelete: 'cascade' }),
    quantidade: integer('quantidade').notNull(),
    valor_bruto: numeric('valor_bruto', { precision: 18, scale: 2 }).notNull(),
    valor_liquido: numeric('valor_liquido', { precision: 18, scale: 2 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.evento_id, t.operacao_id] }),
    index('proventos_operacao_idx').on(t.operacao_id),
  ],
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

export const importLotes = pgTable(
  'import_lotes',
  {
    id: serial('id').primaryKey(),
    tipo: text('tipo', { enum: ['patrimonio', 'custodia'] }).notNull(),
    data_referencia: date('data_referencia').notNull(),
    arquivo: text('arquivo').notNull(),
    /** The rows this import stored: the lote holds them until a later import of its sheet and date replaces it. */
    linhas: integer('linhas').notNull(),
    /** Whether this import replaced an earlier one's rows (force=true). */
    status: text('status', { enum: ['importado', 'sobrescrito'] }).notNull(),
    username: text('username').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The import that replaced this lote, and when: from then on the lote holds none of its rows. */
    substituido_por: integer('substituido_por').references((): AnyPgColumn => importLotes.id),
    substituido_em: timestamp('substituido_em', { withTimezone: true }),
  },
  // A sheet's rows for a date are held by one lote: the one nothing replaced.
  (t) => [
    uniqueIndex('import_lotes_vigente_uq')
      .on(t.tipo, t.data_referencia)
      .where(sql`${t.substituido_em} is null`),
  ],
);

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
