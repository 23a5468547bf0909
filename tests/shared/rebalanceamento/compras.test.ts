import { describe, expect, it } from 'vitest';
import { planRebalance, resizeBuys, type OrdemPlano } from '../../../shared/rebalanceamento';
import { PRECOS, clienteA, leg } from './fixtures';

// Client A's planned buys: VALE3 40 (2,400.00) and ITUB4 240 (8,400.00), 10,800.00 in all.
const compras = planRebalance(clienteA(), { modo: 'completo' }).ordens.filter(
  (o) => o.lado === 'compra',
);
const resumo = (ordens: OrdemPlano[]) => ordens.map((o) => [o.ticker, o.quantidade]);

describe('resizeBuys: the buys re-sized on the money the sales actually raised', () => {
  it('keeps the plan when the money is there, never buys more than planned', () => {
    expect(resizeBuys(compras, '10800.00', PRECOS)).toEqual(compras);
    expect(resizeBuys(compras, 1_000_000, PRECOS)).toEqual(compras);
  });

  it('scales each buy by the money short, in whole shares, the legs split again', () => {
    // 7,200.00 of 10,800.00: VALE3 1,600.00 (26 shares), ITUB4 5,600.00 (160: 100 + F 60).
    expect(resizeBuys(compras, 7200, new Map(Object.entries(PRECOS)))).toEqual([
      { ticker: 'VALE3', lado: 'compra', quantidade: 26, legs: [leg('VALE3F', 26)] },
      {
        ticker: 'ITUB4',
        lado: 'compra',
        quantidade: 160,
        legs: [leg('ITUB4', 100), leg('ITUB4F', 60)],
      },
    ]);
  });

  it('drops a buy under valor_minimo, and everything without money', () => {
    // 150.00: VALE3's 33.33 buys nothing; ITUB4's 116.67 buys 3 (105.00), under 110.00 it goes too.
    expect(resumo(resizeBuys(compras, 150, PRECOS))).toEqual([['ITUB4', 3]]);
    expect(resizeBuys(compras, 150, PRECOS, { valor_minimo: 110 })).toEqual([]);
    expect(resizeBuys(compras, 0, PRECOS)).toEqual([]);
    expect(resizeBuys(compras, -50, PRECOS)).toEqual([]);
  });

  it('sizes on the prices it is given, and refuses a buy without one', () => {
    // ITUB4 up to 36.00: the buys cost 11,040.00, 10,800.00 pays 97.83 % of each (ITUB4 8,452.17: 234 shares).
    expect(resumo(resizeBuys(compras, 10800, { ...PRECOS, ITUB4: '36.00' }))).toEqual([
      ['VALE3', 39],
      ['ITUB4', 234],
    ]);
    expect(() => resizeBuys(compras, 10800, { VALE3: 60 })).toThrow('Sem cotação de ITUB4');
  });

  it('leaves sales out', () => {
    const venda: OrdemPlano = {
      ticker: 'PETR4',
      lado: 'venda',
      quantidade: 90,
      legs: [leg('PETR4F', 90)],
    };
    expect(resumo(resizeBuys([venda, ...compras], 10800, PRECOS))).toEqual([
      ['VALE3', 40],
      ['ITUB4', 240],
    ]);
  });
});
