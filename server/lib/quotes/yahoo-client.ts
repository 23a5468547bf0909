import YahooFinance from 'yahoo-finance2';
import { ExtendedCookieJar } from 'yahoo-finance2/lib/cookieJar';

export interface YahooClientOptions {
  /** Another host for every Yahoo call (tests: a local fake server); unset for Yahoo itself. */
  baseUrl?: string | undefined;
  timeoutMs?: number;
}

const report = (...args: unknown[]) => {
  // The library asks for Node 22 but works on the Node 20 the project supports; its notice is noise.
  if (typeof args[0] === 'string' && args[0].includes('Unsupported environment')) return;
  console.warn('[yahoo]', ...args);
};
const quiet = { info: () => {}, debug: () => {}, dir: () => {}, warn: report, error: report };

/**
 * A yahoo-finance2 client. With `baseUrl`, every request (the cookie and crumb fetch on finance.yahoo.com and
 * query1, and the API calls on query2) goes to that host instead, path and query unchanged.
 */
export function createYahooClient(opts: YahooClientOptions = {}) {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const base = opts.baseUrl ? new URL(opts.baseUrl) : null;
  const fetchWithTimeout = (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (base) {
      url.protocol = base.protocol;
      url.host = base.host;
    }
    return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  };
  return new YahooFinance({
    fetch: fetchWithTimeout,
    cookieJar: new ExtendedCookieJar(),
    logger: quiet,
    suppressNotices: ['yahooSurvey'],
    validation: { logErrors: false, logOptionsErrors: false },
    queue: { concurrency: 4 },
  });
}

export type YahooClient = ReturnType<typeof createYahooClient>;
