import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TIPOS_ALERTA } from '../../../contract/alertas';
import { users } from './auth';
import { acoes, clientes, operacoes } from './carteira';
import { eventosCorporativos } from './eventos';
import { orderGroups } from './ordens';

// Alerts (issue 31): the users' price rules, the alerts the checks fire, each user's notifications and choices.

const instante = (name: string) => timestamp(name, { withTimezone: true });

/** A user's price rule: tell me when the ticker goes above (or below) the level; once, until armed again by hand. */
export const alertaRegras = pgTable(
  'alerta_regras',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acao_id: integer('acao_id')
      .notNull()
      .references(() => acoes.id),
    direcao: text('direcao', { enum: ['acima', 'abaixo'] }).notNull(),
    nivel: numeric('nivel', { precision: 18, scale: 4 }).notNull(),
    /**
     * How many times it was armed again by hand: the episode of its next firing. It is armed while no alert of
     * that episode exists (a rule fires once per episode).
     */
    rearmes: integer('rearmes').notNull().default(0),
    created_at: instante('created_at').notNull().defaultNow(),
  },
  // A duplicate rule (same user, stock, direction and level) is a 409.
  (t) => [uniqueIndex('alerta_regras_uq').on(t.user_id, t.acao_id, t.direcao, t.nivel)],
);

/**
 * An alert: one episode of a condition on one subject. (tipo, chave, episodio) is unique, so that each firing is
 * recorded once whatever the number of instances checking at once; every change of state is a compare-and-set on
 * the state read, and only the writer that won it makes the notifications.
 */
export const alertas = pgTable(
  'alertas',
  {
    id: serial('id').primaryKey(),
    tipo: text('tipo', { enum: TIPOS_ALERTA }).notNull(),
    /** The subject: 'operacao:12', 'cliente:3', 'perna:<group>:1', 'evento:5', 'regra:9', 'divergencia:3:PETR4:…'. */
    chave: text('chave').notNull(),
    /** Which occurrence: a number for conditions that come back (re-armed, a new outage), a moment for data_ex. */
    episodio: text('episodio').notNull(),
    estado: text('estado', { enum: ['pendente', 'disparado', 'resolvido'] }).notNull(),
    cliente_id: integer('cliente_id').references(() => clientes.id, { onDelete: 'set null' }),
    operacao_id: integer('operacao_id').references(() => operacoes.id, { onDelete: 'set null' }),
    order_group_id: uuid('order_group_id').references(() => orderGroups.id, {
      onDelete: 'set null',
    }),
    evento_id: integer('evento_id').references(() => eventosCorporativos.id, {
      onDelete: 'set null',
    }),
    regra_id: integer('regra_id').references(() => alertaRegras.id, { onDelete: 'set null' }),
    /** A preco alert is its rule's owner's only; null: everyone's. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ticker: text('ticker'),
    nivel: numeric('nivel', { precision: 18, scale: 4 }),
    cotacao: numeric('cotacao', { precision: 18, scale: 4 }),
    titulo: text('titulo').notNull(),
    /** When the condition was first seen (the minimum time counts from here). */
    desde: instante('desde').notNull(),
    disparado_em: instante('disparado_em'),
    resolvido_em: instante('resolvido_em'),
    /** How many notification rounds it made, and when the last one was (repeats count from it). */
    avisos: integer('avisos').notNull().default(0),
    ultimo_aviso_em: instante('ultimo_aviso_em'),
    reconhecido: boolean('reconhecido').notNull().default(false),
    reconhecido_por: text('reconhecido_por'),
    reconhecido_em: instante('reconhecido_em'),
    /** Snoozed: nothing is sent until then; still firing then, it notifies once. */
    adiado_ate: instante('adiado_ate'),
    created_at: instante('created_at').notNull(),
    updated_at: instante('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('alertas_episodio_uq').on(t.tipo, t.chave, t.episodio),
    index('alertas_abertos_idx')
      .on(t.tipo, t.chave)
      .where(sql`${t.estado} <> 'resolvido'`),
    index('alertas_operacao_idx').on(t.operacao_id),
    index('alertas_ordem_idx').on(t.order_group_id),
    index('alertas_evento_idx').on(t.evento_id),
    index('alertas_regra_idx').on(t.regra_id),
    index('alertas_cliente_idx').on(t.cliente_id),
  ],
);

/** One alert's notice to one user: read or not, and its e-mail when the user chose e-mail for the type. */
export const notificacoes = pgTable(
  'notificacoes',
  {
    id: serial('id').primaryKey(),
    alerta_id: integer('alerta_id')
      .notNull()
      .references(() => alertas.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: TIPOS_ALERTA }).notNull(),
    /** The alert's notification round it belongs to: one per user and round, whoever writes it. */
    aviso: integer('aviso').notNull(),
    motivo: text('motivo', {
      enum: ['disparo', 'repeticao', 'fim_adiamento', 'resolvido'],
    }).notNull(),
    titulo: text('titulo').notNull(),
    lida: boolean('lida').notNull().default(false),
    email: text('email', { enum: ['pendente', 'enviado', 'falhou'] }),
    email_tentativas: integer('email_tentativas').notNull().default(0),
    /** When it may be tried (again): after a failure's backoff, or the user's minute for this type. */
    email_proxima: instante('email_proxima'),
    email_enviado_em: instante('email_enviado_em'),
    email_erro: text('email_erro'),
    created_at: instante('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('notificacoes_aviso_uq').on(t.alerta_id, t.user_id, t.aviso),
    index('notificacoes_usuario_idx').on(t.user_id, t.id),
    index('notificacoes_nao_lidas_idx')
      .on(t.user_id)
      .where(sql`not ${t.lida}`),
    index('notificacoes_email_idx')
      .on(t.email_proxima)
      .where(sql`${t.email} = 'pendente'`),
    index('notificacoes_enviadas_idx')
      .on(t.user_id, t.tipo, t.email_enviado_em)
      .where(sql`${t.email_enviado_em} is not null`),
  ],
);

/** A user's channel for a type; a type without a row takes the default (contract/alertas.ts CANAIS_PADRAO). */
export const alertaPreferencias = pgTable(
  'alerta_preferencias',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: TIPOS_ALERTA }).notNull(),
    canal: text('canal', { enum: ['app', 'app_email'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.tipo] })],
);
