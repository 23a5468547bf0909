import { QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetCarteiraMock } from '../../../mocks/handlers/carteira';
import { resetClientesMock } from '../../../mocks/handlers/clientes';
import { resetEventosMock } from '../../../mocks/handlers/eventos';
import { useSaveAcao } from '../../../src/api/acoes';
import { useDeleteCliente, useSaveCliente } from '../../../src/api/clientes';
import { useSaveEvento } from '../../../src/api/eventos';
import { useSaveOperacao } from '../../../src/api/operacoes';
import { rentabilidadeQueries } from '../../../src/api/rentabilidade';
import { createQueryClient } from '../../../src/app/query-client';

/**
 * The returns are measured from the whole ledger (issue 30): what makes each cached answer stale. A client's
 * operations: its own periods and the book's; an event or an asset's class or sector: everyone's; a client saved
 * or deleted: the book's names.
 */
const cached: Record<string, QueryKey> = {
  '1 desde o início': rentabilidadeQueries.periodo(1, {}).queryKey,
  '1 12M': rentabilidadeQueries.periodo(1, { de: '2025-03-17', ate: '2026-03-16' }).queryKey,
  '2 desde o início': rentabilidadeQueries.periodo(2, {}).queryKey,
  livro: rentabilidadeQueries.livro({ de: '2025-03-17', ate: '2026-03-16' }).queryKey,
};

function setup() {
  const queryClient = createQueryClient();
  for (const key of Object.values(cached)) queryClient.setQueryData(key, {});
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const stale = () =>
    Object.entries(cached)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { wrapper, stale };
}

const cliente = {
  nome: 'Ana Beatriz Carvalho',
  email: null,
  documento: null,
  telefone: null,
  codigo_xp: null,
  percentual_patrimonio: 10,
  vm: null,
  vm_ip: null,
  vm_private_ip: null,
};

describe('what makes the returns stale', () => {
  beforeEach(() => {
    resetCarteiraMock();
    resetEventosMock();
    resetClientesMock();
  });

  it("an operation of a client: that client's periods and the book, not another client's", async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useSaveOperacao(), { wrapper });
    await act(() =>
      result.current.mutateAsync({
        id: null,
        body: {
          cliente: 1,
          acao: 6,
          data_compra: '2025-10-01',
          preco_unitario: 40,
          quantidade: 100,
          data_venda: null,
          preco_venda_unitario: null,
          valor_alvo: 44,
        },
      }),
    );
    expect(stale()).toEqual(['1 12M', '1 desde o início', 'livro']);
  });

  it('an event, or an asset’s class and sector: every answer', async () => {
    const evento = setup();
    const salvarEvento = renderHook(() => useSaveEvento(), { wrapper: evento.wrapper });
    await act(() =>
      salvarEvento.result.current.mutateAsync({
        id: null,
        body: { acao: 4, tipo: 'dividendo', data_ex: '2025-08-15', valor_por_acao: 0.5 },
      }),
    );
    expect(evento.stale()).toEqual(Object.keys(cached).sort());
    const acao = setup();
    const salvarAcao = renderHook(() => useSaveAcao(), { wrapper: acao.wrapper });
    await act(() =>
      salvarAcao.result.current.mutateAsync({
        ticker: 'PETR4',
        body: { empresa: 'Petrobras', setor: 'Petróleo', classe: 'acao' },
      }),
    );
    expect(acao.stale()).toEqual(Object.keys(cached).sort());
  });

  it("a client saved or deleted: the book's names", async () => {
    const salvo = setup();
    const salvar = renderHook(() => useSaveCliente(), { wrapper: salvo.wrapper });
    await act(() => salvar.result.current.mutateAsync({ id: 1, input: cliente }));
    expect(salvo.stale()).toEqual(['livro']);
    const excluido = setup();
    const excluir = renderHook(() => useDeleteCliente(), { wrapper: excluido.wrapper });
    await act(() => excluir.result.current.mutateAsync(2));
    expect(excluido.stale()).toEqual(['livro']);
  });
});
