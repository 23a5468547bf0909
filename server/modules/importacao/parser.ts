import * as XLSX from '@e965/xlsx';
import {
  cellText,
  cellValue,
  EXCEL_ERROR,
  forbiddenChar,
  isBlank,
  normalizeLabel,
  parseNumber,
  printable,
  roundDecimal,
  type CellValue,
} from './cells';
import {
  describeColumn,
  mapHeader,
  missingColumns,
  SHEETS,
  type Campo,
  type Mapa,
  type TipoPlanilha,
} from './columns';
import {
  CORRUPT,
  ImportError,
  isOutOfMemory,
  PROTECTED,
  rebuildZip,
  sniffContainer,
  tooMuchMemory,
} from './file-check';
import type { ImportLimits } from './limits';
import type { CustodiaRow, ParsedWorkbook, PatrimonioRow } from './payload';

// What the parser answers (its rows, and the payload a worker hands over) lives in payload.ts.
export { toPayload, type ParsedPayload, type SheetPayload } from './payload';

export interface ParseOptions extends Pick<
  ImportLimits,
  'maxRows' | 'headerScanRows' | 'maxZipEntries' | 'maxUncompressedBytes' | 'maxCompressionRatio'
> {
  tipos: TipoPlanilha[];
  /** A file with none of the requested sheets reads as nulls instead of a 400 (the caller combines several reads). */
  allowMissing?: boolean;
}

// numeric(18, s): at most 18 − s digits before the point.
const MAX_INTEGER_DIGITS = { 2: 16, 4: 14 } as const;
const MAX_TEXT = 200;

type Grid = (CellValue[] | undefined)[];

/**
 * Reads the requested types' sheets (dense) and returns their rows. The sheet names come first from the workbook's
 * index alone, so SheetJS then parses only the candidate sheets. A .xlsx reaches SheetJS only as the archive
 * rebuilt from what was inflated here, within the limits.
 */
export function parseWorkbook(buf: Uint8Array, opts: ParseOptions): ParsedWorkbook {
  // SheetJS reads a Buffer's bytes in place, where a plain Uint8Array is copied into arrays of numbers.
  const book =
    sniffContainer(buf) === 'zip'
      ? rebuildZip(buf, opts)
      : Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const abas = readWorkbook(book, { bookSheets: true }).SheetNames;
  const candidates = abas.filter((name) =>
    opts.tipos.some((tipo) => normalizeLabel(name).includes(SHEETS[tipo].marcador)),
  );
  const result: ParsedWorkbook = { abas };
  if (candidates.length === 0) {
    if (!opts.allowMissing) throw missingSheets(opts.tipos, abas);
    for (const tipo of opts.tipos) result[tipo] = null;
    return result;
  }
  // Every row is read: a cap on the rows read would cut a sheet whose blank and total rows push data past it.
  // What a sheet may cost is bounded by the inflated-size limit and the parsing process's memory and time.
  const workbook = readWorkbook(book, {
    sheets: candidates,
    dense: true,
    cellText: false,
    cellHTML: false,
    cellFormula: false,
    cellStyles: false,
    cellDates: true,
  });
  for (const tipo of opts.tipos) {
    const aba = findSheet(workbook, candidates, tipo);
    if (aba === null) {
      result[tipo] = null;
      continue;
    }
    const grid = toGrid(workbook.Sheets[aba]!);
    if (tipo === 'patrimonio') result.patrimonio = { aba, rows: readPatrimonio(aba, grid, opts) };
    else result.custodia = { aba, rows: readCustodia(aba, grid, opts) };
  }
  return result;
}

export function missingSheets(tipos: TipoPlanilha[], abas: string[]): ImportError {
  const wanted = tipos.map((t) => SHEETS[t].rotulo).join(' nem de ');
  return new ImportError(
    400,
    `O arquivo não tem aba de ${wanted} (abas encontradas: ${abas.join(', ') || 'nenhuma'}).`,
  );
}

function readWorkbook(buf: Buffer, options: XLSX.ParsingOptions): XLSX.WorkBook {
  try {
    return XLSX.read(buf, { type: 'buffer', ...options });
  } catch (err) {
    if (isOutOfMemory(err)) throw tooMuchMemory();
    const message = err instanceof Error ? err.message : String(err);
    if (/password|encrypt/i.test(message)) throw new ImportError(400, PROTECTED);
    throw new ImportError(400, CORRUPT);
  }
}

function findSheet(
  workbook: XLSX.WorkBook,
  candidates: string[],
  tipo: TipoPlanilha,
): string | null {
  const marcador = SHEETS[tipo].marcador;
  const hidden = new Set(
    (workbook.Workbook?.Sheets ?? []).filter((s) => s.Hidden).map((s) => s.name),
  );
  const matches = candidates.filter(
    (name) => normalizeLabel(name).includes(marcador) && workbook.Sheets[name],
  );
  return matches.find((name) => !hidden.has(name)) ?? matches[0] ?? null;
}

/** The sheet as rows of values, with every merged area filled with its top-left value. */
function toGrid(sheet: XLSX.WorkSheet): Grid {
  const data = sheet['!data'] ?? [];
  const grid: Grid = data.map((row) =>
    row ? Array.from(row, (cell) => cellValue(cell)) : undefined,
  );
  for (const merge of sheet['!merges'] ?? []) {
    const value = grid[merge.s.r]?.[merge.s.c] ?? null;
    if (value === null) continue;
    const lastRow = Math.min(merge.e.r, grid.length - 1);
    for (let r = merge.s.r; r <= lastRow; r++) {
      const row = (grid[r] ??= []);
      for (let c = merge.s.c; c <= merge.e.c; c++) row[c] = value;
    }
  }
  return grid;
}

interface Header {
  row: number;
  mapa: Mapa;
}

function findHeader(aba: string, tipo: TipoPlanilha, grid: Grid, scanRows: number): Header {
  let best: { mapa: Mapa; missing: ReturnType<typeof missingColumns> } | null = null;
  for (let r = 0; r < Math.min(scanRows, grid.length); r++) {
    const row = grid[r];
    if (!row) continue;
    const mapa = mapHeader(
      tipo,
      Array.from(row, (v) => (typeof v === 'string' ? v : '')),
    );
    const missing = missingColumns(tipo, mapa);
    if (missing.length === 0) return { row: r, mapa };
    if (Object.keys(mapa).length > 0 && (!best || missing.length < best.missing.length)) {
      best = { mapa, missing };
    }
  }
  const missing = best?.missing ?? missingColumns(tipo, {});
  throw new ImportError(
    400,
    `Aba '${aba}': coluna${missing.length > 1 ? 's' : ''} obrigatória${missing.length > 1 ? 's' : ''} ` +
      `não encontrada${missing.length > 1 ? 's' : ''} nas primeiras ${scanRows} linhas: ` +
      `${missing.map(describeColumn).join('; ')}.`,
  );
}

const TOTAL_ROW = /^(sub)?total\b/;

/**
 * Data rows after the header. Skipped: blank rows; rows without a client code (section titles, unlabelled totals);
 * rows whose code reads Total/Subtotal; rows with nothing but the code column filled (section titles there).
 */
function* dataRows(
  aba: string,
  grid: Grid,
  header: Header,
  maxRows: number,
): Generator<{ line: number; row: CellValue[]; codigo: string }> {
  const codigoCol = header.mapa.codigo!;
  const otherCols = Object.values(header.mapa).filter((c) => c !== codigoCol);
  let count = 0;
  for (let r = header.row + 1; r < grid.length; r++) {
    const row = grid[r];
    if (!row) continue;
    const codigo = cellText(row[codigoCol] ?? null);
    // Normalising every code would cost more than the rest of the row: only a code that may read Total is.
    if (!codigo || (/total/i.test(codigo) && TOTAL_ROW.test(normalizeLabel(codigo)))) continue;
    if (otherCols.every((c) => isBlank(row[c] ?? null))) continue;
    if (++count > maxRows) {
      throw new ImportError(400, `Aba '${aba}': passa do limite de ${maxRows} linhas de dados.`);
    }
    yield { line: r + 1, row, codigo: text(aba, r + 1, 'Código do cliente', codigo) };
  }
}

function text(aba: string, line: number, coluna: string, value: string): string {
  const forbidden = forbiddenChar(value);
  if (forbidden) {
    throw new ImportError(
      400,
      `Aba '${aba}', linha ${line}, coluna ${coluna}: a célula tem um caractere inválido (${forbidden}); apague-o e envie de novo.`,
    );
  }
  if (EXCEL_ERROR.test(value)) {
    throw new ImportError(
      400,
      `Aba '${aba}', linha ${line}, coluna ${coluna}: erro ${value} na célula.`,
    );
  }
  if (value.length > MAX_TEXT) {
    throw new ImportError(
      400,
      `Aba '${aba}', linha ${line}, coluna ${coluna}: texto longo demais (máximo ${MAX_TEXT} caracteres).`,
    );
  }
  return value;
}

function optionalText(aba: string, line: number, row: CellValue[], col: number | undefined) {
  if (col === undefined) return null;
  return text(aba, line, 'Nome', cellText(row[col] ?? null)) || null;
}

function number(
  aba: string,
  line: number,
  row: CellValue[],
  col: number,
  coluna: string,
  scale: 2 | 4,
  required: boolean,
): string | null {
  const raw = row[col] ?? null;
  const where = `Aba '${aba}', linha ${line}, coluna ${coluna}`;
  if (isBlank(raw)) {
    if (required) throw new ImportError(400, `${where}: valor vazio.`);
    return null;
  }
  const parsed = parseNumber(raw);
  if (parsed === null) {
    throw new ImportError(
      400,
      `${where}: '${printable(cellText(raw).slice(0, 40))}' não é um número.`,
    );
  }
  const rounded = roundDecimal(parsed, scale);
  if (rounded.replace(/^-/, '').indexOf('.') > MAX_INTEGER_DIGITS[scale]) {
    throw new ImportError(400, `${where}: número grande demais.`);
  }
  return rounded;
}

function readPatrimonio(aba: string, grid: Grid, opts: ParseOptions): PatrimonioRow[] {
  const header = findHeader(aba, 'patrimonio', grid, opts.headerScanRows);
  const col = header.mapa as Required<Pick<Mapa, 'codigo' | 'patrimonio'>> & Mapa;
  const seen = new Map<string, number>();
  const rows: PatrimonioRow[] = [];
  for (const { line, row, codigo } of dataRows(aba, grid, header, opts.maxRows)) {
    const first = seen.get(codigo);
    if (first !== undefined) {
      throw new ImportError(
        400,
        `Aba '${aba}', linha ${line}: o código ${codigo} já aparece na linha ${first}.`,
      );
    }
    seen.set(codigo, line);
    rows.push({
      codigo,
      nome: optionalText(aba, line, row, col.nome),
      patrimonio: number(aba, line, row, col.patrimonio, 'Patrimônio', 2, true)!,
    });
  }
  return rows;
}

function readCustodia(aba: string, grid: Grid, opts: ParseOptions): CustodiaRow[] {
  const header = findHeader(aba, 'custodia', grid, opts.headerScanRows);
  const col = header.mapa as Required<Pick<Mapa, 'codigo' | 'ativo' | 'quantidade'>> & Mapa;
  const optional = (row: CellValue[], line: number, campo: Campo, rotulo: string, scale: 2 | 4) => {
    const c = col[campo];
    return c === undefined ? null : number(aba, line, row, c, rotulo, scale, false);
  };
  const rows: CustodiaRow[] = [];
  for (const { line, row, codigo } of dataRows(aba, grid, header, opts.maxRows)) {
    const ativo = cellText(row[col.ativo] ?? null).toUpperCase();
    if (!ativo)
      throw new ImportError(400, `Aba '${aba}', linha ${line}, coluna Ativo: valor vazio.`);
    rows.push({
      codigo,
      ativo: text(aba, line, 'Ativo', ativo),
      quantidade: number(aba, line, row, col.quantidade, 'Quantidade', 4, true)!,
      preco_medio: optional(row, line, 'preco_medio', 'Preço médio', 4),
      valor: optional(row, line, 'valor', 'Valor', 2),
    });
  }
  return rows;
}
