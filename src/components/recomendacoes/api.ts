import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RecomendacaoListSchema, RecomendacoesRecalculoSchema } from '../../../contract';
import { api } from '../../lib/api';

/**
 * The recommendations calls, shared by the control panel's RECOMENDAÇÕES tab and the /recomendacoes page
 * (features cannot import each other).
 */
export const recomendacoesKeys = {
  all: ['recomendacoes'] as const,
  list: () => [...recomendacoesKeys.all, 'list'] as const,
};

export const recomendacoesListQuery = () =>
  queryOptions({
    queryKey: recomendacoesKeys.list(),
    queryFn: async ({ signal }) =>
      RecomendacaoListSchema.parse((await api.get('recomendacoes/', { signal })).data),
  });

export const useRecomendacoes = () => useQuery(recomendacoesListQuery());

/** POST recomendacoes/ recomputes on the server, then the list (and any client's available list) reloads. */
export function useRecalcularRecomendacoes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      RecomendacoesRecalculoSchema.parse((await api.post('recomendacoes/')).data),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recomendacoesKeys.list() }),
        queryClient.invalidateQueries({
          predicate: (q) => q.queryKey.includes('recomendacoes-disponiveis'),
        }),
      ]),
  });
}
