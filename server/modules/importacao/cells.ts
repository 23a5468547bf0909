import type { CellObject } from '@e965/xlsx';
import Decimal from 'decimal.js';

/** Header and sheet names compared without case, accents, punctuation, units or extra spaces. */
export function normalizeLabel(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/r\$/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export type CellValue = string | number | boolean | null;

const ERRORS: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
  0x2b: '#GETTING_DATA',
};

export const EXCEL_ERROR = /^#(NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|GETTING_DATA|ERRO)$/;

/** A cell's value; error cells come back as their Excel text (#DIV/0!) so messages can show them. */
export function cellValue(cell: CellObject | undefined): CellValue {
  if (!cell || cell.v === undefined || cell.t === 'z') return null;
  if (cell.t === 'e') return (typeof cell.v === 'number' && ERRORS[cell.v]) || '#ERRO';
  if (cell.v instanceof Date) return cell.v.toISOString().slice(0, 10);
  return cell.v;
}

export function isBlank(value: CellValue): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

export function cellText(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  return String(value).replace(/\s+/g, ' ').trim();
}

const THOUSANDS_ONLY = /^\d{1,3}(\.\d{3})+$/;

/**
 * A number from a numeric cell or from pt-BR text: '1.234,56', 'R$ 1.234,56', '-1.234,56', '(1.234,56)', '1234.56';
 * a lone dash is the accountants' zero. Returns the exact decimal, or null when the text is not a number.
 */
export function parseNumber(value: CellValue): Decimal | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value) : null;
  if (typeof value !== 'string') return null;
  let text = value.replace(/[\s\u00a0]+/g, '').replace(/^R\$/i, '');
  if (/^[-–—]$/.test(text)) return new Decimal(0);
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  text = text.replace(/^R\$/i, '');
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  }
  text = text.replace(/^R\$/i, '');
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  else if (THOUSANDS_ONLY.test(text)) text = text.replace(/\./g, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const number = new Decimal(text);
  return negative ? number.negated() : number;
}
