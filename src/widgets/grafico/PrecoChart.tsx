import { Box, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type * as LightweightCharts from 'lightweight-charts';
import type { AutoscaleInfoProvider, IChartApi, MouseEventParams, Time } from 'lightweight-charts';
import type { Barra } from '../../../contract';
import { formatDate, formatMoney } from '../../../shared/format';
import {
  CORES,
  inicioDoPeriodo,
  isoDoTempo,
  rotuloDoEixo,
  sessaoDaMarca,
  type LinhaGrafico,
  type MarcaGrafico,
  type Periodo,
  type TipoGrafico,
} from './grafico';

type Biblioteca = typeof LightweightCharts;

export interface PrecoChartProps {
  barras: Barra[];
  tipo: TipoGrafico;
  periodo: Periodo;
  marcas: MarcaGrafico[];
  linhas: LinhaGrafico[];
  /** The chart's accessible name (a canvas says nothing by itself). */
  label: string;
  /** The bar under the pointer, or null when it leaves the prices. */
  onHover: (barra: Barra | null) => void;
}

/**
 * The canvas: TradingView's lightweight-charts, imported here when a chart first opens (never in the bundle of a
 * screen), with pt-BR dates and prices, the trades as arrows at their price and the lines across.
 */
export function PrecoChart({
  barras,
  tipo,
  periodo,
  marcas,
  linhas,
  label,
  onHover,
}: PrecoChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const [lib, setLib] = useState<Biblioteca | null>(null);
  const [falhou, setFalhou] = useState(false);
  const hover = useRef(onHover);
  useEffect(() => {
    hover.current = onHover;
  });

  useEffect(() => {
    let vivo = true;
    import('lightweight-charts').then(
      (m) => vivo && setLib(m),
      () => vivo && setFalhou(true),
    );
    return () => {
      vivo = false;
    };
  }, []);

  useEffect(() => {
    if (!lib || !container.current) return;
    const chart = lib.createChart(container.current, {
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
    chartRef.current = chart;

    // The lines are part of the picture: the price axis always reaches them.
    const precos = linhas.map((l) => l.preco);
    const autoscaleInfoProvider: AutoscaleInfoProvider = (original) => {
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
    const comum = { priceLineVisible: false, lastValueVisible: false, autoscaleInfoProvider };
    const series =
      tipo === 'candles'
        ? chart.addSeries(lib.CandlestickSeries, {
            ...comum,
            upColor: CORES.alta,
            downColor: CORES.baixa,
            borderUpColor: CORES.alta,
            borderDownColor: CORES.baixa,
            wickUpColor: CORES.alta,
            wickDownColor: CORES.baixa,
          })
        : chart.addSeries(lib.LineSeries, { ...comum, color: CORES.linha, lineWidth: 2 });
    if (tipo === 'candles') {
      series.setData(
        barras.map((b) => ({
          time: b.data,
          open: b.abertura,
          high: b.maxima,
          low: b.minima,
          close: b.fechamento,
        })),
      );
    } else {
      series.setData(barras.map((b) => ({ time: b.data, value: b.fechamento })));
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

    const porData = new Map(barras.map((b) => [b.data, b]));
    const aoMover = (param: MouseEventParams<Time>) =>
      hover.current(param.time ? (porData.get(isoDoTempo(param.time)) ?? null) : null);
    chart.subscribeCrosshairMove(aoMover);
    return () => {
      chart.unsubscribeCrosshairMove(aoMover);
      chart.remove();
      chartRef.current = null;
    };
  }, [lib, tipo, barras, marcas, linhas]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || barras.length === 0) return;
    const inicio = inicioDoPeriodo(barras, periodo);
    if (inicio) chart.timeScale().setVisibleRange({ from: inicio, to: barras.at(-1)!.data });
    else chart.timeScale().fitContent();
  }, [lib, tipo, barras, periodo, marcas, linhas]);

  if (falhou) {
    return (
      <Text color="red.600" role="alert">
        Não foi possível carregar o gráfico. Tente novamente.
      </Text>
    );
  }
  return (
    <Box
      ref={container}
      role="img"
      aria-label={label}
      aria-busy={!lib}
      h={{ base: '300px', md: '360px' }}
      w="full"
      data-grafico={tipo}
    />
  );
}
