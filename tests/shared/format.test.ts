import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/format';

describe('formatMoney', () => {
  it('puts the minus sign before R$, as Brazilian statements do', () => {
    expect(formatMoney(-8713.14)).toBe('-R$ 8.713,14');
    expect(formatMoney(8713.14)).toBe('R$ 8.713,14');
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMoney(null)).toBe('—');
  });

  it('shows no minus for what rounds to zero cents', () => {
    expect(formatMoney(-0.004)).toBe('R$ 0,00');
    expect(formatMoney(-0)).toBe('R$ 0,00');
  });
});
