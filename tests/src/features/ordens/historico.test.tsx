import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ordensEndpoints as e, type Ordem, type OrdemDetalhe } from '../../../../contract';
import { handle, ok } from '../../../../mocks/contract';
import { server } from '../../../../mocks/node';
import { renderApp } from '../../../support/render';
import { historicoScene, ordemGravada, pernaGravada, rejeitada } from '../../msw-scenes';

/** The query strings of the history calls the screen makes. */
function spyHistorico() {
  const calls: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/ordens/') calls.push(url.searchParams);
  });
  return calls;
}

// Generous waits where a screen's chunk and first answers may load for the first time (a busy machine).
const lento = { timeout: 5000 };
const tabela = () => screen.getByRole('table', { name: 'Histórico de ordens' });
const linhas = () => within(tabela()).getAllByRole('row').slice(1);

const ordem = (n: number, extra: Partial<Ordem> = {}): Ordem => ({
  group_id: `00000000-0000-4000-8000-0000000009${String(n).padStart(2, '0')}`,
  lote_id: null,
  cliente: 1,
  nome: 'Ana Beatriz Carvalho',
  acao: 'PETR4',
  lado: 'compra',
  execucao: 'limite',
  preco: 38.5,
  tp: 45,
  estado: 'completed',
  criado_em: `2025-03-${String(10 + n).padStart(2, '0')}T13:00:00.000Z`,
  criado_por: 'operador',
  legs: [
    {
      symbol: 'PETR4',
      volume: 200,
      volume_exec: 200,
      preco_medio: 38.5,
      estado: 'filled',
      retcode: 10009,
      retcode_desc: 'Solicitação executada',
      ticket: 50000001,
      broker_comment: 'Request executed',
      retcode_external: 0,
      problema: null,
    },
  ],
  concluido_em: null,
  erro: null,
  aviso: null,
  operacao_id: null,
  ...extra,
});

/** The history the list tests read: Ana's PETR4 buy executed, Bruno's VALE3 limit buy rejected by the terminal. */
const HISTORICO = [
  ordemGravada({
    group_id: '00000000-0000-4000-8000-000000000001',
    ...{ cliente: 1, nome: 'Ana Beatriz Carvalho', acao: 'PETR4', lado: 'compra' },
    ...{ execucao: 'mercado', preco: null, tp: 33, estado: 'completed', erro: null, aviso: null },
    ...{ criado_em: '2025-08-04T13:15:02.120Z', concluido_em: '2025-08-04T13:15:04.120Z' },
    criado_por: 'operador',
    legs: [
      pernaGravada('filled', { symbol: 'PETR4', volume: 100, volume_exec: 100, preco_medio: 31.5 }),
    ],
  }),
  ordemGravada({
    group_id: '00000000-0000-4000-8000-000000000002',
    ...{ cliente: 2, nome: 'Bruno Henrique Almeida', acao: 'VALE3', lado: 'compra' },
    ...{ execucao: 'limite', preco: 58.5, tp: 63, estado: 'failed', aviso: null },
    ...{ criado_em: '2025-09-01T14:02:40.500Z', concluido_em: '2025-09-01T14:02:41.500Z' },
    ...{ criado_por: 'maria', erro: rejeitada('VALE3').at(-1)!.erro ?? null },
    legs: [
      pernaGravada('rejected', { symbol: 'VALE3', volume: 200, volume_exec: 0, preco_medio: null }),
    ],
  }),
];

describe('Ordens → Histórico', () => {
  beforeEach(() => server.use(historicoScene(HISTORICO)));

  it('is reached from the top bar and lists every order newest first with legs, state, retcode and the broker text', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Ordens' }, lento));
    await user.click(await screen.findByRole('menuitem', { name: 'Histórico' }, lento));
    expect(await screen.findByRole('heading', { name: 'Histórico de ordens' })).toBeInTheDocument();
    await waitFor(() => expect(linhas()).toHaveLength(2));
    const [vale, petr] = linhas();
    expect(vale).toHaveTextContent('01/09/2025 11:02:40');
    expect(vale).toHaveTextContent('Bruno Henrique Almeida');
    expect(vale).toHaveTextContent('VALE3 0/200 · Rejeitada');
    expect(vale).toHaveTextContent('Não executada');
    expect(vale).toHaveTextContent('10006 Solicitação rejeitada');
    expect(vale).toHaveTextContent('maria');
    expect(petr).toHaveTextContent('04/08/2025 10:15:02');
    expect(petr).toHaveTextContent('PETR4 100/100');
    expect(petr).toHaveTextContent('Executada');
  });

  it('sends each filter to the server, ignores a ticker being typed and a reversed period', async () => {
    const calls = spyHistorico();
    const { user } = renderApp('/ordens');
    await waitFor(() => expect(linhas()).toHaveLength(2), lento);

    await user.selectOptions(screen.getByLabelText('Cliente'), 'Ana Beatriz Carvalho');
    await waitFor(() => expect(linhas()).toHaveLength(1));
    expect(calls.at(-1)?.get('cliente')).toBe('1');
    expect(linhas()[0]).toHaveTextContent('PETR4');

    await user.type(screen.getByLabelText('Ação'), 'pet');
    expect(screen.getByText('Informe um ticker, como PETR4.')).toBeInTheDocument();
    expect(calls.at(-1)?.has('acao')).toBe(false);
    await user.type(screen.getByLabelText('Ação'), 'r4');
    await waitFor(() => expect(calls.at(-1)?.get('acao')).toBe('PETR4'));

    await user.selectOptions(screen.getByLabelText('Estado'), 'Não executada');
    await waitFor(() => expect(calls.at(-1)?.get('estado')).toBe('failed'));
    expect(await within(tabela()).findByText('Nenhuma ordem encontrada.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Limpar Filtros' }));
    await waitFor(() => expect(linhas()).toHaveLength(2));
    const depois = calls.length;
    // Typed dd/mm/aaaa, asked as aaaa-mm-dd.
    await user.type(screen.getByLabelText('De'), '01/09/2025');
    await waitFor(() => expect(calls.at(-1)?.get('de')).toBe('2025-09-01'));
    await waitFor(() => expect(linhas()).toHaveLength(1));
    await user.type(screen.getByLabelText('Até'), '01/08/2025');
    expect(
      screen.getByText('O fim do período não pode ser anterior ao início.'),
    ).toBeInTheDocument();
    expect(calls.slice(depois).some((c) => c.has('ate'))).toBe(false);
  });

  it('loads the next page with the cursor the server gave, until there is none', async () => {
    const calls = spyHistorico();
    server.use(
      handle(e.list, ({ input: { query } }) =>
        ok(
          e.list,
          query.cursor
            ? { results: [ordem(1)], next_cursor: null }
            : {
                results: [ordem(3), ordem(2)],
                next_cursor: `2025-03-12T13:00:00.000000Z_${ordem(2).group_id}`,
              },
        ),
      ),
    );
    const { user } = renderApp('/ordens');
    await waitFor(() => expect(linhas()).toHaveLength(2), lento);
    expect(screen.getByText('2 ordens (há mais)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(linhas()).toHaveLength(3));
    expect(calls.at(-1)?.get('cursor')).toBe(`2025-03-12T13:00:00.000000Z_${ordem(2).group_id}`);
    expect(screen.getByText('3 ordens')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it("marks an order in doubt, never as refused, and the portfolio's ORDENS tab shows only that client's", async () => {
    const calls = spyHistorico();
    server.use(
      handle(e.list, () =>
        ok(e.list, {
          results: [
            ordem(1, {
              estado: 'sent',
              aviso: 'Situação desconhecida de PETR4 (envio em verificação no terminal).',
              legs: [{ ...ordem(1).legs[0]!, estado: 'unknown', volume_exec: 0 }],
            }),
          ],
          next_cursor: null,
        }),
      ),
    );
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'ORDENS' }, lento));
    await waitFor(() => expect(linhas()).toHaveLength(1));
    expect(calls.at(-1)?.get('cliente')).toBe('1');
    expect(screen.queryByLabelText('Cliente')).not.toBeInTheDocument();
    expect(within(tabela()).queryByRole('columnheader', { name: 'Cliente' })).toBeNull();
    expect(linhas()[0]).toHaveTextContent('Em andamento');
    expect(linhas()[0]).toHaveTextContent('Em dúvida');
    expect(linhas()[0]).not.toHaveTextContent(/Rejeitada|Não executada/);
  });
});

const detalhe = (extra: Partial<OrdemDetalhe> = {}): OrdemDetalhe => ({
  ...ordem(5),
  operacoes: [{ id: 42, papel: 'criada' }],
  timeline: [
    {
      em: '2025-03-15T13:00:00.000Z',
      evento: 'Ordem registrada',
      detalhe: 'Compra de 200 ações de PETR4 (PETR4 200), limitada a R$ 38,50, alvo R$ 45,00.',
      usuario: 'operador',
    },
    {
      em: '2025-03-15T13:00:01.000Z',
      evento: 'PETR4: executada em parte',
      detalhe: '100 de 200 ações executadas, preço médio R$ 38,50.',
      usuario: 'operador',
    },
    {
      em: '2025-03-15T13:00:05.000Z',
      evento: 'Ordem concluída',
      detalhe: '200 ações a R$ 38,50 (preço médio). Operação #42 criada na carteira.',
      usuario: 'operador',
    },
  ],
  ...extra,
});

describe('one order', () => {
  it('shows its legs, its timeline and a link to the operation it created', async () => {
    server.use(handle(e.detail, () => ok(e.detail, detalhe())));
    renderApp(`/ordens/${ordem(5).group_id}`);
    expect(
      await screen.findByRole('heading', { name: 'Compra de PETR4 — Ana Beatriz Carvalho' }, lento),
    ).toBeInTheDocument();
    const pernas = screen.getByRole('table', { name: 'Pernas da ordem' });
    expect(within(pernas).getByText('Request executed')).toBeInTheDocument();
    expect(within(pernas).getByText('10009 Solicitação executada')).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Linha do tempo' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '15/03/2025 10:00:00 · operadorOrdem registradaCompra de 200 ações de PETR4 (PETR4 200), limitada a R$ 38,50, alvo R$ 45,00.',
      '15/03/2025 10:00:01 · operadorPETR4: executada em parte100 de 200 ações executadas, preço médio R$ 38,50.',
      '15/03/2025 10:00:05 · operadorOrdem concluída200 ações a R$ 38,50 (preço médio). Operação #42 criada na carteira.',
    ]);
    expect(screen.getByRole('link', { name: 'Operação #42 criada' })).toHaveAttribute(
      'href',
      '/clientes/1/carteira?aba=posicionadas',
    );
    expect(screen.queryByRole('button', { name: 'Cancelar ordem' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolver' })).not.toBeInTheDocument();
  });

  it('Voltar, on an order opened on its own (a shared link), goes to the history', async () => {
    server.use(handle(e.detail, () => ok(e.detail, detalhe())));
    const { user } = renderApp(`/ordens/${ordem(5).group_id}`);
    await user.click(await screen.findByRole('button', { name: '← Voltar' }, lento));
    expect(
      await screen.findByRole('table', { name: 'Histórico de ordens' }, lento),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/ordens');
  });

  it("Voltar returns to the portfolio's ORDENS tab the order was opened from", async () => {
    server.use(
      handle(e.list, () => ok(e.list, { results: [ordem(5)], next_cursor: null })),
      handle(e.detail, () => ok(e.detail, detalhe())),
    );
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'ORDENS' }, lento));
    await user.click(await screen.findByRole('link', { name: /^Ver ordem de / }, lento));
    await user.click(await screen.findByRole('button', { name: '← Voltar' }, lento));
    expect(
      await screen.findByRole('tab', { name: 'ORDENS', selected: true }, lento),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/clientes/1/carteira');
    await waitFor(() => expect(linhas()).toHaveLength(1));
  });

  it('says an unknown order is not found', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/ordens/00000000-0000-4000-8000-999999999999');
    expect(await screen.findByText('Ordem não encontrada.', {}, lento)).toBeInTheDocument();
  });
});
