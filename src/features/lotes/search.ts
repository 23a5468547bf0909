import { parseUuid, TICKER_B3 } from '../../../contract';

/**
 * The search of /ordens/lote: what opens the screen prefilled (the control panel's recommendation: ticker and
 * tp), the tab, the lote being watched, and the lote whose failed clients are sent again. Anything malformed is
 * dropped: the screen opens empty rather than failing.
 */
export interface LoteSearch {
  tipo?: 'compra' | 'venda';
  ticker?: string;
  tp?: number;
  lote?: string;
  reenviar?: string;
}

export function loteSearch(search: Record<string, unknown>): LoteSearch {
  const out: LoteSearch = {};
  if (search.tipo === 'compra' || search.tipo === 'venda') out.tipo = search.tipo;
  const ticker = typeof search.ticker === 'string' ? search.ticker.toUpperCase() : '';
  if (TICKER_B3.test(ticker)) out.ticker = ticker;
  const tp = Number(search.tp);
  if (search.tp !== undefined && Number.isFinite(tp) && tp > 0) out.tp = tp;
  for (const key of ['lote', 'reenviar'] as const) {
    const value = search[key];
    const id = typeof value === 'string' ? parseUuid(value) : null;
    if (id) out[key] = id;
  }
  return out;
}
