import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Acao, AcaoInput } from '../../../../contract';
import { server } from '../../../../mocks/node';
import { renderApp } from '../../../support/render';

/**
 * Ferramentas → Ativos (issue 29): the universe with each asset's class, corrected or added through
 * PUT acoes/{ticker}/. The mock's PUT keeps nothing, so this file answers the universe from its own list and keeps
 * what is put, as the server does.
 */
let universo: Acao[] = [];
const enviados: Array<{ ticker: string; body: AcaoInput }> = [];

beforeEach(() => {
  enviados.length = 0;
  universo = [
    { id: 1, ticker: 'PETR4', empresa: 'Petrobras', setor: 'Petróleo', classe: 'acao' },
    { id: 2, ticker: 'TAEE11', empresa: 'Taesa', setor: 'Energia', classe: 'unit' },
    { id: 3, ticker: 'BOVA11', empresa: 'iShares Ibovespa', setor: null, classe: 'etf' },
    { id: 4, ticker: 'HGLG11', empresa: 'CSHG Logística', setor: 'Imobiliário', classe: 'fii' },
    { id: 5, ticker: 'AAPL34', empresa: 'Apple', setor: 'Tecnologia', classe: 'bdr' },
  ];
  server.use(
    http.get('/api/acoes/', () => HttpResponse.json(universo)),
    http.put('/api/acoes/:ticker/', async ({ request, params }) => {
      const ticker = String(params.ticker);
      const body = (await request.json()) as AcaoInput;
      enviados.push({ ticker, body });
      const existente = universo.find((a) => a.ticker === ticker);
      const acao = { id: existente?.id ?? 100 + universo.length, ticker, ...body };
      universo = [...universo.filter((a) => a.ticker !== ticker), acao];
      return HttpResponse.json(acao);
    }),
  );
});

const tabela = () => screen.findByRole('table', { name: 'Ativos' });
const linhas = async () =>
  within(await tabela())
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((c) => c.textContent),
    );

describe('Ferramentas → Ativos', () => {
  it('is in the Ferramentas menu', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Ferramentas' }));
    expect(await screen.findByRole('menuitem', { name: 'Ativos' })).toHaveAttribute(
      'href',
      '/ferramentas/ativos',
    );
  });

  it('lists every asset with its class in words, and filters by class and by text', async () => {
    const { user } = renderApp('/ferramentas/ativos');
    await screen.findByRole('heading', { name: 'Ativos' });
    await waitFor(async () => expect(await linhas()).toHaveLength(5));
    expect(await linhas()).toEqual([
      ['AAPL34', 'Apple', 'Tecnologia', 'BDR'],
      ['BOVA11', 'iShares Ibovespa', '—', 'ETF'],
      ['HGLG11', 'CSHG Logística', 'Imobiliário', 'FII'],
      ['PETR4', 'Petrobras', 'Petróleo', 'Ação'],
      ['TAEE11', 'Taesa', 'Energia', 'Unit'],
    ]);
    await user.selectOptions(screen.getByLabelText('Classe'), 'FII');
    expect((await linhas()).map((l) => l[0])).toEqual(['HGLG11']);
    await user.selectOptions(screen.getByLabelText('Classe'), 'Todas');
    await user.type(screen.getByLabelText('Buscar'), 'tae');
    expect((await linhas()).map((l) => l[0])).toEqual(['TAEE11']);
  });

  it('corrects an asset’s class: the PUT states empresa, setor and classe, and the row shows it', async () => {
    const { user } = renderApp('/ferramentas/ativos');
    await user.click(await screen.findByRole('button', { name: 'Editar PETR4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Ativo — PETR4' });
    expect(within(dialog).queryByLabelText('Ticker')).toBeNull();
    expect(within(dialog).getByLabelText('Classe')).toHaveValue('acao');
    await user.selectOptions(within(dialog).getByLabelText('Classe'), 'Unit');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(enviados).toEqual([
      { ticker: 'PETR4', body: { empresa: 'Petrobras', setor: 'Petróleo', classe: 'unit' } },
    ]);
    await waitFor(async () =>
      expect((await linhas()).find((l) => l[0] === 'PETR4')).toEqual([
        'PETR4',
        'Petrobras',
        'Petróleo',
        'Unit',
      ]),
    );
  });

  it('adds an asset, refusing a fractional symbol and a missing class before sending', async () => {
    const { user } = renderApp('/ferramentas/ativos');
    await user.click(await screen.findByRole('button', { name: 'Novo Ativo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Ativo' });
    await user.type(within(dialog).getByLabelText('Ticker'), 'xpml11f');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(
      await within(dialog).findByText(
        'XPML11F é o símbolo do mercado fracionário de XPML11: use XPML11.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Informe a classe do ativo: acao, unit, etf, fii ou bdr.'),
    ).toBeInTheDocument();
    expect(enviados).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Ticker'));
    await user.type(within(dialog).getByLabelText('Ticker'), 'xpml11');
    await user.selectOptions(within(dialog).getByLabelText('Classe'), 'FII');
    await user.type(within(dialog).getByLabelText('Empresa'), 'XP Malls');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(enviados).toEqual([
      { ticker: 'XPML11', body: { empresa: 'XP Malls', setor: null, classe: 'fii' } },
    ]);
    await waitFor(async () =>
      expect((await linhas()).find((l) => l[0] === 'XPML11')).toEqual([
        'XPML11',
        'XP Malls',
        '—',
        'FII',
      ]),
    );
  });

  it('shows the server’s refusal in the dialog', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.put('/api/acoes/:ticker/', () =>
        HttpResponse.json({ detail: 'Ticker inválido: use o código da B3.' }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/ferramentas/ativos');
    await user.click(await screen.findByRole('button', { name: 'Editar HGLG11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Ativo — HGLG11' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ticker inválido: use o código da B3.',
    );
  });
});
