import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { eventosEndpoints as e, type EventoInput } from '../../contract';
import { call } from './call';
import { invalidateAfterEvento } from './invalidations';

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

/** An event written or deleted: the events, and what it adjusted or paid (./invalidations.ts). */
const invalidateEventos = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: eventosQueries.all() }),
    invalidateAfterEvento(queryClient),
  ]);

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
