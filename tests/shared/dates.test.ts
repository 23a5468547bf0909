import { describe, expect, it } from 'vitest';
import { isoFromBr, maskBrDate } from '../../shared/dates';

describe('dates typed as dd/mm/aaaa', () => {
  it('puts the slashes in as digits are typed, and turns a pasted aaaa-mm-dd around', () => {
    expect(['0', '01', '011', '0110', '01102', '01102025', '011020251'].map(maskBrDate)).toEqual([
      '0',
      '01',
      '01/1',
      '01/10',
      '01/10/2',
      '01/10/2025',
      '01/10/2025',
    ]);
    expect(maskBrDate('01/10/2025')).toBe('01/10/2025');
    expect(maskBrDate('2025-10-01')).toBe('01/10/2025');
    expect(maskBrDate('a1b')).toBe('1');
  });

  it('reads only real dates', () => {
    expect(isoFromBr('01/10/2025')).toBe('2025-10-01');
    expect(isoFromBr(' 29/02/2024 ')).toBe('2024-02-29');
    expect(isoFromBr('29/02/2025')).toBeNull();
    expect(isoFromBr('1/10/2025')).toBeNull();
    expect(isoFromBr('2025-10-01')).toBeNull();
    expect(isoFromBr('')).toBeNull();
  });
});
