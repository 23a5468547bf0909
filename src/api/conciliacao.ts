import { queryOptions } from '@tanstack/react-query';
import { conciliacaoEndpoints as e } from '../../contract';
import { call } from './call';

/**
 * Book, terminal and custody per client. Each answer asks the terminals again (about one agent timeout at worst):
 * kept for a minute, refreshed on demand.
 */
export const conciliacaoQueries = {
  all: () => ['conciliacao'] as const,
  list: () =>
    queryOptions({
      queryKey: [...conciliacaoQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => call(e.list, {}, { signal }),
      staleTime: 60_000,
    }),
  details: () => [...conciliacaoQueries.all(), 'detail'] as const,
  detail: (clienteId: number) =>
    queryOptions({
      queryKey: [...conciliacaoQueries.details(), clienteId] as const,
      queryFn: ({ signal }) => call(e.cliente, { params: { id: clienteId } }, { signal }),
      staleTime: 60_000,
    }),
};
