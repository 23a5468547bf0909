import { describe, expect, it } from 'vitest';
import {
  CompraRequestSchema,
  CompraValidarRequestSchema,
  HistoricoQuerySchema,
  LoteCompraRequestSchema,
  LoteValidarRequestSchema,
  SIMBOLO_B3,
  TICKER_B3,
} from '../../contract';
import { baseSymbol } from '../../shared/legs';

/** Issue 26, item 6: B3's tickers, one rule for every route that takes a stock. */
describe('B3 ticker rule', () => {
  it.each(['PETR4', 'VALE3', 'TAEE11', 'B3SA3', 'BBDC4', 'SANB11', 'M1TA34', 'ABC13'])(
    'takes %s',
    (ticker) => {
      expect(TICKER_B3.test(ticker)).toBe(true);
      expect(SIMBOLO_B3.exec(`${ticker}F`)?.[1]).toBe(ticker);
    },
  );

  it.each([
    ['no class number', 'PETR'],
    ['a root of three', 'PET4'],
    ['a root starting with a digit', '3BSA3'],
    ['two digits in the root', 'B33A3'],
    ['a three-digit class', 'PETR444'],
    ['the fractional market’s symbol', 'PETR4F'],
    ['lower case', 'petr4'],
    ['a Yahoo suffix', 'PETR4.SA'],
  ])('refuses %s (%s)', (_, ticker) => {
    expect(TICKER_B3.test(ticker)).toBe(false);
  });

  it('is the rule of every buy route and of the history filter (typed in lower case too)', () => {
    const compra = {
      ticker_base: 'b3sa3',
      execucao: 'mercado',
      tp: 15,
      legs: [{ symbol: 'B3SA3', quantidade: 100 }],
    };
    expect(CompraRequestSchema.parse(compra).ticker_base).toBe('B3SA3');
    expect(
      CompraValidarRequestSchema.parse({
        ticker: 'B3SA3',
        modo: 'quantidade',
        execucao: 'mercado',
        tp: 15,
        quantidade: 100,
      }).ticker,
    ).toBe('B3SA3');
    const lote = { execucao: 'mercado', tp: 15, regra: 'percentual_disponivel', valor: 10 };
    expect(LoteValidarRequestSchema.parse({ ...lote, ticker: 'B3SA3' }).ticker).toBe('B3SA3');
    expect(
      LoteCompraRequestSchema.parse({
        ...lote,
        ticker_base: 'B3SA3',
        itens: [{ cliente: 1, legs: [{ symbol: 'B3SA3', quantidade: 100 }] }],
      }).ticker_base,
    ).toBe('B3SA3');
    expect(HistoricoQuerySchema.parse({ acao: 'B3SA3' }).acao).toBe('B3SA3');

    const refused = CompraRequestSchema.safeParse({ ...compra, ticker_base: 'PETR4F' });
    expect(refused.error?.issues.map((i) => i.message)).toEqual([
      'Informe um ticker da B3, como PETR4.',
    ]);
  });

  it('gives the fractional market’s symbol its ticker, and leaves other symbols alone', () => {
    expect(baseSymbol('B3SA3F')).toBe('B3SA3');
    expect(baseSymbol('TAEE11F')).toBe('TAEE11');
    expect(baseSymbol('PETR4')).toBe('PETR4');
    expect(baseSymbol('WINZ25')).toBe('WINZ25');
    expect(baseSymbol('EURUSD')).toBe('EURUSD');
  });
});
