import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { eventosEndpoints as e, type EventoInput } from '../../contract';
import { acoesQueries } from './acoes';
import { call } from './call';
import { carteiraQueries } from './carteira';
import { cotacoesQueries } from './cotacoes';
import { operacoesQueries } from './operacoes';
import { painelQueries } from './painel';

export interface EventoFilters {
  acao?: number;
}

/** Corporate events, all or one stock's. */
export const eventosQueries = {
  all: () => ['eventos'] as const,
  lists: () => [...eventosQueries.all(), 'list'] as const,
  list: (filters: EventoFilters) =>
    queryOptions({
      queryKey: [...eventosQueries.lists(), filters] as const,
      queryFn: ({ signal }) => call(e.list, { query: filters }, { signal }),
    }),
};

/**
 * What an event written or deleted makes stale: the events, and, since it adjusts or pays every client holding its
 * stock (which the SPA cannot know), every client's operations, summary and proventos, the control panel's figures,
 * the quotes (the stored-close fallback is in today's terms) and the price histories (adjusted by share events).
 */
function invalidateEventos(queryClient: QueryClient) {
  return Promise.all(
    [
      eventosQueries.all(),
      operacoesQueries.lists(),
      carteiraQueries.resumos(),
      carteiraQueries.proventosAll(),
      painelQueries.all(),
      cotacoesQueries.all(),
      acoesQueries.historicos(),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** Creates (no id) or edits (PUT, the whole event) an event. */
export function useSaveEvento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: EventoInput }) =>
      id ? call(e.update, { params: { id }, body }) : call(e.create, { body }),
    onSuccess: () => invalidateEventos(queryClient),
  });
}

export function useDeleteEvento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(e.delete, { params: { id } }),
    onSuccess: () => invalidateEventos(queryClient),
  });
}
