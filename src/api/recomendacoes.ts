import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { recomendacoesEndpoints as e } from '../../contract';
import { call } from './call';

/**
 * The latest recommendations, and per client the ones it may still buy (the same set minus what it holds open).
 * The control panel's tab and the /recomendacoes page share them.
 */
export const recomendacoesQueries = {
  all: () => ['recomendacoes'] as const,
  lists: () => [...recomendacoesQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: recomendacoesQueries.lists(),
      queryFn: ({ signal }) => call(e.list, {}, { signal }),
    }),
  disponiveisAll: () => [...recomendacoesQueries.all(), 'disponiveis'] as const,
  disponiveis: (clienteId: number) =>
    queryOptions({
      queryKey: [...recomendacoesQueries.disponiveisAll(), clienteId] as const,
      queryFn: ({ signal }) => call(e.disponiveis, { params: { id: clienteId } }, { signal }),
    }),
};

/** Recomputes on the server: the list and every client's available recommendations reload. */
export function useRefreshRecomendacoes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(e.refresh),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recomendacoesQueries.all() }),
  });
}
