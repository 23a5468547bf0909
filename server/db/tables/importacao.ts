import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The broker's imported workbooks: lotes, patrimony and custody (decision 0003).

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
