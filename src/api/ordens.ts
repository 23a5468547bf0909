import {
  infiniteQueryOptions,
  QueryObserver,
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  ordensEndpoints as e,
  type CompraRequest,
  type CompraValidarRequest,
  type Lado,
  type OrderStatus,
  type VendaRequest,
} from '../../contract';
import { ApiRequestError } from '../lib/api';
import { idempotencyKey } from '../lib/idempotency';
import { call } from './call';
import { invalidateOrdensTerminadas, invalidatePosicaoNoTerminal } from './invalidations';
import { avisarOrdemTerminada } from './ordem-terminada';
import { ordensKeys, type HistoricoFiltros } from './keys/ordens';

export type { HistoricoFiltros } from './keys/ordens';

/** The specification's order status polling period. */
export const ORDEM_POLL_MS = 3000;

/** An order has ended: everything executed, or finished with an error (canceled, rejected, resolved). */
export const ordemTerminada = (status: OrderStatus | undefined) =>
  Boolean(status?.executed_all || status?.finished);

/** Which order: its group, whose it is (what it changes) and its side (where its status is asked). */
export interface OrdemRef {
  groupId: string;
  cliente: number;
  lado: Lado;
}

/** One page of the history: enough to fill a screen, the next one on demand. */
export const HISTORICO_PAGINA = 50;

/** MT5 orders: the history, each order's detail, and each sent order's status. */
export const ordensQueries = {
  all: ordensKeys.all,
  lists: ordensKeys.lists,
  /** Newest first, page after page by cursor (the server's pages never repeat nor skip an order). */
  list: (filtros: HistoricoFiltros) =>
    infiniteQueryOptions({
      queryKey: ordensKeys.list(filtros),
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
  details: ordensKeys.details,
  detail: (groupId: string) =>
    queryOptions({
      queryKey: ordensKeys.detail(groupId),
      queryFn: ({ signal }) => call(e.detail, { params: { group_id: groupId } }, { signal }),
    }),
  statuses: ordensKeys.statuses,
  /** Keyed by the group alone: its client and side follow from it (a cancel's answer lands here without them). */
  statusKey: ordensKeys.status,
  /**
   * THE way to follow an order (the buy and sale dialogs, the order's page): its status, asked every 3 s until it
   * ends. Asking is what moves it on the server (the terminal is read and what filled recorded); each answer goes
   * through `landStatus`, which handles the end once for everyone. null: no order yet (nothing is asked).
   */
  status: (ordem: OrdemRef | null) =>
    queryOptions({
      queryKey: ordensQueries.statusKey(ordem?.groupId ?? null),
      queryFn: ordem
        ? async ({ signal, client }) => {
            const params = { id: ordem.cliente, group_id: ordem.groupId };
            const status =
              ordem.lado === 'compra'
                ? await call(e.compraStatus, { params }, { signal })
                : await call(e.vendaStatus, { params }, { signal });
            return landStatus(client, ordem, status);
          }
        : skipToken,
      refetchInterval: (query) => (ordemTerminada(query.state.data) ? false : ORDEM_POLL_MS),
      // A failed poll is logged and polling goes on (specification section 8).
      retry: false,
      // Fresh until the next poll is due: a screen that starts reading it (the dialog, right after the send
      // started following it) reads the last answer rather than asking again; an order that ended stays as it was.
      staleTime: (query) => (ordemTerminada(query.state.data) ? Infinity : ORDEM_POLL_MS),
    }),
};

/**
 * Where every status of an order arrives, from a poll or from a cancel's or a resolve's answer: the one place
 * its end is handled (chosen over a cache subscriber: it runs wherever the status comes from, with nothing to
 * install, and in no component, so a closed dialog's order still ends here). The order's detail follows each
 * status while it is in flight (only a page showing it reloads it); the first status that says it ended makes what
 * it changed stale, and nothing after it does.
 */
function landStatus(queryClient: QueryClient, ordem: Omit<OrdemRef, 'lado'>, status: OrderStatus) {
  const before = queryClient.getQueryData<OrderStatus>(ordensQueries.statusKey(ordem.groupId));
  if (ordemTerminada(before)) return status;
  if (ordemTerminada(status)) void invalidateOrdensTerminadas(queryClient, [ordem]);
  else
    void queryClient.invalidateQueries({ queryKey: ordensQueries.detail(ordem.groupId).queryKey });
  return status;
}

const followed = new WeakMap<QueryClient, Set<string>>();

/**
 * Keeps a sent order's status query observed until the order ends, whether a dialog shows it or was closed
 * meanwhile (a query nobody observes is not polled). It reads nothing itself: the dialog reads the same query,
 * and `landStatus` handles the end. One per group, however often it is asked; a cleared cache (the session
 * ended) stops it, nobody being there to see the order.
 */
export function followOrdem(queryClient: QueryClient, ordem: OrdemRef): void {
  const groups = followed.get(queryClient) ?? new Set<string>();
  followed.set(queryClient, groups);
  if (groups.has(ordem.groupId)) return;
  groups.add(ordem.groupId);
  const observer = new QueryObserver(queryClient, ordensQueries.status(ordem));
  const unwatch = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'removed' && event.query === observer.getCurrentQuery()) stop();
  });
  const unsubscribe = observer.subscribe((result) => {
    if (!ordemTerminada(result.data)) return;
    avisarOrdemTerminada(queryClient, ordem, result.data!);
    stop();
  });
  function stop() {
    unsubscribe();
    unwatch();
    groups.delete(ordem.groupId);
  }
}

/** A sent order's status as it is polled; undefined before the order is sent and until the first answer. */
export function useOrdemStatus(ordem: OrdemRef | null): OrderStatus | undefined {
  return useQuery(ordensQueries.status(ordem)).data;
}

/**
 * Asks the terminal to cancel what is still open of an order (a resting limit order); its answer is the order's
 * status (the polling then follows it until the legs are canceled; what filled is recorded). A 409 says there is
 * nothing open to cancel.
 */
export function useCancelOrdem(clienteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => call(e.cancel, { params: { group_id: groupId } }),
    onSuccess: (status) =>
      queryClient.setQueryData(
        ordensQueries.statusKey(status.group_id),
        landStatus(queryClient, { groupId: status.group_id, cliente: clienteId }, status),
      ),
  });
}

/** Closes an order whose outcome cannot be known, with the reason; nothing reaches the portfolio. */
export function useResolveOrdem(clienteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, motivo }: { groupId: string; motivo: string }) =>
      call(e.resolve, { params: { group_id: groupId }, body: { motivo } }),
    onSuccess: (status) =>
      queryClient.setQueryData(
        ordensQueries.statusKey(status.group_id),
        landStatus(queryClient, { groupId: status.group_id, cliente: clienteId }, status),
      ),
  });
}

/** The legs a buy would take and the client's terminal check of each; nothing is sent. */
export function useValidateCompra(clienteId: number) {
  return useMutation({
    mutationFn: (body: CompraValidarRequest) =>
      call(e.validateCompra, { params: { id: clienteId }, body }),
  });
}

/**
 * What a dialog sends: the request's body, and the intent it belongs to (drawn once per dialog, again after an
 * order that failed). The Idempotency-Key is derived from the intent and the whole request, path and body
 * (src/lib/idempotency.ts): a retried or double-clicked submit is one order, any edit another.
 */
export interface Envio<B> {
  body: B;
  intent: string;
}

export function useSendCompra(clienteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, intent }: Envio<CompraRequest>) =>
      (
        await call(e.sendCompra, {
          params: { id: clienteId },
          headers: { 'idempotency-key': idempotencyKey(intent, body, { cliente: clienteId }) },
          body,
        })
      ).group_id,
    // Here, not in the dialog's mutate(): a dialog closed while the order was being sent still has it followed.
    onSuccess: (groupId) =>
      followOrdem(queryClient, { groupId, cliente: clienteId, lado: 'compra' }),
  });
}

export function useSendVenda(clienteId: number, operacaoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, intent }: Envio<VendaRequest>) =>
      (
        await call(e.sendVenda, {
          params: { id: clienteId, operation_id: operacaoId },
          headers: {
            'idempotency-key': idempotencyKey(intent, body, {
              cliente: clienteId,
              operacao: operacaoId,
            }),
          },
          body,
        })
      ).group_id,
    onSuccess: (groupId) =>
      followOrdem(queryClient, { groupId, cliente: clienteId, lado: 'venda' }),
    // A 409 may be the terminal holding less than the sale: what the dialog knows of its position is read again.
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409) {
        void invalidatePosicaoNoTerminal(queryClient, clienteId);
      }
    },
  });
}
