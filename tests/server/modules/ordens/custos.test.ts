import { describe, expect, it } from 'vitest';
import { custosDaOrdem, custosDosDeals } from '../../../../server/modules/ordens/custos';

const perna = (volume_filled: number, price_avg: string | null, commission = '0', fee = '0') => ({
  volume_filled,
  price_avg,
  commission,
  fee,
});

describe("a leg's costs from its deals", () => {
  it('keeps the size of what MT5 reports negative, deal by deal', () => {
    expect(
      custosDosDeals([
        { volume: 200, price: 40.01, commission: -2.5, fee: -0.8 },
        { volume: 300, price: 40.04, commission: -2.5, fee: -1.2 },
      ]),
    ).toEqual({ commission: '5.0000', fee: '2.0000' });
  });

  it('takes a cost sent positive as the same cost, and keeps 4 places', () => {
    expect(custosDosDeals([{ volume: 1, price: 1, commission: 0.12345, fee: -0.00005 }])).toEqual({
      commission: '0.1235',
      fee: '0.0001',
    });
  });

  it('costs nothing for an older agent (no deals) or a deal without commission and fee', () => {
    expect(custosDosDeals(undefined)).toEqual({ commission: '0.0000', fee: '0.0000' });
    expect(custosDosDeals([{ volume: 100, price: 38 }])).toEqual({
      commission: '0.0000',
      fee: '0.0000',
    });
  });
});

describe("an order's costs", () => {
  it("adds the terminal's costs and the B3 percentage of the traded value over every leg", () => {
    // 300 × 38.01 + 50 × 38.02 = 11,403.00 + 1,901.00 = 13,304.00; 0.03 % = 3.9912; + 5.00 + 1.33 = 10.3212.
    expect(
      custosDaOrdem(
        [perna(300, '38.0100', '2.5000', '1.1400'), perna(50, '38.0200', '2.5000', '0.1900')],
        '0.03',
      ),
    ).toBe('10.32');
  });

  it('rounds half up to the cent once, on the total, never leg by leg', () => {
    // Each leg's B3 fee is 0.0045 (15.00 × 0.03 %): 0.00 leg by leg, 0.009 → 0.01 together.
    expect(custosDaOrdem([perna(1, '15.0000'), perna(1, '15.0000')], '0.03')).toBe('0.01');
    // Exactly half a cent goes up: 50.00 × 0.01 % = 0.005.
    expect(custosDaOrdem([perna(1, '50.0000')], '0.01')).toBe('0.01');
  });

  it('counts only what filled, and nothing of the B3 fees at 0 %', () => {
    expect(custosDaOrdem([perna(0, null, '0', '0'), perna(10, '20.0000')], '0.03')).toBe('0.06');
    expect(custosDaOrdem([perna(100, '38.0100', '2.5000', '0.3801')], '0')).toBe('2.88');
  });
});
