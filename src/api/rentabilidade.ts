import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  ApiErrorSchema,
  fillPath,
  relatorioEndpoints,
  rentabilidadeEndpoints as e,
  successStatus,
} from '../../contract';
import { api } from '../lib/api';
import { call } from './call';

/**
 * The returns against the CDI and the Ibovespa (issue 30): a client's over a period, every client's and the
 * book's, and a client's monthly report as a PDF. The server measures everything from the whole ledger, the
 * benchmarks and the closes: a client's operations, the events and the assets' classes make its answers stale
 * (./invalidations.ts).
 */

/** The period asked for, both ends inclusive; without `de`: since the first operation; without `ate`: today. */
export interface PeriodoConsulta {
  de?: string;
  ate?: string;
}

const chave = (p: PeriodoConsulta) => [p.de ?? '', p.ate ?? ''] as const;

export const rentabilidadeQueries = {
  all: () => ['rentabilidade'] as const,
  clientes: () => [...rentabilidadeQueries.all(), 'cliente'] as const,
  /** Everything of one client: each period asked for. */
  cliente: (clienteId: number) => [...rentabilidadeQueries.clientes(), clienteId] as const,
  periodo: (clienteId: number, periodo: PeriodoConsulta) =>
    queryOptions({
      queryKey: [...rentabilidadeQueries.cliente(clienteId), ...chave(periodo)] as const,
      queryFn: ({ signal }) =>
        call(e.cliente, { params: { id: clienteId }, query: periodo }, { signal }),
    }),
  livros: () => [...rentabilidadeQueries.all(), 'livro'] as const,
  /** Every client's figures and the book as one portfolio: the control panel's tab. */
  livro: (periodo: PeriodoConsulta) =>
    queryOptions({
      queryKey: [...rentabilidadeQueries.livros(), ...chave(periodo)] as const,
      queryFn: ({ signal }) => call(e.livro, { query: periodo }, { signal }),
    }),
};

const relatorio = relatorioEndpoints.mensal;

/**
 * The PDF's bytes. Not JSON: read as an ArrayBuffer; an error's body is the usual `{detail}` JSON, decoded
 * before the client's error handling reads it (so its message is the server's).
 */
async function fetchRelatorio(clienteId: number, mes: string): Promise<Uint8Array> {
  const { data } = await api.request<Uint8Array>({
    method: relatorio.method,
    url: fillPath(relatorio.path, { id: clienteId, mes }).slice(1),
    responseType: 'arraybuffer',
    transformResponse: (raw: ArrayBuffer | undefined, _headers, status) => {
      const bytes = new Uint8Array(raw ?? new ArrayBuffer(0));
      if (status === successStatus(relatorio)) return bytes;
      try {
        const body: unknown = JSON.parse(new TextDecoder().decode(bytes));
        return ApiErrorSchema.safeParse(body).success ? body : null;
      } catch {
        return null;
      }
    },
  });
  return relatorio.answers[200].parse(data);
}

/** GET clientes/{id}/relatorio/{mes}/: the month's report, for the screen to save as a file. */
export function useDownloadRelatorio(clienteId: number) {
  return useMutation({ mutationFn: (mes: string) => fetchRelatorio(clienteId, mes) });
}
