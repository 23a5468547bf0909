import { sql } from 'drizzle-orm';
import { check, date, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// The benchmarks a portfolio's return is compared with (issue 30; docs/rentabilidade.md).

/**
 * The CDI, one row per business day: the Banco Central's SGS series 12 (`bcb`), or the rate estimated from the Selic
 * targets (`selic`, shared/rentabilidade/cdi-selic.ts) that the offline demo is seeded with. A refresh from the
 * Banco Central replaces an estimated day.
 */
export const cdiDiario = pgTable(
  'cdi_diario',
  {
    data: date('data').primaryKey(),
    /** Percent a day, as SGS 12 publishes it (0.055131 is 0.055131 % a day). */
    taxa: numeric('taxa', { precision: 14, scale: 8 }).notNull(),
    fonte: text('fonte', { enum: ['bcb', 'selic'] }).notNull(),
    atualizado_em: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cdi_diario_taxa', sql`${t.taxa} > -100`),
    check('cdi_diario_fonte', sql`${t.fonte} in ('bcb', 'selic')`),
  ],
);

/** A market index's daily closes, stored like prices: the Ibovespa (`^BVSP`) from Yahoo. */
export const indicesDiarios = pgTable(
  'indices_diarios',
  {
    indice: text('indice').notNull(),
    data: date('data').notNull(),
    fechamento: numeric('fechamento', { precision: 18, scale: 4 }).notNull(),
    fonte: text('fonte', { enum: ['yahoo'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.indice, t.data] }),
    check('indices_diarios_fechamento', sql`${t.fechamento} > 0`),
  ],
);

/**
 * Each benchmark's last refresh: when it was tried, when it last worked and why it failed (null: it worked). Every
 * instance reads it, so that the endpoints say a failed refresh whichever instance ran it.
 */
export const referenciasAtualizacoes = pgTable('referencias_atualizacoes', {
  referencia: text('referencia', { enum: ['cdi', 'ibov'] }).primaryKey(),
  tentativa_em: timestamp('tentativa_em', { withTimezone: true }).notNull(),
  sucesso_em: timestamp('sucesso_em', { withTimezone: true }),
  erro: text('erro'),
});
