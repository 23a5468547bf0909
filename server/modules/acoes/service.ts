import { ACAO_NAO_ENCONTRADA, type HistoricoPrecos } from '../../../contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { serieAjustada } from '../../lib/precos/serie';
import { findAcaoPorTicker } from './repository';

/**
 * A stock's daily bars between two dates (either open), in today's terms: the one adjusted series every price
 * reader uses (docs/decisions/0007-eventos-corporativos.md), so a chart never shows a split as a crash.
 */
export async function historico(
  db: Db,
  ticker: string,
  intervalo: { de?: string; ate?: string },
): Promise<HistoricoPrecos> {
  const acao = await findAcaoPorTicker(db, ticker);
  if (!acao) throw notFound(ACAO_NAO_ENCONTRADA);
  const barras = await serieAjustada(db, acao.id, intervalo);
  return {
    acao: acao.id,
    ticker: acao.ticker,
    // Exact decimal text to 4 places: Number() gives the double nearest to it, as every price answer does.
    barras: barras.map((b) => ({
      data: b.data,
      abertura: Number(b.abertura),
      maxima: Number(b.maxima),
      minima: Number(b.minima),
      fechamento: Number(b.fechamento),
      volume: b.volume,
    })),
  };
}
