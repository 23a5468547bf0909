import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ClienteListSchema,
  ClienteSchema,
  ClienteStatusListSchema,
  type Cliente,
  type ClienteInput,
} from '../../contract';
import { api } from '../../lib/api';

/** Specification section 9: the MT5 status refreshes on load and every 1800 seconds. */
export const STATUS_REFRESH_MS = 1_800 * 1_000;

export const clientesKeys = {
  all: ['clientes'] as const,
  list: () => [...clientesKeys.all, 'list'] as const,
  detail: (id: number) => [...clientesKeys.all, 'detail', id] as const,
  status: () => ['clientes-status'] as const,
};

export const clientesListQuery = () =>
  queryOptions({
    queryKey: clientesKeys.list(),
    queryFn: async ({ signal }) =>
      ClienteListSchema.parse((await api.get('clientes/', { signal })).data),
  });

export const clientesStatusQuery = () =>
  queryOptions({
    queryKey: clientesKeys.status(),
    queryFn: async ({ signal }) =>
      ClienteStatusListSchema.parse((await api.get('clientes-status/', { signal })).data),
    // A status is current until the next scheduled check.
    staleTime: STATUS_REFRESH_MS,
    refetchInterval: () => STATUS_REFRESH_MS,
  });

export const useClientes = () => useQuery(clientesListQuery());
export const useClientesStatus = () => useQuery(clientesStatusQuery());

/** Create (no id) or update (with id); the list and the statuses (a VM address may have changed) refresh. */
export function useSaveCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: ClienteInput }) => {
      const { data } = id
        ? await api.put(`clientes/${id}/`, input)
        : await api.post('clientes/', input);
      return ClienteSchema.parse(data);
    },
    onSuccess: async (saved: Cliente) => {
      queryClient.setQueryData(clientesKeys.detail(saved.id), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientesKeys.list() }),
        queryClient.invalidateQueries({ queryKey: clientesKeys.status() }),
      ]);
    },
  });
}

export function useDeleteCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`clientes/${id}/`);
      return id;
    },
    onSuccess: async (id) => {
      queryClient.removeQueries({ queryKey: clientesKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: clientesKeys.list() });
    },
  });
}
