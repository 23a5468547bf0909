import { queryOptions } from '@tanstack/react-query';
import { inicioEndpoints as e } from '../../contract';
import { call } from './call';

/**
 * The home screen's one call (issue 34): a live figure, polled like the others (`refetchInterval`). Every 30 s,
 * as the alerts' bell: the server's checks (targets, stops, terminals, orders in doubt) run at that pace, and the
 * quotes move every few seconds at most; asking more often would mostly bring the same answer.
 */
export const INICIO_POLL_MS = 30_000;

export const inicioQueries = {
  all: () => ['inicio'] as const,
  inicio: () =>
    queryOptions({
      queryKey: inicioQueries.all(),
      queryFn: ({ signal }) => call(e.inicio, {}, { signal }),
      refetchInterval: INICIO_POLL_MS,
    }),
};
