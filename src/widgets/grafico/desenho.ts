import type * as LightweightCharts from 'lightweight-charts';
import type {
  AutoscaleInfoProvider,
  IChartApi,
  ISeriesApi,
  SeriesType,
  Time,
} from 'lightweight-charts';
import type { Barra } from '../../../contract';
import { formatDate, formatMoney } from '../../../shared/format';
import {
  CORES,
  isoDoTempo,
  rotuloDoEixo,
  sessaoDaMarca,
  type LinhaGrafico,
  type MarcaGrafico,
  type TipoGrafico,
} from './grafico';
import { posicionarRotulos } from './rotulos';

/** How the chart is drawn with lightweight-charts (loaded by PrecoChart when a chart first opens). */

export type Biblioteca = typeof LightweightCharts;

/** The chart, in pt-BR: prices in reais, dates dd/mm/aaaa, the axis by year, month or day. */
export function createGrafico(lib: Biblioteca, container: HTMLElement): IChartApi {
  return lib.createChart(container, {
    autoSize: true,
    layout: {
      background: { type: lib.ColorType.Solid, color: '#ffffff' },
      textColor: '#3f3f46',
      fontSize: 12,
      // Its link inside the role="img" is a nested control: the attribution is under the chart.
      attributionLogo: false,
    },
    grid: { vertLines: { color: '#f4f4f5' }, horzLines: { color: '#f4f4f5' } },
    rightPriceScale: { borderColor: '#e4e4e7' },
    localization: {
      locale: 'pt-BR',
      priceFormatter: (preco: number) => formatMoney(preco),
      timeFormatter: (time: Time) => formatDate(isoDoTempo(time)),
    },
    timeScale: {
      borderColor: '#e4e4e7',
      tickMarkFormatter: (time: Time, tipoMarca: number) =>
        rotuloDoEixo(
          isoDoTempo(time),
          tipoMarca === lib.TickMarkType.Year
            ? 'ano'
            : tipoMarca === lib.TickMarkType.Month
              ? 'mes'
              : 'dia',
        ),
    },
  });
}

/** The lines are part of the picture: the price axis always reaches them. */
const alcancaAsLinhas =
  (precos: number[]): AutoscaleInfoProvider =>
  (original) => {
    const base = original();
    if (!base?.priceRange || precos.length === 0) return base;
    return {
      ...base,
      priceRange: {
        minValue: Math.min(base.priceRange.minValue, ...precos),
        maxValue: Math.max(base.priceRange.maxValue, ...precos),
      },
    };
  };

/** The prices as candles or as a line of closes, with the horizontal lines (buy, target, sale, current). */
export function desenharPrecos(
  lib: Biblioteca,
  chart: IChartApi,
  { tipo, barras, linhas }: { tipo: TipoGrafico; barras: Barra[]; linhas: LinhaGrafico[] },
): ISeriesApi<SeriesType> {
  const comum = {
    priceLineVisible: false,
    lastValueVisible: false,
    autoscaleInfoProvider: alcancaAsLinhas(linhas.map((l) => l.preco)),
  };
  let series: ISeriesApi<SeriesType>;
  if (tipo === 'candles') {
    const velas = chart.addSeries(lib.CandlestickSeries, {
      ...comum,
      upColor: CORES.alta,
      downColor: CORES.baixa,
      borderUpColor: CORES.alta,
      borderDownColor: CORES.baixa,
      wickUpColor: CORES.alta,
      wickDownColor: CORES.baixa,
    });
    velas.setData(
      barras.map((b) => ({
        time: b.data,
        open: b.abertura,
        high: b.maxima,
        low: b.minima,
        close: b.fechamento,
      })),
    );
    series = velas;
  } else {
    const linha = chart.addSeries(lib.LineSeries, { ...comum, color: CORES.linha, lineWidth: 2 });
    linha.setData(barras.map((b) => ({ time: b.data, value: b.fechamento })));
    series = linha;
  }
  // Bare lines: their labels are placed beside the scale, never over its figures nor each other (rotulos.ts).
  for (const l of linhas) {
    series.createPriceLine({
      id: l.rotulo,
      price: l.preco,
      title: '',
      color: CORES[l.tipo],
      lineWidth: 2,
      lineStyle: l.tipo === 'atual' ? lib.LineStyle.Dotted : lib.LineStyle.Dashed,
      axisLabelVisible: false,
    });
  }
  return series;
}

/**
 * The trades as arrows at their price, on the session they happened (or the next one): a buy's under its price
 * pointing up, a sale's over it pointing down, so that a buy and a sale of one session never cover each other.
 * No text beside them (it ran under the price scale at the last sessions): the legend names each arrow.
 */
export function marcarOperacoes(
  lib: Biblioteca,
  series: ISeriesApi<SeriesType>,
  barras: Barra[],
  marcas: MarcaGrafico[],
): void {
  lib.createSeriesMarkers(
    series,
    marcas.flatMap((m) => {
      const sessao = sessaoDaMarca(barras, m.data);
      if (!sessao) return [];
      const compra = m.tipo === 'compra';
      return [
        {
          time: sessao,
          position: compra ? ('atPriceBottom' as const) : ('atPriceTop' as const),
          price: m.preco,
          shape: compra ? ('arrowUp' as const) : ('arrowDown' as const),
          color: CORES[m.tipo],
        },
      ];
    }),
  );
}

/** The column at the plot's right edge kept free of bars for the lines' labels, in pixels. */
export const LARGURA_ROTULOS = 124;
export const ALTURA_ROTULO = 20;

/** A line's label as placed on the plot: its text, its colour, its top and the plot's right edge, in pixels. */
export interface RotuloNoGrafico {
  tipo: LinhaGrafico['tipo'];
  texto: string;
  cor: string;
  topo: number;
  direita: number;
}

/**
 * Shows the sessions from index `de` to `ate` (the period) with the last one left of the labels' column: the range
 * ends that many pixels' worth of sessions after it, so no candle or arrow sits under a label. Computed from the
 * indexes, not read back from the chart (which applies a range at its next frame): the same call twice is the same.
 */
export function reservarColunaDeRotulos(chart: IChartApi, de: number, ate: number): void {
  const largura = chart.paneSize().width;
  if (largura <= LARGURA_ROTULOS || ate <= de) return;
  const extra = ((ate - de) * LARGURA_ROTULOS) / (largura - LARGURA_ROTULOS);
  chart.timeScale().setVisibleLogicalRange({ from: de - 0.5, to: ate + 0.5 + extra });
}

/** Each line's label where posicionarRotulos puts it on the plot as drawn now; none before the first drawing. */
export function medirRotulos(
  chart: IChartApi,
  series: ISeriesApi<SeriesType>,
  linhas: LinhaGrafico[],
): RotuloNoGrafico[] {
  const { width, height } = chart.paneSize();
  const ys = linhas.map((l) => series.priceToCoordinate(l.preco));
  if (height === 0 || ys.some((y) => y === null)) return [];
  const topos = posicionarRotulos(
    ys.map((y) => ({ y: y! })),
    { altura: ALTURA_ROTULO, alturaDoPlot: height },
  );
  return linhas.map((l, i) => ({
    tipo: l.tipo,
    texto: `${l.rotulo} ${formatMoney(l.preco)}`,
    cor: CORES[l.tipo],
    topo: topos[i]!,
    direita: width,
  }));
}

/**
 * Hands `aoMedir` the lines' labels each time the chart has drawn a new range or size (and, while its first drawing
 * has not yet given the lines a height, at each of the next frames); calls `aoTerLargura` when the chart first has
 * a width (the period is then framed again, its labels' column reserved). Returns what stops it.
 */
export function acompanharRotulos(
  chart: IChartApi,
  series: ISeriesApi<SeriesType>,
  linhas: LinhaGrafico[],
  aoMedir: (rotulos: RotuloNoGrafico[]) => void,
  aoTerLargura: () => void,
): () => void {
  let quadro = 0;
  const medir = (tentativas = 30) => {
    cancelAnimationFrame(quadro);
    quadro = requestAnimationFrame(() => {
      const medidos = medirRotulos(chart, series, linhas);
      aoMedir(medidos);
      if (medidos.length < linhas.length && tentativas > 0) medir(tentativas - 1);
    });
  };
  const aoMudarFaixa = () => medir();
  let largura = chart.paneSize().width;
  const aoRedimensionar = () => {
    if (largura === 0 && chart.paneSize().width > 0) aoTerLargura();
    largura = chart.paneSize().width;
    medir();
  };
  chart.timeScale().subscribeVisibleLogicalRangeChange(aoMudarFaixa);
  chart.timeScale().subscribeSizeChange(aoRedimensionar);
  medir();
  return () => {
    cancelAnimationFrame(quadro);
    chart.timeScale().unsubscribeVisibleLogicalRangeChange(aoMudarFaixa);
    chart.timeScale().unsubscribeSizeChange(aoRedimensionar);
  };
}
