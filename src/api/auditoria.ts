import { infiniteQueryOptions } from '@tanstack/react-query';
import { auditoriaEndpoints as e } from '../../contract';
import { call } from './call';

/** The audit screen's filters, as the server reads them (days as aaaa-mm-dd). */
export interface AuditoriaFiltros {
  usuario?: string;
  entidade?: string;
  acao?: string;
  de?: string;
  ate?: string;
}

/** Ferramentas → Auditoria (issue 32, admin): every write the server recorded, newest first. */
export const auditoriaQueries = {
  all: () => ['auditoria'] as const,
  /** Page after page by cursor, as the grid scrolls (the server's pages never repeat nor skip an entry). */
  list: (filtros: AuditoriaFiltros) =>
    infiniteQueryOptions({
      queryKey: [...auditoriaQueries.all(), 'list', filtros] as const,
      queryFn: ({ pageParam, signal }) =>
        call(
          e.list,
          { query: { ...filtros, ...(pageParam && { cursor: pageParam }) } },
          { signal },
        ),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next_cursor,
      // What others did a minute ago is what an administrator looks for: asked again each time the screen opens.
      staleTime: 0,
    }),
};
