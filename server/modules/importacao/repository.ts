import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { run } from '../../db/query';
import { custodias, importLotes, patrimonios } from '../../db/schema';
import type { TipoPlanilha } from './columns';
import type { SheetPayload } from './parser';

const TABLES = { patrimonio: patrimonios, custodia: custodias } as const;

/** Holds the date until the transaction ends: two uploads for one date wait for each other. */
export async function lockDate(tx: Tx, data: string): Promise<void> {
  await run(tx, sql`select pg_advisory_xact_lock(hashtext(${`importacao:${data}`}))`);
}

export async function countRows(db: Db | Tx, tipo: TipoPlanilha, data: string): Promise<number> {
  const table = TABLES[tipo];
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.data_referencia, data));
  return row?.n ?? 0;
}

export async function deleteRows(tx: Tx, tipo: TipoPlanilha, data: string): Promise<void> {
  await tx.delete(TABLES[tipo]).where(eq(TABLES[tipo].data_referencia, data));
}

/** Marks the current lotes of a sheet and date replaced; answers their ids. */
export async function markReplaced(tx: Tx, tipo: TipoPlanilha, data: string): Promise<number[]> {
  const rows = await tx
    .update(importLotes)
    .set({ substituido_em: sql`now()` })
    .where(
      and(
        eq(importLotes.tipo, tipo),
        eq(importLotes.data_referencia, data),
        isNull(importLotes.substituido_em),
      ),
    )
    .returning({ id: importLotes.id });
  return rows.map((r) => r.id);
}

export async function insertLote(tx: Tx, values: typeof importLotes.$inferInsert): Promise<number> {
  const [lote] = await tx.insert(importLotes).values(values).returning({ id: importLotes.id });
  return lote!.id;
}

export async function pointReplaced(tx: Tx, ids: number[], loteId: number): Promise<void> {
  await tx.update(importLotes).set({ substituido_por: loteId }).where(inArray(importLotes.id, ids));
}

/** A sheet's rows into its table, under the lote just inserted. */
export function insertRows(
  tx: Tx,
  tipo: TipoPlanilha,
  loteId: number,
  data: string,
  sheet: SheetPayload,
): Promise<void> {
  const insert = tipo === 'patrimonio' ? insertPatrimonio : insertCustodia;
  return withoutRowTriggers(tx, () => insert(tx, loteId, data, sheet));
}

/**
 * Every row's only trigger is the foreign-key check on lote_id, which PostgreSQL runs row by row: half the time of
 * a big insert on the embedded database. The lote was inserted just above in this very transaction, so the check
 * cannot fail; where the role may (a superuser, as PGlite's always is), replica mode skips it for this one
 * statement. Elsewhere the check runs as usual.
 */
async function withoutRowTriggers(tx: Tx, insert: () => Promise<void>) {
  const mode = (value: string) =>
    run(
      tx,
      sql`select set_config('session_replication_role', ${value}, true) where current_setting('is_superuser') = 'on'`,
    );
  await mode('replica');
  await insert();
  await mode('origin');
}

// One statement per sheet: the rows travel as one JSON parameter, which both drivers pass through untouched and
// PostgreSQL expands far faster than thousands of bound parameters.
async function insertPatrimonio(tx: Tx, loteId: number, data: string, sheet: SheetPayload) {
  await run(
    tx,
    sql`
    insert into ${patrimonios} (lote_id, data_referencia, codigo, nome, patrimonio)
    select ${loteId}, ${data}::date, r.codigo, r.nome, r.patrimonio::numeric
    from json_to_recordset(${sheet.json}::json)
      as r(codigo text, nome text, patrimonio text)`,
  );
}

async function insertCustodia(tx: Tx, loteId: number, data: string, sheet: SheetPayload) {
  await run(
    tx,
    sql`
    insert into ${custodias} (lote_id, data_referencia, codigo, ativo, quantidade, preco_medio, valor)
    select ${loteId}, ${data}::date, r.codigo, r.ativo, r.quantidade::numeric,
      r.preco_medio::numeric, r.valor::numeric
    from json_to_recordset(${sheet.json}::json)
      as r(codigo text, ativo text, quantidade text, preco_medio text, valor text)`,
  );
}
