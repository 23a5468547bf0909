import { queryOptions } from '@tanstack/react-query';
import { carteiraEndpoints as e } from '../../contract';
import { call } from './call';

/**
 * A client's portfolio summary (its operations, its patrimony and today's quotes, combined by the server), and the
 * cash its operations received from corporate events.
 */
export const carteiraQueries = {
  all: () => ['carteira'] as const,
  resumos: () => [...carteiraQueries.all(), 'resumo'] as const,
  resumo: (clienteId: number) =>
    queryOptions({
      queryKey: [...carteiraQueries.resumos(), clienteId] as const,
      queryFn: ({ signal }) => call(e.resumo, { params: { id: clienteId } }, { signal }),
    }),
  proventosAll: () => [...carteiraQueries.all(), 'proventos'] as const,
  proventos: (clienteId: number) =>
    queryOptions({
      queryKey: [...carteiraQueries.proventosAll(), clienteId] as const,
      queryFn: ({ signal }) => call(e.proventos, { params: { id: clienteId } }, { signal }),
    }),
};
