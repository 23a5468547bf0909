import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../../mocks/node';
import { MOCK_POSICIONADAS, MOCK_RECALCULO, MOCK_RECOMENDACOES } from '../../scene';
import type { PosicaoPainel, Recomendacao } from '../../../../contract';
import { renderApp } from '../../../support/render';
import { COLUNAS, headerLabels, tickers } from '../recomendacoes/recomendacoes-grid';

const posicionadas = () => screen.getByRole('table', { name: 'Posicionadas' });
/** The rows of the grid's body (not its header nor its totals row). */
const bodyRows = (table: HTMLElement) =>
  within(table.querySelector('tbody')!).queryAllByRole('row');
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
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim()),
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
      'Resultado (R$)',
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
      '-1.650,00',
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

  it('says how old the quotes are, and which position has none', async () => {
    await openPanel();
    expect(screen.getByText('Cotações de 29/10/2025 17:00')).toBeInTheDocument();
    const vale = within(posicionadas()).getByText('VALE3').closest('tr')!;
    expect(vale.querySelectorAll('td')[6]!.textContent).toBe('Sem cotação');
  });

  it('says the positions could not be loaded, never "0 posições", and loads them on Tentar novamente', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let falhar = true;
    server.use(
      http.get('/api/dashboard-rv/', () =>
        falhar ? HttpResponse.json({ detail: 'Banco indisponível.' }, { status: 503 }) : undefined,
      ),
    );
    const { user } = renderApp('/controle-rv');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Não foi possível carregar as posições.');
    expect(banner).toHaveTextContent('Erro 503');
    expect(screen.queryByText('0 posições')).not.toBeInTheDocument();
    expect(screen.queryByText('Nenhuma posição encontrada.')).not.toBeInTheDocument();
    falhar = false;
    await user.click(within(banner).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('4 posições')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the positions on screen when Atualizar fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openPanel();
    server.use(
      http.get('/api/dashboard-rv/', () =>
        HttpResponse.json({ detail: 'Banco indisponível.' }, { status: 503 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(log).toHaveBeenCalledWith(expect.stringMatching(/^Erro 503/)));
    expect(screen.getByText('4 posições')).toBeInTheDocument();
    expect(within(posicionadas()).getByText('WEGE3')).toBeInTheDocument();
  });

  it('counts one position in the singular', async () => {
    const { user } = await openPanel();
    expect(screen.getByText('4 posições')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Cliente'), 'Bruno Henrique Almeida');
    expect(await screen.findByText('1 posição')).toBeInTheDocument();
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
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim()),
    ).toEqual(['Código', 'Nome', 'Patrimônio', 'Total Consolidado', 'Valor Disponível']);
    expect(
      bodyRows(table).map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)),
    ).toEqual([
      ['2847163', 'Ana Beatriz Carvalho', 'R$ 250.000,00', 'R$ 36.512,50', 'R$ 13.487,50'],
      ['3159024', 'Bruno Henrique Almeida', 'R$ 120.000,00', 'R$ 12.030,00', 'R$ 2.970,00'],
      ['—', 'Nascimento Participações Ltda', '—', 'R$ 5.400,00', '—'],
    ]);
    await user.click(within(table).getByRole('button', { name: 'Valor Disponível' }));
    expect(column(table, 1)).toEqual([
      'Bruno Henrique Almeida',
      'Ana Beatriz Carvalho',
      'Nascimento Participações Ltda',
    ]);
  });

  it('shows a negative Valor Disponível in red, in reais', async () => {
    server.use(
      http.get('/api/patrimonio-disponivel/', () =>
        HttpResponse.json([
          {
            codigo: '1',
            nome: 'Cliente Acima',
            patrimonio: 100_000,
            total_consolidado: 28_713.14,
            valor_disponivel: -8_713.14,
          },
        ]),
      ),
    );
    const { user } = await openPanel();
    await user.click(screen.getByRole('tab', { name: 'PATRIMÔNIO DISPONÍVEL' }));
    const table = await screen.findByRole('table', { name: 'Patrimônio disponível' });
    const valor = await within(table).findByText('-R$ 8.713,14');
    expect(valor).toHaveAttribute('data-cor', 'vermelho');
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
