import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardRvResponseSchema, PatrimonioDisponivelListSchema } from '../../../contract';
import { api } from '../../lib/api';

export const painelKeys = {
  dashboard: () => ['dashboard-rv'] as const,
  patrimonio: () => ['patrimonio-disponivel'] as const,
};

export const dashboardRvQuery = () =>
  queryOptions({
    queryKey: painelKeys.dashboard(),
    queryFn: async ({ signal }) =>
      DashboardRvResponseSchema.parse((await api.get('dashboard-rv/', { signal })).data),
  });

export const patrimonioDisponivelQuery = () =>
  queryOptions({
    queryKey: painelKeys.patrimonio(),
    queryFn: async ({ signal }) =>
      PatrimonioDisponivelListSchema.parse(
        (await api.get('patrimonio-disponivel/', { signal })).data,
      ),
  });

export const useDashboardRv = () => useQuery(dashboardRvQuery());
export const usePatrimonioDisponivel = () => useQuery(patrimonioDisponivelQuery());
