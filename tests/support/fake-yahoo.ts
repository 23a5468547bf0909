import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readDemoPrecos, type PrecoDiario } from '../../server/seed/demo-precos';

/**
 * A local stand-in for Yahoo Finance, for tests that must never reach the internet. It answers what
 * yahoo-finance2 v3 asks, in the shape of the real recorded answers (../shared/data/yahoo/), for B3 '.SA'
 * tickers:
 * - the cookie and crumb handshake: GET /quote/AAPL (finance.yahoo.com, sets a cookie) and GET /v1/test/getcrumb;
 * - GET /v7/finance/quote?symbols=A.SA,B.SA&crumb=… → {quoteResponse: {result: […], error: null}};
 * - GET /v8/finance/chart/{symbol}?period1&period2&interval=1d → {chart: {result: [{meta, timestamp, events,
 *   indicators}]}}, `events` as the recorded split and dividend answers have it (keyed by the session's timestamp).
 * Point the app at it with YAHOO_BASE_URL (every Yahoo host is rewritten to this one).
 * Data: the bundled demo history (last close = the quote), unless a test sets its own quotes or bars.
 */

export interface FakeBar {
  data: string;
  abertura: number;
  maxima: number;
  minima: number;
  fechamento: number;
  volume: number;
}

/** A split (numerator new shares per denominator old ones) or a dividend, on the session it is ex. */
export type FakeEvent =
  { data: string; numerator: number; denominator: number } | { data: string; amount: number };

export interface FakeYahoo {
  url: string;
  /** Every request's path and query, in order. */
  requests: string[];
  /** Overrides the quote of a symbol ('PETR4.SA'); null removes the symbol (Yahoo leaves it out). */
  setQuote(symbol: string, price: number | null): void;
  /** Overrides the daily bars of a symbol. */
  setBars(symbol: string, bars: FakeBar[]): void;
  /** The splits and dividends a symbol's chart reports (none by default). */
  setEvents(symbol: string, events: FakeEvent[]): void;
  /** While down, every call answers 500 like an outage (the handshake too). */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

const toBar = (p: PrecoDiario): FakeBar => ({
  data: p.data,
  abertura: Number(p.abertura),
  maxima: Number(p.maxima),
  minima: Number(p.minima),
  fechamento: Number(p.fechamento),
  volume: p.volume,
});

/** B3's regular session opens at 10:00 in São Paulo (UTC−3): Yahoo stamps daily bars with that instant. */
const sessionTimestamp = (data: string) => Date.parse(`${data}T13:00:00Z`) / 1000;

function quoteResult(symbol: string, bars: FakeBar[], price: number) {
  const last = bars[bars.length - 1];
  const previous = bars[bars.length - 2]?.fechamento ?? price;
  const at = last ? sessionTimestamp(last.data) + 7 * 3600 : Math.floor(Date.now() / 1000);
  const name = symbol.replace(/\.SA$/, '');
  return {
    language: 'en-US',
    region: 'US',
    quoteType: 'EQUITY',
    typeDisp: 'Equity',
    quoteSourceName: 'Delayed Quote',
    triggerable: false,
    customPriceAlertConfidence: 'LOW',
    currency: 'BRL',
    regularMarketChangePercent: ((price - previous) / previous) * 100,
    regularMarketPrice: price,
    shortName: name,
    longName: name,
    corporateActions: [],
    regularMarketTime: at,
    market: 'br_market',
    exchangeTimezoneName: 'America/Sao_Paulo',
    exchangeTimezoneShortName: 'BRT',
    gmtOffSetMilliseconds: -10800000,
    esgPopulated: false,
    exchange: 'SAO',
    marketState: 'CLOSED',
    regularMarketChange: price - previous,
    regularMarketDayHigh: last?.maxima ?? price,
    regularMarketDayRange: `${last?.minima ?? price} - ${last?.maxima ?? price}`,
    regularMarketDayLow: last?.minima ?? price,
    regularMarketVolume: last?.volume ?? 0,
    regularMarketPreviousClose: previous,
    regularMarketOpen: last?.abertura ?? price,
    fullExchangeName: 'São Paulo',
    financialCurrency: 'BRL',
    hasPrePostMarketData: false,
    firstTradeDateMilliseconds: 946900800000,
    sourceInterval: 15,
    exchangeDataDelayedBy: 15,
    priceHint: 2,
    tradeable: false,
    cryptoTradeable: false,
    symbol,
  };
}

/** `events` as Yahoo sends it: `{splits: {ts: {date, numerator, denominator, splitRatio}}, dividends: {ts: {amount, date}}}`. */
function chartEvents(events: FakeEvent[], period1: number, period2: number) {
  const splits: Record<string, unknown> = {};
  const dividends: Record<string, unknown> = {};
  for (const e of events) {
    const date = sessionTimestamp(e.data);
    if (date < period1 || date >= period2) continue;
    if ('amount' in e) dividends[date] = { amount: e.amount, date };
    else {
      splits[date] = {
        date,
        numerator: e.numerator,
        denominator: e.denominator,
        splitRatio: `${e.numerator}:${e.denominator}`,
      };
    }
  }
  return {
    ...(Object.keys(dividends).length ? { dividends } : {}),
    ...(Object.keys(splits).length ? { splits } : {}),
  };
}

function chartResult(
  symbol: string,
  bars: FakeBar[],
  events: FakeEvent[],
  period1: number,
  period2: number,
) {
  const inRange = bars.filter((b) => {
    const t = sessionTimestamp(b.data);
    return t >= period1 && t < period2;
  });
  const eventsInRange = chartEvents(events, period1, period2);
  const last = bars[bars.length - 1];
  const name = symbol.replace(/\.SA$/, '');
  return {
    meta: {
      currency: 'BRL',
      symbol,
      exchangeName: 'SAO',
      fullExchangeName: 'São Paulo',
      instrumentType: 'EQUITY',
      firstTradeDate: 946900800,
      regularMarketTime: last ? sessionTimestamp(last.data) + 7 * 3600 : period2,
      hasPrePostMarketData: false,
      gmtoffset: -10800,
      timezone: 'BRT',
      exchangeTimezoneName: 'America/Sao_Paulo',
      regularMarketPrice: last?.fechamento ?? 0,
      regularMarketDayHigh: last?.maxima ?? 0,
      regularMarketDayLow: last?.minima ?? 0,
      regularMarketVolume: last?.volume ?? 0,
      longName: name,
      shortName: name,
      chartPreviousClose: inRange[0]?.abertura ?? 0,
      priceHint: 2,
      currentTradingPeriod: {
        pre: { timezone: 'BRT', start: period2 - 3600, end: period2, gmtoffset: -10800 },
        regular: { timezone: 'BRT', start: period2, end: period2 + 25200, gmtoffset: -10800 },
        post: { timezone: 'BRT', start: period2 + 25200, end: period2 + 27000, gmtoffset: -10800 },
      },
      dataGranularity: '1d',
      range: '',
      validRanges: ['1d', '5d', '1mo', '3mo', '6mo', '1y', '2y', '5y', '10y', 'ytd', 'max'],
    },
    timestamp: inRange.map((b) => sessionTimestamp(b.data)),
    ...(Object.keys(eventsInRange).length ? { events: eventsInRange } : {}),
    indicators: {
      quote: [
        {
          open: inRange.map((b) => b.abertura),
          high: inRange.map((b) => b.maxima),
          low: inRange.map((b) => b.minima),
          close: inRange.map((b) => b.fechamento),
          volume: inRange.map((b) => b.volume),
        },
      ],
      adjclose: [{ adjclose: inRange.map((b) => b.fechamento) }],
    },
  };
}

const YAHOO_HEADERS = {
  'content-type': 'application/json;charset=utf-8',
  'cache-control': 'public, max-age=1, stale-while-revalidate=9',
  server: 'ATS',
};

export async function startFakeYahoo(): Promise<FakeYahoo> {
  const history = new Map<string, FakeBar[]>();
  for (const p of readDemoPrecos()) {
    const symbol = `${p.ticker}.SA`;
    let bars = history.get(symbol);
    if (!bars) history.set(symbol, (bars = []));
    bars.push(toBar(p));
  }
  const quotes = new Map<string, number | null>();
  const events = new Map<string, FakeEvent[]>();
  const requests: string[] = [];
  let down = false;

  const priceOf = (symbol: string): number | null => {
    if (quotes.has(symbol)) return quotes.get(symbol)!;
    const bars = history.get(symbol);
    return bars?.length ? bars[bars.length - 1]!.fechamento : null;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url.pathname + url.search);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { ...YAHOO_HEADERS, ...headers });
      res.end(JSON.stringify(body));
    };
    if (down) {
      return json(500, {
        finance: { result: null, error: { code: 'Internal Server Error', description: 'down' } },
      });
    }
    if (url.pathname.startsWith('/quote/')) {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'set-cookie':
          'A3=d=fake-cookie&S=fake; Max-Age=31557600; Domain=.yahoo.com; Path=/; Secure; HttpOnly; SameSite=None',
      });
      return res.end('<html><body>Yahoo Finance (fake)</body></html>');
    }
    if (url.pathname === '/v1/test/getcrumb') {
      res.writeHead(200, { 'content-type': 'text/plain;charset=utf-8' });
      return res.end('fakeCrumb123');
    }
    if (url.pathname === '/v7/finance/quote') {
      const symbols = (url.searchParams.get('symbols') ?? '').split(',').filter(Boolean);
      const result = symbols.flatMap((symbol) => {
        const price = priceOf(symbol);
        return price === null ? [] : [quoteResult(symbol, history.get(symbol) ?? [], price)];
      });
      return json(200, { quoteResponse: { result, error: null } });
    }
    const chart = /^\/v8\/finance\/chart\/([^/]+)$/.exec(url.pathname);
    if (chart) {
      const symbol = decodeURIComponent(chart[1]!);
      const bars = history.get(symbol);
      if (!bars) {
        return json(404, {
          chart: {
            result: null,
            error: { code: 'Not Found', description: 'No data found, symbol may be delisted' },
          },
        });
      }
      const period1 = Number(url.searchParams.get('period1') ?? 0);
      const period2 = Number(url.searchParams.get('period2') ?? Math.floor(Date.now() / 1000));
      return json(200, {
        chart: {
          result: [chartResult(symbol, bars, events.get(symbol) ?? [], period1, period2)],
          error: null,
        },
      });
    }
    json(404, {
      finance: { result: null, error: { code: 'Not Found', description: 'Not found' } },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setQuote: (symbol, price) => void quotes.set(symbol, price),
    setBars: (symbol, bars) => void history.set(symbol, bars),
    setEvents: (symbol, list) => void events.set(symbol, list),
    setDown: (value) => void (down = value),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
