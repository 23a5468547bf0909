import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  alertasEndpoints as e,
  type Alerta,
  type EstadoAlerta,
  type Notificacao,
  type PreferenciasInput,
  type RegraPrecoInput,
  type TipoAlerta,
} from '../../contract';
import { call } from './call';

/**
 * Alerts (issue 31): what the server watches and tells. The bell's count is a live figure, polled like the others
 * (`refetchInterval`); the panel's notifications and the Alertas page's list are polled while they are on screen.
 * Every mutation here changes only the alerts' own data, so each marks its own narrowest keys.
 */

/**
 * How often the bell asks for its count, and an open list asks again: the server's checks run every
 * ALERTAS_SEGUNDOS (30 s by default), so asking more often would mostly bring the same answer.
 */
export const ALERTAS_POLL_MS = 30_000;

/** The list's filters (GET alertas/); a missing one is no filter. */
export interface AlertaFiltros {
  estado?: EstadoAlerta;
  tipo?: TipoAlerta;
  cliente?: number;
}

export const alertasQueries = {
  all: () => ['alertas'] as const,
  lists: () => [...alertasQueries.all(), 'list'] as const,
  list: (filtros: AlertaFiltros) =>
    queryOptions({
      queryKey: [...alertasQueries.lists(), filtros] as const,
      queryFn: ({ signal }) => call(e.list, { query: filtros }, { signal }),
      refetchInterval: ALERTAS_POLL_MS,
    }),
  /** The user's own price rules. */
  regras: () =>
    queryOptions({
      queryKey: [...alertasQueries.all(), 'regras'] as const,
      queryFn: ({ signal }) => call(e.regras, {}, { signal }),
    }),
  /** The user's e-mail and channel per type, and whether the server sends e-mail at all. */
  preferencias: () =>
    queryOptions({
      queryKey: [...alertasQueries.all(), 'preferencias'] as const,
      queryFn: ({ signal }) => call(e.preferencias, {}, { signal }),
    }),
};

export const notificacoesQueries = {
  all: () => ['notificacoes'] as const,
  /** The bell: how many the user has not read. */
  contagem: () =>
    queryOptions({
      queryKey: [...notificacoesQueries.all(), 'contagem'] as const,
      queryFn: ({ signal }) => call(e.contagem, {}, { signal }),
      refetchInterval: ALERTAS_POLL_MS,
      staleTime: 0,
    }),
  lists: () => [...notificacoesQueries.all(), 'list'] as const,
  /** The panel: the newest notifications, read or not; asked afresh each time the panel opens. */
  list: () =>
    queryOptions({
      queryKey: notificacoesQueries.lists(),
      queryFn: ({ signal }) => call(e.notificacoes, { query: {} }, { signal }),
      refetchInterval: ALERTAS_POLL_MS,
      staleTime: 0,
    }),
};

/** An alert changed (acknowledged, snoozed): it is in whichever filtered lists hold it. */
const replaceAlerta = (queryClient: QueryClient, alerta: Alerta) => {
  queryClient.setQueriesData<Alerta[]>({ queryKey: alertasQueries.lists() }, (lista) =>
    lista?.map((a) => (a.id === alerta.id ? alerta : a)),
  );
  // A filter by estado may no longer hold it (or now hold it): the lists are asked again.
  return queryClient.invalidateQueries({ queryKey: alertasQueries.lists() });
};

/** Reconhecer: no more repeats (it still resolves). */
export function useAcknowledgeAlerta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(e.reconhecer, { params: { id } }),
    onSuccess: (alerta) => replaceAlerta(queryClient, alerta),
  });
}

/** Adiar até `ate` (an instant with its offset): nothing is sent until then. */
export function useSnoozeAlerta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ate }: { id: number; ate: string }) =>
      call(e.adiar, { params: { id }, body: { ate } }),
    onSuccess: (alerta) => replaceAlerta(queryClient, alerta),
  });
}

/** A new price rule; a duplicate answers 409 with the server's detail (the mutation's error). */
export function useCreateRegra() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegraPrecoInput) => call(e.createRegra, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertasQueries.regras().queryKey }),
  });
}

/** A rule armed again: its fired alert is resolved at once, so the alerts' lists change too. */
export function useRearmRegra() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(e.rearmarRegra, { params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alertasQueries.regras().queryKey }),
        queryClient.invalidateQueries({ queryKey: alertasQueries.lists() }),
      ]),
  });
}

export function useDeleteRegra() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(e.deleteRegra, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertasQueries.regras().queryKey }),
  });
}

/** The e-mail and the channels changed: the answer is the preferences as they now are. */
export function useSavePreferencias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferenciasInput) => call(e.updatePreferencias, { body }),
    onSuccess: (preferencias) =>
      queryClient.setQueryData(alertasQueries.preferencias().queryKey, preferencias),
  });
}

/**
 * Marks these notifications read, or every one without `ids`: the panel shows them read at once, the bell takes
 * the server's count, and the list is asked again.
 */
export function useMarkLidas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => call(e.marcarLidas, { body: ids ? { ids } : {} }),
    onMutate: (ids) => {
      queryClient.setQueryData<Notificacao[]>(notificacoesQueries.lists(), (lista) =>
        lista?.map((n) => (!ids || ids.includes(n.id) ? { ...n, lida: true } : n)),
      );
    },
    onSuccess: ({ nao_lidas }) => {
      queryClient.setQueryData(notificacoesQueries.contagem().queryKey, { nao_lidas });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificacoesQueries.lists() }),
  });
}
