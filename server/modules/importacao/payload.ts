import type { TipoPlanilha } from './columns';

/** What a read of the spreadsheet gives: each sheet's rows, and the payload a parse worker hands over. */

export interface PatrimonioRow {
  codigo: string;
  nome: string | null;
  /** Exact decimals as text, rounded to the column's scale. */
  patrimonio: string;
}

export interface CustodiaRow {
  codigo: string;
  ativo: string;
  quantidade: string;
  preco_medio: string | null;
  valor: string | null;
}

export interface ParsedSheet<Row> {
  aba: string;
  rows: Row[];
}

/** One entry per requested type, null when the file has no such sheet; abas lists every sheet in the file. */
export interface ParsedWorkbook {
  abas: string[];
  patrimonio?: ParsedSheet<PatrimonioRow> | null;
  custodia?: ParsedSheet<CustodiaRow> | null;
}

/** A sheet as the worker hands it over: its rows already serialised for the insert's JSON parameter. */
export interface SheetPayload {
  aba: string;
  linhas: number;
  json: string;
}

export type ParsedPayload = { abas: string[] } & Partial<Record<TipoPlanilha, SheetPayload | null>>;

// One string crosses the thread boundary as a plain copy; 20,000 row objects would be cloned one by one.
export function toPayload(parsed: ParsedWorkbook): ParsedPayload {
  const payload: ParsedPayload = { abas: parsed.abas };
  for (const tipo of ['patrimonio', 'custodia'] as const) {
    const sheet = parsed[tipo];
    if (sheet === undefined) continue;
    payload[tipo] = sheet && {
      aba: sheet.aba,
      linhas: sheet.rows.length,
      json: JSON.stringify(sheet.rows),
    };
  }
  return payload;
}
