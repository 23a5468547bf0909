import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../support/render';

/**
 * Issue 34, item 3 and rough edge 5 in the control panel: Resultado (R$) per position, a totals row of the rows
 * the filters leave, and filters that narrow each other. The scene (tests/src/scene/painel.json): WEGE3 12.030,00
 * now 13.236,00; PETR4 33.500,00 now 31.850,00; ITUB4 5.400,00 now 5.775,00; VALE3 3.012,50 without a quote.
 */
const grid = () => screen.getByRole('table', { name: 'Posicionadas' });
const header = () =>
  within(grid())
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim());
/** The totals row's cell under a column. */
const total = (name: string) =>
  within(grid().querySelector('tfoot')!).getAllByRole('cell')[header().indexOf(name)]!;
const options = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((o) => o.textContent);

async function openPanel() {
  const rendered = renderApp('/controle-rv');
  await within(await screen.findByRole('table', { name: 'Posicionadas' })).findByText('WEGE3');
  return rendered;
}

describe("the control panel's POSICIONADAS in reais", () => {
  it('shows Resultado (R$) per position and the totals of every position', async () => {
    await openPanel();
    const wege = within(grid()).getByText('WEGE3').closest('tr')!;
    expect(within(wege).getAllByRole('cell')[header().indexOf('Resultado (R$)')]).toHaveTextContent(
      '1.206,00',
    );
    expect(total('Cliente')).toHaveTextContent('Total (4)');
    expect(total('Valor Total Compra')).toHaveTextContent('53.942,50');
    expect(total('Preço Atual')).toHaveTextContent('Valor atual50.861,00');
    expect(within(total('Resultado (R$)')).getByText('-69,00')).toHaveAttribute(
      'data-cor',
      'vermelho',
    );
    // −69,00 over the quoted positions' 50.930,00: weighted by cost.
    expect(total('Variação (%)')).toHaveTextContent('-0,14');
  });

  it('sums only the rows the filters leave', async () => {
    const { user } = await openPanel();
    await user.selectOptions(screen.getByLabelText('Cliente'), 'Ana Beatriz Carvalho');
    expect(total('Cliente')).toHaveTextContent('Total (2)');
    expect(total('Valor Total Compra')).toHaveTextContent('36.512,50');
    expect(total('Resultado (R$)')).toHaveTextContent('-1.650,00');
    expect(total('Variação (%)')).toHaveTextContent('-4,93');
    await user.selectOptions(screen.getByLabelText('Ação'), 'VALE3');
    expect(total('Valor Total Compra')).toHaveTextContent('3.012,50');
    expect(total('Resultado (R$)')).toHaveTextContent('—');
  });

  it('narrows each filter to what the other leaves', async () => {
    const { user } = await openPanel();
    await user.selectOptions(screen.getByLabelText('Cliente'), 'Ana Beatriz Carvalho');
    expect(options('Ação')).toEqual(['Todas', 'PETR4', 'VALE3']);
    await user.selectOptions(screen.getByLabelText('Cliente'), 'Todos');
    await user.selectOptions(screen.getByLabelText('Ação'), 'WEGE3');
    expect(options('Cliente')).toEqual(['Todos', 'Bruno Henrique Almeida']);
  });
});
