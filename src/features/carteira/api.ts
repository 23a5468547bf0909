import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AcaoListSchema,
  ClienteSchema,
  CotacoesResponseSchema,
  OperacaoListSchema,
  OperacaoSchema,
  ResumoClienteSchema,
  type OperacaoInput,
} from '../../../contract';
import { api } from '../../lib/api';
import { mt5Keys } from './ordens/api';

export const carteiraKeys = {
  all: ['carteira'] as const,
  cliente: (id: number) => ['carteira', id, 'cliente'] as const,
  operacoes: (id: number) => ['carteira', id, 'operacoes'] as const,
  resumo: (id: number) => ['carteira', id, 'resumo'] as const,
  acoes: () => ['acoes'] as const,
  cotacoes: (tickers: string[]) => ['cotacoes', tickers] as const,
};

export const clienteOptions = (id: number) =>
  queryOptions({
    queryKey: carteiraKeys.cliente(id),
    queryFn: async () => ClienteSchema.parse((await api.get(`clientes/${id}/`)).data),
  });

export const operacoesOptions = (id: number) =>
  queryOptions({
    queryKey: carteiraKeys.operacoes(id),
    queryFn: async () => {
      const { data } = await api.get('operacoes/', { params: { cliente: id } });
      // The specification allows an array or an object with results.
      const list = Array.isArray(data) ? data : (data as { results?: unknown }).results;
      return OperacaoListSchema.parse(list);
    },
  });

export const resumoOptions = (id: number) =>
  queryOptions({
    queryKey: carteiraKeys.resumo(id),
    queryFn: async () => ResumoClienteSchema.parse((await api.get(`clientes/${id}/resumo/`)).data),
  });

export const acoesOptions = () =>
  queryOptions({
    queryKey: carteiraKeys.acoes(),
    queryFn: async () => AcaoListSchema.parse((await api.get('acoes/')).data),
    staleTime: 10 * 60_000,
  });

export const cotacoesOptions = (tickers: string[]) =>
  queryOptions({
    queryKey: carteiraKeys.cotacoes(tickers),
    queryFn: async () =>
      CotacoesResponseSchema.parse((await api.post('cotacoes-atuais/', { tickers })).data),
    enabled: tickers.length > 0,
  });

export const useCliente = (id: number) => useQuery(clienteOptions(id));
export const useOperacoes = (id: number) => useQuery(operacoesOptions(id));
export const useResumo = (id: number) => useQuery(resumoOptions(id));
export const useAcoes = () => useQuery(acoesOptions());
export const useCotacoes = (tickers: string[]) => useQuery(cotacoesOptions(tickers));

/** After a write: the client's operations and summary reload, and (a position opened or closed) the
 * recommendations the client may still buy. */
export function useInvalidateCarteira(clienteId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: carteiraKeys.operacoes(clienteId) }),
      queryClient.invalidateQueries({ queryKey: carteiraKeys.resumo(clienteId) }),
      queryClient.invalidateQueries({ queryKey: mt5Keys.disponiveis(clienteId) }),
    ]);
}

/** Creates (no id) or edits an operation; the list and the summary reload. */
export function useSalvarOperacao(clienteId: number) {
  const invalidate = useInvalidateCarteira(clienteId);
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: OperacaoInput }) => {
      const { data } = id
        ? await api.patch(`operacoes/${id}/`, body)
        : await api.post('operacoes/', body);
      return OperacaoSchema.parse(data);
    },
    onSuccess: invalidate,
  });
}

export function useExcluirOperacao(clienteId: number) {
  const invalidate = useInvalidateCarteira(clienteId);
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`operacoes/${id}/`);
    },
    onSuccess: invalidate,
  });
}
