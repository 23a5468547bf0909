import { SIMBOLO_B3 } from '../contract';
import { Decimal } from './decimal';

export interface LegPlan {
  symbol: string;
  quantidade: number;
}

/** B3 trades round lots of 100 on the base symbol and 1–99 shares on the fractional market (symbol + F). */
export const ROUND_LOT = 100;

export function fractionalSymbol(base: string): string {
  return `${base}F`;
}

/** A quantity Q becomes (base, ⌊Q/100⌋×100) and (base+F, Q mod 100), leaving out empty legs. */
export function splitLegs(base: string, quantity: number): LegPlan[] {
  if (!Number.isInteger(quantity) || quantity <= 0) return [];
  const round = Math.floor(quantity / ROUND_LOT) * ROUND_LOT;
  const odd = quantity - round;
  const legs: LegPlan[] = [];
  if (round > 0) legs.push({ symbol: base, quantidade: round });
  if (odd > 0) legs.push({ symbol: fractionalSymbol(base), quantidade: odd });
  return legs;
}

/**
 * An order's legs are the stock's round lot and/or its fractional symbol, each once ("sem repetição"): why not, or
 * null. The one rule of the single buy, the lote's items and the mocks.
 */
export function legsProblem(ticker: string, symbols: readonly string[]): string | null {
  const allowed = new Set([ticker, fractionalSymbol(ticker)]);
  if (symbols.every((s) => allowed.has(s)) && new Set(symbols).size === symbols.length) return null;
  return `As pernas devem ser ${ticker} e/ou ${fractionalSymbol(ticker)}, sem repetição.`;
}

/** In `valor` mode the quantity is ⌊valor / price⌋, computed exactly (no binary rounding at the edge). */
export function quantityForValue(valor: number, price: number): number {
  if (!(valor > 0) || !(price > 0)) return 0;
  return new Decimal(valor).dividedBy(price).floor().toNumber();
}

export interface Fill {
  volume: number;
  price: number | string | null;
}

/** Volume-weighted average fill price, to 4 places; null when nothing was filled. */
export function vwap(fills: Fill[]): number | null {
  let volume = new Decimal(0);
  let amount = new Decimal(0);
  for (const fill of fills) {
    if (fill.volume <= 0 || fill.price === null) continue;
    volume = volume.plus(fill.volume);
    amount = amount.plus(new Decimal(fill.price).times(fill.volume));
  }
  if (volume.isZero()) return null;
  return amount.dividedBy(volume).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toNumber();
}

/** The base ticker of a symbol: the fractional market's `PETR4F` is `PETR4`'s (B3's ticker rule, B3SA3F too). */
export function baseSymbol(symbol: string): string {
  return SIMBOLO_B3.exec(symbol)?.[1] ?? symbol;
}

/** A terminal's positions summed per base ticker (round lot + fractional are one holding). */
export function positionsByBase(
  positions: ReadonlyArray<{ symbol: string; volume: number }>,
): Map<string, number> {
  const byBase = new Map<string, number>();
  for (const p of positions) {
    const base = baseSymbol(p.symbol);
    byBase.set(base, (byBase.get(base) ?? 0) + p.volume);
  }
  return byBase;
}
