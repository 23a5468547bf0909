import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { acoesEndpoints as e, type AcaoInput } from '../../contract';
import { call } from './call';
import { irQueries } from './ir';
import { rentabilidadeQueries } from './rentabilidade';

/** The stock universe (it changes only when the reference data is reloaded) and each stock's daily history. */
export const acoesQueries = {
  all: () => ['acoes'] as const,
  lists: () => [...acoesQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: acoesQueries.lists(),
      queryFn: ({ signal }) => call(e.list, {}, { signal }),
      staleTime: 10 * 60_000,
    }),
  historicos: () => [...acoesQueries.all(), 'historico'] as const,
  /** The whole stored history in today's terms: the chart's periods are views of it, switched without a call. */
  historico: (ticker: string) =>
    queryOptions({
      queryKey: [...acoesQueries.historicos(), ticker] as const,
      queryFn: ({ signal }) => call(e.historico, { params: { ticker }, query: {} }, { signal }),
    }),
};

/**
 * Sets an asset's empresa, setor and classe (PUT: all three), creating it when the ticker is new: the universe,
 * the income tax of whoever traded it (the class sets the bucket; the SPA cannot know who) and the returns'
 * allocation by sector and class.
 */
export function useSaveAcao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticker, body }: { ticker: string; body: AcaoInput }) =>
      call(e.update, { params: { ticker }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: acoesQueries.lists() }),
        queryClient.invalidateQueries({ queryKey: irQueries.all() }),
        queryClient.invalidateQueries({ queryKey: rentabilidadeQueries.all() }),
      ]),
  });
}
