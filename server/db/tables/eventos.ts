import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { TIPOS_EVENTO } from '../../../contract/eventos';
import { timestamps } from './common';
import { acoes, operacoes } from './carteira';

// Corporate events and what they did to operations (decision 0007).

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
    /**
     * A bonus's cost per new share, as the company declares it (issue 29): the new shares enter the average cost
     * at that value. Null: none declared (zero).
     */
    custo_atribuido: numeric('custo_atribuido', { precision: 20, scale: 10 }),
    /** When a cash event is paid or credited (issue 29): it sets JCP's withholding rate. Null: on data_ex. */
    data_pagamento: date('data_pagamento'),
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
    check(
      'eventos_corporativos_custo_pagamento',
      sql`(${t.custo_atribuido} is null or (${t.tipo} = 'bonificacao' and ${t.custo_atribuido} >= 0))
        and (${t.data_pagamento} is null or ${t.tipo} in ('dividendo', 'jcp'))`,
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
    stop_antes: numeric('stop_antes', { precision: 18, scale: 4 }),
    stop_depois: numeric('stop_depois', { precision: 18, scale: 4 }),
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
