import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ImportResultado, ImportTipo, ImportUploadResponse } from '../../../contract';
import { hasImportExtension } from '../../../contract';
import type { Db, Tx } from '../../db/client';
import { custodias, importLotes, patrimonios } from '../../db/schema';
import { audit } from '../../lib/audit';
import { conflict } from '../../lib/http-error';
import { printable } from './cells';
import type { TipoPlanilha } from './columns';
import { SHEETS } from './columns';
import { checkZipDirectory, ImportError, sniffContainer } from './file-check';
import type { ImportLimits } from './limits';
import type { ParsePool } from './parse-pool';
import type { ParsedPayload, SheetPayload } from './parser';

export interface ImportRequest {
  username: string;
  fileName: string;
  buffer: Uint8Array;
  tipo: ImportTipo;
  dataReferencia: string;
  force: boolean;
}

const TABLES = { patrimonio: patrimonios, custodia: custodias } as const;

const brDate = (iso: string) => iso.split('-').reverse().join('/');

/** Checks the bytes, parses them in the parsing process, then replaces or inserts the rows in one transaction. */
export async function importWorkbook(
  db: Db,
  pool: ParsePool,
  limits: ImportLimits,
  req: ImportRequest,
): Promise<ImportUploadResponse> {
  if (!hasImportExtension(req.fileName)) {
    throw new ImportError(
      400,
      `Envie um arquivo .xlsx ou .xls (recebido: ${req.fileName.slice(0, 100) || 'sem nome'}).`,
    );
  }
  if (req.buffer.length === 0) throw new ImportError(400, 'O arquivo enviado está vazio.');
  if (sniffContainer(req.buffer) === 'zip') checkZipDirectory(req.buffer, limits);

  const tipos: TipoPlanilha[] = req.tipo === 'auto' ? ['patrimonio', 'custodia'] : [req.tipo];
  const parsed = await pool.parse(req.buffer, {
    tipos,
    maxRows: limits.maxRows,
    headerScanRows: limits.headerScanRows,
    maxZipEntries: limits.maxZipEntries,
    maxUncompressedBytes: limits.maxUncompressedBytes,
    maxCompressionRatio: limits.maxCompressionRatio,
  });
  const results = await db.transaction((tx) => store(tx, tipos, parsed, req));
  if (req.tipo !== 'auto') return results[req.tipo]!;
  return {
    resumo: {
      patrimonio: results.patrimonio ?? { linhas: 0, status: 'ausente' },
      custodia: results.custodia ?? { linhas: 0, status: 'ausente' },
    },
  };
}

async function store(
  tx: Tx,
  tipos: TipoPlanilha[],
  parsed: ParsedPayload,
  req: ImportRequest,
): Promise<Partial<Record<TipoPlanilha, ImportResultado>>> {
  const present = tipos.filter((t) => parsed[t]);
  // Two uploads for the same date wait for each other, so the conflict check below holds until commit.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`importacao:${req.dataReferencia}`}))`,
  );
  const existing = new Map<TipoPlanilha, number>();
  for (const tipo of present) {
    const table = TABLES[tipo];
    const [row] = await tx
      .select({ n: count() })
      .from(table)
      .where(eq(table.data_referencia, req.dataReferencia));
    if (row && row.n > 0) existing.set(tipo, row.n);
  }
  if (existing.size > 0 && !req.force) {
    const which = [...existing.keys()].map((t) => SHEETS[t].rotulo).join(' e ');
    throw conflict(
      `Já existem dados de ${which} para ${brDate(req.dataReferencia)}. Confirme para sobrescrever.`,
    );
  }

  // Labels only, shown and audited: a character the database refuses is replaced, not a reason to refuse the file.
  const arquivo = printable(req.fileName);
  const results: Partial<Record<TipoPlanilha, ImportResultado>> = {};
  for (const tipo of present) {
    const sheet = parsed[tipo]!;
    const replaced = existing.get(tipo) ?? 0;
    if (replaced > 0) {
      await tx.delete(TABLES[tipo]).where(eq(TABLES[tipo].data_referencia, req.dataReferencia));
    }
    // The lotes that held this sheet and date (an empty one too) now hold nothing: the new lote holds the rows.
    // Marked before the insert, as the one-current-lote index wants; pointed at the new lote after it.
    const previous = await tx
      .update(importLotes)
      .set({ substituido_em: sql`now()` })
      .where(
        and(
          eq(importLotes.tipo, tipo),
          eq(importLotes.data_referencia, req.dataReferencia),
          isNull(importLotes.substituido_em),
        ),
      )
      .returning({ id: importLotes.id });
    const status = replaced > 0 ? 'sobrescrito' : 'importado';
    const [lote] = await tx
      .insert(importLotes)
      .values({
        tipo,
        data_referencia: req.dataReferencia,
        arquivo: arquivo.slice(0, 255),
        linhas: sheet.linhas,
        status,
        username: req.username,
      })
      .returning({ id: importLotes.id });
    const loteId = lote!.id;
    const substituidos = previous.map((l) => l.id);
    if (substituidos.length > 0) {
      await tx
        .update(importLotes)
        .set({ substituido_por: loteId })
        .where(inArray(importLotes.id, substituidos));
    }
    if (sheet.linhas > 0) {
      const insert = tipo === 'patrimonio' ? insertPatrimonio : insertCustodia;
      await withoutRowTriggers(tx, () => insert(tx, loteId, req.dataReferencia, sheet));
    }
    await audit(tx, {
      username: req.username,
      action: replaced > 0 ? 'sobrescrever' : 'importar',
      entity: tipo,
      entityId: loteId,
      before:
        substituidos.length > 0
          ? { data_referencia: req.dataReferencia, linhas: replaced, lotes: substituidos }
          : null,
      after: {
        lote_id: loteId,
        data_referencia: req.dataReferencia,
        arquivo,
        aba: printable(sheet.aba),
        linhas: sheet.linhas,
      },
    });
    results[tipo] = { linhas: sheet.linhas, status };
  }
  return results;
}

/**
 * Every row's only trigger is the foreign-key check on lote_id, which PostgreSQL runs row by row: half the time of
 * a big insert on the embedded database. The lote was inserted just above in this very transaction, so the check
 * cannot fail; where the role may (a superuser, as PGlite's always is), replica mode skips it for this one
 * statement. Elsewhere the check runs as usual.
 */
async function withoutRowTriggers(tx: Tx, insert: () => Promise<void>) {
  const mode = (value: string) =>
    tx.execute(
      sql`select set_config('session_replication_role', ${value}, true) where current_setting('is_superuser') = 'on'`,
    );
  await mode('replica');
  await insert();
  await mode('origin');
}

// One statement per sheet: the rows travel as one JSON parameter, which both drivers pass through untouched and
// PostgreSQL expands far faster than thousands of bound parameters.
async function insertPatrimonio(tx: Tx, loteId: number, data: string, sheet: SheetPayload) {
  await tx.execute(sql`
    insert into ${patrimonios} (lote_id, data_referencia, codigo, nome, patrimonio)
    select ${loteId}, ${data}::date, r.codigo, r.nome, r.patrimonio::numeric
    from json_to_recordset(${sheet.json}::json)
      as r(codigo text, nome text, patrimonio text)`);
}

async function insertCustodia(tx: Tx, loteId: number, data: string, sheet: SheetPayload) {
  await tx.execute(sql`
    insert into ${custodias} (lote_id, data_referencia, codigo, ativo, quantidade, preco_medio, valor)
    select ${loteId}, ${data}::date, r.codigo, r.ativo, r.quantidade::numeric,
      r.preco_medio::numeric, r.valor::numeric
    from json_to_recordset(${sheet.json}::json)
      as r(codigo text, ativo text, quantidade text, preco_medio text, valor text)`);
}
