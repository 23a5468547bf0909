import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ordensEndpoints as e, type OrdemDetalhe } from '../../../../contract';
import { handle, ok } from '../../../../mocks/contract';
import { server } from '../../../../mocks/node';
import { renderApp } from '../../../support/render';

/** The order's page shows what the order cost (issue 29): the terminal's commission and fees, B3's, the total. */

const GROUP = '00000000-0000-4000-8000-000000000929';
// Generous waits where a screen's chunk and first answers may load for the first time (a busy machine).
const lento = { timeout: 5000 };

const concluida = (custos: OrdemDetalhe['custos']): OrdemDetalhe => ({
  group_id: GROUP,
  lote_id: null,
  cliente: 1,
  nome: 'Ana Beatriz Carvalho',
  acao: 'PETR4',
  lado: 'compra',
  execucao: 'mercado',
  preco: null,
  tp: 45,
  estado: 'completed',
  criado_em: '2026-03-10T13:00:00.000Z',
  criado_por: 'operador',
  legs: [
    {
      symbol: 'PETR4',
      volume: 300,
      volume_exec: 300,
      preco_medio: 38.01,
      estado: 'filled',
      retcode: 10009,
      retcode_desc: 'Solicitação executada',
      ticket: 7,
      broker_comment: null,
      retcode_external: null,
      problema: null,
    },
  ],
  concluido_em: '2026-03-10T13:00:02.000Z',
  erro: null,
  aviso: null,
  operacao_id: 41,
  custos,
  timeline: [],
  operacoes: [{ id: 41, papel: 'criada' }],
});

/** Each figure of the costs by its label, as the page shows it. */
function custosMostrados(): Record<string, string | null | undefined> {
  const grupo = screen.getByRole('group', { name: 'Custos da ordem' });
  const rotulos = ['Corretagem', 'Taxas do terminal', 'Taxas da B3', 'Total'];
  return Object.fromEntries(
    rotulos.map((rotulo) => [rotulo, within(grupo).getByText(rotulo).nextSibling?.textContent]),
  );
}

describe("an order's costs on its page", () => {
  it('shows the brokerage, the terminal fees, the B3 fees and their total in reais', async () => {
    server.use(
      handle(e.detail, () =>
        ok(e.detail, concluida({ corretagem: 2.5, taxas: 1.14, taxas_b3: 3421.3, total: 3424.94 })),
      ),
    );
    renderApp(`/ordens/${GROUP}`);
    expect(await screen.findByRole('heading', { name: 'Custos' }, lento)).toBeInTheDocument();
    expect(custosMostrados()).toEqual({
      Corretagem: 'R$ 2,50',
      'Taxas do terminal': 'R$ 1,14',
      'Taxas da B3': 'R$ 3.421,30',
      Total: 'R$ 3.424,94',
    });
  });

  it('shows no costs for an order that has none recorded (nothing filled, or ended before costs were kept)', async () => {
    server.use(handle(e.detail, () => ok(e.detail, concluida(null))));
    renderApp(`/ordens/${GROUP}`);
    expect(await screen.findByRole('heading', { name: 'Pernas' }, lento)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Custos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Custos da ordem' })).not.toBeInTheDocument();
  });
});
