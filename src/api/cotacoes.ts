import { queryOptions } from '@tanstack/react-query';
import { cotacoesEndpoints as e } from '../../contract';
import { call } from './call';

/** Today's quotes of a set of tickers ('PETR4.SA'); nothing is asked for an empty set. */
export const cotacoesQueries = {
  all: () => ['cotacoes'] as const,
  atuais: (tickers: string[]) =>
    queryOptions({
      queryKey: [...cotacoesQueries.all(), 'atuais', tickers] as const,
      queryFn: ({ signal }) => call(e.atuais, { body: { tickers } }, { signal }),
      enabled: tickers.length > 0,
    }),
};
