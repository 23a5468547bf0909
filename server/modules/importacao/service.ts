import type { ImportResultado, ImportTipo, ImportUploadResponse } from '../../../contract';
import { extensaoRecusada, hasImportExtension } from '../../../contract';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { conflict } from '../../lib/http-error';
import { printable } from './cells';
import type { TipoPlanilha } from './columns';
import { SHEETS } from './columns';
import { checkZipDirectory, ImportError, sniffContainer } from './file-check';
import type { ImportLimits } from './limits';
import type { ParsePool } from './parse-pool';
import type { ParsedPayload } from './parser';
import {
  countRows,
  deleteRows,
  insertLote,
  insertRows,
  lockDate,
  markReplaced,
  pointReplaced,
} from './repository';

export interface ImportRequest {
  username: string;
  fileName: string;
  buffer: Uint8Array;
  tipo: ImportTipo;
  dataReferencia: string;
  force: boolean;
}

const brDate = (iso: string) => iso.split('-').reverse().join('/');

/** Checks the bytes, parses them in the parsing process, then replaces or inserts the rows in one transaction. */
export async function importWorkbook(
  db: Db,
  pool: ParsePool,
  limits: ImportLimits,
  req: ImportRequest,
): Promise<ImportUploadResponse> {
  if (!hasImportExtension(req.fileName)) {
    throw new ImportError(400, extensaoRecusada(req.fileName));
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
  await lockDate(tx, req.dataReferencia);
  const existing = new Map<TipoPlanilha, number>();
  for (const tipo of present) {
    const n = await countRows(tx, tipo, req.dataReferencia);
    if (n > 0) existing.set(tipo, n);
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
    if (replaced > 0) await deleteRows(tx, tipo, req.dataReferencia);
    // The lotes that held this sheet and date (an empty one too) now hold nothing: the new lote holds the rows.
    // Marked before the insert, as the one-current-lote index wants; pointed at the new lote after it.
    const substituidos = await markReplaced(tx, tipo, req.dataReferencia);
    const status = replaced > 0 ? 'sobrescrito' : 'importado';
    const loteId = await insertLote(tx, {
      tipo,
      data_referencia: req.dataReferencia,
      arquivo: arquivo.slice(0, 255),
      linhas: sheet.linhas,
      status,
      username: req.username,
    });
    if (substituidos.length > 0) await pointReplaced(tx, substituidos, loteId);
    if (sheet.linhas > 0) await insertRows(tx, tipo, loteId, req.dataReferencia, sheet);
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
