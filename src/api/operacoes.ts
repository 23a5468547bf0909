import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { operacoesEndpoints as e, type Operacao, type OperacaoInput } from '../../contract';
import { call } from './call';
import { invalidateCarteira } from './invalidations';
import { operacoesKeys, type OperacaoFilters } from './keys/operacoes';

export type { OperacaoFilters } from './keys/operacoes';

/** A client's operations, open and realised. */
export const operacoesQueries = {
  all: operacoesKeys.all,
  lists: operacoesKeys.lists,
  list: (filters: OperacaoFilters) =>
    queryOptions({
      queryKey: operacoesKeys.list(filters),
      queryFn: ({ signal }) => call(e.list, { query: filters }, { signal }),
    }),
};

/** Creates (no id) or edits (PATCH with the whole form) an operation: ./invalidations.ts's `invalidateCarteira`. */
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
