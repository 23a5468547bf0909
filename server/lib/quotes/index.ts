import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { signalChange } from '../changes';
import { lastCloses, lastCloseTimes } from './history';
import { simulate, windowOf, windowStart } from './simulated';
import { createYahooClient } from './yahoo-client';
import { createYahooQuotes } from './yahoo';

/** Today's quotes, shared by the portfolio, the quotes call and the control panel (server-design §5). */
export interface QuoteService {
  readonly provider: Config['quotesProvider'];
  /** Base tickers (PETR4) → price; a ticker without a quote is absent from the map. */
  getQuotes(tickers: string[]): Promise<Map<string, number>>;
  /**
   * What, besides the stored prices (precos_diarios, whose version the database keeps), getQuotes' answers
   * depend on, when this instance knows it without asking: '' for the stored closes, the 10-second window for
   * simulated quotes. Null when only asking tells (yahoo). Answers built from quotes are kept while it holds.
   */
  version(): string | null;
  /**
   * When each quote getQuotes answers was made (an ISO instant), for the tickers it has one: the session's end for
   * a stored close, the moment Yahoo quoted it. Optional: a provider that cannot tell leaves the time out.
   */
  quotedAt?(tickers: string[]): Promise<Map<string, string>>;
}

export interface QuoteServiceOptions {
  config: Pick<Config, 'quotesProvider' | 'yahooBaseUrl'>;
  db: Db;
  now?: () => number;
}

export function createQuoteService({
  config,
  db,
  now = Date.now,
}: QuoteServiceOptions): QuoteService {
  const history = (tickers: string[]) => lastCloses(db, tickers);
  const historyTimes = (tickers: string[]) => lastCloseTimes(db, tickers);
  switch (config.quotesProvider) {
    case 'history':
      return {
        provider: 'history',
        getQuotes: history,
        version: () => '',
        quotedAt: historyTimes,
      };
    case 'simulated': {
      // A new 10-second window is a quote refresh: the alerts hear of it (issue 31).
      let janela = -1;
      return {
        provider: 'simulated',
        getQuotes: async (tickers) => {
          const agora = now();
          if (windowOf(agora) !== janela) {
            janela = windowOf(agora);
            signalChange(db, { kind: 'cotacoes' });
          }
          return simulate(await history(tickers), agora);
        },
        version: () => String(windowOf(now())),
        quotedAt: async (tickers) => {
          const at = windowStart(now());
          return new Map([...(await historyTimes(tickers)).keys()].map((t) => [t, at]));
        },
      };
    }
    case 'yahoo': {
      const yahoo = createYahooQuotes({
        client: createYahooClient({ baseUrl: config.yahooBaseUrl }),
        fallback: history,
        fallbackTimes: historyTimes,
        now,
        onRefresh: () => signalChange(db, { kind: 'cotacoes' }),
      });
      return {
        provider: 'yahoo',
        getQuotes: (tickers) => yahoo.getQuotes(tickers),
        version: () => null,
        quotedAt: (tickers) => yahoo.quotedAt(tickers),
      };
    }
  }
}

export { lastCloses, lastCloseTimes } from './history';
export { createYahooClient, type YahooClient } from './yahoo-client';
