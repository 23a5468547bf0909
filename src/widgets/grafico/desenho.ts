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
  for (const l of linhas) {
    series.createPriceLine({
      price: l.preco,
      title: l.rotulo,
      color: CORES[l.tipo],
      lineWidth: 2,
      lineStyle: l.tipo === 'atual' ? lib.LineStyle.Dotted : lib.LineStyle.Dashed,
      axisLabelVisible: true,
    });
  }
  return series;
}

/** The trades as arrows at their price, on the session they happened (or the next one). */
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
          position: 'atPriceMiddle' as const,
          price: m.preco,
          shape: compra ? ('arrowUp' as const) : ('arrowDown' as const),
          color: CORES[m.tipo],
          text: `${compra ? 'Compra' : 'Venda'} ${formatMoney(m.preco)}`,
        },
      ];
    }),
  );
}
