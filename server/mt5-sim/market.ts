import type { SymbolInfo, TradeMode } from '../lib/mt5-agent/protocol';

/** B3's cash equities: round lots of 100 on the base symbol, 1 to 99 shares on the fractional one (+F). */
export const ROUND_LOT = 100;
export const TICK_SIZE = 0.01;
const ROUND_LOT_MAX = 1_000_000;

// A B3 stock or unit ticker (PETR4, TAEE11, B3SA3: the root may hold a digit, as contract/common.ts's TICKER_B3
// says), optionally with the fractional market's F.
const B3_SYMBOL = /^([A-Z](?:[A-Z]{3}|\d[A-Z]{2}|[A-Z]\d[A-Z]|[A-Z]{2}\d)(?:3|4|5|6|11))(F?)$/;

export const isFractional = (symbol: string) => B3_SYMBOL.exec(symbol)?.[2] === 'F';
export const baseSymbol = (symbol: string) => B3_SYMBOL.exec(symbol)?.[1] ?? symbol;

/** Prices in cents, so that every price the simulator quotes sits on the 0.01 tick. */
export const toCents = (price: number) => Math.round(price * 100);
export const fromCents = (cents: number) => cents / 100;
export const onTick = (price: number) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

interface Quote {
  lastCents: number;
  tradeMode: TradeMode;
}

/**
 * The simulated market: every well-formed B3 symbol exists, with a deterministic price per base symbol
 * (so two simulators quote the same), unless a test sets it or removes the symbol.
 */
export class Market {
  private readonly quotes = new Map<string, Quote>();
  private readonly removed = new Set<string>();

  has(symbol: string): boolean {
    return B3_SYMBOL.test(symbol) && !this.removed.has(symbol);
  }

  private quote(symbol: string): Quote {
    const base = baseSymbol(symbol);
    let quote = this.quotes.get(base);
    if (!quote) {
      quote = { lastCents: defaultCents(base), tradeMode: 'full' };
      this.quotes.set(base, quote);
    }
    return quote;
  }

  last(symbol: string): number {
    return fromCents(this.quote(symbol).lastCents);
  }
  bid(symbol: string): number {
    return fromCents(Math.max(1, this.quote(symbol).lastCents - 1));
  }
  ask(symbol: string): number {
    return fromCents(this.quote(symbol).lastCents + 1);
  }

  /** Moves the price of a base symbol and its fractional twin. */
  setPrice(symbol: string, last: number): void {
    this.quote(symbol).lastCents = Math.max(1, toCents(last));
  }

  setTradeMode(symbol: string, mode: TradeMode): void {
    this.quote(symbol).tradeMode = mode;
  }

  remove(symbol: string): void {
    this.removed.add(symbol);
  }

  info(symbol: string): SymbolInfo | null {
    if (!this.has(symbol)) return null;
    const fractional = isFractional(symbol);
    return {
      name: symbol,
      trade_mode: this.quote(symbol).tradeMode,
      volume_min: fractional ? 1 : ROUND_LOT,
      volume_max: fractional ? ROUND_LOT - 1 : ROUND_LOT_MAX,
      volume_step: fractional ? 1 : ROUND_LOT,
      tick_size: TICK_SIZE,
      bid: this.bid(symbol),
      ask: this.ask(symbol),
      last: this.last(symbol),
    };
  }
}

/** R$ 5.00 to R$ 84.99 from the ticker's letters: stable across runs and simulators. */
function defaultCents(base: string): number {
  let hash = 2166136261;
  for (const ch of base) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return 500 + (hash % 8000);
}
