import { describe, expect, it } from 'vitest';
import { decimalText, parseDecimal } from '../../../src/lib/decimal';

describe('parseDecimal', () => {
  it('reads pt-BR numbers, with or without thousands and R$', () => {
    expect(parseDecimal('7,25')).toBe(7.25);
    expect(parseDecimal('1.234,56')).toBe(1234.56);
    expect(parseDecimal('1234,56')).toBe(1234.56);
    expect(parseDecimal(' R$ 38,5 ')).toBe(38.5);
    expect(parseDecimal('-3,5')).toBe(-3.5);
  });

  it('reads a dot without a comma as the decimal point, and takes a number as it is', () => {
    expect(parseDecimal('38.5')).toBe(38.5);
    expect(parseDecimal(12)).toBe(12);
  });

  it('is undefined for nothing typed, NaN for what is not a number', () => {
    expect(parseDecimal('')).toBeUndefined();
    expect(parseDecimal('   ')).toBeUndefined();
    expect(parseDecimal(undefined)).toBeUndefined();
    expect(parseDecimal('12,3,4')).toBeNaN();
    expect(parseDecimal('abc')).toBeNaN();
    expect(parseDecimal('1e3')).toBeNaN();
  });
});

describe('decimalText', () => {
  it('shows a price of 35,40 as 35,40, not 35,4 (issue 34, rough edge 17)', () => {
    expect(decimalText(35.4)).toBe('35,40');
    expect(decimalText(0.5)).toBe('0,50');
  });

  it('writes a number as a Brazilian types it, nothing for none', () => {
    expect(decimalText(41.23)).toBe('41,23');
    expect(decimalText(1234.5)).toBe('1234,50');
    expect(decimalText(230)).toBe('230');
    expect(decimalText(38.1234)).toBe('38,1234');
    expect(decimalText(undefined)).toBe('');
    expect(decimalText(null)).toBe('');
    expect(decimalText(Number.NaN)).toBe('');
  });
});
