import { formatMoney } from '../format';

/**
 * The tax engine's exact arithmetic: money as a BigInt count of 10^-24 reais. The input's amounts have at most
 * 12 places (validacao.ts), so a trade's price × quantity, its costs and every sum of them are exact; only a
 * proportion (a sale's share of the average cost, of a session's side) divides, rounded half up at the 24th place
 * — an average of a billion reais over a billion shares keeps more than 20 decimals, far past the 8 the issue
 * asks. Every rounding the rules call for (to the cent at a month's end, 6 places for the average shown) is
 * explicit and exact. decimal.js did the same at 40 significant digits in ~1 µs an operation, most of a long
 * ledger's time; a BigInt operation takes a few tens of nanoseconds.
 */
export type Dinheiro = bigint;

export const ESCALA = 24;

const potencias: bigint[] = [1n];

/** 10^n as a BigInt (cached). */
export function pow10(n: number): bigint {
  for (let i = potencias.length; i <= n; i++) potencias.push(potencias[i - 1]! * 10n);
  return potencias[n]!;
}

/** An integer count of 10^-4 reais (a double below 2^53) in the engine's units. */
const UNIDADE_4 = pow10(ESCALA - 4);
export const de4 = (u: number): Dinheiro => BigInt(u) * UNIDADE_4;

/** R$ 1.00 and R$ 0.01 in the engine's units. */
export const REAL = pow10(ESCALA);
const CENTAVO = pow10(ESCALA - 2);

/**
 * A decimal text ('1234.5', '-0.01', '7') in the engine's units, exactly. The input was validated (at most 12
 * places); more than 24 would not be exact, so it is refused rather than rounded.
 */
export function dinheiro(texto: string): Dinheiro {
  const ponto = texto.indexOf('.');
  if (ponto < 0) return BigInt(texto) * REAL;
  const casas = texto.length - ponto - 1;
  if (casas > ESCALA) throw new RangeError(`Mais de ${ESCALA} casas decimais: ${texto}`);
  const digitos = texto.slice(0, ponto) + texto.slice(ponto + 1);
  // '-0.5' → '-05' is −5 at 1 place, as meant. Up to 15 digits a double holds them exactly, and a BigInt is made
  // from it faster than from the text.
  const m = digitos.length <= 15 ? BigInt(Number(digitos)) : BigInt(digitos);
  return m * pow10(ESCALA - casas);
}

/** num ÷ den rounded half away from zero (what decimal.js calls ROUND_HALF_UP); den > 0. */
export function divideRounded(num: bigint, den: bigint): bigint {
  const q = num / den;
  const r = num - q * den;
  if (r === 0n) return q;
  const dobro = r < 0n ? -2n * r : 2n * r;
  if (dobro < den) return q;
  return num < 0n ? q - 1n : q + 1n;
}

/** To the cent, half up: every figure of a month at its end (issue 29, rule 6). */
export const cents = (v: Dinheiro): Dinheiro =>
  v % CENTAVO === 0n ? v : divideRounded(v, CENTAVO) * CENTAVO;

/** An integer count of units of 10^-casas as text with exactly `casas` places: '-12.50'. */
function fixed(unidades: bigint, casas: number): string {
  const negativo = unidades < 0n;
  const digitos = (negativo ? -unidades : unidades).toString().padStart(casas + 1, '0');
  const corte = digitos.length - casas;
  return `${negativo ? '-' : ''}${digitos.slice(0, corte)}.${digitos.slice(corte)}`;
}

/** Money as the output carries it: '1234.50', '-12.00'. */
export const moneyText = (v: Dinheiro): string =>
  v === 0n ? '0.00' : fixed(divideRounded(v, CENTAVO), 2);

/** The average cost as shown: total ÷ quantity to 6 places, half up. */
export const averageText = (custo: Dinheiro, quantidade: number): string =>
  fixed(divideRounded(custo, BigInt(quantidade) * pow10(ESCALA - 6)), 6);

export const minDinheiro = (a: Dinheiro, b: Dinheiro): Dinheiro => (a < b ? a : b);
export const maxDinheiro = (a: Dinheiro, b: Dinheiro): Dinheiro => (a > b ? a : b);

/**
 * a × num ÷ den, rounded half up at the engine's last place; den > 0. The whole of it (num = den: most sessions
 * are one trade) needs neither the product nor the division.
 */
export const share = (a: Dinheiro, num: number, den: number): Dinheiro =>
  num === den ? a : divideRounded(a * BigInt(num), BigInt(den));

/** A rate given as a decimal text ('0.15', '0.00005'), kept as a fraction for exact products. */
export interface Taxa {
  num: bigint;
  den: bigint;
}

export function taxa(texto: string): Taxa {
  const ponto = texto.indexOf('.');
  const casas = ponto < 0 ? 0 : texto.length - ponto - 1;
  return { num: BigInt(texto.replace('.', '')), den: pow10(casas) };
}

/** v × rate to the cent, half up: the exact product rounded once. */
export const centsTimes = (v: Dinheiro, t: Taxa): Dinheiro =>
  divideRounded(v * t.num, t.den * CENTAVO) * CENTAVO;

/** For avisos: 'R$ 1.234,56'. A message's figure only, never a computation's input. */
export const brl = (v: Dinheiro): string => formatMoney(Number(moneyText(v)));
