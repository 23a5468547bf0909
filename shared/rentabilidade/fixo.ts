import { Decimal } from '../decimal';

/**
 * Exact money (docs/rentabilidade.md, "Exactness"). Inputs are read exactly as digits and a number of decimal
 * places (12.3456 is 123456 at 4 places). The engine keeps every money value of a period as an integer count of
 * 10^-escala reais: sums and products of such integers are exact in doubles while they stay below 2^53 (R$ 900
 * bilhões at 4 places), and every one is checked. decimal.js took ~0.7 µs a term (half a second for the book of
 * 300 clients over a year); integer doubles take nanoseconds. The rare computations that may need more digits (a
 * trade's price × quantity, a cash event's gross and withholding) are done in BigInt.
 */

export interface Fixo {
  m: bigint;
  e: number;
}

export type Valor = string | number;

/** The largest integer a double holds exactly with all its neighbours: the bound every money value is checked against. */
export const LIMITE = Number.MAX_SAFE_INTEGER;

const potencias: bigint[] = [1n];

/** 10^n as a BigInt (cached). */
export function pow10(n: number): bigint {
  for (let i = potencias.length; i <= n; i++) potencias.push(potencias[i - 1]! * 10n);
  return potencias[n]!;
}

const SIMPLES = /^(-?)(\d+)(?:\.(\d*))?$/;

/** Sign and integer digits, and decimal digits without trailing zeros, of a decimal text or a JS number. */
export function splitDecimal(valor: Valor): { inteiro: string; fracao: string } {
  const texto = typeof valor === 'number' ? String(valor) : valor.trim();
  const partes = SIMPLES.exec(texto);
  if (!partes) {
    // Exponent forms ('1e-7', what String() gives for small numbers) and the like: decimal.js reads them.
    const d = new Decimal(texto);
    if (!d.isFinite()) throw new RangeError(`Valor numérico inválido: ${texto}`);
    return splitDecimal(d.toFixed());
  }
  let fim = partes[3]?.length ?? 0;
  while (fim > 0 && partes[3]!.charCodeAt(fim - 1) === 48) fim--;
  return { inteiro: partes[1]! + partes[2]!, fracao: fim === 0 ? '' : partes[3]!.slice(0, fim) };
}

/** An exact decimal as digits in a double and places: checked, so more than 15 digits is an error, not a rounding. */
export interface Exato {
  m: number;
  e: number;
}

export function parseExato(valor: Valor): Exato {
  return parseExatoInto(valor, { m: 0, e: 0 });
}

/** parseExato into `out` (the reader of thousands of trades reuses one pair): `out`, or a pair of the general path. */
export function parseExatoInto(valor: Valor, out: Exato): Exato {
  if (typeof valor === 'number') {
    // An integer (a quantity as the driver gives it) is its own digits.
    if (Number.isInteger(valor) && valor <= LIMITE && valor >= -LIMITE) {
      out.m = valor + 0;
      out.e = 0;
      return out;
    }
  } else if (scanInto(valor, out)) return out;
  return parseExatoTexto(valor);
}

/**
 * parseExato of a plain decimal text ('-12.3400': no spaces, no exponent, at most 15 digits read), its digits
 * accumulated in a double as they are read: each step m × 10 + digit is exact while m stays below 2^53, which is
 * checked. Trailing zeros of the fraction are dropped as splitDecimal drops them. null: any other text, for the
 * general path (the hot path of the book's thousands of prices spared a regular expression and two strings each).
 */
export function scanExato(texto: string): Exato | null {
  const out = { m: 0, e: 0 };
  return scanInto(texto, out) ? out : null;
}

/** scanExato into `out`; false (and `out` unchanged): not a plain decimal text. */
function scanInto(texto: string, out: Exato): boolean {
  const n = texto.length;
  let i = 0;
  const negativo = n > 0 && texto.charCodeAt(0) === 45; // '-'
  if (negativo) i = 1;
  const inicio = i;
  let m = 0;
  for (; i < n; i++) {
    const c = texto.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    m = m * 10 + c;
  }
  if (i === inicio) return false; // no integer digit ('.5', '', '-')
  let guardado = m;
  let e = 0;
  if (i < n) {
    if (texto.charCodeAt(i) !== 46) return false; // not '.'
    for (let k = 1, j = i + 1; j < n; j++, k++) {
      const c = texto.charCodeAt(j) - 48;
      if (c < 0 || c > 9) return false;
      m = m * 10 + c;
      if (c !== 0) {
        guardado = m;
        e = k;
      }
    }
  }
  // m is the largest value met: below 2^53 every step was exact (and so is guardado).
  if (!(m <= LIMITE)) return false;
  out.m = negativo ? -guardado + 0 : guardado;
  out.e = e;
  return true;
}

/** parseExato's general path: any text decimal.js reads, any number. */
export function parseExatoTexto(valor: Valor): Exato {
  const { inteiro, fracao } = splitDecimal(valor);
  // Number() of an integer text is exact up to 2^53 − 1 and monotonic, so beyond it the check sees it; + 0 drops −0.
  return { m: checked(Number(inteiro + fracao)) + 0, e: fracao.length };
}

/** An exact decimal as BigInt digits and places (for the computations that may need more than 15 digits). */
export function parseFixo(valor: Valor): Fixo {
  const { inteiro, fracao } = splitDecimal(valor);
  return { m: BigInt(inteiro + fracao), e: fracao.length };
}

/** `f`'s digits at `e` places (e ≥ f.e: nothing is lost). */
export function rescale(f: Fixo, e: number): bigint {
  if (e < f.e) throw new RangeError(`escala ${e} menor que a do valor (${f.e})`);
  return e === f.e ? f.m : f.m * pow10(e - f.e);
}

/** An integer divided by another, rounded half away from zero (the rounding decimal.js calls ROUND_HALF_UP). */
export function divideRounded(num: bigint, den: bigint): bigint {
  const q = num / den;
  const r = num % den;
  if (r === 0n) return q;
  const dobro = r < 0n ? -2n * r : 2n * r;
  const absDen = den < 0n ? -den : den;
  if (dobro < absDen) return q;
  return num < 0n !== den < 0n ? q - 1n : q + 1n;
}

/** Digits at scale `de` rounded to scale `para` (para ≤ de), half away from zero. */
export function roundScale(m: bigint, de: number, para: number): bigint {
  return de <= para ? m * pow10(para - de) : divideRounded(m, pow10(de - para));
}

export function tooLarge(): RangeError {
  return new RangeError(
    'Valores grandes demais para a conta exata da rentabilidade (mais de 15 algarismos).',
  );
}

/** A BigInt count as a double, exact (checked). */
export function safeNumber(m: bigint): number {
  return checked(Number(m));
}

/** x itself, after checking it is still exact. */
export function checked(x: number): number {
  if (!(x <= LIMITE && x >= -LIMITE)) throw tooLarge(); // NaN too
  return x;
}

/** A decimal's digits at `escala` places as an exact double. */
export function mantissa(valor: Valor, escala: number): number {
  const { m, e } = parseExato(valor);
  if (e > escala) throw new RangeError(`escala ${escala} menor que a do valor (${e})`);
  return checked(m * pow10Number(escala - e));
}

const potenciasNumero: number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);

/** 10^n as a double (exact up to 10^22; beyond, any non-zero amount times it fails the checks anyway). */
export const pow10Number = (n: number): number => potenciasNumero[n] ?? 10 ** n;

/** A count of 10^-escala reais as reais for the wire: rounded half up to the cent, then the nearest double. */
export function reaisToNumber(m: number, escala: number): number {
  if (escala <= 2) return (m * pow10Number(2 - escala)) / 100;
  const p = pow10Number(escala - 2);
  const r = m % p; // exact for integer doubles
  let centavos = (m - r) / p; // exact: an integer quotient
  if (2 * Math.abs(r) >= p) centavos += m < 0 ? -1 : 1;
  return centavos / 100;
}
