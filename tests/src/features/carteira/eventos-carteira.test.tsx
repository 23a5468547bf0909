import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { server } from '../../../../mocks/node';
import { renderApp } from '../../../support/render';
import { adicionarEvento as addMockEvento, eventosScene } from '../../msw-scenes-eventos';

const rowOf = async (tableName: string, ticker: string) =>
  within(await screen.findByRole('table', { name: tableName }))
    .getByText(ticker)
    .closest('tr')!;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

/**
 * The mock portfolio of client 1 (PETR4 100 at R$ 30 bought 04/08/2025, VALE3 200 at R$ 60 bought 01/09/2025,
 * ITUB3 100 at R$ 30 bought 01/07/2025) after a 1:2 split of PETR4, a VALE3 dividend and an ITUB3 JCP.
 */
beforeEach(() => {
  resetCarteiraMock();
  // The events applied to the portfolio mock as the server applies them (tests/src/msw-scenes-eventos.ts).
  server.use(...eventosScene());
  addMockEvento({
    acao: 4,
    tipo: 'desdobramento',
    data_ex: '2025-08-15',
    fator: 2,
    valor_por_acao: null,
  });
  addMockEvento({
    acao: 5,
    tipo: 'dividendo',
    data_ex: '2025-09-10',
    fator: null,
    valor_por_acao: 0.5,
  });
  addMockEvento({ acao: 3, tipo: 'jcp', data_ex: '2025-07-15', fator: null, valor_por_acao: 1 });
});

describe('corporate events in the portfolio', () => {
  it('marks the adjusted operation in POSICIONADAS, the event in its tooltip', async () => {
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'POSICIONADAS' }));
    const petr = await rowOf('Operações posicionadas', 'PETR4');
    expect(cells(petr).slice(2, 6)).toEqual(['15,00', '200', '3.000,00', '16,50']);
    const marca = within(petr).getByRole('img', { name: /^Ajustada por evento corporativo\./ });
    expect(marca).toHaveAccessibleName(
      'Ajustada por evento corporativo. Desdobramento 1:2 em 15/08/2025: 100 → 200 ações.',
    );
    await user.hover(marca);
    expect(
      await screen.findByText('Desdobramento 1:2 em 15/08/2025: 100 → 200 ações.'),
    ).toBeVisible();
    // Operations no share event touched carry no mark.
    const vale = await rowOf('Operações posicionadas', 'VALE3');
    expect(within(vale).queryByRole('img')).not.toBeInTheDocument();
  });

  it('lists the cash received in PROVENTOS, and sums it in Posição Consolidada', async () => {
    const { user } = renderApp('/clientes/1/carteira');
    // 200 × 0.50 = 100.00; JCP 100 × 1.00 = 100.00 less 15 % = 85.00.
    const linha = (await screen.findByText('Proventos recebidos')).closest(
      '.chakra-data-list__item',
    );
    await waitFor(() => expect(linha).toHaveTextContent('R$ 185,00'));

    await user.click(screen.getByRole('tab', { name: 'PROVENTOS' }));
    const tabela = await screen.findByRole('table', { name: 'Proventos recebidos' });
    expect(
      within(tabela)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/ [▲▼↕]$/, '')),
    ).toEqual([
      'Data Ex',
      'Ação',
      'Tipo',
      'Quantidade',
      'Valor por Ação',
      'Valor Bruto',
      'Valor Líquido',
    ]);
    await waitFor(() => expect(within(tabela).getAllByRole('row')).toHaveLength(3));
    expect(
      within(tabela)
        .getAllByRole('row')
        .slice(1)
        .map((r) => cells(r)),
    ).toEqual([
      ['10/09/2025', 'VALE3', 'Dividendo', '200', '0,50', '100,00', '100,00'],
      ['15/07/2025', 'ITUB3', 'JCP', '100', '1,00', '100,00', '85,00'],
    ]);
  });

  it('shows an empty PROVENTOS tab for a client who received nothing', async () => {
    server.use(...eventosScene());
    resetCarteiraMock();
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'PROVENTOS' }));
    expect(await screen.findByText('Nenhum provento recebido.')).toBeInTheDocument();
  });
});
