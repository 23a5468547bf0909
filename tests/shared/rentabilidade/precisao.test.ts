import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { solveMwr } from '../../../shared/rentabilidade';
import { ddDivide, ddMinusOne, ddMul, DD_UM } from '../../../shared/rentabilidade/dd';
import { mantissa, reaisToNumber } from '../../../shared/rentabilidade/fixo';

const D = Decimal.clone({ precision: 60 });

describe('the chained products keep more than 20 significant digits', () => {
  it('1,250 daily factors of exact money chained in double-double agree with 60-digit decimals to 1e-25', () => {
    let semente = 7;
    const rnd = () => (semente = (semente * 16807) % 2147483647) / 2147483647;
    let dd = DD_UM;
    let exato = new D(1);
    for (let t = 0; t < 1250; t++) {
      // Money in cents, as the engine keeps it: up to R$ 10 million a day.
      const den = Math.floor(rnd() * 1e9) + 1;
      const num = Math.floor(den * (1 + (rnd() - 0.5) * 0.1));
      dd = ddMul(dd, ddDivide(num, den));
      exato = exato.times(new D(num).dividedBy(den));
    }
    // toPrecision(100) spells a double's exact binary value (new Decimal(x) would take its shortest decimal).
    const exatoDe = (x: number) => new D(x.toPrecision(100));
    const erro = exatoDe(dd.hi).plus(exatoDe(dd.lo)).minus(exato).abs().dividedBy(exato);
    expect(erro.lessThan(1e-25)).toBe(true);
    expect(Math.abs(ddMinusOne(dd) - exato.minus(1).toNumber())).toBeLessThan(1e-16);
  });
});

describe('exact money', () => {
  it('decimals are read as exact integers at a scale; beyond 15 digits is an error, not a rounding', () => {
    expect(mantissa('12.3400', 4)).toBe(123400);
    expect(mantissa(0.1, 2)).toBe(10);
    expect(mantissa('-3', 2)).toBe(-300);
    expect(mantissa(1e-7, 8)).toBe(10);
    expect(() => mantissa('12.345', 2)).toThrow('escala');
    expect(mantissa('123456789012.3456', 4)).toBe(1234567890123456);
    expect(() => mantissa('1234567890123.4567', 4)).toThrow('grandes demais');
  });

  it('to the cent, half up, as decimal.js would', () => {
    expect(reaisToNumber(10123450, 6)).toBe(10.12);
    expect(reaisToNumber(101235, 4)).toBe(10.12);
    expect(reaisToNumber(101250, 4)).toBe(10.13);
    expect(reaisToNumber(-101250, 4)).toBe(-10.13);
    expect(reaisToNumber(1234, 2)).toBe(12.34);
    expect(reaisToNumber(5, 0)).toBe(5);
  });
});

describe('the money-weighted solver', () => {
  it('no sign change of the equation: no rate', () => {
    // A withdrawal with no money ever put in.
    expect(solveMwr([{ peso: 0.5, valor: -10 }], 0)).toBeNull();
    expect(solveMwr([], 0)).toBeNull();
  });

  it('everything put in and nothing left nor withdrawn: −100 %', () => {
    expect(solveMwr([{ peso: 1, valor: 100 }], -1)).toBe(-1);
  });

  it('flows with two rates: the one nearest the time-weighted return', () => {
    // 100 in, 230 out half-way, 132 in at the end: (1+R) − 2.3 √(1+R) + 1.32 = 0 → √(1+R) = 1.1 or 1.2.
    const fluxos = [
      { peso: 1, valor: 100 },
      { peso: 0.5, valor: -230 },
      { peso: 0, valor: 132 },
    ];
    expect(solveMwr(fluxos, 0.2)).toBeCloseTo(0.21, 12);
    expect(solveMwr(fluxos, 0.5)).toBeCloseTo(0.44, 12);
  });

  it('a growth far from the guess is still found', () => {
    expect(
      solveMwr(
        [
          { peso: 1, valor: 100 },
          { peso: 0, valor: -1e6 },
        ],
        0,
      ),
    ).toBeCloseTo(9999, 8);
    expect(
      solveMwr(
        [
          { peso: 1, valor: 100 },
          { peso: 0, valor: -0.01 },
        ],
        0,
      ),
    ).toBeCloseTo(-0.9999, 14);
  });
});
