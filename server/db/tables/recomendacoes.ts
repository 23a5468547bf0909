import {
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
} from 'drizzle-orm/pg-core';
import { acoes } from './carteira';

// The daily recommendations (docs/recomendacoes.md).

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
