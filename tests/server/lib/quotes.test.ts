import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createYahooClient } from '../../../server/lib/quotes';
import { driftFactor, simulate } from '../../../server/lib/quotes/simulated';
import { createYahooQuotes } from '../../../server/lib/quotes/yahoo';
import { startFakeYahoo, type FakeYahoo } from '../../support/fake-yahoo';

describe('the yahoo quote provider against a local fake Yahoo', () => {
  let yahoo: FakeYahoo;
  beforeAll(async () => {
    yahoo = await startFakeYahoo();
  });
  afterAll(() => yahoo.close());

  function provider() {
    let now = 1_000_000;
    const fallbackAsked: string[][] = [];
    const quotes = createYahooQuotes({
      client: createYahooClient({ baseUrl: yahoo.url }),
      fallback: async (tickers) => {
        fallbackAsked.push(tickers);
        return new Map(tickers.filter((t) => t !== 'NADA3').map((t) => [t, 1.23]));
      },
      now: () => now,
      batchSize: 2,
    });
    return { quotes, fallbackAsked, advance: (ms: number) => (now += ms) };
  }
  const quoteCalls = () => yahoo.requests.filter((r) => r.startsWith('/v7/finance/quote'));

  it('batches, caches for 60 s and coalesces concurrent requests for the same tickers', async () => {
    const { quotes, advance } = provider();
    yahoo.setQuote('PETR3.SA', 30.1);
    const before = quoteCalls().length;
    const [a, b] = await Promise.all([
      quotes.getQuotes(['PETR3', 'VALE3', 'ITUB3']),
      quotes.getQuotes(['PETR3', 'VALE3']),
    ]);
    expect(a.get('PETR3')).toBe(30.1);
    expect(b.get('VALE3')).toBe(63.33);
    // Three tickers in batches of two: two requests, and the second caller waited for them.
    expect(quoteCalls().length - before).toBe(2);

    yahoo.setQuote('PETR3.SA', 31.5);
    advance(59_000);
    expect((await quotes.getQuotes(['PETR3'])).get('PETR3')).toBe(30.1);
    expect(quoteCalls().length - before).toBe(2);
    advance(2_000);
    expect((await quotes.getQuotes(['PETR3'])).get('PETR3')).toBe(31.5);
    expect(quoteCalls().length - before).toBe(3);
  });

  it('falls back to the last known quote, then to the stored close, when Yahoo fails', async () => {
    const { quotes, fallbackAsked, advance } = provider();
    yahoo.setQuote('PETR3.SA', 33);
    await quotes.getQuotes(['PETR3']);
    yahoo.setDown(true);
    try {
      advance(120_000);
      const answer = await quotes.getQuotes(['PETR3', 'WEGE3', 'NADA3']);
      expect(answer).toEqual(
        new Map([
          ['PETR3', 33],
          ['WEGE3', 1.23],
        ]),
      );
      expect(fallbackAsked).toEqual([['WEGE3', 'NADA3']]);
    } finally {
      yahoo.setDown(false);
    }
  });
});

describe('the simulated provider', () => {
  it('moves prices within ±2 %, the same within a 10-second window, differently across windows', () => {
    const closes = new Map([
      ['PETR3', 31.94],
      ['VALE3', 63.33],
    ]);
    const t = Date.UTC(2026, 0, 5, 15, 0, 0);
    expect(simulate(closes, t)).toEqual(simulate(closes, t + 9_999));
    const changed = [1, 2, 3].some(
      (k) => simulate(closes, t + k * 10_000).get('PETR3') !== simulate(closes, t).get('PETR3'),
    );
    expect(changed).toBe(true);
    for (let k = 0; k < 500; k++) {
      const f = driftFactor('PETR3', t + k * 10_000);
      expect(Math.abs(f - 1)).toBeLessThanOrEqual(0.02);
    }
  });
});
