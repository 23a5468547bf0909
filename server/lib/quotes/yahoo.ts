import type { YahooClient } from './yahoo-client';

export interface YahooQuotesOptions {
  client: YahooClient;
  /** Quotes for tickers Yahoo could not answer and never answered before (the stored last close). */
  fallback: (tickers: string[]) => Promise<Map<string, number>>;
  /** When the fallback's quotes were made (the stored close's session end). */
  fallbackTimes?: (tickers: string[]) => Promise<Map<string, string>>;
  now?: () => number;
  ttlMs?: number;
  /** After a failure, Yahoo is not asked again for these tickers for this long. */
  retryAfterMs?: number;
  batchSize?: number;
  /** Told after each batch of new quotes arrives (the alerts' checks, issue 31). */
  onRefresh?: () => void;
}

interface Known {
  price: number;
  /** When it was fetched (the cache's clock). */
  at: number;
  /** When Yahoo says the market quoted it (ISO), else when it was fetched. */
  quotedAt: string;
}

/** Yahoo's regularMarketTime: a Date once the library has parsed it, epoch seconds or text otherwise. */
function marketTime(value: unknown, fetchedAt: number): string {
  const date =
    value instanceof Date
      ? value
      : typeof value === 'number'
        ? new Date(value * 1000)
        : typeof value === 'string'
          ? new Date(value)
          : null;
  return date && !Number.isNaN(date.getTime())
    ? date.toISOString()
    : new Date(fetchedAt).toISOString();
}

const toYahoo = (ticker: string) => `${ticker}.SA`;
const fromYahoo = (symbol: string) => symbol.replace(/\.SA$/i, '').toUpperCase();

/**
 * Yahoo Finance quotes: batched, cached, one request in flight per ticker however many callers ask, and when
 * Yahoo fails the last known quote (or the stored close) instead of an error.
 */
export function createYahooQuotes(opts: YahooQuotesOptions) {
  const now = opts.now ?? Date.now;
  const ttlMs = opts.ttlMs ?? 60_000;
  const retryAfterMs = opts.retryAfterMs ?? 15_000;
  const batchSize = opts.batchSize ?? 50;
  const known = new Map<string, Known>();
  const failedAt = new Map<string, number>();
  const inFlight = new Map<string, Promise<void>>();

  async function fetchBatch(tickers: string[]): Promise<void> {
    try {
      const results = await opts.client.quote(tickers.map(toYahoo), {}, { validateResult: false });
      const at = now();
      for (const result of results) {
        const price = result.regularMarketPrice;
        if (typeof price === 'number' && Number.isFinite(price) && price > 0) {
          known.set(fromYahoo(result.symbol), {
            price,
            at,
            quotedAt: marketTime(result.regularMarketTime, at),
          });
        }
      }
      for (const ticker of tickers) failedAt.delete(ticker);
      opts.onRefresh?.();
    } catch (err) {
      const at = now();
      for (const ticker of tickers) failedAt.set(ticker, at);
      console.warn(
        `[quotes] Yahoo failed for ${tickers.length} ticker(s):`,
        (err as Error).message,
      );
    }
  }

  function fetchAll(tickers: string[]): Promise<void> {
    const batches: Promise<void>[] = [];
    for (let i = 0; i < tickers.length; i += batchSize) {
      batches.push(fetchBatch(tickers.slice(i, i + batchSize)));
    }
    return Promise.all(batches).then(() => undefined);
  }

  return {
    async getQuotes(tickers: string[]): Promise<Map<string, number>> {
      const unique = [...new Set(tickers)];
      const t = now();
      const waits = new Set<Promise<void>>();
      const missing: string[] = [];
      for (const ticker of unique) {
        const cached = known.get(ticker);
        if (cached && t - cached.at < ttlMs) continue;
        const pending = inFlight.get(ticker);
        if (pending) waits.add(pending);
        else if (t - (failedAt.get(ticker) ?? -Infinity) >= retryAfterMs) missing.push(ticker);
      }
      if (missing.length) {
        const request = fetchAll(missing).finally(() => {
          for (const ticker of missing)
            if (inFlight.get(ticker) === request) inFlight.delete(ticker);
        });
        for (const ticker of missing) inFlight.set(ticker, request);
        waits.add(request);
      }
      await Promise.all(waits);

      const quotes = new Map<string, number>();
      const unknown: string[] = [];
      for (const ticker of unique) {
        const last = known.get(ticker);
        if (last) quotes.set(ticker, last.price);
        else unknown.push(ticker);
      }
      if (unknown.length) {
        for (const [ticker, price] of await opts.fallback(unknown)) quotes.set(ticker, price);
      }
      return quotes;
    },

    /** When each quote getQuotes last answered was made; the fallback's time for those Yahoo never quoted. */
    async quotedAt(tickers: string[]): Promise<Map<string, string>> {
      const times = new Map<string, string>();
      const unknown: string[] = [];
      for (const ticker of new Set(tickers)) {
        const last = known.get(ticker);
        if (last) times.set(ticker, last.quotedAt);
        else unknown.push(ticker);
      }
      if (unknown.length && opts.fallbackTimes) {
        for (const [ticker, at] of await opts.fallbackTimes(unknown)) times.set(ticker, at);
      }
      return times;
    },
  };
}
