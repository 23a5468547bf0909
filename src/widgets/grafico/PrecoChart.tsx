import { Box, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { IChartApi, MouseEventParams, Time } from 'lightweight-charts';
import type { Barra } from '../../../contract';
import { createGrafico, desenharPrecos, marcarOperacoes, type Biblioteca } from './desenho';
import {
  inicioDoPeriodo,
  isoDoTempo,
  type LinhaGrafico,
  type MarcaGrafico,
  type Periodo,
  type TipoGrafico,
} from './grafico';

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
    const chart = createGrafico(lib, container.current);
    chartRef.current = chart;
    const series = desenharPrecos(lib, chart, { tipo, barras, linhas });
    marcarOperacoes(lib, series, barras, marcas);

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
