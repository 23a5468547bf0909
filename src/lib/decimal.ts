/**
 * Numbers as a Brazilian types and reads them in a form. The SPA's only reader of typed numbers: the wire takes
 * JSON numbers, so the server never sees '7,25' (and has no use for this).
 */

/**
 * Reads a number as a Brazilian user types it: '1.234,56' and '1234,56' are 1234.56; '38.5' (no comma) is
 * 38.5; 'R$ 7,25' is 7.25. Empty text is undefined; anything else that is not a number is NaN (the form's schema
 * says why). A number is taken as it is.
 */
export function parseDecimal(text: unknown): number | undefined {
  if (typeof text === 'number') return text;
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim().replace(/^R\$\s*/, '');
  if (trimmed === '') return undefined;
  const normalised = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  return /^-?\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

/**
 * A number as a Brazilian types it: '41,23' (no thousands separator while editing); '' for none or NaN. A fraction
 * shows at least two places, as money is read — 35.4 is '35,40', never '35,4' (issue 34, rough edge 17) — and a
 * whole number none ('230'); a finer price keeps its places ('38,1234').
 */
export function decimalText(value: number | null | undefined): string {
  return value === undefined || value === null || Number.isNaN(value)
    ? ''
    : value.toLocaleString('pt-BR', {
        useGrouping: false,
        minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
        maximumFractionDigits: 10,
      });
}
