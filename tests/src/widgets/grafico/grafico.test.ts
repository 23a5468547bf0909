import { describe, expect, it } from 'vitest';
import type { Barra, Operacao } from '../../../../contract';
import {
  graficoDaOperacao,
  graficoDaRecomendacao,
  inicioDoPeriodo,
  isoDoTempo,
  rotuloDoEixo,
  sessaoDaMarca,
} from '../../../../src/widgets/grafico/grafico';

const barra = (data: string): Barra => ({
  data,
  abertura: 10,
  maxima: 11,
  minima: 9,
  fechamento: 10.5,
  volume: 100,
});
// A Friday, a Monday (the weekend between has no session), a Tuesday.
const barras = ['2025-05-02', '2025-05-05', '2025-05-06'].map(barra);

describe('sessaoDaMarca: the bar a trade is drawn on', () => {
  it('is the trade’s own session, or the next one when it fell on a day without a bar', () => {
    expect(sessaoDaMarca(barras, '2025-05-02')).toBe('2025-05-02');
    expect(sessaoDaMarca(barras, '2025-05-03')).toBe('2025-05-05');
    expect(sessaoDaMarca(barras, '2025-05-04')).toBe('2025-05-05');
    expect(sessaoDaMarca(barras, '2025-05-06')).toBe('2025-05-06');
  });

  it('is none before the first stored session or after the last', () => {
    expect(sessaoDaMarca(barras, '2025-05-01')).toBeNull();
    expect(sessaoDaMarca(barras, '2025-05-07')).toBeNull();
    expect(sessaoDaMarca([], '2025-05-02')).toBeNull();
  });
});

describe('inicioDoPeriodo: the periods end at the last session', () => {
  const longa = ['2023-01-02', '2025-01-15', '2025-03-31'].map(barra);

  it('goes back whole months from the last session, to the end of a shorter month', () => {
    expect(inicioDoPeriodo(longa, '1M')).toBe('2025-02-28');
    expect(inicioDoPeriodo(longa, '3M')).toBe('2024-12-31');
    expect(inicioDoPeriodo(longa, '6M')).toBe('2024-09-30');
    expect(inicioDoPeriodo(longa, '1A')).toBe('2024-03-31');
  });

  it('is the whole history for Tudo, and for a period longer than the history', () => {
    expect(inicioDoPeriodo(longa, 'tudo')).toBeNull();
    expect(inicioDoPeriodo(barras, '1A')).toBeNull();
    expect(inicioDoPeriodo([], '1M')).toBeNull();
  });
});

describe('pt-BR time labels', () => {
  it('reads the library’s three kinds of time', () => {
    expect(isoDoTempo('2025-10-29')).toBe('2025-10-29');
    expect(isoDoTempo({ year: 2025, month: 3, day: 7 })).toBe('2025-03-07');
    expect(isoDoTempo(Date.UTC(2025, 9, 29) / 1000)).toBe('2025-10-29');
  });

  it('labels the axis with the year, the month as out/25, the day as 29/10', () => {
    expect(rotuloDoEixo('2025-10-29', 'ano')).toBe('2025');
    expect(rotuloDoEixo('2025-10-29', 'mes')).toBe('out/25');
    expect(rotuloDoEixo('2025-02-03', 'mes')).toBe('fev/25');
    expect(rotuloDoEixo('2025-10-29', 'dia')).toBe('29/10');
  });
});

const operacao: Operacao = {
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
  valor_total_compra: 3050,
  valor_total_venda: null,
  dias_posicionado: 10,
};

describe('what a chart draws', () => {
  it('an open position: its buy and its target', () => {
    expect(graficoDaOperacao(operacao)).toEqual({
      ticker: 'PETR4',
      descricao: 'Compra em 04/08/2025 a R$ 30,50 · Alvo R$ 33,00',
      marcas: [{ tipo: 'compra', data: '2025-08-04', preco: 30.5 }],
      linhas: [{ tipo: 'alvo', rotulo: 'Alvo', preco: 33 }],
    });
  });

  it('a realised position: its sale too; without a target or a price, nothing for them', () => {
    const g = graficoDaOperacao({
      ...operacao,
      data_venda: '2025-09-01',
      preco_venda_unitario: 34.2,
      valor_alvo: null,
    });
    expect(g.marcas).toEqual([
      { tipo: 'compra', data: '2025-08-04', preco: 30.5 },
      { tipo: 'venda', data: '2025-09-01', preco: 34.2 },
    ]);
    expect(g.linhas).toEqual([]);
    expect(g.descricao).toBe('Compra em 04/08/2025 a R$ 30,50 · Venda em 01/09/2025 a R$ 34,20');
    expect(graficoDaOperacao({ ...operacao, preco_unitario: null, valor_alvo: null })).toEqual({
      ticker: 'PETR4',
      descricao: '',
      marcas: [],
      linhas: [],
    });
  });

  it('a recommendation: MAX, MIN and ALVO at the suggested sale price', () => {
    expect(
      graficoDaRecomendacao({
        ticker: 'WEGE3',
        MIN: 41.9,
        MAX: 45.02,
        alvo_sugerido: 46.31,
        ALVO: 4.96,
      }),
    ).toEqual({
      ticker: 'WEGE3',
      descricao: 'MIN R$ 41,90 · MAX R$ 45,02 · ALVO R$ 46,31 (4,96%)',
      marcas: [],
      linhas: [
        { tipo: 'max', rotulo: 'MAX', preco: 45.02 },
        { tipo: 'min', rotulo: 'MIN', preco: 41.9 },
        { tipo: 'alvo', rotulo: 'ALVO', preco: 46.31 },
      ],
    });
  });
});
