import { QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { carteiraQueries } from '../../../src/api/carteira';
import { clientesQueries, useDeleteCliente, useSaveCliente } from '../../../src/api/clientes';
import { cotacoesQueries } from '../../../src/api/cotacoes';
import { eventosQueries, useDeleteEvento, useSaveEvento } from '../../../src/api/eventos';
import { useUploadImportacao } from '../../../src/api/importacao';
import { operacoesQueries, useDeleteOperacao, useSaveOperacao } from '../../../src/api/operacoes';
import { painelQueries } from '../../../src/api/painel';
import { recomendacoesQueries, useRefreshRecomendacoes } from '../../../src/api/recomendacoes';
import { createQueryClient } from '../../../src/app/query-client';
import { resetCarteiraMock } from '../../../mocks/handlers/carteira';
import { resetClientesMock } from '../../../mocks/handlers/clientes';
import { server } from '../../../mocks/node';
import { adicionarEvento as addMockEvento, eventosScene } from '../msw-scenes-eventos';

/** Every piece of data two clients' screens and the control panel can have cached, by name. */
const cached: Record<string, QueryKey> = {
  'operacoes 1': operacoesQueries.list({ cliente: 1 }).queryKey,
  'operacoes 2': operacoesQueries.list({ cliente: 2 }).queryKey,
  'resumo 1': carteiraQueries.resumo(1).queryKey,
  'resumo 2': carteiraQueries.resumo(2).queryKey,
  'proventos 1': carteiraQueries.proventos(1).queryKey,
  'proventos 2': carteiraQueries.proventos(2).queryKey,
  eventos: eventosQueries.list({}).queryKey,
  'eventos PETR4': eventosQueries.list({ acao: 4 }).queryKey,
  cotacoes: cotacoesQueries.atuais(['PETR4.SA']).queryKey,
  'disponiveis 1': recomendacoesQueries.disponiveis(1).queryKey,
  'disponiveis 2': recomendacoesQueries.disponiveis(2).queryKey,
  recomendacoes: recomendacoesQueries.list().queryKey,
  posicionadas: painelQueries.posicionadas().queryKey,
  'patrimonio-disponivel': painelQueries.patrimonioDisponivel().queryKey,
  'cliente 1': clientesQueries.detail(1).queryKey,
  clientes: clientesQueries.list().queryKey,
};

function setup() {
  const queryClient = createQueryClient();
  for (const key of Object.values(cached)) queryClient.setQueryData(key, []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  /** The names of the cached entries a change marked stale. */
  const stale = () =>
    Object.entries(cached)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { wrapper, stale };
}

const operacao = {
  cliente: 1,
  acao: 6,
  data_compra: '2025-10-01',
  preco_unitario: 40,
  quantidade: 100,
  data_venda: null,
  preco_venda_unitario: null,
  valor_alvo: 44,
};

describe('what each change marks stale, and nothing else', () => {
  beforeEach(() => {
    resetCarteiraMock();
    server.use(...eventosScene());
    resetClientesMock();
  });

  it("an operation written for a client: its operations, summary and available recommendations, and the panel's figures", async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useSaveOperacao(), { wrapper });
    await act(() => result.current.mutateAsync({ id: null, body: operacao }));
    expect(stale()).toEqual(
      [
        'disponiveis 1',
        'operacoes 1',
        'patrimonio-disponivel',
        'posicionadas',
        'proventos 1',
        'resumo 1',
      ].sort(),
    );
  });

  it('an operation deleted: the same', async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useDeleteOperacao(), { wrapper });
    await act(() => result.current.mutateAsync({ id: 1, cliente: 1 }));
    expect(stale()).toEqual(
      [
        'disponiveis 1',
        'operacoes 1',
        'patrimonio-disponivel',
        'posicionadas',
        'proventos 1',
        'resumo 1',
      ].sort(),
    );
  });

  it("recomputed recommendations: the list and every client's available ones", async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useRefreshRecomendacoes(), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(stale()).toEqual(['disponiveis 1', 'disponiveis 2', 'recomendacoes']);
  });

  /** An event adjusts or pays whoever holds its stock: the SPA cannot tell who, so every client's figures reload. */
  const porEvento = [
    'cotacoes',
    'eventos',
    'eventos PETR4',
    'operacoes 1',
    'operacoes 2',
    'patrimonio-disponivel',
    'posicionadas',
    'proventos 1',
    'proventos 2',
    'resumo 1',
    'resumo 2',
  ];

  it("an event written: the events, and every client's operations, summary and proventos, the panel and the quotes", async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useSaveEvento(), { wrapper });
    await act(() =>
      result.current.mutateAsync({
        id: null,
        body: { acao: 4, tipo: 'desdobramento', data_ex: '2025-08-15', fator: 2 },
      }),
    );
    expect(stale()).toEqual(porEvento);
  });

  it('an event deleted: the same', async () => {
    const { wrapper, stale } = setup();
    const evento = addMockEvento({
      acao: 4,
      tipo: 'dividendo',
      data_ex: '2025-08-15',
      fator: null,
      valor_por_acao: 1,
    });
    const { result } = renderHook(() => useDeleteEvento(), { wrapper });
    await act(() => result.current.mutateAsync(evento.id));
    expect(stale()).toEqual(porEvento);
  });

  it('an import: every summary and the available patrimony', async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useUploadImportacao(), { wrapper });
    await act(() =>
      result.current.mutateAsync({
        tipo: 'auto',
        data_referencia: '2025-02-28',
        arquivo: new File([new Uint8Array([0x50, 0x4b])], 'carteira.xlsx'),
        force: false,
      }),
    );
    expect(stale()).toEqual(['patrimonio-disponivel', 'resumo 1', 'resumo 2']);
  });

  it("a client saved: the clients, its own summary and the control panel's figures", async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useSaveCliente(), { wrapper });
    await act(() =>
      result.current.mutateAsync({
        id: 1,
        input: {
          nome: 'Ana Beatriz Carvalho',
          email: null,
          documento: null,
          telefone: null,
          codigo_xp: null,
          percentual_patrimonio: 10,
          vm: null,
          vm_ip: null,
          vm_private_ip: null,
        },
      }),
    );
    expect(stale()).toEqual(['clientes', 'patrimonio-disponivel', 'posicionadas', 'resumo 1']);
  });

  it('a client deleted: the clients and the available patrimony', async () => {
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useDeleteCliente(), { wrapper });
    await act(() => result.current.mutateAsync(2));
    expect(stale()).toEqual(['clientes', 'patrimonio-disponivel']);
  });
});
