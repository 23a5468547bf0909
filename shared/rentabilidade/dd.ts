/**
 * Double-double numbers: a value as the unevaluated sum hi + lo of two doubles, |lo| ≤ ½ ulp(hi): about 31
 * significant digits at a few floating-point operations each (T. J. Dekker, "A floating-point technique for
 * extending the available precision", 1971; Y. Hida, X. S. Li, D. H. Bailey, "Library for double-double and
 * quad-double arithmetic", 2000). The engine's daily factors and their chained products are double-doubles: as
 * precise as 30-digit decimals, ~100 times faster than decimal.js (docs/rentabilidade.md, "Exactness").
 *
 * Every function returns a fresh pair; the engine calls them a few times a session.
 */

export interface DD {
  hi: number;
  lo: number;
}

export const DD_UM: DD = { hi: 1, lo: 0 };

/** 2^27 + 1: splits a double into two halves whose products are exact (Veltkamp). */
const SPLITTER = 134217729;

/** a + b = s + e exactly, when |a| ≥ |b|. */
function quickTwoSum(a: number, b: number): DD {
  const s = a + b;
  return { hi: s, lo: b - (s - a) };
}

/** a + b = s + e exactly (Knuth). */
function twoSum(a: number, b: number): DD {
  const s = a + b;
  const bb = s - a;
  return { hi: s, lo: a - (s - bb) + (b - bb) };
}

/** a × b = p + e exactly (Dekker), for |a × b| well below the largest double. */
function twoProd(a: number, b: number): DD {
  const p = a * b;
  let t = SPLITTER * a;
  const ahi = t - (t - a);
  const alo = a - ahi;
  t = SPLITTER * b;
  const bhi = t - (t - b);
  const blo = b - bhi;
  return { hi: p, lo: ahi * bhi - p + ahi * blo + alo * bhi + alo * blo };
}

export function ddMul(a: DD, b: DD): DD {
  const p = twoProd(a.hi, b.hi);
  return quickTwoSum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}

export function ddAdd(a: DD, b: DD): DD {
  const s = twoSum(a.hi, b.hi);
  const t = twoSum(a.lo, b.lo);
  const u = quickTwoSum(s.hi, s.lo + t.hi);
  return quickTwoSum(u.hi, u.lo + t.lo);
}

/** num / den for exact doubles (the engine's integer money), to double-double precision. */
export function ddDivide(num: number, den: number): DD {
  const q1 = num / den;
  const p = twoProd(q1, den);
  // num − p.hi is exact (p.hi is within a rounding of num: Sterbenz); the remainder's own error is of order 2^-106.
  const resto = num - p.hi - p.lo;
  return quickTwoSum(q1, resto / den);
}

/** a / b for double-doubles (one correction step: double-double precision). */
export function ddQuotient(a: DD, b: DD): DD {
  const q1 = a.hi / b.hi;
  const r = ddAdd(a, ddMul({ hi: -q1, lo: 0 }, b));
  return quickTwoSum(q1, r.hi / b.hi);
}

/** The double nearest a − 1 (a return from a growth factor, accurate even when tiny). */
export function ddMinusOne(a: DD): number {
  const s = twoSum(a.hi, -1);
  return s.hi + (s.lo + a.lo);
}

export const ddToNumber = (a: DD): number => a.hi + a.lo;

/** a < b */
export const ddLess = (a: DD, b: DD): boolean => a.hi < b.hi || (a.hi === b.hi && a.lo < b.lo);
