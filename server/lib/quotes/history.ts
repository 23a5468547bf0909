import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { acoes, precosDiarios } from '../../db/schema';
import { price } from '../../../shared/decimal';
import { prepared } from '../prepared';

/** The last stored close of each ticker (base tickers, e.g. PETR4), in one query for all of them. */
export async function lastCloses(db: Db, tickers: string[]): Promise<Map<string, number>> {
  const quotes = new Map<string, number>();
  if (tickers.length === 0) return quotes;
  const statement = prepared(db, 'ultimos_fechamentos', (d) =>
    d
      .select({
        ticker: acoes.ticker,
        fechamento: sql<
          string | null
        >`(select p.fechamento from ${precosDiarios} p where p.acao_id = ${acoes.id} order by p.data desc limit 1)`,
      })
      .from(acoes)
      .where(eq(acoes.ticker, sql`any(string_to_array(${sql.placeholder('tickers')}, ','))`))
      .prepare('ultimos_fechamentos'),
  );
  const rows = await statement.execute({ tickers: [...new Set(tickers)].join(',') });
  for (const row of rows) {
    const close = price(row.fechamento);
    if (close !== null) quotes.set(row.ticker, close);
  }
  return quotes;
}
