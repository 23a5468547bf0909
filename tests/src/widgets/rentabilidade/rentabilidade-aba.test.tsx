import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { server } from '../../../../mocks/node';
import { RentabilidadeAba } from '../../../../src/widgets/rentabilidade';
import { renderApp, renderWithProviders } from '../../../support/render';
import { capturarDownloads } from '../../components/exportar-support';
import { CDI_ESTIMADO, HOJE, rentabilidadeCenario } from './cenario';

/**
 * jsdom has no canvas: lightweight-charts is replaced by a recorder of the lines the tab hands it (their names,
 * colours and points). The tab imports it when it opens, and vitest's mock answers that dynamic import too.
 */
const grafico = vi.hoisted(() => ({
  series: [] as Array<{
    opcoes: Record<string, unknown>;
    dados: Array<{ time: string; value: number }>;
  }>,
}));
vi.mock('lightweight-charts', () => ({
  ColorType: { Solid: 'solid' },
  TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2 },
  LineSeries: 'linha',
  createChart: () => ({
    addSeries: (_tipo: string, opcoes: Record<string, unknown>) => {
      const serie = { opcoes, dados: [] as Array<{ time: string; value: number }> };
      grafico.series.push(serie);
      return { setData: (dados: typeof serie.dados) => (serie.dados = dados) };
    },
    timeScale: () => ({ fitContent: () => {} }),
    remove: () => {},
  }),
}));

const NBSP = '\u00a0';
const pct = (texto: string) => texto.replace(/ %/g, `${NBSP}%`);
const celulas = (linha: HTMLElement) =>
  within(linha)
    .getAllByRole('cell')
    .map((c) => c.textContent);

let cenario: ReturnType<typeof rentabilidadeCenario>;
// The tab's code loads on demand (a chunk of its own): loaded once here, as a browser has it by the time the tab
// shows, not inside the first test's wait.
beforeAll(() => import('../../../../src/widgets/rentabilidade/RentabilidadeCliente'), 60_000);
beforeEach(() => {
  // The tab's periods are counted from today: a fixed one (a Monday).
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${HOJE}T15:00:00Z`) });
  resetCarteiraMock();
  grafico.series.length = 0;
  cenario = rentabilidadeCenario();
  server.use(...cenario.handlers);
});
afterEach(() => vi.useRealTimers());

/** The tab alone, as the portfolio shows it for Ana (the first test opens it in the portfolio itself). */
async function openAba() {
  const app = renderWithProviders(
    <RentabilidadeAba clienteId={1} cliente="Ana Beatriz Carvalho" />,
  );
  await screen.findByRole('group', { name: 'Rentabilidade no período' }, { timeout: 5000 });
  return app;
}

describe('the portfolio’s RENTABILIDADE tab', () => {
  it('is a tab of the portfolio: the last 12 months against the CDI and the Ibovespa, with their sources', async () => {
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'RENTABILIDADE' }));
    const figuras = await screen.findByRole(
      'group',
      { name: 'Rentabilidade no período' },
      { timeout: 5000 },
    );
    expect(screen.getByRole('button', { name: '12M' })).toHaveAttribute('aria-pressed', 'true');
    expect(cenario.pedidos).toContainEqual({ cliente: 1, de: '2025-03-17', ate: HOJE });
    expect(screen.getByText('Período medido: 17/03/2025 a 16/03/2026')).toBeVisible();
    expect(figuras.textContent).toBe(
      pct(
        'Rentabilidade12,34 %CDI10,12 %% do CDI121,94 %Ibovespa5,67 %' +
          'Retorno (dinheiro)13,01 %Volatilidade18,42 %Maior queda-8,33 %',
      ),
    );
    // The demo's CDI is an estimate: the screen says so, and names the Ibovespa's stand-in.
    expect(screen.getByText(CDI_ESTIMADO)).toBeVisible();
    expect(
      screen.getByText(
        'CDI estimado pela meta Selic. Ibovespa: BOVA11, o substituto escolhido pelo administrador.',
      ),
    ).toBeVisible();
  });

  it('draws the three accumulated returns on one chart, from 0 at the close before the period', async () => {
    await openAba();
    const chart = await screen.findByRole('img', { name: /^Rentabilidade acumulada:/ });
    expect(chart).toHaveAccessibleName(
      pct('Rentabilidade acumulada: Carteira 12,34 %, CDI 10,12 %, Ibovespa 5,67 %'),
    );
    await waitFor(() => expect(grafico.series).toHaveLength(3));
    expect(grafico.series.map((s) => s.opcoes.title)).toEqual(['Carteira', 'CDI', 'Ibovespa']);
    const [carteira, , ibov] = grafico.series;
    expect(carteira!.dados).toEqual([
      { time: '2025-11-28', value: 0 },
      { time: '2026-03-12', value: 1 },
      { time: '2026-03-13', value: 5 },
      { time: '2026-03-16', value: 12.34 },
    ]);
    // The Ibovespa unknown on the first session: its line leaves it out.
    expect(ibov!.dados.map((p) => p.time)).toEqual(['2025-11-28', '2026-03-13', '2026-03-16']);
  });

  it('shows the classic grid since the first operation: a row per year and series, Jan–Dez, Ano, Acumulado', async () => {
    await openAba();
    const grade = await screen.findByRole('table', { name: 'Rentabilidade mês a mês' });
    await waitFor(() => expect(within(grade).getAllByRole('row')).toHaveLength(1 + 8));
    expect(
      within(grade)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Série',
      ...['Jan', 'Fev', 'Mar', 'Abr', 'Mai', 'Jun', 'Jul', 'Ago', 'Set', 'Out', 'Nov', 'Dez'],
      'Ano',
      'Acumulado',
    ]);
    const [, carteira2026, cdi2026, percentual2026, , carteira2025] =
      within(grade).getAllByRole('row');
    const vazio = Array<string>(10).fill('—');
    expect(celulas(carteira2026!)).toEqual(
      ['2026 Carteira', '-1,20 %', '2,00 %', ...vazio, '0,78 %', '3,90 %'].map(pct),
    );
    expect(celulas(cdi2026!).slice(0, 3)).toEqual(['CDI', '1,16 %', '0,99 %'].map(pct));
    expect(celulas(percentual2026!).slice(0, 3)).toEqual(
      ['% do CDI', '-103,45 %', '202,02 %'].map(pct),
    );
    expect(celulas(carteira2025!).slice(-3)).toEqual(['3,10 %', '3,10 %', '3,10 %'].map(pct));
    // The whole history, whatever the period chosen.
    expect(cenario.pedidos).toContainEqual({ cliente: 1 });
  });

  it('shows each stock’s contribution and the allocation by sector and class as donuts', async () => {
    await openAba();
    const contribuicao = screen.getByRole('table', { name: 'Contribuição por ação' });
    expect(
      within(contribuicao)
        .getAllByRole('row')
        .slice(1)
        .map((r) => celulas(r)),
    ).toEqual([
      ['PETR4', 'R$ 1.500,50', pct('8,34 p.p.').replace(' p.p.', `${NBSP}p.p.`)],
      ['VALE3', '-R$ 200,00', pct('-1,10 p.p.').replace(' p.p.', `${NBSP}p.p.`)],
    ]);
    const setores = screen.getByRole('group', { name: 'Por setor' });
    expect(within(setores).getByRole('img')).toHaveAccessibleName(
      pct('Por setor: Petróleo, Gás e Biocombustíveis 60,00 %, Sem setor 40,00 %'),
    );
    expect(
      within(setores)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      pct('Petróleo, Gás e Biocombustíveis60,00 % R$ 6.000,00'),
      pct('Sem setor40,00 % R$ 4.000,00'),
    ]);
    const classes = screen.getByRole('group', { name: 'Por classe' });
    expect(within(classes).getByRole('img')).toHaveAccessibleName(pct('Por classe: Ação 100,00 %'));
  });

  it('asks each period’s dates: Mês from the 1st, Ano from January, Desde o início without a start', async () => {
    const { user } = await openAba();
    await user.click(screen.getByRole('button', { name: 'Mês' }));
    await waitFor(() =>
      expect(cenario.pedidos).toContainEqual({ cliente: 1, de: '2026-03-01', ate: HOJE }),
    );
    expect(await screen.findByText('Período medido: 01/03/2026 a 16/03/2026')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ano' }));
    expect(await screen.findByText('Período medido: 01/01/2026 a 16/03/2026')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Desde o início' }));
    expect(await screen.findByText('Período medido: 01/12/2025 a 16/03/2026')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Desde o início' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('takes a custom period typed dd/mm/aaaa, starting from the dates on screen, and refuses an inverted one', async () => {
    const { user } = await openAba();
    await user.click(screen.getByRole('button', { name: 'Personalizado' }));
    const de = screen.getByRole('textbox', { name: 'De' });
    const ate = screen.getByRole('textbox', { name: 'Até' });
    expect(de).toHaveValue('17/03/2025');
    expect(ate).toHaveValue('16/03/2026');
    // Pasted, as a date copied from elsewhere: the field puts the slashes in.
    await user.clear(de);
    await user.paste('02012026');
    await user.clear(ate);
    await user.paste('30012026');
    expect(await screen.findByText('Período medido: 02/01/2026 a 30/01/2026')).toBeVisible();
    expect(cenario.pedidos.at(-1)).toEqual({ cliente: 1, de: '2026-01-02', ate: '2026-01-30' });
    const pedidos = cenario.pedidos.length;
    await user.clear(ate);
    await user.paste('01012026');
    expect(await screen.findByText('A data final não pode ser anterior à inicial.')).toBeVisible();
    // Nothing asked for an inverted period: the last valid one stays on screen.
    expect(cenario.pedidos).toHaveLength(pedidos);
    expect(screen.getByText('Período medido: 02/01/2026 a 30/01/2026')).toBeVisible();
  });

  it('downloads the monthly report’s PDF of the month chosen (the last closed one first)', async () => {
    const arquivos = capturarDownloads();
    const { user } = await openAba();
    const mes = screen.getByRole('combobox', { name: 'Mês do relatório' });
    await waitFor(() => expect(mes).toHaveValue('2026-02'));
    expect(
      within(mes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['03/2026', '02/2026', '01/2026', '12/2025']);
    await user.selectOptions(mes, '01/2026');
    await user.click(screen.getByRole('button', { name: 'Baixar PDF' }));
    await waitFor(() => expect(arquivos).toHaveLength(1));
    expect(cenario.relatorios).toEqual(['1 2026-01']);
    expect(arquivos[0]!.nome).toBe('relatorio-ana-beatriz-carvalho-2026-01.pdf');
    expect(arquivos[0]!.blob.type).toBe('application/pdf');
    expect(await arquivos[0]!.blob.text()).toMatch(/^%PDF-1\.7\n% relatório de teste/);
  });

  it('says why a report could not be made, in the server’s words', async () => {
    capturarDownloads();
    cenario.refuseRelatorio(404, 'O mês 03/2026 ainda não começou: não há relatório dele.');
    const { user } = await openAba();
    await user.click(screen.getByRole('button', { name: 'Baixar PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível gerar o relatório: Erro 404: Not Found — O mês 03/2026 ainda não começou: ' +
        'não há relatório dele.',
    );
  });
});
