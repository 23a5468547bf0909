import { Box, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { IChartApi, MouseEventParams, Time } from 'lightweight-charts';
import type { Barra } from '../../../contract';
import { AtribuicaoGrafico } from '../../components/AtribuicaoGrafico';
import {
  createGrafico,
  desenharPrecos,
  acompanharRotulos,
  marcarOperacoes,
  reservarColunaDeRotulos,
  type Biblioteca,
  type RotuloNoGrafico,
} from './desenho';
import { RotulosDasLinhas } from './RotulosDasLinhas';
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
  const [rotulos, setRotulos] = useState<RotuloNoGrafico[]>([]);
  const hover = useRef(onHover);
  useEffect(() => {
    hover.current = onHover;
  });
  // The period shown, the labels' column kept free at the right (again once the chart first has a width).
  const enquadrar = useRef(() => {});
  useEffect(() => {
    enquadrar.current = () => {
      const chart = chartRef.current;
      if (!chart || barras.length === 0) return;
      const inicio = inicioDoPeriodo(barras, periodo);
      if (inicio) chart.timeScale().setVisibleRange({ from: inicio, to: barras.at(-1)!.data });
      else chart.timeScale().fitContent();
      if (linhas.length === 0) return;
      const de = inicio ? barras.findIndex((b) => b.data >= inicio) : 0;
      reservarColunaDeRotulos(chart, Math.max(de, 0), barras.length - 1);
    };
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
    const pararRotulos = acompanharRotulos(chart, series, linhas, setRotulos, () =>
      enquadrar.current(),
    );
    return () => {
      pararRotulos();
      chart.unsubscribeCrosshairMove(aoMover);
      chart.remove();
      chartRef.current = null;
      setRotulos([]);
    };
  }, [lib, tipo, barras, marcas, linhas]);

  useEffect(() => enquadrar.current(), [lib, tipo, barras, periodo, marcas, linhas]);

  if (falhou) {
    return (
      <Text color="red.600" role="alert">
        Não foi possível carregar o gráfico. Tente novamente.
      </Text>
    );
  }
  return (
    <Box position="relative">
      <Box
        ref={container}
        role="img"
        aria-label={label}
        aria-busy={!lib}
        h={{ base: '300px', md: '360px' }}
        w="full"
        data-grafico={tipo}
        // The library's canvases stack by z-index: kept inside the chart, so that the labels after it are over them.
        isolation="isolate"
      />
      <RotulosDasLinhas rotulos={rotulos} />
      <AtribuicaoGrafico />
    </Box>
  );
}
