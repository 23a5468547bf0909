import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { lastCloses } from './history';
import { simulate, windowOf } from './simulated';
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
  switch (config.quotesProvider) {
    case 'history':
      return { provider: 'history', getQuotes: history, version: () => '' };
    case 'simulated':
      return {
        provider: 'simulated',
        getQuotes: async (tickers) => simulate(await history(tickers), now()),
        version: () => String(windowOf(now())),
      };
    case 'yahoo': {
      const yahoo = createYahooQuotes({
        client: createYahooClient({ baseUrl: config.yahooBaseUrl }),
        fallback: history,
        now,
      });
      return {
        provider: 'yahoo',
        getQuotes: (tickers) => yahoo.getQuotes(tickers),
        version: () => null,
      };
    }
  }
}

export { lastCloses } from './history';
export { createYahooClient, type YahooClient } from './yahoo-client';
