import type { EstadoOrdem } from '../../../contract';

/**
 * The MT5 orders' query keys, apart from their queries: src/api/invalidations.ts marks the history and an order's
 * detail stale when an order ends (from ordens.ts or from a lote's status in lotes.ts) without importing ordens.ts,
 * which imports it.
 */

/** The history's filters; a missing one is no filter. */
export interface HistoricoFiltros {
  cliente?: number;
  acao?: string;
  estado?: EstadoOrdem;
  de?: string;
  ate?: string;
}

export const ordensKeys = {
  all: () => ['ordens'] as const,
  lists: () => [...ordensKeys.all(), 'list'] as const,
  list: (filtros: HistoricoFiltros) => [...ordensKeys.lists(), filtros] as const,
  details: () => [...ordensKeys.all(), 'detail'] as const,
  detail: (groupId: string) => [...ordensKeys.details(), groupId] as const,
  statuses: () => [...ordensKeys.all(), 'status'] as const,
  /** Keyed by the group alone: its client and side follow from it (a cancel's answer lands here without them). */
  status: (groupId: string | null) => [...ordensKeys.statuses(), groupId] as const,
};
