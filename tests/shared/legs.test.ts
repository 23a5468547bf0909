import { describe, expect, it } from 'vitest';
import { baseSymbol, positionsByBase, quantityForValue, splitLegs, vwap } from '../../shared/legs';

describe('splitLegs', () => {
  it.each([
    [0, []],
    [1, [{ symbol: 'PETR4F', quantidade: 1 }]],
    [99, [{ symbol: 'PETR4F', quantidade: 99 }]],
    [100, [{ symbol: 'PETR4', quantidade: 100 }]],
    [
      101,
      [
        { symbol: 'PETR4', quantidade: 100 },
        { symbol: 'PETR4F', quantidade: 1 },
      ],
    ],
    [
      250,
      [
        { symbol: 'PETR4', quantidade: 200 },
        { symbol: 'PETR4F', quantidade: 50 },
      ],
    ],
    [10_000, [{ symbol: 'PETR4', quantidade: 10_000 }]],
  ])('%i shares', (quantity, legs) => {
    expect(splitLegs('PETR4', quantity)).toEqual(legs);
  });

  it('refuses negative and fractional quantities', () => {
    expect(splitLegs('PETR4', -5)).toEqual([]);
    expect(splitLegs('PETR4', 10.5)).toEqual([]);
  });
});

describe('quantityForValue', () => {
  it('floors valor / price', () => {
    expect(quantityForValue(10_000, 38.12)).toBe(262);
    expect(quantityForValue(1000, 10)).toBe(100);
  });

  it('does not lose a share to binary rounding', () => {
    // 0.3 / 0.1 is 2.9999999999999996 in binary floating point.
    expect(quantityForValue(0.3, 0.1)).toBe(3);
    expect(quantityForValue(69.3, 0.99)).toBe(70);
  });

  it('answers 0 without a positive value or price', () => {
    expect(quantityForValue(0, 10)).toBe(0);
    expect(quantityForValue(100, 0)).toBe(0);
  });
});

describe('vwap', () => {
  it('weights each fill by its volume', () => {
    expect(
      vwap([
        { volume: 200, price: 10 },
        { volume: 50, price: 10.5 },
      ]),
    ).toBe(10.1);
  });

  it('rounds to 4 places and ignores empty fills', () => {
    expect(
      vwap([
        { volume: 1, price: '10.00' },
        { volume: 2, price: '10.01' },
        { volume: 0, price: 99 },
        { volume: 5, price: null },
      ]),
    ).toBe(10.0067);
    expect(vwap([])).toBeNull();
  });
});

describe('positions per base ticker', () => {
  it('merges the fractional market into its base, and leaves other symbols alone', () => {
    expect(baseSymbol('PETR4F')).toBe('PETR4');
    expect(baseSymbol('PETR4')).toBe('PETR4');
    expect(baseSymbol('TAEE11F')).toBe('TAEE11');
    expect(baseSymbol('B3SA3F')).toBe('B3SA3');
    expect(baseSymbol('WINZ25')).toBe('WINZ25');
    expect(
      positionsByBase([
        { symbol: 'PETR4', volume: 200 },
        { symbol: 'PETR4F', volume: 37 },
        { symbol: 'VALE3F', volume: 5 },
      ]),
    ).toEqual(
      new Map([
        ['PETR4', 237],
        ['VALE3', 5],
      ]),
    );
  });
});
