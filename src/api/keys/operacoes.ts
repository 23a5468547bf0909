/**
 * The operations' query keys, apart from their hooks: src/api/invalidations.ts marks them stale for the other
 * domains (an order that filled, a corporate event) without importing operacoes.ts, which imports it.
 */

export interface OperacaoFilters {
  cliente: number;
}

export const operacoesKeys = {
  all: () => ['operacoes'] as const,
  lists: () => [...operacoesKeys.all(), 'list'] as const,
  list: (filters: OperacaoFilters) => [...operacoesKeys.lists(), filters] as const,
};
