import { describe, expect, it } from 'vitest';
import type { PlanoCliente } from '../../../../contract';
import {
  composicaoTexto,
  faixaTexto,
  somaDe,
  somaTexto,
} from '../../../../src/features/modelos/modelo-form-state';
import {
  desvioTexto,
  envioBody,
  tomDe,
  validateBody,
} from '../../../../src/features/modelos/rebalanceamento-state';

const itens = (...pesos: Array<number | undefined>) =>
  pesos.map((peso, i) => ({ ticker: `T${i}`, peso }));

describe('the model form’s running sum', () => {
  it('adds weights and caixa-alvo as decimals: 33,33 + 33,33 + 33,34 is exactly 100', () => {
    expect(somaDe({ itens: itens(33.33, 33.33), caixa_alvo: 33.34 }).exata).toBe(true);
    expect(somaDe({ itens: itens(0.1, 0.2), caixa_alvo: 99.7 }).exata).toBe(true);
    expect(somaDe({ itens: itens(33.333, 33.333), caixa_alvo: 33.333 }).exata).toBe(false);
  });

  it('says how far the sum is from 100, empty and invalid weights counting as 0', () => {
    expect(somaTexto({ itens: itens(40, undefined, Number.NaN), caixa_alvo: null })).toBe(
      'Soma: 40 % (ações 40 % + caixa 0 %) — faltam 60 %',
    );
    expect(somaTexto({ itens: itens(60, 45), caixa_alvo: 5 })).toBe(
      'Soma: 110 % (ações 105 % + caixa 5 %) — passa de 100 % em 10 %',
    );
    expect(somaTexto({ itens: itens(90), caixa_alvo: 10 })).toBe(
      'Soma: 100 % (ações 90 % + caixa 10 %) — exatamente 100 %',
    );
  });

  it('writes a model’s composition and band in pt-BR', () => {
    const modelo = { itens: [{ ticker: 'PETR4', peso: 42.5 }], caixa_alvo: 57.5 };
    expect(composicaoTexto(modelo)).toBe('PETR4 42,5 % · caixa 57,5 %');
    expect(faixaTexto({ tipo: 'absoluta', valor: 2.5 })).toBe('± 2,5 p.p.');
    expect(faixaTexto({ tipo: 'relativa', valor: 0.2 })).toBe('± 20 % do alvo');
  });
});

const plano = (over: Partial<PlanoCliente>): PlanoCliente => ({
  cliente: 1,
  nome: 'Ana',
  valor_total: 1000,
  desvios: [],
  ordens: [],
  caixa_depois: 100,
  excluido: false,
  motivo: null,
  avisos: [],
  ...over,
});

describe('the rebalance screen’s state', () => {
  it('writes a drift in the band’s unit, with its sign', () => {
    expect(desvioTexto(12.8571, 'absoluta')).toBe('+12,86 p.p.');
    expect(desvioTexto(-30, 'absoluta')).toBe('-30,00 p.p.');
    expect(desvioTexto(0.428571, 'relativa')).toBe('+42,86 %');
    expect(desvioTexto(null, 'relativa')).toBe('fora do modelo');
  });

  it('grades a cell: within the band light, outside it stronger, beyond twice the band strongest', () => {
    const faixa = { tipo: 'absoluta' as const, valor: 5 };
    const celula = (desvio: number | null, fora: boolean) => ({ desvio, atual: 0, alvo: 0, fora });
    expect(tomDe(celula(4, false), faixa)).toEqual({ lado: 'acima', nivel: 0 });
    expect(tomDe(celula(-6, true), faixa)).toEqual({ lado: 'abaixo', nivel: 1 });
    expect(tomDe(celula(10.5, true), faixa)).toEqual({ lado: 'acima', nivel: 2 });
    expect(tomDe(celula(null, true), faixa)).toEqual({ lado: 'acima', nivel: 2 });
  });

  it('sends back only the clients with orders, with validar’s options', () => {
    const ordem = { ticker: 'PETR4', lado: 'venda' as const, quantidade: 90, legs: [] };
    const body = envioBody(
      validateBody({ modo: 'faixas', valor_minimo: null, respeitar_isencao: false }),
      [
        plano({ cliente: 1, ordens: [ordem] }),
        plano({ cliente: 2, ordens: [] }),
        plano({ cliente: 3, excluido: true, motivo: 'x', ordens: [ordem] }),
      ],
    );
    expect(body).toEqual({
      modo: 'faixas',
      respeitar_isencao: false,
      itens: [{ cliente: 1, ordens: [{ ticker: 'PETR4', lado: 'venda', quantidade: 90 }] }],
    });
  });
});
