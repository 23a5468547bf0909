import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addMockOperacao, resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { renderApp } from '../../../support/render';

/**
 * Issue 34, item 3: POSICIONADAS says each position's result in reais at today's quote and a totals row (bought,
 * current value, result, weighted variation); REALIZADAS a totals row. The mock: PETR4 3.000,00 → +5 %, VALE3
 * 12.000,00 → −5 %, ITUB3 3.000,00 → +10 %; BBAS3 realised +600,00, ABEV3 −500,00.
 */
const grid = (name: string) => screen.findByRole('table', { name });
const header = (t: HTMLElement) =>
  within(t)
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.replace(/ [▲▼↕]$/, ''));
/** A row's cells by column name. */
function byColumn(t: HTMLElement, row: HTMLElement) {
  const names = header(t);
  const cells = within(row).getAllByRole('cell');
  return (name: string) => cells[names.indexOf(name)]!;
}
const totalRow = (t: HTMLElement) =>
  within(t).getAllByRole('rowgroup').at(-1)!.querySelector('tr')!;

describe("the portfolio's results in reais", () => {
  beforeEach(() => resetCarteiraMock());

  it('POSICIONADAS: Resultado (R$) per position and the totals of the positions', async () => {
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'POSICIONADAS' }));
    const t = await grid('Operações posicionadas');
    expect(header(t)).toContain('Resultado (R$)');
    const linha = async (ticker: string) => within(t).getByText(ticker).closest('tr')!;
    await waitFor(async () =>
      expect(byColumn(t, await linha('PETR4'))('Resultado (R$)')).toHaveTextContent('150,00'),
    );
    const vale = byColumn(t, await linha('VALE3'))('Resultado (R$)');
    expect(within(vale).getByText('-600,00')).toHaveAttribute('data-cor', 'vermelho');

    const total = byColumn(t, totalRow(t));
    expect(total('Ação')).toHaveTextContent('Total (3)');
    expect(total('Valor Total Compra')).toHaveTextContent('18.000,00');
    expect(total('Preço Atual')).toHaveTextContent('Valor atual17.850,00');
    expect(within(total('Resultado (R$)')).getByText('-150,00')).toHaveAttribute(
      'data-cor',
      'vermelho',
    );
    // Weighted by cost: −150 / 18.000 (not the mean of +5, −5 and +10).
    expect(total('Variação (%)')).toHaveTextContent('-0,83');
  });

  it('leaves a position without a quote out of the value and the result, and says so', async () => {
    addMockOperacao({
      cliente: 1,
      acao: 6,
      data_compra: '2025-10-01',
      preco_unitario: 40,
      quantidade: 100,
      data_venda: null,
      preco_venda_unitario: null,
      valor_alvo: 44,
    });
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'POSICIONADAS' }));
    const t = await grid('Operações posicionadas');
    await within(t).findByText('WEGE3');
    const total = byColumn(t, totalRow(t));
    await waitFor(() => expect(total('Valor Total Compra')).toHaveTextContent('22.000,00'));
    expect(total('Resultado (R$)')).toHaveTextContent('-150,00');
    expect(within(total('Ação')).getByText('Total (4)')).toHaveAttribute(
      'title',
      '1 sem cotação: fora do valor atual, do resultado e da variação.',
    );
  });

  it('REALIZADAS: the totals of the realised operations', async () => {
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'REALIZADAS' }));
    const t = await grid('Operações realizadas');
    await within(t).findByText('BBAS3');
    const total = byColumn(t, totalRow(t));
    expect(total('Ação')).toHaveTextContent('Total (2)');
    expect(within(total('Valor Resultado')).getByText('100,00')).toHaveAttribute(
      'data-cor',
      'verde',
    );
    expect(total('Valor Total Compra').textContent).toMatch(/^\d/);
    expect(total('Valor Total Venda').textContent).toMatch(/^\d/);
  });
});
