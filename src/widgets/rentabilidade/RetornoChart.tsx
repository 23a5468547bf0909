import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import type * as LightweightCharts from 'lightweight-charts';
import type { Time } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { formatDate, formatNumber } from '../../../shared/format';
import { AtribuicaoGrafico } from '../../components/AtribuicaoGrafico';
import { MESES_CURTOS, percentual, type LinhasDoGrafico } from './rentabilidade-state';

type Biblioteca = typeof LightweightCharts;

/** Each line's name and colour: the portfolio in the product's gold, the benchmarks beside it. */
export const LINHAS = [
  { chave: 'carteira', nome: 'Carteira', cor: '#b7791f' },
  { chave: 'cdi', nome: 'CDI', cor: '#2b6cb0' },
  { chave: 'ibov', nome: 'Ibovespa', cor: '#2f855a' },
] as const;

const iso = (time: Time) =>
  typeof time === 'string'
    ? time
    : typeof time === 'number'
      ? new Date(time * 1000).toISOString().slice(0, 10)
      : `${time.year}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;

/** The time axis in pt-BR: the year, 'Mar/26', or '15/03'. */
function rotulo(lib: Biblioteca, time: Time, tipo: number): string {
  const [ano, mes, dia] = iso(time).split('-') as [string, string, string];
  if (tipo === lib.TickMarkType.Year) return ano;
  if (tipo === lib.TickMarkType.Month) return `${MESES_CURTOS[Number(mes) - 1]}/${ano.slice(2)}`;
  return `${dia}/${mes}`;
}

function draw(lib: Biblioteca, container: HTMLElement, linhas: LinhasDoGrafico) {
  const chart = lib.createChart(container, {
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
      priceFormatter: (v: number) => `${formatNumber(v)} %`,
      timeFormatter: (time: Time) => formatDate(iso(time)),
    },
    timeScale: {
      borderColor: '#e4e4e7',
      // The first and last sessions at the edges: no empty margin, no date label cut by the frame.
      fixLeftEdge: true,
      fixRightEdge: true,
      tickMarkFormatter: (time: Time, tipo: number) => rotulo(lib, time, tipo),
    },
  });
  for (const { chave, cor, nome } of LINHAS) {
    const serie = chart.addSeries(lib.LineSeries, {
      color: cor,
      lineWidth: chave === 'carteira' ? 3 : 2,
      title: nome,
      priceLineVisible: false,
    });
    serie.setData(linhas[chave].map((p) => ({ time: p.data, value: p.valor })));
  }
  chart.timeScale().fitContent();
  return chart;
}

/** What the chart shows, in words: each line's value at its last point. */
export function resumoDoGrafico(linhas: LinhasDoGrafico): string {
  return LINHAS.map(({ chave, nome }) => {
    const ultimo = linhas[chave].at(-1);
    return `${nome} ${ultimo ? percentual(ultimo.valor / 100) : 'sem dados'}`;
  }).join(', ');
}

/**
 * The accumulated return of the portfolio, the CDI and the Ibovespa on one chart (lightweight-charts, loaded the
 * first time the tab opens), with a legend of each line's last value.
 */
export function RetornoChart({ linhas, label }: { linhas: LinhasDoGrafico; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [lib, setLib] = useState<Biblioteca | null>(null);
  const [falhou, setFalhou] = useState(false);

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
    const chart = draw(lib, container.current, linhas);
    return () => chart.remove();
  }, [lib, linhas]);

  if (falhou) {
    return (
      <Text color="red.600" role="alert">
        Não foi possível carregar o gráfico. Tente novamente.
      </Text>
    );
  }
  return (
    <Stack gap="2">
      <Box
        ref={container}
        role="img"
        aria-label={`${label}: ${resumoDoGrafico(linhas)}`}
        aria-busy={!lib}
        h={{ base: '260px', md: '340px' }}
        w="full"
      />
      <HStack gap="4" wrap="wrap" fontSize="sm" aria-hidden="true">
        {LINHAS.map(({ chave, nome, cor }) => (
          <HStack key={chave} gap="1.5">
            <Box w="3" h="3" rounded="sm" bg={cor} />
            <Text>
              {nome}{' '}
              <Text as="span" fontWeight="semibold">
                {percentual((linhas[chave].at(-1)?.valor ?? NaN) / 100)}
              </Text>
            </Text>
          </HStack>
        ))}
      </HStack>
      <AtribuicaoGrafico />
    </Stack>
  );
}
