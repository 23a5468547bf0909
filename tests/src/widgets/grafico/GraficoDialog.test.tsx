import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockAcao, resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { server } from '../../../../mocks/node';
import { renderApp } from '../../../support/render';
import { mockHistoricoPrecos, precosScene } from '../../scene/precos';

/**
 * jsdom has no canvas: lightweight-charts is replaced by a recorder of what the dialog hands it (the series and
 * their data, the price lines, the markers, the visible range). The dialog imports it on opening, and vitest's
 * mock answers that dynamic import too.
 */
const grafico = vi.hoisted(() => {
  interface Serie {
    tipo: string;
    opcoes: Record<string, unknown>;
    dados: unknown[];
    linhas: Array<Record<string, unknown>>;
    marcas: Array<Record<string, unknown>>;
  }
  const estado = {
    charts: 0,
    series: [] as Serie[],
    intervalos: [] as Array<{ from: string; to: string } | 'tudo'>,
    opcoes: null as Record<string, unknown> | null,
  };
  return estado;
});

vi.mock('lightweight-charts', () => ({
  ColorType: { Solid: 'solid' },
  LineStyle: { Solid: 0, Dotted: 1, Dashed: 2 },
  TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2 },
  CandlestickSeries: 'candles',
  LineSeries: 'linha',
  createChart: (_el: HTMLElement, opcoes: Record<string, unknown>) => {
    grafico.charts++;
    grafico.opcoes = opcoes;
    return {
      addSeries: (tipo: string, opcoesSerie: Record<string, unknown>) => {
        const serie = {
          tipo,
          opcoes: opcoesSerie,
          dados: [] as unknown[],
          linhas: [] as Array<Record<string, unknown>>,
          marcas: [] as Array<Record<string, unknown>>,
        };
        grafico.series.push(serie);
        return {
          serie,
          setData: (dados: unknown[]) => (serie.dados = dados),
          createPriceLine: (linha: Record<string, unknown>) => serie.linhas.push(linha),
          // No canvas, no coordinates: the lines' labels are placed by the e2e test's real chart.
          priceToCoordinate: () => null,
        };
      },
      subscribeCrosshairMove: () => {},
      unsubscribeCrosshairMove: () => {},
      remove: () => {},
      paneSize: () => ({ width: 0, height: 0 }),
      timeScale: () => ({
        setVisibleRange: (r: { from: string; to: string }) => grafico.intervalos.push(r),
        fitContent: () => grafico.intervalos.push('tudo'),
        getVisibleLogicalRange: () => null,
        subscribeVisibleLogicalRangeChange: () => {},
        unsubscribeVisibleLogicalRangeChange: () => {},
        subscribeSizeChange: () => {},
        unsubscribeSizeChange: () => {},
      }),
    };
  },
  createSeriesMarkers: (
    s: { serie: { marcas: Array<Record<string, unknown>> } },
    marcas: Array<Record<string, unknown>>,
  ) => {
    s.serie.marcas = marcas;
    return { detach: () => {} };
  },
}));

const ultima = () => grafico.series.at(-1)!;

/** The open chart dialog once its content has loaded (it replaces the loading one). */
async function graficoAberto(ticker: string) {
  await screen.findByRole('group', { name: 'Período' }, { timeout: 5000 });
  return screen.getByRole('dialog', { name: `Gráfico — ${ticker}` });
}

async function abrirCarteira(aba: 'POSICIONADAS' | 'REALIZADAS') {
  const rendered = renderApp('/clientes/1/carteira');
  await rendered.user.click(await screen.findByRole('tab', { name: aba }, { timeout: 5000 }));
  return rendered;
}

beforeEach(() => {
  resetCarteiraMock();
  // Two years of each stock's closes, ending at the scene's quotes (tests/src/scene/precos.ts).
  server.use(precosScene());
  grafico.charts = 0;
  grafico.series = [];
  grafico.intervalos = [];
  grafico.opcoes = null;
});

describe('the price chart of a position', () => {
  it('opens from a POSICIONADAS row with the daily candles, the buy, the target and the current quote', async () => {
    const { user } = await abrirCarteira('POSICIONADAS');
    const tabela = await screen.findByRole('table', { name: 'Operações posicionadas' });
    await user.click(within(tabela).getByRole('button', { name: 'Gráfico de PETR4' }));

    const dialog = await graficoAberto('PETR4');
    expect(
      within(dialog).getByText('Compra em 04/08/2025 a R$ 30,00 · Alvo R$ 33,00'),
    ).toBeVisible();
    await within(dialog).findByRole('img', {
      name: /^Gráfico de preços de PETR4, de 01\/11\/2023 a 29\/10\/2025$/,
    });
    await waitFor(() => expect(grafico.series).toHaveLength(1));

    const barras = mockHistoricoPrecos('PETR4');
    expect(ultima().tipo).toBe('candles');
    expect(ultima().dados).toEqual(
      barras.map((b) => ({
        time: b.data,
        open: b.abertura,
        high: b.maxima,
        low: b.minima,
        close: b.fechamento,
      })),
    );
    expect(ultima().marcas).toEqual([
      {
        time: '2025-08-04',
        position: 'atPriceBottom',
        price: 30,
        shape: 'arrowUp',
        color: expect.any(String),
      },
    ]);
    // The mock's quote of PETR4 is R$ 31,50.
    expect(ultima().linhas.map((l) => [l.id, l.price])).toEqual([
      ['Alvo', 33],
      ['Atual', 31.5],
    ]);
    expect(within(dialog).getByText('R$ 31,50')).toBeVisible();
    // Six months back from the last session, by default.
    expect(grafico.intervalos.at(-1)).toEqual({ from: '2025-04-29', to: '2025-10-29' });

    // pt-BR: prices in reais with a comma, dates dd/mm/aaaa, month labels in Portuguese.
    const localizacao = grafico.opcoes!.localization as {
      locale: string;
      priceFormatter: (p: number) => string;
      timeFormatter: (t: string) => string;
    };
    expect(localizacao.locale).toBe('pt-BR');
    expect(localizacao.priceFormatter(1234.5)).toBe('R$ 1.234,50');
    expect(localizacao.timeFormatter('2025-08-04')).toBe('04/08/2025');
    const eixo = (
      grafico.opcoes!.timeScale as { tickMarkFormatter: (t: string, k: number) => string }
    ).tickMarkFormatter;
    expect(eixo('2025-10-01', 1)).toBe('out/25');
    expect(eixo('2025-10-29', 2)).toBe('29/10');

    // The last session's values until the pointer is over another.
    const ultimaBarra = barras.at(-1)!;
    expect(
      within(dialog).getByText(
        new RegExp(
          `29/10/2025 · Abertura R\\$ ${ultimaBarra.abertura.toFixed(2).replace('.', ',')}`,
        ),
      ),
    ).toBeVisible();
  });

  it('switches to a line of closes and between periods without asking the server again', async () => {
    const pedidos: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/historico/')) pedidos.push(request.url);
    });
    const { user } = await abrirCarteira('POSICIONADAS');
    await user.click(await screen.findByRole('button', { name: 'Gráfico de VALE3' }));
    const dialog = await graficoAberto('VALE3');
    await waitFor(() => expect(grafico.series).toHaveLength(1));

    await user.click(within(dialog).getByRole('button', { name: 'Linha' }));
    expect(within(dialog).getByRole('button', { name: 'Linha' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(ultima().tipo).toBe('linha'));
    expect(ultima().dados).toEqual(
      mockHistoricoPrecos('VALE3').map((b) => ({ time: b.data, value: b.fechamento })),
    );
    // The buy and the target stay on the line.
    expect(ultima().marcas.map((m) => m.time)).toEqual(['2025-09-01']);
    expect(ultima().linhas.map((l) => l.id)).toEqual(['Alvo', 'Atual']);

    const periodos: Array<[string, unknown]> = [
      ['1M', { from: '2025-09-29', to: '2025-10-29' }],
      ['3M', { from: '2025-07-29', to: '2025-10-29' }],
      ['1A', { from: '2024-10-29', to: '2025-10-29' }],
      ['Tudo', 'tudo'],
    ];
    for (const [rotulo, intervalo] of periodos) {
      await user.click(within(dialog).getByRole('button', { name: rotulo }));
      expect(within(dialog).getByRole('button', { name: rotulo })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(grafico.intervalos.at(-1)).toEqual(intervalo);
    }
    expect(pedidos).toHaveLength(1);
    expect(new URL(pedidos[0]!).pathname).toBe('/api/acoes/VALE3/historico/');
  });

  it('opens from a REALIZADAS row with the buy and the sale', async () => {
    const { user } = await abrirCarteira('REALIZADAS');
    const tabela = await screen.findByRole('table', { name: 'Operações realizadas' });
    await user.click(within(tabela).getByRole('button', { name: 'Gráfico de ABEV3' }));
    const dialog = await graficoAberto('ABEV3');
    expect(
      within(dialog).getByText(
        'Compra em 02/05/2025 a R$ 14,00 · Venda em 02/06/2025 a R$ 13,00 · Alvo R$ 15,00',
      ),
    ).toBeVisible();
    await waitFor(() => expect(grafico.series).toHaveLength(1));
    // The buy under its price, the sale over it: never on each other (the legend names them).
    expect(ultima().marcas.map((m) => [m.time, m.price, m.shape, m.position])).toEqual([
      ['2025-05-02', 14, 'arrowUp', 'atPriceBottom'],
      ['2025-06-02', 13, 'arrowDown', 'atPriceTop'],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names the asset’s class beside the ticker (issue 29)', async () => {
    // The universe as the server sends it: PETR4 is an Ação; VALE3 stated as a BDR to tell the labels apart.
    server.use(
      http.get('/api/acoes/', () =>
        HttpResponse.json([
          { ...mockAcao('PETR4')!, classe: 'acao' },
          { ...mockAcao('VALE3')!, classe: 'bdr' },
        ]),
      ),
    );
    const { user } = await abrirCarteira('POSICIONADAS');
    await user.click(await screen.findByRole('button', { name: 'Gráfico de VALE3' }));
    const dialog = await graficoAberto('VALE3');
    expect(await within(dialog).findByTitle('Classe do ativo')).toHaveTextContent('BDR');
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Gráfico de PETR4' }));
    const petr = await graficoAberto('PETR4');
    expect(await within(petr).findByTitle('Classe do ativo')).toHaveTextContent('Ação');
  });

  it('says so when the server has no such stock, and draws nothing', async () => {
    server.use(
      http.get('/api/acoes/:ticker/historico/', () =>
        HttpResponse.json({ detail: 'Ação não encontrada.' }, { status: 404 }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await abrirCarteira('POSICIONADAS');
    await user.click(await screen.findByRole('button', { name: 'Gráfico de PETR4' }));
    const dialog = await graficoAberto('PETR4');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ação não encontrada.');
    expect(grafico.charts).toBe(0);
  });
});

describe('the price chart of a recommendation', () => {
  it('opens from the /recomendacoes grid with MIN, MAX and ALVO drawn', async () => {
    const { user } = renderApp('/recomendacoes');
    const tabela = await screen.findByRole('table', { name: 'Recomendações' });
    await user.click(await within(tabela).findByRole('button', { name: 'Gráfico de WEGE3' }));
    const dialog = await graficoAberto('WEGE3');
    expect(
      within(dialog).getByText('MIN R$ 41,90 · MAX R$ 45,02 · ALVO R$ 46,31 (4,96%)'),
    ).toBeVisible();
    await waitFor(() => expect(grafico.series).toHaveLength(1));
    expect(ultima().marcas).toEqual([]);
    // WEGE3 has no quote in the mock: no Atual line, and the dialog says why.
    expect(ultima().linhas.map((l) => [l.id, l.price])).toEqual([
      ['MAX', 45.02],
      ['MIN', 41.9],
      ['ALVO', 46.31],
    ]);
    expect(within(dialog).getByText('Sem cotação atual.')).toBeVisible();
  });

  it('opens from the control panel’s RECOMENDAÇÕES tab', async () => {
    const { user } = renderApp('/controle-rv');
    await user.click(await screen.findByRole('tab', { name: 'RECOMENDAÇÕES' }));
    await user.click(await screen.findByRole('button', { name: 'Gráfico de PETR4' }));
    await graficoAberto('PETR4');
    await waitFor(() => expect(grafico.series).toHaveLength(1));
    expect(ultima().linhas.map((l) => [l.id, l.price])).toEqual([
      ['MAX', 32.4],
      ['MIN', 30.1],
      ['ALVO', 33.2],
      ['Atual', 31.5],
    ]);
  });

  it('opens from the buy dialog’s recommendation picker, which stays open behind it', async () => {
    const { user } = await abrirCarteira('POSICIONADAS');
    await user.click(await screen.findByRole('button', { name: 'Nova Compra (MT5)' }));
    await user.click(await screen.findByRole('button', { name: 'Selecionar recomendação' }));
    const picker = await screen.findByRole('dialog', { name: 'Selecionar recomendação' });
    await user.click(await within(picker).findByRole('button', { name: 'Gráfico de WEGE3' }));
    const dialog = await graficoAberto('WEGE3');
    await waitFor(() => expect(grafico.series).toHaveLength(1));
    expect(ultima().linhas.map((l) => l.id)).toEqual(['MAX', 'MIN', 'ALVO']);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Gráfico — WEGE3' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Selecionar recomendação' })).toBeInTheDocument();
  });

  it('opens from the control panel’s POSICIONADAS with the buy and the target', async () => {
    const { user } = renderApp('/controle-rv');
    const tabela = await screen.findByRole('table', { name: 'Posicionadas' });
    await user.click(
      (await within(tabela).findAllByRole('button', { name: 'Gráfico de WEGE3' }))[0]!,
    );
    await graficoAberto('WEGE3');
    await waitFor(() => expect(grafico.series).toHaveLength(1));
    expect(ultima().marcas).toHaveLength(1);
    expect(ultima().linhas.map((l) => l.id)).toContain('Alvo');
  });
});
