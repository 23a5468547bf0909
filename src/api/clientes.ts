import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { clientesEndpoints as e, type Cliente, type ClienteInput } from '../../contract';
import { call } from './call';
import { invalidateAfterClienteDeleted, invalidateAfterClienteSaved } from './invalidations';

/** Specification section 9: the MT5 status refreshes on load and every 1800 seconds. */
export const STATUS_REFRESH_MS = 1_800 * 1_000;

/**
 * While some client has no status yet (the server measures it in the background and answers at once with what
 * it has), the statuses are asked again this often: each dot appears soon after its VM answers.
 */
export const STATUS_PENDENTE_MS = 2_000;

/** Clients: one key per piece of data (TkDodo's hierarchy all → lists/details → one). */
export const clientesQueries = {
  all: () => ['clientes'] as const,
  lists: () => [...clientesQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: clientesQueries.lists(),
      queryFn: ({ signal }) => call(e.list, {}, { signal }),
    }),
  details: () => [...clientesQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...clientesQueries.details(), id] as const,
      queryFn: ({ signal }) => call(e.get, { params: { id } }, { signal }),
    }),
  status: () =>
    queryOptions({
      queryKey: [...clientesQueries.all(), 'status'] as const,
      queryFn: ({ signal }) => call(e.status, {}, { signal }),
      // A status is current until the next scheduled check.
      staleTime: STATUS_REFRESH_MS,
      refetchInterval: () => STATUS_REFRESH_MS,
    }),
};

/** Create (no id) or update (with id): the client's own entry is replaced; the list, the statuses (a VM address
 * may have changed), its summary (its percent) and the control panel (names, percents) reload. The save ends
 * without waiting for the statuses: a VM is not the form's business. */
export function useSaveCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ClienteInput }) =>
      id ? call(e.update, { params: { id }, body: input }) : call(e.create, { body: input }),
    onSuccess: (saved: Cliente) => {
      queryClient.setQueryData(clientesQueries.detail(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: clientesQueries.status().queryKey });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientesQueries.lists() }),
        invalidateAfterClienteSaved(queryClient, saved.id),
      ]);
    },
  });
}

export function useDeleteCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await call(e.delete, { params: { id } });
      return id;
    },
    onSuccess: (id) => {
      queryClient.removeQueries({ queryKey: clientesQueries.detail(id).queryKey });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientesQueries.lists() }),
        invalidateAfterClienteDeleted(queryClient),
      ]);
    },
  });
}
