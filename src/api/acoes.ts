import { queryOptions } from '@tanstack/react-query';
import { acoesEndpoints as e } from '../../contract';
import { call } from './call';

/** The stock universe: it changes only when the reference data is reloaded. */
export const acoesQueries = {
  all: () => ['acoes'] as const,
  lists: () => [...acoesQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: acoesQueries.lists(),
      queryFn: ({ signal }) => call(e.list, {}, { signal }),
      staleTime: 10 * 60_000,
    }),
};
