import { sql } from 'drizzle-orm';
import { EVENTOS_DE_ACOES } from '../../../contract';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/query';
import { adjustSerie, type BarraAjustada, type EventoDeAcoes } from './ajuste';

/** `('desdobramento', 'grupamento', 'bonificacao')` for a query. */
export const tiposDeAcoes = sql.raw(EVENTOS_DE_ACOES.map((t) => `'${t}'`).join(', '));

/**
 * The share events in force (applied: their data_ex has come) of some stocks, or of every stock, by stock.
 * Stocks without any are absent: their stored bars are the adjusted series as they are.
 */
export async function eventosDeAcoesVigentes(
  db: Db | Tx,
  acaoIds?: readonly number[],
): Promise<Map<number, EventoDeAcoes[]>> {
  const filtro =
    acaoIds === undefined
      ? sql``
      : sql`and acao_id = any(string_to_array(${acaoIds.join(',')}, ',')::int[])`;
  const rows = await queryRows<{ acao_id: number; data_ex: string; fator: string }>(
    db,
    sql`select acao_id, data_ex, fator::text as fator from eventos_corporativos
        where tipo in (${tiposDeAcoes}) and aplicado_em is not null ${filtro}
        order by acao_id, data_ex`,
  );
  const porAcao = new Map<number, EventoDeAcoes[]>();
  for (const r of rows) {
    const lista = porAcao.get(r.acao_id) ?? [];
    lista.push({ data_ex: r.data_ex, fator: r.fator });
    porAcao.set(r.acao_id, lista);
  }
  return porAcao;
}

/**
 * One stock's daily bars between two dates (inclusive, either open), oldest first, adjusted for the share events
 * in force: what every reader comparing prices across time uses (history charts among them).
 */
export async function serieAjustada(
  db: Db | Tx,
  acaoId: number,
  intervalo: { de?: string; ate?: string } = {},
): Promise<BarraAjustada[]> {
  const [barras, eventos] = await Promise.all([
    queryRows<{
      data: string;
      abertura: string;
      maxima: string;
      minima: string;
      fechamento: string;
      volume: string;
      ajustado_ate: string | null;
    }>(
      db,
      sql`select data, abertura::text, maxima::text, minima::text, fechamento::text, volume::text, ajustado_ate
          from precos_diarios
          where acao_id = ${acaoId}
            ${intervalo.de ? sql`and data >= ${intervalo.de}` : sql``}
            ${intervalo.ate ? sql`and data <= ${intervalo.ate}` : sql``}
          order by data`,
    ),
    eventosDeAcoesVigentes(db, [acaoId]),
  ]);
  return adjustSerie(
    barras.map((b) => ({ ...b, volume: Number(b.volume) })),
    eventos.get(acaoId) ?? [],
  );
}
