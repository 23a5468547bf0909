import Decimal from 'decimal.js';

/**
 * `numeric` columns arrive from both drivers as exact strings. They become JSON numbers only at the edge,
 * rounded half-up to what the contract shows (cents for money, 4 places for unit prices).
 */
export function toNumber(value: string | number | null | undefined, places: number): number | null {
  if (value === null || value === undefined || value === '') return null;
  return new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();
}

export const money = (value: string | number | null | undefined) => toNumber(value, 2);
export const price = (value: string | number | null | undefined) => toNumber(value, 4);

export { Decimal };
