import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  modelosEndpoints as e,
  type Modelo,
  type ModeloInput,
  type Rebalancear,
  type RebalancearValidar,
} from '../../contract';
import { idempotencyKey } from '../lib/idempotency';
import { call } from './call';
import { clientesQueries } from './clientes';
import { lotesQueries } from './lotes';
import type { Envio } from './ordens';

/** Model portfolios (issue 33): one key per piece of data (all → lists/details → one). */
export const modelosQueries = {
  all: () => ['modelos'] as const,
  lists: () => [...modelosQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: modelosQueries.lists(),
      queryFn: ({ signal }) => call(e.list, {}, { signal }),
    }),
  details: () => [...modelosQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...modelosQueries.details(), id] as const,
      queryFn: ({ signal }) => call(e.get, { params: { id } }, { signal }),
    }),
};

/** Create (no id) or update (with id): the model's own entry is replaced and the list reloads. */
export function useSaveModelo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ModeloInput }) =>
      id ? call(e.update, { params: { id }, body: input }) : call(e.create, { body: input }),
    onSuccess: (saved: Modelo) => {
      queryClient.setQueryData(modelosQueries.detail(saved.id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: modelosQueries.lists() });
    },
  });
}

/** A model no client follows is deleted; one followed is refused with a 409 naming its clients (nothing changes). */
export function useDeleteModelo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await call(e.delete, { params: { id } });
      return id;
    },
    onSuccess: (id) => {
      queryClient.removeQueries({ queryKey: modelosQueries.detail(id).queryKey });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: modelosQueries.lists() }),
        // A client's model is shown in the client list.
        queryClient.invalidateQueries({ queryKey: clientesQueries.lists() }),
      ]);
    },
  });
}

/** A client saved with another model changes who follows which: the models' lists (their `clientes`). */
export function invalidateModelosSeguidos(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ queryKey: modelosQueries.all() });
}

/** The rebalance plan of a model's clients: nothing is stored or sent. */
export function useValidateRebalance(modeloId: number) {
  return useMutation({
    mutationFn: (body: RebalancearValidar) =>
      call(e.validateRebalance, { params: { id: modeloId }, body }),
  });
}

/**
 * Sends the validated plan: the sales as a lote, the buys as a second one, linked (each followed as any lote). The
 * Idempotency-Key is the intent's and the request's (src/lib/idempotency.ts), the model's id with them: the same
 * plan sent twice answers the same two lotes.
 */
export function useSendRebalance(modeloId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, intent }: Envio<Rebalancear>) =>
      call(e.rebalance, {
        params: { id: modeloId },
        headers: { 'idempotency-key': idempotencyKey(intent, body, { modelo: modeloId }) },
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lotesQueries.lists() }),
  });
}
