import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { acoes, precosDiarios } from '../../db/schema';
import { price } from '../../../shared/decimal';
import { prepared } from '../prepared';
import { adjustPreco, fatorPendente, referencia, type EventoDeAcoes } from '../precos/ajuste';
import { tiposDeAcoes } from '../precos/serie';

interface Ultima {
  fechamento: string;
  data: string;
  ajustado_ate: string | null;
}

/**
 * A stored close is the quote of its session's end: B3's session ends at 17:00 in São Paulo, UTC−3 all year since
 * 2019.
 */
export const sessionEnd = (data: string) => `${data}T20:00:00.000Z`;

/**
 * The last stored close of each ticker (base tickers, e.g. PETR4), in one query for all of them, in today's terms:
 * a split in force after that session divides it as it divides the positions (server/lib/precos/ajuste.ts).
 */
export async function lastCloses(db: Db, tickers: string[]): Promise<Map<string, number>> {
  return new Map([...(await lastBars(db, tickers))].map(([t, bar]) => [t, bar.preco]));
}

/** When each ticker's last stored close was quoted: its session's end. */
export async function lastCloseTimes(db: Db, tickers: string[]): Promise<Map<string, string>> {
  return new Map([...(await lastBars(db, tickers))].map(([t, bar]) => [t, sessionEnd(bar.data)]));
}

async function lastBars(
  db: Db,
  tickers: string[],
): Promise<Map<string, { preco: number; data: string }>> {
  const quotes = new Map<string, { preco: number; data: string }>();
  if (tickers.length === 0) return quotes;
  const statement = prepared(db, 'ultimos_fechamentos', (d) =>
    d
      .select({
        ticker: acoes.ticker,
        ultima: sql<
          string | null
        >`(select json_build_object('fechamento', p.fechamento::text, 'data', p.data, 'ajustado_ate', p.ajustado_ate)::text
            from ${precosDiarios} p where p.acao_id = ${acoes.id} order by p.data desc limit 1)`,
        eventos: sql<
          string | null
        >`(select json_agg(json_build_object('data_ex', e.data_ex, 'fator', e.fator::text))::text
            from eventos_corporativos e
            where e.acao_id = acoes.id and e.tipo in (${tiposDeAcoes}) and e.aplicado_em is not null)`,
      })
      .from(acoes)
      .where(eq(acoes.ticker, sql`any(string_to_array(${sql.placeholder('tickers')}, ','))`))
      .prepare('ultimos_fechamentos'),
  );
  const rows = await statement.execute({ tickers: [...new Set(tickers)].join(',') });
  for (const row of rows) {
    if (row.ultima === null) continue;
    const ultima = JSON.parse(row.ultima) as Ultima;
    const eventos = row.eventos === null ? [] : (JSON.parse(row.eventos) as EventoDeAcoes[]);
    const fator = fatorPendente(referencia(ultima.data, ultima.ajustado_ate), eventos);
    const close = price(adjustPreco(ultima.fechamento, fator));
    if (close !== null) quotes.set(row.ticker, { preco: close, data: ultima.data });
  }
  return quotes;
}
