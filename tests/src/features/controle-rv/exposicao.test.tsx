import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ExposicaoResponse } from '../../../../contract';
import { server } from '../../../../mocks/node';
import { renderApp } from '../../../support/render';

/** Issue 34, item 4: the book per stock and per sector, as bars and a grid whose rows open their clients. */
const cena: ExposicaoResponse = {
  total: 100000,
  cotacoes_em: '2025-10-29T20:00:00.000Z',
  acoes: [
    {
      nome: 'PETR4',
      setor: 'Petróleo',
      valor: 60000,
      percentual: 60,
      clientes: 2,
      sem_cotacao: false,
      detentores: [
        { id: 2, nome: 'Bruno Henrique Almeida', valor: 45000 },
        { id: 1, nome: 'Ana Beatriz Carvalho', valor: 15000 },
      ],
    },
    {
      nome: 'VALE3',
      setor: 'Mineração',
      valor: 40000,
      percentual: 40,
      clientes: 1,
      sem_cotacao: true,
      detentores: [{ id: 1, nome: 'Ana Beatriz Carvalho', valor: 40000 }],
    },
  ],
  setores: [
    {
      nome: 'Petróleo',
      setor: null,
      valor: 60000,
      percentual: 60,
      clientes: 2,
      sem_cotacao: false,
      detentores: [
        { id: 2, nome: 'Bruno Henrique Almeida', valor: 45000 },
        { id: 1, nome: 'Ana Beatriz Carvalho', valor: 15000 },
      ],
    },
    {
      nome: 'Mineração',
      setor: null,
      valor: 40000,
      percentual: 40,
      clientes: 1,
      sem_cotacao: true,
      detentores: [{ id: 1, nome: 'Ana Beatriz Carvalho', valor: 40000 }],
    },
  ],
};

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

async function openExposicao() {
  const rendered = renderApp('/controle-rv');
  await screen.findByRole('heading', { name: 'Painel de Controle' });
  await rendered.user.click(screen.getByRole('tab', { name: 'EXPOSIÇÃO' }));
  const grid = await screen.findByRole('table', { name: 'Exposição por ação' });
  await within(grid).findByText('PETR4');
  return { ...rendered, grid };
}

describe('control panel — EXPOSIÇÃO', () => {
  beforeEach(() => {
    server.use(http.get('/api/exposicao/', () => HttpResponse.json(cena)));
  });

  it('shows the book per stock: value, share, clients and the largest, with bars', async () => {
    const { grid } = await openExposicao();
    expect(screen.getByText('Livro: R$ 100.000,00')).toBeInTheDocument();
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim()),
    ).toEqual(['Ação', 'Setor', 'Valor', '% do livro', 'Clientes', 'Maior cliente']);
    const petr = within(grid).getByText('PETR4').closest('tr')!;
    expect(cells(petr)).toEqual([
      'PETR4',
      'Petróleo',
      'R$ 60.000,00',
      '60,00',
      '2',
      'Bruno Henrique Almeida (R$ 45.000,00)',
    ]);
    // A stock without a quote is counted at cost, and says so.
    const vale = within(grid).getByText('VALE3').closest('tr')!;
    expect(within(vale).getByText('custo')).toHaveAttribute(
      'title',
      'Sem cotação: contado pelo custo de compra.',
    );
    expect(
      screen.getByRole('img', {
        name: 'Exposição por ação: PETR4: 60,00% (R$ 60.000,00); VALE3: 40,00% (R$ 40.000,00)',
      }),
    ).toBeInTheDocument();
  });

  it('sorts by a column and opens the clients holding a row, each linking to its portfolio', async () => {
    const { user, grid } = await openExposicao();
    await user.click(within(grid).getByRole('button', { name: 'Clientes' }));
    const nomes = () =>
      within(grid.querySelector('tbody')!)
        .getAllByRole('row')
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(nomes()).toEqual(['VALE3custo', 'PETR4']);
    await user.click(within(grid).getByRole('button', { name: 'Clientes com PETR4' }));
    const lista = await screen.findByRole('list', { name: 'Clientes com PETR4' });
    const bruno = within(lista).getByRole('link', { name: 'Bruno Henrique Almeida' });
    expect(bruno).toHaveAttribute('href', '/clientes/2/carteira?aba=posicionadas');
    expect(within(lista).getAllByRole('listitem')[0]).toHaveTextContent('75,00% de PETR4');
  });

  it('shows the book per sector', async () => {
    const { user } = await openExposicao();
    await user.click(screen.getByRole('button', { name: 'Por setor' }));
    const grid = await screen.findByRole('table', { name: 'Exposição por setor' });
    await waitFor(() => expect(within(grid).getByText('Mineração')).toBeInTheDocument());
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim()),
    ).toEqual(['Setor', 'Valor', '% do livro', 'Clientes', 'Maior cliente']);
    expect(screen.getByRole('button', { name: 'Por setor' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
