import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../../mocks/node';
import { renderApp } from '../../../support/render';
import { capturarDownloads, exportar, linhasCsv } from '../../components/exportar-support';
import { HOJE, rentabilidadeCenario } from './cenario';

/** The control panel's RENTABILIDADE tab over the book of three clients of ./cenario.ts. */

const NBSP = '\u00a0';
const pct = (texto: string) => texto.replace(/ %/g, `${NBSP}%`);

let cenario: ReturnType<typeof rentabilidadeCenario>;
// The tab's code loads on demand (a chunk of its own): loaded once here, as a browser has it by the time the tab
// shows, not inside the first test's wait.
beforeAll(() => import('../../../../src/widgets/rentabilidade/RentabilidadeLivro'), 60_000);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${HOJE}T15:00:00Z`) });
  cenario = rentabilidadeCenario();
  server.use(...cenario.handlers);
});
afterEach(() => vi.useRealTimers());

async function openAba() {
  const app = renderApp('/controle-rv');
  await app.user.click(await screen.findByRole('tab', { name: 'RENTABILIDADE' }));
  const tabela = await screen.findByRole(
    'table',
    { name: 'Rentabilidade dos clientes' },
    { timeout: 5000 },
  );
  return { ...app, tabela };
}

/** Each row's client and return, in the order shown. */
const ordem = (tabela: HTMLElement) =>
  within(tabela)
    .getAllByRole('row')
    .slice(1)
    .map((r) => {
      const [cliente, retorno] = within(r).getAllByRole('cell');
      return `${cliente!.textContent} ${retorno!.textContent}`;
    });

describe('the control panel’s RENTABILIDADE tab', () => {
  it('lists every client’s return over the last 12 months against the CDI, by name, and the book’s', async () => {
    const { tabela } = await openAba();
    expect(cenario.pedidos).toContainEqual({ de: '2025-03-17', ate: HOJE });
    expect(
      within(tabela)
        .getAllByRole('columnheader')
        .slice(0, 5)
        .map((h) => h.textContent?.replace(/ [▲▼↕]$/, '')),
    ).toEqual(['Cliente', 'Retorno', 'CDI', '% do CDI', 'Ibovespa']);
    expect(ordem(tabela)).toEqual(
      [
        'Ana Beatriz Carvalho 5,00 %',
        'Bruno Henrique Almeida 12,00 %',
        'Nascimento Participações Ltda -3,00 %',
      ].map(pct),
    );
    const ana = within(tabela).getAllByRole('row')[1]!;
    expect(within(ana).getAllByRole('cell')[3]).toHaveTextContent('49,41 %');
    const livro = screen.getByRole('group', { name: 'Rentabilidade do livro' });
    // (toHaveTextContent reads a no-break space as a space.)
    expect(livro).toHaveTextContent('Rentabilidade4,56 %CDI10,12 %');
  });

  it('sorts by the return, up and down, with the header saying how', async () => {
    const { user, tabela } = await openAba();
    const retorno = within(tabela).getByRole('columnheader', { name: 'Retorno' });
    await user.click(within(retorno).getByRole('button'));
    expect(retorno).toHaveAttribute('aria-sort', 'ascending');
    expect(ordem(tabela).map((l) => l.split(' ')[0])).toEqual(['Nascimento', 'Ana', 'Bruno']);
    await user.click(within(retorno).getByRole('button'));
    expect(retorno).toHaveAttribute('aria-sort', 'descending');
    expect(ordem(tabela).map((l) => l.split(' ')[0])).toEqual(['Bruno', 'Ana', 'Nascimento']);
  });

  it('exports the rows as shown, the returns in percent', async () => {
    const arquivos = capturarDownloads();
    const { user, tabela } = await openAba();
    await user.click(
      within(within(tabela).getByRole('columnheader', { name: 'Retorno' })).getByRole('button'),
    );
    await exportar(user, 'CSV (.csv)');
    await waitFor(() => expect(arquivos).toHaveLength(1));
    expect(arquivos[0]!.nome).toMatch(/^rentabilidade-dos-clientes-2026-03-16-\d{6}\.csv$/);
    const [cabecalho, primeira] = await linhasCsv(arquivos[0]!.blob);
    expect(cabecalho!.split(';').slice(0, 5)).toEqual([
      'Cliente',
      'Retorno',
      'CDI',
      '% do CDI',
      'Ibovespa',
    ]);
    expect(primeira!.split(';').slice(0, 3)).toEqual([
      'Nascimento Participações Ltda',
      '-3,00',
      '10,12',
    ]);
  });

  it('asks the period chosen, and leads from a client’s name to its own RENTABILIDADE tab', async () => {
    const { user, tabela } = await openAba();
    await user.click(screen.getByRole('button', { name: 'Ano' }));
    await waitFor(() => expect(cenario.pedidos).toContainEqual({ de: '2026-01-01', ate: HOJE }));
    expect(await screen.findByText(/^Período medido: 01\/01\/2026 a 16\/03\/2026/)).toBeVisible();
    await user.click(
      within(tabela).getByRole('link', { name: 'Rentabilidade de Bruno Henrique Almeida' }),
    );
    expect(await screen.findByRole('tab', { name: 'RENTABILIDADE', selected: true })).toBeVisible();
    expect(window.location.pathname).toBe('/clientes/2/carteira');
    expect(window.location.search).toBe('?aba=rentabilidade');
    await screen.findByRole('group', { name: 'Rentabilidade no período' }, { timeout: 5000 });
    expect(cenario.pedidos).toContainEqual({ cliente: 2, de: '2025-03-17', ate: HOJE });
  });
});
