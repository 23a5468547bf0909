import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { operacoesEndpoints as e, type Operacao, type OperacaoInput } from '../../contract';
import { call } from './call';
import { carteiraQueries } from './carteira';
import { conciliacaoQueries } from './conciliacao';
import { painelQueries } from './painel';
import { recomendacoesQueries } from './recomendacoes';

export interface OperacaoFilters {
  cliente: number;
}

/** A client's operations, open and realised. */
export const operacoesQueries = {
  all: () => ['operacoes'] as const,
  lists: () => [...operacoesQueries.all(), 'list'] as const,
  list: (filters: OperacaoFilters) =>
    queryOptions({
      queryKey: [...operacoesQueries.lists(), filters] as const,
      queryFn: ({ signal }) => call(e.list, { query: filters }, { signal }),
    }),
};

/**
 * What a change to client X's operations (a manual write or an executed MT5 order) makes stale: X's operations,
 * its summary, its proventos (a deleted operation takes its own with it) and the recommendations it may still buy,
 * the control panel's open positions and available patrimony (which sum every client's operations), and the
 * reconciliation of its book.
 */
export function invalidateCarteira(queryClient: QueryClient, clienteId: number) {
  return Promise.all(
    [
      operacoesQueries.list({ cliente: clienteId }).queryKey,
      carteiraQueries.resumo(clienteId).queryKey,
      carteiraQueries.proventos(clienteId).queryKey,
      recomendacoesQueries.disponiveis(clienteId).queryKey,
      painelQueries.posicionadas().queryKey,
      painelQueries.patrimonioDisponivel().queryKey,
      conciliacaoQueries.list().queryKey,
      conciliacaoQueries.detail(clienteId).queryKey,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** Creates (no id) or edits (PATCH with the whole form) an operation. */
export function useSaveOperacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: OperacaoInput }) =>
      id ? call(e.update, { params: { id }, body }) : call(e.create, { body }),
    onSuccess: (saved) => invalidateCarteira(queryClient, saved.cliente),
  });
}

export function useDeleteOperacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (operacao: Pick<Operacao, 'id' | 'cliente'>) =>
      call(e.delete, { params: { id: operacao.id } }),
    onSuccess: (_, operacao) => invalidateCarteira(queryClient, operacao.cliente),
  });
}
