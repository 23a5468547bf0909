import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import { eventosDoYahoo, storeEventosYahoo, type EventoYahoo } from '../eventos';
import { writeBarras, type Barra } from '../../lib/precos/store';
import { createYahooClient, type YahooClient } from '../../lib/quotes';
import { todayIso } from '../../../shared/dates';

// A stock with no history is fetched far enough back for the method's 300 sessions.
const DIAS_SEM_HISTORICO = 730;
// A few days back from the last stored bar, so a session Yahoo corrected late is read again.
const DIAS_SOBREPOSTOS = 5;
const DIA_MS = 86_400_000;

export interface AtualizacaoYahoo {
  atualizadas: number;
  falhas: string[];
}

const clients = new WeakMap<object, YahooClient>();

/**
 * Yahoo's daily bars of one stock as rows for precos_diarios (sessions with a missing price are left out), and the
 * splits and dividends of the same answer as corporate events.
 */
export async function barrasDoYahoo(
  client: YahooClient,
  acao: { id: number; ticker: string },
  desde: Date,
): Promise<{ barras: Barra[]; eventos: EventoYahoo[] }> {
  const chart = await client.chart(`${acao.ticker}.SA`, {
    period1: desde,
    interval: '1d',
    events: 'div|split',
    return: 'array',
  });
  const barras: Barra[] = [];
  for (const q of chart.quotes) {
    if (q.open == null || q.high == null || q.low == null || q.close == null) continue;
    if (!(q.open > 0 && q.high > 0 && q.low > 0 && q.close > 0)) continue;
    barras.push({
      acao_id: acao.id,
      // Yahoo stamps a daily bar with the session's opening time; the session is São Paulo's date of it.
      data: todayIso(q.date),
      abertura: q.open.toFixed(4),
      maxima: q.high.toFixed(4),
      minima: q.low.toFixed(4),
      fechamento: q.close.toFixed(4),
      volume: Math.max(0, Math.round(q.volume ?? 0)),
    });
  }
  return { barras, eventos: eventosDoYahoo(chart.events) };
}

async function universo(db: Db) {
  return queryRows<{ id: number; ticker: string; ultima: string | null }>(
    db,
    sql`select a.id, a.ticker, (select max(p.data) from precos_diarios p where p.acao_id = a.id) as ultima
        from acoes a order by a.ticker`,
  );
}

/**
 * With the yahoo provider on, brings every stock's daily history up to date from Yahoo's chart before a
 * recompute, with the splits and dividends it reports. A stock Yahoo does not answer for keeps its stored history
 * (and is named in the result).
 */
export async function refreshYahooHistory(
  deps: Pick<AppDeps, 'db' | 'config'>,
  now: Date = new Date(),
): Promise<AtualizacaoYahoo> {
  let client = clients.get(deps.db);
  if (!client) {
    client = createYahooClient({ baseUrl: deps.config.yahooBaseUrl, timeoutMs: 15_000 });
    clients.set(deps.db, client);
  }
  const acoes = await universo(deps.db);
  const resultado: AtualizacaoYahoo = { atualizadas: 0, falhas: [] };
  // The client's own queue bounds the concurrency; each stock is written as soon as it arrives.
  await Promise.all(
    acoes.map(async (acao) => {
      const desde = acao.ultima
        ? new Date(Date.parse(`${acao.ultima}T00:00:00Z`) - DIAS_SOBREPOSTOS * DIA_MS)
        : new Date(now.getTime() - DIAS_SEM_HISTORICO * DIA_MS);
      try {
        const { barras, eventos } = await barrasDoYahoo(client, acao, desde);
        // Yahoo's closes are split-adjusted up to the answer's last session: every bar of it is in those terms.
        const ajustadoAte = barras.at(-1)?.data ?? null;
        if (barras.length) {
          await writeBarras(deps.db, barras, { fonte: 'yahoo', ajustado_ate: ajustadoAte });
        }
        await storeEventosYahoo(deps.db, acao.id, eventos, todayIso(now));
        resultado.atualizadas++;
      } catch (err) {
        console.warn(`[yahoo] ${acao.ticker}: ${(err as Error).message}`);
        resultado.falhas.push(acao.ticker);
      }
    }),
  );
  resultado.falhas.sort();
  return resultado;
}
