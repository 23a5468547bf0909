import { queryOptions } from '@tanstack/react-query';
import { painelEndpoints as e } from '../../contract';
import { call } from './call';

/** The control panel's figures over every client. */
export const painelQueries = {
  all: () => ['painel'] as const,
  posicionadas: () =>
    queryOptions({
      queryKey: [...painelQueries.all(), 'posicionadas'] as const,
      queryFn: ({ signal }) => call(e.posicionadas, {}, { signal }),
    }),
  patrimonioDisponivel: () =>
    queryOptions({
      queryKey: [...painelQueries.all(), 'patrimonio-disponivel'] as const,
      queryFn: ({ signal }) => call(e.patrimonioDisponivel, {}, { signal }),
    }),
  exposicao: () =>
    queryOptions({
      queryKey: [...painelQueries.all(), 'exposicao'] as const,
      queryFn: ({ signal }) => call(e.exposicao, {}, { signal }),
    }),
};
