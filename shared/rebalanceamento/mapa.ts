import { Decimal } from '../decimal';
import { isOutsideBand } from './desvios';
import type { Faixa, ItemPlano } from './tipos';

/** One cell of the heat map: the drift as the plan reports it, and whether it is outside the model's band. */
export interface CelulaMapa {
  desvio: number | null;
  atual: number;
  alvo: number;
  fora: boolean;
}

export interface LinhaMapa {
  cliente: string;
  nome: string;
  excluido: boolean;
  /** One per column of `tickers`; null where the client has no such line (not measured, or not held). */
  celulas: Array<CelulaMapa | null>;
}

export interface MapaDesvios {
  /** The columns: the model's tickers in the plan's order, then any held outside it, alphabetically. */
  tickers: string[];
  linhas: LinhaMapa[];
}

/**
 * The rebalance screen's heat map (issue 33): clients × tickers, each cell the client's drift, `fora` when it is
 * outside the band (a null drift, a relative one against a target of 0, always is). Linear in the cells.
 */
export function heatMap(itens: readonly ItemPlano[], faixa: Faixa): MapaDesvios {
  const noModelo: string[] = [];
  const fora = new Set<string>();
  const vistos = new Set<string>();
  for (const item of itens) {
    for (const d of item.desvios) {
      if (vistos.has(d.ticker)) continue;
      vistos.add(d.ticker);
      if (d.alvo > 0) noModelo.push(d.ticker);
      else fora.add(d.ticker);
    }
  }
  // A ticker some client's model weighs is a model column for all.
  for (const t of noModelo) fora.delete(t);
  const tickers = [...noModelo, ...[...fora].sort()];
  const linhas = itens.map((item): LinhaMapa => {
    const porTicker = new Map(item.desvios.map((d) => [d.ticker, d]));
    return {
      cliente: item.cliente,
      nome: item.nome,
      excluido: item.excluido,
      celulas: tickers.map((t) => {
        const d = porTicker.get(t);
        if (!d) return null;
        const desvio = d.desvio === null ? null : new Decimal(d.desvio);
        return {
          desvio: d.desvio,
          atual: d.atual,
          alvo: d.alvo,
          fora: isOutsideBand(desvio, faixa),
        };
      }),
    };
  });
  return { tickers, linhas };
}
