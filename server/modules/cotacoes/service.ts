import type { CotacoesResponse } from '../../../contract';
import { price } from '../../../shared/decimal';
import type { QuoteService } from '../../lib/quotes';

/** Quotes keyed by the ticker as sent ('PETR4.SA'); a ticker without a quote is left out. */
export async function cotacoesAtuais(
  quotes: QuoteService,
  tickers: string[],
): Promise<CotacoesResponse> {
  const found = await quotes.getQuotes(tickers.map((t) => t.slice(0, -3)));
  const answer: CotacoesResponse = {};
  for (const ticker of tickers) {
    const quote = found.get(ticker.slice(0, -3));
    if (quote !== undefined) answer[ticker] = { preco_atual: price(quote)! };
  }
  return answer;
}
