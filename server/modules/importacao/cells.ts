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

// Control characters other than tab and line breaks, and halves of a surrogate pair. PostgreSQL refuses NUL in text
// and an unpaired surrogate in JSON; the others it would store, but in a client code or a ticker they are invisible
// and make the value silently differ from the same code typed anywhere else.
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The first character a stored cell may not hold, as 'U+0000', or null. */
export function forbiddenChar(text: string): string | null {
  FORBIDDEN.lastIndex = 0;
  const match = FORBIDDEN.exec(text);
  return match ? `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : null;
}

/** A label (file or sheet name) or a value quoted in a message, with those characters shown as '\ufffd'. */
export function printable(text: string): string {
  return text.replace(FORBIDDEN, '\ufffd');
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
 * a lone dash is the accountants' zero. Returns the exact decimal as plain text ('-1234.56'), or null when the text
 * is not a number. Digits are handled as text: a sheet's 20,000 numbers cost no decimal objects.
 */
export function parseNumber(value: CellValue): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // A double's shortest text is what Decimal would read from it; only exponent forms need its help.
    const text = String(value);
    return text.includes('e') ? new Decimal(value).toFixed() : canonical(text);
  }
  if (typeof value !== 'string') return null;
  let text = value.replace(/[\s\u00a0]+/g, '').replace(/^R\$/i, '');
  if (/^[-–—]$/.test(text)) return '0';
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
  return canonical(negative ? `-${text}` : text);
}

/** '-007.50' → '-7.5'; zero never carries a sign. */
function canonical(text: string): string {
  const negative = text.startsWith('-');
  const [int = '', frac = ''] = (negative ? text.slice(1) : text).split('.');
  const whole = int.replace(/^0+(?=\d)/, '');
  const fraction = frac.replace(/0+$/, '');
  const result = fraction ? `${whole}.${fraction}` : whole;
  return negative && /[1-9]/.test(result) ? `-${result}` : result;
}

/** Plain decimal text rounded to `scale` places, half away from zero (decimal.js's ROUND_HALF_UP), as '-12.30'. */
export function roundDecimal(text: string, scale: number): string {
  const negative = text.startsWith('-');
  const [int = '0', frac = ''] = (negative ? text.slice(1) : text).split('.');
  let digits = int + frac.padEnd(scale, '0').slice(0, scale);
  if (frac.length > scale && frac[scale]! >= '5') digits = addOne(digits);
  const cut = digits.length - scale;
  const whole = digits.slice(0, cut).replace(/^0+(?=\d)/, '') || '0';
  const result = scale > 0 ? `${whole}.${digits.slice(cut)}` : whole;
  return negative && /[1-9]/.test(result) ? `-${result}` : result;
}

function addOne(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${Number(digits[i]) + 1}${'0'.repeat(digits.length - i - 1)}`;
}
