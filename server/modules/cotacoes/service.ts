import type { CotacoesResponse } from '../../../contract';
import { price } from '../../../shared/decimal';
import type { QuoteService } from '../../lib/quotes';

/** Quotes keyed by the ticker as sent ('PETR4.SA'), with their time; a ticker without a quote is left out. */
export async function cotacoesAtuais(
  quotes: QuoteService,
  tickers: string[],
): Promise<CotacoesResponse> {
  const bases = tickers.map((t) => t.slice(0, -3));
  const found = await quotes.getQuotes(bases);
  // After the quotes: their times are those of what getQuotes just answered.
  const times = (await quotes.quotedAt?.(bases)) ?? new Map<string, string>();
  const answer: CotacoesResponse = {};
  for (const ticker of tickers) {
    const base = ticker.slice(0, -3);
    const quote = found.get(base);
    const em = times.get(base);
    if (quote !== undefined) {
      answer[ticker] = {
        preco_atual: price(quote)!,
        ...(em === undefined ? {} : { cotado_em: em }),
      };
    }
  }
  return answer;
}
