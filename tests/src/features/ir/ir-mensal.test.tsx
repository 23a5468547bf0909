import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { server } from '../../../../mocks/node';
import { todayIso } from '../../../../shared/dates';
import { renderApp } from '../../../support/render';
import { capturarDownloads, exportar, lerXlsx } from '../../components/exportar-support';
import { irCenarioHandlers, resetCenarioIr } from './cenario';

/**
 * Ferramentas → IR mensal (issue 29): every client's month over the worked examples (./cenario.ts), its DARFs to
 * send, the situation filter, each client's link to its IR tab on that month, and the export.
 */
beforeEach(() => {
  resetCarteiraMock();
  resetCenarioIr();
  server.use(...irCenarioHandlers());
});
afterEach(() => vi.useRealTimers());

const celulas = (linha: HTMLElement) =>
  within(linha)
    .getAllByRole('cell')
    .map((c) => c.textContent);
async function linhas(nome: string) {
  const grade = await screen.findByRole('table', { name: nome }, { timeout: 5000 });
  await waitFor(() => expect(within(grade).queryByText('Carregando...')).toBeNull());
  return within(grade)
    .getAllByRole('row')
    .slice(1)
    .map((r) => celulas(r).slice(0, 5));
}

describe('Ferramentas → IR mensal', () => {
  it('is in the Ferramentas menu', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Ferramentas' }));
    expect(await screen.findByRole('menuitem', { name: 'IR mensal' })).toHaveAttribute(
      'href',
      '/ferramentas/ir-mensal',
    );
  });

  it('lists every client’s month: situation, DARF, due date and tax, with the month’s totals', async () => {
    renderApp('/ferramentas/ir-mensal?mes=2026-03');
    expect(await linhas('IR mensal de Março de 2026')).toEqual([
      ['Ana Souza', 'A pagar', '38,00', '30/04/2026', '40,00'],
      ['Bruno Lima', 'Sem imposto', '—', '30/04/2026', '0,00'],
      ['Carla Dias', 'Sem imposto', '—', '30/04/2026', '0,00'],
    ]);
    expect(
      screen.getByText('3 clientes · 1 DARF a pagar, R$ 38,00, vencimento 30/04/2026'),
    ).toBeVisible();
  });

  it('changes month through the address, and filters by situation', async () => {
    const { user } = renderApp('/ferramentas/ir-mensal?mes=2026-03');
    await linhas('IR mensal de Março de 2026');
    await user.selectOptions(screen.getByLabelText('Mês'), '01/2026');
    expect(await linhas('IR mensal de Janeiro de 2026')).toEqual([
      ['Ana Souza', 'Abaixo de R$ 10,00', '—', '27/02/2026', '6,00'],
      ['Bruno Lima', 'Sem imposto', '—', '27/02/2026', '0,00'],
      ['Carla Dias', 'Abaixo de R$ 10,00', '—', '27/02/2026', '6,00'],
    ]);
    expect(window.location.search).toBe('?mes=2026-01');
    await user.selectOptions(screen.getByLabelText('Mês'), '02/2026');
    await user.selectOptions(screen.getByLabelText('Situação'), 'A pagar');
    expect(await linhas('IR mensal de Fevereiro de 2026')).toEqual([
      ['Ana Souza', 'A pagar', '13,00', '31/03/2026', '7,00'],
      ['Carla Dias', 'A pagar', '13,00', '31/03/2026', '7,00'],
    ]);
  });

  it('opens on last month by default', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-04-10T12:00:00-03:00'));
    renderApp('/ferramentas/ir-mensal');
    expect((await linhas('IR mensal de Março de 2026'))[0]).toEqual([
      'Ana Souza',
      'A pagar',
      '38,00',
      '30/04/2026',
      '40,00',
    ]);
    expect(screen.getByLabelText('Mês')).toHaveValue('2026-03');
  });

  it('links each client to its portfolio’s IR tab on that month', async () => {
    const { user } = renderApp('/ferramentas/ir-mensal?mes=2026-03');
    await linhas('IR mensal de Março de 2026');
    const link = screen.getByRole('link', { name: 'IR de Ana Souza em 03/2026' });
    expect(link).toHaveAttribute('href', '/clientes/1/carteira?aba=ir&mes=2026-03');
    await user.click(link);
    expect(
      await screen.findByRole('region', { name: 'IR de Março de 2026' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'IR' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('region', { name: 'DARF' })).toBeInTheDocument();
  });

  it('exports the month to Excel: money in reais, dates as dates, the situation in words', async () => {
    const arquivos = capturarDownloads();
    const { user } = renderApp('/ferramentas/ir-mensal?mes=2026-03');
    await linhas('IR mensal de Março de 2026');
    await exportar(user, 'Excel (.xlsx)');
    await waitFor(() => expect(arquivos).toHaveLength(1));
    expect(arquivos[0]!.nome).toMatch(
      new RegExp(`^ir-mensal-03-2026-${todayIso()}-\\d{6}\\.xlsx$`),
    );
    const ws = await lerXlsx(arquivos[0]!.blob);
    const linha = (r: number) =>
      'ABCDE'.split('').map((c) => [ws[`${c}${r}`]?.v, ws[`${c}${r}`]?.z]);
    expect(linha(1).map(([v]) => v)).toEqual([
      'Cliente',
      'Situação',
      'DARF (R$)',
      'Vencimento',
      'Imposto',
    ]);
    expect(linha(2)).toEqual([
      ['Ana Souza', 'General'],
      ['A pagar', 'General'],
      [38, '"R$" #,##0.00'],
      [46142, 'dd/mm/yyyy'],
      [40, '"R$" #,##0.00'],
    ]);
  });
});
