import { render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import type { Operacao } from '../../../../contract';
import { system } from '../../../../src/app/theme';
import { CORES, graficoDaOperacao } from '../../../../src/widgets/grafico/grafico';
import { desenharPrecos, type Biblioteca } from '../../../../src/widgets/grafico/desenho';
import { Legendas } from '../../../../src/widgets/grafico/GraficoPartes';

/** The position's chart draws its stop as a line beside its target (issue 31). */

const operacao = {
  id: 1,
  cliente: 1,
  acao: 4,
  acao_nome: 'PETR4',
  data_compra: '2025-08-04',
  preco_unitario: 30.5,
  quantidade: 100,
  data_venda: null,
  preco_venda_unitario: null,
  valor_alvo: 33,
  valor_stop: 28.75,
  valor_total_compra: 3050,
  valor_total_venda: null,
  dias_posicionado: 10,
} satisfies Operacao;

/** lightweight-charts as far as the drawing uses it: what each series is given. */
function bibliotecaFalsa() {
  const linhas: Array<Record<string, unknown>> = [];
  const serie = {
    setData: () => {},
    createPriceLine: (l: Record<string, unknown>) => linhas.push(l),
  };
  const lib = {
    CandlestickSeries: 'candles',
    LineSeries: 'linha',
    LineStyle: { Solid: 0, Dotted: 1, Dashed: 2 },
  } as unknown as Biblioteca;
  const chart = { addSeries: () => serie } as unknown as Parameters<typeof desenharPrecos>[1];
  return { lib, chart, linhas };
}

describe('the stop on a position’s chart', () => {
  it('is a line beside the target, named in the description', () => {
    const g = graficoDaOperacao(operacao);
    expect(g.linhas).toEqual([
      { tipo: 'alvo', rotulo: 'Alvo', preco: 33 },
      { tipo: 'stop', rotulo: 'Stop', preco: 28.75 },
    ]);
    expect(g.descricao).toBe('Compra em 04/08/2025 a R$ 30,50 · Alvo R$ 33,00 · Stop R$ 28,75');
    // No stop (or an answer recorded before it existed): no line.
    expect(graficoDaOperacao({ ...operacao, valor_stop: null }).linhas.map((l) => l.tipo)).toEqual([
      'alvo',
    ]);
    const { valor_stop: _, ...semStop } = operacao;
    expect(graficoDaOperacao(semStop).linhas.map((l) => l.tipo)).toEqual(['alvo']);
  });

  it('is drawn dashed in its own colour, labelled beside the axis (not on it), and in the legend', () => {
    const { lib, chart, linhas } = bibliotecaFalsa();
    desenharPrecos(lib, chart, {
      tipo: 'candles',
      barras: [],
      linhas: graficoDaOperacao(operacao).linhas,
    });
    expect(linhas).toEqual([
      expect.objectContaining({ id: 'Alvo', price: 33, color: CORES.alvo, lineStyle: 2 }),
      expect.objectContaining({
        id: 'Stop',
        price: 28.75,
        color: CORES.stop,
        lineStyle: 2,
        // Its label beside the scale, never over its figures (rotulos.ts).
        axisLabelVisible: false,
      }),
    ]);
    expect(CORES.stop).not.toBe(CORES.alvo);

    render(
      <ChakraProvider value={system}>
        <Legendas marcas={[]} linhas={graficoDaOperacao(operacao).linhas} foraDoHistorico={[]} />
      </ChakraProvider>,
    );
    expect(screen.getByText('Stop R$ 28,75')).toBeVisible();
    expect(screen.getByText('Alvo R$ 33,00')).toBeVisible();
  });
});
