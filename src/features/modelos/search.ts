import { parseUuid } from '../../../contract';

/** The rebalance screen's search: the two lotes a sent rebalance made (a reload follows the same). */
export interface RebalancearSearch {
  venda?: string;
  compra?: string;
}

export function rebalancearSearch(search: Record<string, unknown>): RebalancearSearch {
  const out: RebalancearSearch = {};
  for (const key of ['venda', 'compra'] as const) {
    const value = search[key];
    const id = typeof value === 'string' ? parseUuid(value) : null;
    if (id) out[key] = id;
  }
  return out;
}
