import {
  QueryObserver,
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
  type Lado,
  type OrderStatus,
  type VendaRequest,
} from '../../contract';
import { call } from './call';
import { invalidateCarteira } from './operacoes';

/** The specification's order status polling period. */
export const ORDEM_POLL_MS = 3000;

const isDone = (status: OrderStatus | undefined) =>
  Boolean(status?.executed_all || status?.finished);

/** MT5 orders: the status of each sent group, per client and lado. */
export const ordensQueries = {
  all: () => ['ordens'] as const,
  statuses: () => [...ordensQueries.all(), 'status'] as const,
  /** Polled every 3 s by `followOrdem` until the group is executed or finished with an error. */
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

const followed = new WeakMap<QueryClient, Set<string>>();

/**
 * Follows a sent order until it ends, whether a dialog shows it or was closed meanwhile: its status is polled
 * every 3 s into the query cache (where the dialog reads it), and once it ends what it changed reloads (the
 * client's portfolio, the control panel). One follower per group, however often it is asked.
 */
export function followOrdem(
  queryClient: QueryClient,
  clienteId: number,
  lado: Lado,
  groupId: string,
): void {
  const groups = followed.get(queryClient) ?? new Set<string>();
  followed.set(queryClient, groups);
  if (groups.has(groupId)) return;
  groups.add(groupId);
  const observer = new QueryObserver(queryClient, ordensQueries.status(clienteId, lado, groupId));
  // A cleared cache (the session ended) ends the following too: nobody is there to see the order.
  const unwatch = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'removed' && event.query === observer.getCurrentQuery()) stop();
  });
  const unsubscribe = observer.subscribe((result) => {
    if (!isDone(result.data)) return;
    stop();
    void invalidateCarteira(queryClient, clienteId);
  });
  function stop() {
    unsubscribe();
    unwatch();
    groups.delete(groupId);
  }
}

/**
 * A sent order's status as `followOrdem` polls it (the dialog only reads it: closing the dialog stops nothing).
 * Once it is executed `onExecuted` runs, once per group.
 */
export function useOrdemStatus(
  clienteId: number,
  lado: Lado,
  groupId: string | null,
  onExecuted: () => void,
) {
  const query = useQuery({ ...ordensQueries.status(clienteId, lado, groupId), enabled: false });
  const status = groupId !== null && query.data?.group_id === groupId ? query.data : undefined;
  const executed = Boolean(status?.executed_all);
  useEffect(() => {
    if (!executed) return;
    onExecuted();
    // The executed group is what this reacts to, once; onExecuted is the caller's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [executed]);
  return status;
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: CompraRequest; key: string }) =>
      (
        await call(e.sendCompra, {
          params: { id: clienteId },
          headers: { 'idempotency-key': key },
          body,
        })
      ).group_id,
    // Here, not in the dialog's mutate(): a dialog closed while the order was being sent still has it followed.
    onSuccess: (groupId) => followOrdem(queryClient, clienteId, 'compra', groupId),
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
    onSuccess: (groupId) => followOrdem(queryClient, clienteId, 'venda', groupId),
  });
}
