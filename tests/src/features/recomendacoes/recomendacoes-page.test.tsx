import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../../mocks/node';
import { MOCK_RECALCULO, MOCK_RECOMENDACOES } from '../../scene';
import type { Recomendacao } from '../../../../contract';
import { renderApp } from '../../../support/render';
import { COLUNAS, expectedOrder, grid, headerLabels, tickers } from './recomendacoes-grid';

describe('/recomendacoes', () => {
  it('is reachable from the Ferramentas menu', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Ferramentas' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Recomendações' }));
    expect(await screen.findByRole('heading', { name: 'Recomendações' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/recomendacoes');
  });

  it('shows the 22 columns in the specification’s order, rows in the server’s order', async () => {
    renderApp('/recomendacoes');
    expect(await screen.findByRole('heading', { name: 'Recomendações' })).toBeInTheDocument();
    await screen.findByText('WEGE3');
    expect(headerLabels()).toEqual(COLUNAS.map(([label]) => label));
    expect(tickers()).toEqual(['WEGE3', 'PETR4', 'ITUB4']);
    const weg = within(grid()).getByText('WEGE3').closest('tr')!;
    const cells = within(weg)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 9)).toEqual([
      'WEGE3',
      'WEG',
      'Bens Industriais',
      '29/10/2025',
      '44,12',
      '46,31',
      '2,87',
      '71,20',
      '178',
    ]);
    expect(cells.slice(13)).toEqual([
      '41,90',
      '45,02',
      '7,45',
      '1,31',
      '2,48',
      '3,12',
      '4,96',
      '12',
      '8',
    ]);
  });

  it('shows booleans as a tick or a cross, with text for screen readers', async () => {
    renderApp('/recomendacoes');
    await screen.findByText('WEGE3');
    const weg = within(grid()).getByText('WEGE3').closest('tr')!;
    const signals = within(weg)
      .getAllByRole('img')
      .map((i) => [i.textContent, i.getAttribute('aria-label')]);
    // cruza_medias, obv_cres, vol_acima_media, wma602
    expect(signals).toEqual([
      ['✓', 'Sim'],
      ['✓', 'Sim'],
      ['✗', 'Não'],
      ['✓', 'Sim'],
    ]);
  });

  it.each(COLUNAS)('sorts by %s', async (label, key) => {
    const { user } = renderApp('/recomendacoes');
    await screen.findByText('WEGE3');
    await user.click(within(grid()).getByRole('button', { name: label }));
    expect(
      within(grid()).getByRole('columnheader', { name: new RegExp(`^${label}`) }),
    ).toHaveAttribute('aria-sort', 'ascending');
    expect(tickers()).toEqual(expectedOrder(MOCK_RECOMENDACOES, key));
    await user.click(within(grid()).getByRole('button', { name: new RegExp(`^${label}`) }));
    expect(tickers()).toEqual(expectedOrder(MOCK_RECOMENDACOES, key, true));
  });

  it('Atualizar recomputes on the server, shows its message and reloads the list', async () => {
    let posts = 0;
    let list: Recomendacao[] = [];
    server.use(
      http.get('/api/recomendacoes/', () => HttpResponse.json(list)),
      http.post('/api/recomendacoes/', () => {
        posts++;
        list = MOCK_RECOMENDACOES.slice(0, 1);
        return HttpResponse.json(MOCK_RECALCULO);
      }),
    );
    const { user } = renderApp('/recomendacoes');
    expect(await screen.findByText('Nenhum registro encontrado.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText(MOCK_RECALCULO.message)).toBeInTheDocument();
    expect(await screen.findByText('WEGE3')).toBeInTheDocument();
    expect(posts).toBe(1);
    expect(screen.queryByText('Nenhum registro encontrado.')).not.toBeInTheDocument();
  });

  it('a failed recompute keeps the list on screen and logs the error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post('/api/recomendacoes/', () =>
        HttpResponse.json({ detail: 'falhou' }, { status: 500 }),
      ),
    );
    const { user } = renderApp('/recomendacoes');
    await screen.findByText('WEGE3');
    await user.click(await screen.findByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(log).toHaveBeenCalledWith(expect.stringMatching(/^Erro 500/)));
    expect(tickers()).toEqual(['WEGE3', 'PETR4', 'ITUB4']);
    // ... and says so, discreetly.
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Falha ao atualizar as recomendações. Erro 500: Internal Server Error — falhou',
    );
  });

  it('says the list could not be loaded, instead of an empty one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/recomendacoes/', () =>
        HttpResponse.json({ detail: 'falhou' }, { status: 500 }),
      ),
    );
    renderApp('/recomendacoes');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Não foi possível carregar as recomendações.');
    expect(within(banner).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(screen.queryByText('Nenhum registro encontrado.')).not.toBeInTheDocument();
  });
});
