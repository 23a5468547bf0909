import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { irEndpoints as e, type SaldosIrInput } from '../../contract';
import { call } from './call';

/**
 * The income tax (issue 29): a client's year, a month in detail and its DARF, every client's month (the book's),
 * and the two things the tax needs beyond the book (a year's opening carries, the sales made elsewhere). Every
 * report is computed by the server from the whole ledger: anything that changes a client's operations, events or
 * assets' classes makes that client's reports stale (./invalidations.ts).
 */
export const irQueries = {
  all: () => ['ir'] as const,
  clientes: () => [...irQueries.all(), 'cliente'] as const,
  /** Everything of one client: its years, months and DARFs. */
  cliente: (clienteId: number) => [...irQueries.clientes(), clienteId] as const,
  ano: (clienteId: number, ano: number) =>
    queryOptions({
      queryKey: [...irQueries.cliente(clienteId), 'ano', ano] as const,
      queryFn: ({ signal }) =>
        call(e.ano, { params: { id: clienteId }, query: { ano } }, { signal }),
    }),
  mes: (clienteId: number, mes: string) =>
    queryOptions({
      queryKey: [...irQueries.cliente(clienteId), 'mes', mes] as const,
      queryFn: ({ signal }) => call(e.mes, { params: { id: clienteId, mes } }, { signal }),
    }),
  /** Asked only for a month whose situation is a_pagar: any other month answers 404 with its motivo. */
  darf: (clienteId: number, mes: string) =>
    queryOptions({
      queryKey: [...irQueries.cliente(clienteId), 'darf', mes] as const,
      queryFn: ({ signal }) => call(e.darf, { params: { id: clienteId, mes } }, { signal }),
    }),
  livros: () => [...irQueries.all(), 'livro'] as const,
  /** Every client's month: the advisor's list of DARFs to send. */
  livro: (mes: string) =>
    queryOptions({
      queryKey: [...irQueries.livros(), mes] as const,
      queryFn: ({ signal }) => call(e.livro, { query: { mes } }, { signal }),
    }),
};

/** What one client's tax data changes: its own reports, and the book's month lists. */
const invalidateIrCliente = (queryClient: QueryClient, clienteId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: irQueries.cliente(clienteId) }),
    queryClient.invalidateQueries({ queryKey: irQueries.livros() }),
  ]);

/** PUT clientes/{id}/ir/saldos/: the carries a year starts with (they replace what the computation carried). */
export function useSaveSaldosIr(clienteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaldosIrInput) => call(e.saldos, { params: { id: clienteId }, body }),
    onSuccess: () => invalidateIrCliente(queryClient, clienteId),
  });
}

/** PUT clientes/{id}/ir/vendas-externas/{mes}/: the month's stock sales made elsewhere (0 clears them). */
export function useSaveVendaExterna(clienteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mes, valor }: { mes: string; valor: number }) =>
      call(e.vendaExterna, { params: { id: clienteId, mes }, body: { valor } }),
    onSuccess: () => invalidateIrCliente(queryClient, clienteId),
  });
}
