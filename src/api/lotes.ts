import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  lotesEndpoints as e,
  type LoteCompraRequest,
  type LoteStatus,
  type LoteValidarRequest,
  type LoteVendaRequest,
} from '../../contract';
import { call } from './call';
import { invalidateCarteira } from './operacoes';

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
  /** Polled every 3 s, one call for the whole lote, until every order of it has ended. */
  detail: (loteId: string | null) =>
    queryOptions({
      queryKey: [...lotesQueries.details(), loteId] as const,
      queryFn: ({ signal }) => call(e.status, { params: { lote_id: loteId ?? '' } }, { signal }),
      enabled: loteId !== null,
      refetchInterval: (query) => (query.state.data?.finished ? false : LOTE_POLL_MS),
      // A failed poll is logged and polling goes on (specification section 8).
      retry: false,
      staleTime: 0,
    }),
};

/** What a lote's order changed once it ended with something filled: that client's portfolio. */
const filled = (item: LoteStatus['itens'][number]) => item.summary.some((l) => l.volume_exec > 0);

/**
 * A lote's status. Each order that ends with something filled changed its client's operations, summary and the
 * control panel: those reload, once per order; the list of lotes reloads when the lote ends.
 */
export function useLoteStatus(loteId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery(lotesQueries.detail(loteId));
  const status = loteId !== null && query.data?.lote_id === loteId ? query.data : undefined;
  const applied = useRef(new Set<string>());
  useEffect(() => {
    if (!status) return;
    for (const item of status.itens) {
      if (!item.finished || !filled(item) || applied.current.has(item.group_id)) continue;
      applied.current.add(item.group_id);
      void invalidateCarteira(queryClient, item.cliente);
    }
    if (status.finished) void queryClient.invalidateQueries({ queryKey: lotesQueries.lists() });
  }, [status, queryClient]);
  return { status, error: query.error, isFetching: query.isFetching };
}

/** Sizes and checks a lote against every terminal; nothing is sent. */
export function useValidateLote() {
  return useMutation({
    mutationFn: (body: LoteValidarRequest) => call(e.validate, { body }),
  });
}

/** Each confirmed lote carries its own Idempotency-Key: a retried or double-clicked Enviar is one lote. */
export function useSendLote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: LoteCompraRequest; key: string }) =>
      (await call(e.sendCompra, { headers: { 'idempotency-key': key }, body })).lote_id,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lotesQueries.lists() }),
  });
}

export function useSendVendaLote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: LoteVendaRequest; key: string }) =>
      (await call(e.sendVenda, { headers: { 'idempotency-key': key }, body })).lote_id,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lotesQueries.lists() }),
  });
}

/** Asks the terminals to cancel what the lote still has open; its status answer replaces the polled one. */
export function useCancelLote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (loteId: string) => call(e.cancel, { params: { lote_id: loteId } }),
    onSuccess: (answer) => {
      const { cancelamentos: _, ...status } = answer;
      queryClient.setQueryData(lotesQueries.detail(answer.lote_id).queryKey, status);
    },
  });
}
