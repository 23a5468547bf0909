import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../shared/decimal';
import { drift, heatMap, isOutsideBand, planRebalances } from '../../../shared/rebalanceamento';
import { MODELO, clienteA, clienteB, posicao } from './fixtures';

describe('drift and band', () => {
  const d = (v: number | string) => new Decimal(v);

  it('absoluta in points, relativa as a fraction of the target', () => {
    expect(drift(d(36), d(30), 'absoluta')!.toNumber()).toBe(6);
    expect(drift(d(36), d(30), 'relativa')!.toNumber()).toBe(0.2);
    expect(drift(d(24), d(30), 'relativa')!.toNumber()).toBe(-0.2);
  });

  it('relativa against a target of 0: null when held (always out of band), 0 when not', () => {
    expect(drift(d(2), d(0), 'relativa')).toBeNull();
    expect(drift(d(0), d(0), 'relativa')!.toNumber()).toBe(0);
    expect(isOutsideBand(null, { tipo: 'relativa', valor: 1000 })).toBe(true);
  });

  it('outside means strictly beyond the band’s value, either side', () => {
    const faixa = { tipo: 'absoluta' as const, valor: 5 };
    expect(isOutsideBand(d(5), faixa)).toBe(false);
    expect(isOutsideBand(d(-5), faixa)).toBe(false);
    expect(isOutsideBand(d('5.0001'), faixa)).toBe(true);
    expect(isOutsideBand(d('-5.0001'), faixa)).toBe(true);
  });
});

describe('heatMap: clients × tickers', () => {
  it('one row per client, the model’s tickers then the held ones outside it; absent cells null', () => {
    const comBbas = clienteA({
      cliente: 'c',
      nome: 'Cliente C',
      posicoes: [...clienteA().posicoes, posicao('BBAS3', 10, '20.00')],
      mt5Online: false,
    });
    const itens = planRebalances([clienteA(), clienteB(), comBbas, clienteA({ caixa: null })], {
      modo: 'completo',
    });
    const mapa = heatMap(itens, MODELO.faixa);
    expect(mapa.tickers).toEqual(['PETR4', 'VALE3', 'ITUB4', 'BBAS3']);
    expect(mapa.linhas.map((l) => [l.cliente, l.excluido])).toEqual([
      ['a', false],
      ['b', false],
      ['c', true],
      ['a', true],
    ]);
    expect(mapa.linhas[0]!.celulas).toEqual([
      { desvio: 12.8571, atual: 42.8571, alvo: 30, fora: true },
      { desvio: -8.5714, atual: 21.4286, alvo: 30, fora: true },
      { desvio: -30, atual: 0, alvo: 30, fora: true },
      null,
    ]);
    // B holds nothing: every model ticker 30 points short; C's BBAS3 is 0.71 % of it, inside 5 points.
    expect(mapa.linhas[1]!.celulas.map((c) => c?.desvio ?? null)).toEqual([-30, -30, -30, null]);
    expect(mapa.linhas[2]!.celulas[3]).toEqual({
      desvio: 0.7092,
      atual: 0.7092,
      alvo: 0,
      fora: false,
    });
    // A client that could not be measured has an empty row.
    expect(mapa.linhas[3]!.celulas).toEqual([null, null, null, null]);
  });

  it('inside a wider band the cells are not out', () => {
    const mapa = heatMap(planRebalances([clienteA()], { modo: 'completo' }), {
      tipo: 'absoluta',
      valor: 10,
    });
    expect(mapa.linhas[0]!.celulas.map((c) => c!.fora)).toEqual([true, false, true]);
  });
});
