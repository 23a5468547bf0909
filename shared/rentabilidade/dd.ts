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

/*
 * The same operations into a pair the caller keeps (`out`), on the halves as plain numbers: the per-session loops
 * (medidas.ts) allocate no pair per operation. Each is the function above written out operation by operation, in
 * the same order, so that its results are the same doubles (tests/shared/rentabilidade/dd.test.ts pins them).
 */

/** out = ddDivide(num, den). */
export function ddDivideInto(out: DD, num: number, den: number): void {
  const q1 = num / den;
  // twoProd(q1, den)
  const p = q1 * den;
  let t = SPLITTER * q1;
  const ahi = t - (t - q1);
  const alo = q1 - ahi;
  t = SPLITTER * den;
  const bhi = t - (t - den);
  const blo = den - bhi;
  const e = ahi * bhi - p + ahi * blo + alo * bhi + alo * blo;
  const resto = num - p - e;
  // quickTwoSum(q1, resto / den)
  const b = resto / den;
  const s = q1 + b;
  out.hi = s;
  out.lo = b - (s - q1);
}

/** out = ddMul(a, b), a = (ahi, alo), b = (bhi, blo). */
export function ddMulInto(out: DD, ahi: number, alo: number, bhi: number, blo: number): void {
  // twoProd(ahi, bhi)
  const p = ahi * bhi;
  let t = SPLITTER * ahi;
  const xhi = t - (t - ahi);
  const xlo = ahi - xhi;
  t = SPLITTER * bhi;
  const yhi = t - (t - bhi);
  const ylo = bhi - yhi;
  const e = xhi * yhi - p + xhi * ylo + xlo * yhi + xlo * ylo;
  // quickTwoSum(p, e + (ahi × blo + alo × bhi))
  const c = e + (ahi * blo + alo * bhi);
  const s = p + c;
  out.hi = s;
  out.lo = c - (s - p);
}

/** out = ddQuotient(a, b), a = (ahi, alo), b = (bhi, blo). */
export function ddQuotientInto(out: DD, ahi: number, alo: number, bhi: number, blo: number): void {
  const q1 = ahi / bhi;
  // m = ddMul({ hi: −q1, lo: 0 }, b)
  const nq = -q1;
  const p = nq * bhi;
  let t = SPLITTER * nq;
  const xhi = t - (t - nq);
  const xlo = nq - xhi;
  t = SPLITTER * bhi;
  const yhi = t - (t - bhi);
  const ylo = bhi - yhi;
  const e = xhi * yhi - p + xhi * ylo + xlo * yhi + xlo * ylo;
  const c = e + (nq * blo + 0 * bhi);
  const mhi = p + c;
  const mlo = c - (mhi - p);
  // r = ddAdd(a, m): twoSum of the highs, twoSum of the lows, two quickTwoSums
  const s1 = ahi + mhi;
  const v1 = s1 - ahi;
  const s2 = ahi - (s1 - v1) + (mhi - v1);
  const t1 = alo + mlo;
  const v2 = t1 - alo;
  const t2 = alo - (t1 - v2) + (mlo - v2);
  const x2 = s2 + t1;
  const u1 = s1 + x2;
  const u2 = x2 - (u1 - s1);
  const x3 = u2 + t2;
  const r1 = u1 + x3;
  // quickTwoSum(q1, r.hi / b.hi)
  const y = r1 / bhi;
  const h = q1 + y;
  out.hi = h;
  out.lo = y - (h - q1);
}

/** ddMinusOne({ hi, lo }). */
export function ddMinusOneOf(hi: number, lo: number): number {
  const s = hi + -1;
  const v = s - hi;
  const e = hi - (s - v) + (-1 - v);
  return s + (e + lo);
}
