import { describe, expect, it } from 'vitest';
import { buildPeriodo } from '../../../../server/modules/rentabilidade/leitura';

describe('rentabilidade: the sessions of a period', () => {
  const cheia = [
    '2025-01-02',
    '2025-01-03',
    '2025-01-06',
    '2025-01-07',
    '2025-01-08',
    '2025-01-09',
  ];

  it("joins every stock's days in [de, ate], the session before being the last day before `de`", () => {
    const lacuna = ['2024-12-30', '2025-01-03', '2025-01-07', '2025-01-08'];
    const extra = [
      '2025-01-02',
      '2025-01-03',
      '2025-01-04',
      '2025-01-06',
      '2025-01-07',
      '2025-01-08',
    ];
    const periodo = buildPeriodo('2025-01-03', '2025-01-08', [cheia, lacuna, cheia, extra, []]);
    expect(periodo).toEqual({
      anterior: '2025-01-02',
      sessoes: ['2025-01-03', '2025-01-04', '2025-01-06', '2025-01-07', '2025-01-08'],
    });
  });

  it('walks a list that starts as an earlier one and goes on inside the period', () => {
    const curta = ['2025-01-03', '2025-01-06'];
    const longa = ['2025-01-03', '2025-01-06', '2025-01-07'];
    expect(buildPeriodo('2025-01-03', '2025-01-08', [curta, longa]).sessoes).toEqual(longa);
  });

  it('takes the day before `de` as the session before when nothing traded earlier', () => {
    expect(buildPeriodo('2025-01-02', '2025-01-03', [cheia])).toEqual({
      anterior: '2025-01-01',
      sessoes: ['2025-01-02', '2025-01-03'],
    });
    expect(buildPeriodo('2026-01-01', '2026-01-31', [cheia])).toEqual({
      anterior: '2025-01-09',
      sessoes: [],
    });
  });
});
