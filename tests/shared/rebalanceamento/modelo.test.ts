import { describe, expect, it } from 'vitest';
import { isTicker, validateModelo, type ModeloEntrada } from '../../../shared/rebalanceamento';

const valido: ModeloEntrada = {
  itens: [
    { ticker: 'PETR4', peso: 30 },
    { ticker: 'VALE3', peso: 30 },
    { ticker: 'ITUB4', peso: 30 },
  ],
  caixa_alvo: 10,
  faixa: { tipo: 'absoluta', valor: 5 },
};

describe('validateModelo: a model’s own rules, each failure keyed by its field', () => {
  it('accepts weights and caixa_alvo summing to exactly 100, compared as decimals', () => {
    expect(validateModelo(valido)).toBeNull();
    // 33.3 + 33.3 + 33.3 + 0.1 is 99.99999999999999 in binary floats.
    expect(
      validateModelo({
        ...valido,
        itens: [
          { ticker: 'PETR4', peso: 33.3 },
          { ticker: 'VALE3', peso: 33.3 },
          { ticker: 'ITUB4', peso: 33.3 },
        ],
        caixa_alvo: 0.1,
      }),
    ).toBeNull();
  });

  it('refuses a sum other than 100, saying what it is', () => {
    expect(validateModelo({ ...valido, caixa_alvo: 9.999 })).toEqual({
      itens: 'Os pesos e o caixa-alvo somam 99,999 %; devem somar exatamente 100 %.',
    });
    expect(validateModelo({ ...valido, caixa_alvo: 10.5 })).toEqual({
      itens: 'Os pesos e o caixa-alvo somam 100,5 %; devem somar exatamente 100 %.',
    });
  });

  it('tickers well formed and unique', () => {
    expect(
      validateModelo({
        ...valido,
        itens: [
          { ticker: 'PETR4', peso: 30 },
          { ticker: 'petr4', peso: 10 },
          { ticker: 'PETR4F', peso: 10 },
          { ticker: 'PETR4', peso: 10 },
        ],
        caixa_alvo: 40,
      }),
    ).toEqual({
      'itens.1.ticker': 'Informe um ticker da B3, como PETR4.',
      'itens.2.ticker': 'Informe um ticker da B3, como PETR4.',
      'itens.3.ticker': 'PETR4 já está no modelo.',
    });
    expect(['PETR4', 'B3SA3', 'TAEE11', 'BOVA11'].every(isTicker)).toBe(true);
    expect(['PETR', 'PETR4F', 'PETR123', '', ' PETR4'].some(isTicker)).toBe(false);
  });

  it('weights above 0 and at most 100; caixa_alvo between 0 and 100; at least one stock', () => {
    expect(
      validateModelo({
        ...valido,
        itens: [
          { ticker: 'PETR4', peso: 0 },
          { ticker: 'VALE3', peso: 101 },
          { ticker: 'ITUB4', peso: Number.NaN },
        ],
        caixa_alvo: -1,
      }),
    ).toEqual({
      'itens.0.peso': 'O peso deve ser maior que zero.',
      'itens.1.peso': 'O peso deve ser no máximo 100 %.',
      'itens.2.peso': 'O peso deve ser maior que zero.',
      caixa_alvo: 'O caixa-alvo deve estar entre 0 e 100 %.',
    });
    expect(validateModelo({ ...valido, itens: [], caixa_alvo: 100 })).toEqual({
      itens: 'Inclua ao menos uma ação no modelo.',
    });
  });

  it('a band absoluta or relativa, its value above 0', () => {
    expect(validateModelo({ ...valido, faixa: { tipo: 'outra', valor: 0 } })).toEqual({
      'faixa.tipo': 'Escolha a faixa absoluta ou relativa.',
      'faixa.valor': 'A faixa deve ser maior que zero.',
    });
    expect(validateModelo({ ...valido, faixa: { tipo: 'relativa', valor: 0.2 } })).toBeNull();
  });
});
