import type * as SheetJS from '@e965/xlsx';
import { Decimal } from '../../shared/decimal';
import { formatDateTime } from '../../shared/format';
import { congelarCabecalho, type Zip } from './xlsx-congelado';

/**
 * A grid as a spreadsheet: what it shows (its rows in their order, every column), as XLSX with real numbers and
 * dates under pt-BR formats, or as CSV the way a Brazilian Excel opens it. Pure: the spreadsheet library is passed
 * in by the caller, who loads it only when someone exports.
 */

/** How a column's values go into a spreadsheet. */
export type Formato =
  | 'texto'
  | 'inteiro'
  | 'decimal'
  | 'dinheiro'
  /** A value in percent units (12.35 is 12,35 %). */
  | 'percentual'
  /** yyyy-mm-dd. */
  | 'data'
  /** An instant (ISO 8601), shown in São Paulo's time as the screens show it. */
  | 'dataHora'
  | 'simNao';

export interface ColunaPlanilha {
  titulo: string;
  formato: Formato;
  /** Every decimal place the value has (at least 2), for prices per share and factors. */
  exato?: boolean;
}

export interface Planilha {
  /** The sheet's name (at most 31 characters in Excel). */
  titulo: string;
  colunas: ColunaPlanilha[];
  linhas: unknown[][];
}

/** 'Ana Beatriz Conceição' → 'ana-beatriz-conceicao'. */
export function slug(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** What a file name says of its grid: what it is, where, the filters applied, whose. */
export interface NomeDoArquivo {
  /** What the grid is ('Posicionadas'). */
  nome: string;
  /** Where, when the same grid is on two screens ('painel'). */
  onde?: string | undefined;
  /** The filters applied, each named ('cliente' → 'Ana Beatriz'); an empty value is no filter. */
  filtros?: Readonly<Record<string, string>> | undefined;
  /** Whose it is (the client's name). */
  de?: string | undefined;
}

const horaDeSaoPaulo = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** São Paulo's day and time of an instant, as a file name writes them: '2026-11-23-153012'. */
export function carimbo(instante: Date): string {
  const p = Object.fromEntries(
    horaDeSaoPaulo.formatToParts(instante).map((parte) => [parte.type, parte.value]),
  );
  return `${p.year}-${p.month}-${p.day}-${p.hour}${p.minute}${p.second}`;
}

/**
 * `<what>-<where>-<filter>-<value>…-<whose>-<yyyy-mm-dd>-<hhmmss>.<ext>`: a name that says which grid and which
 * filters (the panel's 'posicionadas-painel-cliente-ana…' is not the portfolio's 'posicionadas-ana…'), and the time
 * São Paulo's clock said, so that two exports of a day never overwrite each other (issue 34, rough edge 15).
 */
export function nomeDoArquivo(
  { nome, onde, filtros, de }: NomeDoArquivo,
  instante: Date,
  extensao: 'xlsx' | 'csv',
): string {
  const filtrosDitos = Object.entries(filtros ?? {}).flatMap(([rotulo, valor]) =>
    valor ? [rotulo, valor] : [],
  );
  const partes = [nome, onde ?? '', ...filtrosDitos, de ?? ''].map(slug).filter(Boolean);
  return `${[...partes, carimbo(instante)].join('-')}.${extensao}`;
}

/** The most characters an Excel cell holds: a longer text makes the file fail to be written. */
export const LIMITE_DO_EXCEL = 32_767;

/**
 * A text cut to fit a cell, its end marked '…' within the limit (the broker's comments can be any length). Counted
 * as Excel counts (UTF-16 units), never splitting a character written as two.
 */
export function cortarTexto(texto: string, limite = LIMITE_DO_EXCEL): string {
  if (texto.length <= limite) return texto;
  let fim = limite - 1;
  // A high surrogate left last would be half a character.
  const ultimo = texto.charCodeAt(fim - 1);
  if (ultimo >= 0xd800 && ultimo <= 0xdbff) fim--;
  return `${texto.slice(0, fim)}…`;
}

const vazio = (v: unknown) => v === null || v === undefined || v === '' || Number.isNaN(v);
const ISO = /^(\d{4})-(\d{2})-(\d{2})/;

// ---- XLSX ------------------------------------------------------------------------------------------------------

/**
 * Number formats as the file stores them (Excel shows them in the reader's locale: '#,##0.00' reads 1.234,50 in
 * a Brazilian Excel or LibreOffice).
 */
function formatoXlsx(c: ColunaPlanilha): string | undefined {
  const casas = c.exato ? '0.00########' : '0.00';
  switch (c.formato) {
    case 'inteiro':
      return '#,##0';
    case 'decimal':
      return `#,##${casas}`;
    case 'dinheiro':
      return `"R$" #,##${casas}`;
    case 'percentual':
      return '0.00%';
    case 'data':
      return 'dd/mm/yyyy';
    case 'dataHora':
      return 'dd/mm/yyyy hh:mm:ss';
    default:
      return undefined;
  }
}

/** Days since 1899-12-30: how a spreadsheet stores a date (no time zone can move it). */
function serialDaData(iso: string): number | null {
  const m = ISO.exec(iso);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000 + 25_569;
}

/**
 * A computed figure without its binary noise (5.000000000000004 % is 5 %): 10 places keep every price (4) and
 * every percentage the screens compute, and drop what no decimal figure has.
 */
const semRuido = (valor: number) => new Decimal(valor).toDecimalPlaces(10);

const relogioSaoPaulo = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as São Paulo's wall clock, as a spreadsheet's date and time (a spreadsheet has no time zones). */
function serialDoInstante(iso: string): number | null {
  const instante = new Date(iso);
  if (Number.isNaN(instante.getTime())) return null;
  const p = Object.fromEntries(
    relogioSaoPaulo.formatToParts(instante).map((parte) => [parte.type, Number(parte.value)]),
  );
  const utc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return utc / 86_400_000 + 25_569;
}

const celulaDeTexto = (valor: unknown): SheetJS.CellObject => ({
  t: 's',
  v: cortarTexto(String(valor)),
});

function celula(valor: unknown, coluna: ColunaPlanilha): SheetJS.CellObject | null {
  if (vazio(valor)) return null;
  const z = formatoXlsx(coluna);
  switch (coluna.formato) {
    case 'inteiro':
    case 'decimal':
    case 'dinheiro':
      return typeof valor === 'number'
        ? { t: 'n', v: semRuido(valor).toNumber(), z }
        : celulaDeTexto(valor);
    case 'percentual':
      // A spreadsheet's percentage is a fraction: 12,35 % is 0.1235 (exactly, not 12.35 / 100 in binary).
      return typeof valor === 'number'
        ? { t: 'n', v: semRuido(valor).dividedBy(100).toNumber(), z }
        : celulaDeTexto(valor);
    case 'data': {
      const serial = typeof valor === 'string' ? serialDaData(valor) : null;
      return serial === null ? celulaDeTexto(valor) : { t: 'n', v: serial, z };
    }
    case 'dataHora': {
      const serial = typeof valor === 'string' ? serialDoInstante(valor) : null;
      return serial === null ? celulaDeTexto(valor) : { t: 'n', v: serial, z };
    }
    case 'simNao':
      return { t: 's', v: valor ? 'Sim' : 'Não' };
    default:
      return celulaDeTexto(valor);
  }
}

const nomeDaAba = (titulo: string) =>
  titulo.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Planilha';

/**
 * The workbook: one sheet, a header row (frozen when `zip` is given), one row per grid row, each value typed and
 * formatted.
 */
export function paraXlsx(planilha: Planilha, XLSX: typeof SheetJS, zip?: Zip): Uint8Array {
  const { colunas, linhas } = planilha;
  const ws: SheetJS.WorkSheet = {};
  const largura = colunas.map((c) => c.titulo.length);
  colunas.forEach((c, j) => {
    ws[XLSX.utils.encode_cell({ r: 0, c: j })] = celulaDeTexto(c.titulo);
  });
  linhas.forEach((linha, i) => {
    colunas.forEach((coluna, j) => {
      const cell = celula(linha[j], coluna);
      if (!cell) return;
      ws[XLSX.utils.encode_cell({ r: i + 1, c: j })] = cell;
      largura[j] = Math.max(largura[j]!, textoCsv(linha[j], coluna).length + 2);
    });
  });
  const ref = XLSX.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: linhas.length, c: Math.max(colunas.length - 1, 0) },
  });
  ws['!ref'] = ref;
  ws['!autofilter'] = { ref };
  ws['!cols'] = largura.map((w) => ({ wch: Math.min(Math.max(w, 8), 60) }));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, nomeDaAba(planilha.titulo));
  const bytes = new Uint8Array(
    XLSX.write(wb, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer,
  );
  return zip ? congelarCabecalho(bytes, zip) : bytes;
}

// ---- CSV -------------------------------------------------------------------------------------------------------

const numeros = new Map<string, Intl.NumberFormat>();
/**
 * As the grid shows it (2 places, or every place for an exact column), with a decimal comma and no thousands
 * separator, so that the cell is read back as a number.
 */
function numero(valor: number, minimo: number, exato: boolean): string {
  const chave = `${minimo}:${exato}`;
  let f = numeros.get(chave);
  if (!f) {
    f = new Intl.NumberFormat('pt-BR', {
      useGrouping: false,
      minimumFractionDigits: minimo,
      maximumFractionDigits: exato ? 10 : minimo,
    });
    numeros.set(chave, f);
  }
  return f.format(valor);
}

/** A cell's text in the CSV: numbers with a decimal comma, dates dd/mm/aaaa, Sim/Não. */
function textoCsv(valor: unknown, coluna: ColunaPlanilha): string {
  if (vazio(valor)) return '';
  if (typeof valor === 'number') {
    if (coluna.formato === 'inteiro') return numero(valor, 0, false);
    if (coluna.formato === 'texto') return String(valor);
    return numero(valor, 2, coluna.exato ?? false);
  }
  if (coluna.formato === 'data' && typeof valor === 'string') {
    const m = ISO.exec(valor);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  if (coluna.formato === 'dataHora' && typeof valor === 'string') return formatDateTime(valor);
  if (coluna.formato === 'simNao') return valor ? 'Sim' : 'Não';
  return String(valor);
}

/**
 * A text a spreadsheet would take for a formula (=, +, -, @, a tab or a return first) gets a leading apostrophe,
 * so a client's name can never run in the reader's Excel (CSV injection).
 */
const semFormula = (texto: string) => (/^[=+\-@\t\r]/.test(texto) ? `'${texto}` : texto);

function campo(valor: unknown, coluna: ColunaPlanilha): string {
  let texto = textoCsv(valor, coluna);
  if (typeof valor === 'string' && coluna.formato === 'texto') texto = semFormula(texto);
  return /[;"\r\n]|^\s|\s$/.test(texto) ? `"${texto.replace(/"/g, '""')}"` : texto;
}

/** CSV as a Brazilian Excel opens it: UTF-8 with a BOM, ';' between fields, CRLF between rows. */
export function paraCsv(planilha: Planilha): string {
  const titulo: ColunaPlanilha = { titulo: '', formato: 'texto' };
  const linhas = [
    planilha.colunas.map((c) => campo(c.titulo, titulo)).join(';'),
    ...planilha.linhas.map((linha) => planilha.colunas.map((c, j) => campo(linha[j], c)).join(';')),
  ];
  return `\uFEFF${linhas.join('\r\n')}\r\n`;
}

// ---- Download --------------------------------------------------------------------------------------------------

/** Hands a file to the browser's download. */
export function baixar(conteudo: BlobPart, tipo: string, nome: string): void {
  const url = URL.createObjectURL(new Blob([conteudo], { type: tipo }));
  const link = document.createElement('a');
  link.href = url;
  link.download = nome;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const TIPO_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const TIPO_CSV = 'text/csv;charset=utf-8';
