import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  ordensEndpoints as e,
  type CompraRequest,
  type CompraValidarRequest,
  type EstadoOrdem,
  type Lado,
  type OrderStatus,
  type VendaRequest,
} from '../../contract';
import { ApiRequestError } from '../lib/api';
import { call } from './call';
import { conciliacaoQueries } from './conciliacao';
import { invalidateCarteira } from './operacoes';

/** The specification's order status polling period. */
export const ORDEM_POLL_MS = 3000;

const isDone = (status: OrderStatus | undefined) =>
  Boolean(status?.executed_all || status?.finished);

/** The history's filters; a missing one is no filter. */
export interface HistoricoFiltros {
  cliente?: number;
  acao?: string;
  estado?: EstadoOrdem;
  de?: string;
  ate?: string;
}

/** One page of the history: enough to fill a screen, the next one on demand. */
export const HISTORICO_PAGINA = 50;

/** MT5 orders: the status of each sent group, per client and lado; the history and each order's detail. */
export const ordensQueries = {
  all: () => ['ordens'] as const,
  lists: () => [...ordensQueries.all(), 'list'] as const,
  /** Newest first, page after page by cursor (the server's pages never repeat nor skip an order). */
  list: (filtros: HistoricoFiltros) =>
    infiniteQueryOptions({
      queryKey: [...ordensQueries.lists(), filtros] as const,
      queryFn: ({ pageParam, signal }) =>
        call(
          e.list,
          {
            query: {
              ...filtros,
              limite: HISTORICO_PAGINA,
              ...(pageParam && { cursor: pageParam }),
            },
          },
          { signal },
        ),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next_cursor,
    }),
  details: () => [...ordensQueries.all(), 'detail'] as const,
  detail: (groupId: string) =>
    queryOptions({
      queryKey: [...ordensQueries.details(), groupId] as const,
      queryFn: ({ signal }) => call(e.detail, { params: { group_id: groupId } }, { signal }),
    }),
  statuses: () => [...ordensQueries.all(), 'status'] as const,
  /** Polled every 3 s until the group is executed or finished with an error. */
  status: (clienteId: number, lado: Lado, groupId: string | null) =>
    queryOptions({
      queryKey: [...ordensQueries.statuses(), clienteId, lado, groupId] as const,
      queryFn: ({ signal }) => {
        const params = { id: clienteId, group_id: groupId ?? '' };
        return lado === 'compra'
          ? call(e.compraStatus, { params }, { signal })
          : call(e.vendaStatus, { params }, { signal });
      },
      enabled: groupId !== null,
      refetchInterval: (query) => (isDone(query.state.data) ? false : ORDEM_POLL_MS),
      // A failed poll is logged and polling goes on (specification section 8).
      retry: false,
      staleTime: 0,
    }),
};

/**
 * A sent order's status. Once it is executed the client's portfolio changed (an operation opened or closed):
 * what depends on it reloads, then `onExecuted` runs, once per group.
 */
export function useOrdemStatus(
  clienteId: number,
  lado: Lado,
  groupId: string | null,
  onExecuted: () => void,
) {
  const queryClient = useQueryClient();
  const query = useQuery(ordensQueries.status(clienteId, lado, groupId));
  const status = groupId !== null && query.data?.group_id === groupId ? query.data : undefined;
  const executed = Boolean(status?.executed_all);
  const finished = isDone(status);
  useEffect(() => {
    // A group that ended without every share still recorded what filled (a canceled limit order, a partial fill).
    if (finished && groupId) void invalidateOrdem(queryClient, clienteId, groupId);
    if (!executed) return;
    onExecuted();
    // The finished group is what this reacts to, once; onExecuted is the caller's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished, executed]);
  return status;
}

/**
 * What a finished, canceled or resolved order makes stale: the client's portfolio (what filled was recorded), its
 * reconciliation (the terminal's positions moved), the history and the order's detail.
 */
export function invalidateOrdem(queryClient: QueryClient, clienteId: number, groupId: string) {
  return Promise.all([
    invalidateCarteira(queryClient, clienteId),
    queryClient.invalidateQueries({ queryKey: conciliacaoQueries.all() }),
    queryClient.invalidateQueries({ queryKey: ordensQueries.lists() }),
    queryClient.invalidateQueries({ queryKey: ordensQueries.detail(groupId).queryKey }),
  ]);
}

/** The order as the status polling last saw it changes its history row and detail too. */
function afterOrderAction(queryClient: QueryClient, status: OrderStatus, clienteId: number | null) {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ordensQueries.statuses() })) {
    if (query.queryKey.at(-1) === status.group_id) queryClient.setQueryData(query.queryKey, status);
  }
  return clienteId === null
    ? Promise.all([
        queryClient.invalidateQueries({ queryKey: ordensQueries.lists() }),
        queryClient.invalidateQueries({ queryKey: ordensQueries.detail(status.group_id).queryKey }),
      ])
    : invalidateOrdem(queryClient, clienteId, status.group_id);
}

/**
 * Asks the terminal to cancel what is still open of an order (a resting limit order); the status polling then
 * follows it until the legs are canceled (what filled is recorded). A 409 says there is nothing open to cancel.
 */
export function useCancelOrdem(clienteId: number | null = null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => call(e.cancel, { params: { group_id: groupId } }),
    onSuccess: (status) => afterOrderAction(queryClient, status, clienteId),
  });
}

/** Closes an order whose outcome cannot be known, with the reason; nothing reaches the portfolio. */
export function useResolveOrdem(clienteId: number | null = null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, motivo }: { groupId: string; motivo: string }) =>
      call(e.resolve, { params: { group_id: groupId }, body: { motivo } }),
    onSuccess: (status) => afterOrderAction(queryClient, status, clienteId),
  });
}

/** The legs a buy would take and the client's terminal check of each; nothing is sent. */
export function useValidateCompra(clienteId: number) {
  return useMutation({
    mutationFn: (body: CompraValidarRequest) =>
      call(e.validateCompra, { params: { id: clienteId }, body }),
  });
}

/** Each confirmed intent carries its own Idempotency-Key: a retried or double-clicked submit is one order. */
export function useSendCompra(clienteId: number) {
  return useMutation({
    mutationFn: async ({ body, key }: { body: CompraRequest; key: string }) =>
      (
        await call(e.sendCompra, {
          params: { id: clienteId },
          headers: { 'idempotency-key': key },
          body,
        })
      ).group_id,
  });
}

export function useSendVenda(clienteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      operacaoId,
      body,
      key,
    }: {
      operacaoId: number;
      body: VendaRequest;
      key: string;
    }) =>
      (
        await call(e.sendVenda, {
          params: { id: clienteId, operation_id: operacaoId },
          headers: { 'idempotency-key': key },
          body,
        })
      ).group_id,
    // A 409 may be the terminal holding less than the sale: what the dialog knows of its position is read again.
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409) {
        void queryClient.invalidateQueries({
          queryKey: conciliacaoQueries.detail(clienteId).queryKey,
        });
      }
    },
  });
}
