import {
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  lotesEndpoints as e,
  type LoteCompraRequest,
  type LoteStatus,
  type LoteValidarRequest,
  type LoteVendaRequest,
} from '../../contract';
import { idempotencyKey } from '../lib/idempotency';
import { call } from './call';
import { invalidateOrdensTerminadas } from './invalidations';
import { ordemTerminada, type Envio } from './ordens';

/** The specification's order status polling period, for a lote's one status call. */
export const LOTE_POLL_MS = 3000;

/** Bulk orders (issue 16): the recent lotes, and each lote's status. */
export const lotesQueries = {
  all: () => ['lotes'] as const,
  lists: () => [...lotesQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: lotesQueries.lists(),
      queryFn: ({ signal }) => call(e.list, {}, { signal }),
    }),
  details: () => [...lotesQueries.all(), 'detail'] as const,
  detailKey: (loteId: string | null) => [...lotesQueries.details(), loteId] as const,
  /**
   * A lote's status: one call for the whole lote, every 3 s until every order of it has ended; each answer goes
   * through `landLote`, which handles each order's end as a single order's. null: no lote (nothing is asked).
   */
  detail: (loteId: string | null) =>
    queryOptions({
      queryKey: lotesQueries.detailKey(loteId),
      queryFn: loteId
        ? async ({ signal, client }) =>
            landLote(client, await call(e.status, { params: { lote_id: loteId } }, { signal }))
        : skipToken,
      refetchInterval: (query) => (query.state.data?.finished ? false : LOTE_POLL_MS),
      // A failed poll is logged and polling goes on (specification section 8).
      retry: false,
      // Fresh until the next poll is due (the screen reads what its route's loader just asked); a lote that ended
      // stays as it was.
      staleTime: (query) => (query.state.data?.finished ? Infinity : LOTE_POLL_MS),
    }),
};

/**
 * Where every status of a lote arrives (a poll, a cancel's answer): each of its orders seen ending for the first
 * time ends as a single order does (src/api/invalidations.ts's `invalidateOrdensTerminadas`: its client's portfolio, the
 * history), and the lote's own end reloads the list of lotes.
 */
function landLote(queryClient: QueryClient, status: LoteStatus): LoteStatus {
  const before = queryClient.getQueryData<LoteStatus>(lotesQueries.detailKey(status.lote_id));
  const ended = new Set(before?.itens.filter(ordemTerminada).map((i) => i.group_id));
  const terminadas = status.itens.filter((i) => ordemTerminada(i) && !ended.has(i.group_id));
  if (terminadas.length > 0) {
    void invalidateOrdensTerminadas(
      queryClient,
      terminadas.map((i) => ({ groupId: i.group_id, cliente: i.cliente })),
    );
  }
  if (status.finished && !before?.finished) {
    void queryClient.invalidateQueries({ queryKey: lotesQueries.lists() });
  }
  return status;
}

/** A lote's status as it is polled. */
export function useLoteStatus(loteId: string | null) {
  const query = useQuery(lotesQueries.detail(loteId));
  return { status: query.data, error: query.error, isFetching: query.isFetching };
}

/** Sizes and checks a lote against every terminal; nothing is sent. */
export function useValidateLote() {
  return useMutation({
    mutationFn: (body: LoteValidarRequest) => call(e.validate, { body }),
  });
}

/** A lote's Idempotency-Key is its intent's and request's (src/api/ordens.ts's `Envio`): one lote per intent. */
export function useSendLote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, intent }: Envio<LoteCompraRequest>) =>
      (
        await call(e.sendCompra, {
          headers: { 'idempotency-key': idempotencyKey(intent, body) },
          body,
        })
      ).lote_id,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lotesQueries.lists() }),
  });
}

export function useSendVendaLote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, intent }: Envio<LoteVendaRequest>) => {
      const { lote_id, fora } = await call(e.sendVenda, {
        headers: { 'idempotency-key': idempotencyKey(intent, body) },
        body,
      });
      // Who was left out (issue 34: what can be sent is sent): the lote's page lists them.
      queryClient.setQueryData(foraDoLoteKey(lote_id), fora ?? []);
      return lote_id;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lotesQueries.lists() }),
  });
}

/** The operations a sale lote left out when it was sent, with why (only in this tab: the answer said so). */
export const foraDoLoteKey = (loteId: string) => ['lote-fora', loteId] as const;

/** Asks the terminals to cancel what the lote still has open; its status answer replaces the polled one. */
export function useCancelLote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (loteId: string) => call(e.cancel, { params: { lote_id: loteId } }),
    onSuccess: (answer) => {
      const { cancelamentos: _, ...status } = answer;
      queryClient.setQueryData(
        lotesQueries.detailKey(answer.lote_id),
        landLote(queryClient, status),
      );
    },
  });
}
