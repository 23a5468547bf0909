import { describe, expect, it } from 'vitest';
import { formatDateTimeMinutes, formatMoney } from '../../shared/format';

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

describe('formatDateTimeMinutes', () => {
  it('shows an instant as São Paulo’s date and time to the minute', () => {
    expect(formatDateTimeMinutes('2025-10-29T20:00:00.000Z')).toBe('29/10/2025 17:00');
    expect(formatDateTimeMinutes('2026-01-02T02:30:00Z')).toBe('01/01/2026 23:30');
    expect(formatDateTimeMinutes(null)).toBe('—');
  });
});
