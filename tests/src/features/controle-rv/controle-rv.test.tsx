import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../../mocks/node';
import { MOCK_POSICIONADAS } from '../../../../mocks/handlers/painel';
import { MOCK_RECALCULO, MOCK_RECOMENDACOES } from '../../../../mocks/handlers/recomendacoes';
import type { PosicaoPainel, Recomendacao } from '../../../../contract';
import { renderApp } from '../../../support/render';
import { COLUNAS, headerLabels, tickers } from '../recomendacoes/recomendacoes-grid';

const posicionadas = () => screen.getByRole('table', { name: 'Posicionadas' });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
/** One column's text, top to bottom. */
const column = (table: HTMLElement, index: number) =>
  bodyRows(table).map((r) => r.querySelectorAll('td')[index]?.textContent);
const acoes = () => column(posicionadas(), 1);

async function openPanel() {
  const rendered = renderApp('/controle-rv');
  await screen.findByRole('heading', { name: 'Painel de Controle' });
  await within(await screen.findByRole('table', { name: 'Posicionadas' })).findByText('WEGE3');
  return rendered;
}

describe('control panel — POSICIONADAS', () => {
  it('opens on POSICIONADAS, every position sorted by cliente ascending, with the specified columns', async () => {
    await openPanel();
    expect(screen.getByRole('tab', { name: 'POSICIONADAS' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      within(posicionadas())
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼]/g, '').trim()),
    ).toEqual([
      'Cliente',
      'Ação',
      'Data Compra',
      'Preço Unitário',
      'Quantidade',
      'Valor Total Compra',
      'Preço Atual',
      'Variação (%)',
      'Valor Alvo',
      'Dias Posicionado',
    ]);
    expect(within(posicionadas()).getByRole('columnheader', { name: /^Cliente/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(column(posicionadas(), 0)).toEqual([
      'Ana Beatriz Carvalho',
      'Ana Beatriz Carvalho',
      'Bruno Henrique Almeida',
      'Nascimento Participações Ltda',
    ]);
    const petr = within(posicionadas()).getByText('PETR4').closest('tr')!;
    expect(
      within(petr)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Ana Beatriz Carvalho',
      'PETR4',
      '01/10/2025',
      '33,50',
      '1.000',
      '33.500,00',
      '31,85',
      '-4,93',
      '36,20',
      '28',
    ]);
  });

  it('colours Variação green when ≥ 0 and red below, a dash without a quote', async () => {
    await openPanel();
    const variacao = (ticker: string) =>
      within(posicionadas()).getByText(ticker).closest('tr')!.querySelectorAll('td')[7]!;
    expect(getComputedStyle(variacao('PETR4').firstElementChild!).color).toBe(
      'var(--chakra-colors-red-600)',
    );
    expect(getComputedStyle(variacao('WEGE3').firstElementChild!).color).toBe(
      'var(--chakra-colors-green-600)',
    );
    expect(variacao('VALE3').textContent).toBe('—');
  });

  it('filters by client and by stock; Limpar Filtros shows only while a filter is set', async () => {
    const { user } = await openPanel();
    const cliente = screen.getByLabelText('Cliente');
    const acao = screen.getByLabelText('Ação');
    expect(
      within(cliente)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Todos',
      'Ana Beatriz Carvalho',
      'Bruno Henrique Almeida',
      'Nascimento Participações Ltda',
    ]);
    expect(
      within(acao)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todas', 'ITUB4', 'PETR4', 'VALE3', 'WEGE3']);
    expect(screen.queryByRole('button', { name: 'Limpar Filtros' })).not.toBeInTheDocument();

    await user.selectOptions(cliente, 'Ana Beatriz Carvalho');
    expect(acoes()).toEqual(['PETR4', 'VALE3']);
    expect(screen.getByRole('button', { name: 'Limpar Filtros' })).toBeInTheDocument();
    await user.selectOptions(acao, 'VALE3');
    expect(acoes()).toEqual(['VALE3']);
    await user.selectOptions(cliente, 'Todos');
    expect(acoes()).toEqual(['VALE3']);
    expect(screen.getByRole('button', { name: 'Limpar Filtros' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Limpar Filtros' }));
    expect(acoes()).toHaveLength(4);
    expect(cliente).toHaveValue('');
    expect(acao).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Limpar Filtros' })).not.toBeInTheDocument();
  });

  // The Ação column, top to bottom, after one click (ascending; missing values last).
  it.each([
    ['Ação', ['ITUB4', 'PETR4', 'VALE3', 'WEGE3']],
    ['Data Compra', ['ITUB4', 'WEGE3', 'PETR4', 'VALE3']],
    ['Preço Unitário', ['PETR4', 'ITUB4', 'WEGE3', 'VALE3']],
    ['Quantidade', ['VALE3', 'ITUB4', 'WEGE3', 'PETR4']],
    ['Valor Total Compra', ['VALE3', 'ITUB4', 'WEGE3', 'PETR4']],
    ['Preço Atual', ['PETR4', 'ITUB4', 'WEGE3', 'VALE3']],
    ['Variação (%)', ['PETR4', 'ITUB4', 'WEGE3', 'VALE3']],
    ['Valor Alvo', ['PETR4', 'WEGE3', 'VALE3', 'ITUB4']],
    ['Dias Posicionado', ['VALE3', 'PETR4', 'WEGE3', 'ITUB4']],
  ])('sorts by %s', async (label, expected) => {
    const { user } = await openPanel();
    await user.click(within(posicionadas()).getByRole('button', { name: label }));
    expect(acoes()).toEqual(expected);
    await user.click(
      within(posicionadas()).getByRole('button', {
        name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`),
      }),
    );
    const withValue = expected.filter(
      (t) => t !== 'VALE3' || !['Preço Atual', 'Variação (%)'].includes(label),
    );
    // Descending keeps the missing values last.
    expect(acoes().slice(0, withValue.length)).toEqual(
      label === 'Valor Alvo' ? ['VALE3', 'WEGE3', 'PETR4', 'ITUB4'] : [...withValue].reverse(),
    );
  });

  it('sorts by Cliente descending on a second click', async () => {
    const { user } = await openPanel();
    await user.click(within(posicionadas()).getByRole('button', { name: /^Cliente/ }));
    expect(column(posicionadas(), 0)[0]).toBe('Nascimento Participações Ltda');
  });

  it('Atualizar reloads the positions', async () => {
    let calls = 0;
    let rows: PosicaoPainel[] = MOCK_POSICIONADAS;
    server.use(
      http.get('/api/dashboard-rv/', () => {
        calls++;
        return HttpResponse.json({ posicionadas: rows });
      }),
    );
    const { user } = await openPanel();
    rows = MOCK_POSICIONADAS.map((p) =>
      p.acao === 'PETR4' ? { ...p, preco_atual: 35, lucro_percentual: 4.48 } : p,
    );
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await within(posicionadas()).findByText('35,00')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('stays fast with 20,000 positions: only the visible rows are in the page', async () => {
    const many: PosicaoPainel[] = Array.from({ length: 20_000 }, (_, i) => ({
      ...MOCK_POSICIONADAS[i % 4]!,
      id: i + 1,
      cliente: `Cliente ${String(i % 500).padStart(3, '0')}`,
    }));
    server.use(http.get('/api/dashboard-rv/', () => HttpResponse.json({ posicionadas: many })));
    const { user } = renderApp('/controle-rv');
    const table = await screen.findByRole('table', { name: 'Posicionadas' });
    await within(table).findAllByText('Cliente 000');
    expect(table).toHaveAttribute('aria-rowcount', '20001');
    expect(bodyRows(table).length).toBeLessThan(80);
    await user.selectOptions(screen.getByLabelText('Cliente'), 'Cliente 499');
    expect(await screen.findByText('40 posições')).toBeInTheDocument();
  });
});

describe('control panel — PATRIMÔNIO DISPONÍVEL', () => {
  it('lists Código, Nome, Patrimônio, Total Consolidado, Valor Disponível per client', async () => {
    const { user } = await openPanel();
    await user.click(screen.getByRole('tab', { name: 'PATRIMÔNIO DISPONÍVEL' }));
    const table = await screen.findByRole('table', { name: 'Patrimônio disponível' });
    await within(table).findByText('2847163');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼]/g, '').trim()),
    ).toEqual(['Código', 'Nome', 'Patrimônio', 'Total Consolidado', 'Valor Disponível']);
    expect(
      bodyRows(table).map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)),
    ).toEqual([
      ['2847163', 'Ana Beatriz Carvalho', '250.000,00', '36.512,50', '13.487,50'],
      ['3159024', 'Bruno Henrique Almeida', '120.000,00', '12.030,00', '2.970,00'],
      ['—', 'Nascimento Participações Ltda', '—', '5.400,00', '—'],
    ]);
    await user.click(within(table).getByRole('button', { name: 'Valor Disponível' }));
    expect(column(table, 1)).toEqual([
      'Bruno Henrique Almeida',
      'Ana Beatriz Carvalho',
      'Nascimento Participações Ltda',
    ]);
  });
});

describe('control panel — RECOMENDAÇÕES', () => {
  it('shows the 22-column grid with ticks and crosses, and an order for many clients per row', async () => {
    const { user } = await openPanel();
    await user.click(screen.getByRole('tab', { name: 'RECOMENDAÇÕES' }));
    await screen.findByText('ITUB4', { selector: 'table[aria-label="Recomendações"] *' });
    expect(headerLabels()).toEqual([...COLUNAS.map(([label]) => label), 'Ações']);
    expect(tickers()).toEqual(MOCK_RECOMENDACOES.map((r) => r.ticker));
    const itub = screen
      .getByRole('table', { name: 'Recomendações' })
      .querySelector('tbody tr:nth-child(3)')!;
    expect(within(itub as HTMLElement).getAllByRole('img', { name: 'Não' })).toHaveLength(3);
    expect(within(itub as HTMLElement).getAllByRole('img', { name: 'Sim' })).toHaveLength(1);
  });

  it("says 'Nenhuma recomendação encontrada.' when there are none, and Atualizar posts then reloads", async () => {
    let list: Recomendacao[] = [];
    let posts = 0;
    server.use(
      http.get('/api/recomendacoes/', () => HttpResponse.json(list)),
      http.post('/api/recomendacoes/', () => {
        posts++;
        list = MOCK_RECOMENDACOES;
        return HttpResponse.json(MOCK_RECALCULO);
      }),
    );
    const { user } = await openPanel();
    await user.click(screen.getByRole('tab', { name: 'RECOMENDAÇÕES' }));
    expect(await screen.findByText('Nenhuma recomendação encontrada.')).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'RECOMENDAÇÕES' });
    await user.click(await within(panel).findByRole('button', { name: 'Atualizar' }));
    await screen.findByText('WEGE3', { selector: 'table[aria-label="Recomendações"] *' });
    expect(posts).toBe(1);
    expect(tickers()).toEqual(['WEGE3', 'PETR4', 'ITUB4']);
  });

  it('keeps the POSICIONADAS filters when coming back to the tab', async () => {
    const { user } = await openPanel();
    await user.selectOptions(screen.getByLabelText('Ação'), 'PETR4');
    await user.click(screen.getByRole('tab', { name: 'RECOMENDAÇÕES' }));
    await user.click(screen.getByRole('tab', { name: 'POSICIONADAS' }));
    expect(acoes()).toEqual(['PETR4']);
  });
});
