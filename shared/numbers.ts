/**
 * Reads a number as a Brazilian user types it: '1.234,56' and '1234,56' are 1234.56; '38.5' (no comma) is
 * 38.5. Empty text is undefined; anything else that is not a number is NaN (the form's schema says why).
 */
export function parseDecimal(text: unknown): number | undefined {
  if (typeof text === 'number') return text;
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim().replace(/^R\$\s*/, '');
  if (trimmed === '') return undefined;
  const normalised = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  return /^-?\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}
