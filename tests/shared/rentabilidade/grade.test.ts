import { describe, expect, it } from 'vitest';
import { buildGrade, type MesRentabilidade } from '../../../shared/rentabilidade';

const mes = (
  m: string,
  retorno: number,
  cdi: number | null,
  ibov: number | null = 0,
): MesRentabilidade => ({
  mes: m,
  retorno,
  cdi,
  ibov,
  percentual_cdi: cdi ? retorno / cdi : null,
});

describe('the monthly grid', () => {
  const meses = [
    mes('2024-11', 0.02, 0.01, 0.03),
    mes('2024-12', -0.01, 0.01, -0.02),
    mes('2025-01', 0.03, 0.01, 0.01),
    mes('2025-03', 0.01, 0.0125, 0.05),
  ];
  const grade = buildGrade(meses);

  it('a row per year, Jan–Dez with the months outside the period empty', () => {
    expect(grade.map((a) => a.ano)).toEqual([2024, 2025]);
    expect(grade[0]!.carteira.meses).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      0.02,
      -0.01,
    ]);
    expect(grade[1]!.carteira.meses.slice(0, 4)).toEqual([0.03, null, 0.01, null]);
    expect(grade[1]!.percentual_cdi.meses.slice(0, 3)).toEqual([
      expect.closeTo(3, 14),
      null,
      expect.closeTo(0.8, 14),
    ]);
  });

  it("Ano chains the year's months; Acumulado chains every month so far", () => {
    expect(grade[0]!.carteira.ano).toBeCloseTo(1.02 * 0.99 - 1, 15);
    expect(grade[0]!.carteira.acumulado).toBeCloseTo(1.02 * 0.99 - 1, 15);
    expect(grade[1]!.carteira.ano).toBeCloseTo(1.03 * 1.01 - 1, 15);
    expect(grade[1]!.carteira.acumulado).toBeCloseTo(1.02 * 0.99 * 1.03 * 1.01 - 1, 15);
    expect(grade[1]!.cdi.ano).toBeCloseTo(1.01 * 1.0125 - 1, 15);
    expect(grade[1]!.ibov.acumulado).toBeCloseTo(1.03 * 0.98 * 1.01 * 1.05 - 1, 15);
  });

  it('% do CDI of the year and of the accumulated are ratios of the chained returns, not sums of ratios', () => {
    expect(grade[1]!.percentual_cdi.ano).toBeCloseTo((1.03 * 1.01 - 1) / (1.01 * 1.0125 - 1), 12);
    expect(grade[1]!.percentual_cdi.acumulado).toBeCloseTo(
      (1.02 * 0.99 * 1.03 * 1.01 - 1) / (1.01 * 1.01 * 1.01 * 1.0125 - 1),
      12,
    );
  });

  it('an unknown benchmark month leaves its year and the accumulated from then on unknown', () => {
    const semIbov = buildGrade([
      mes('2024-12', 0.01, 0.01, null),
      mes('2025-01', 0.01, 0.01, 0.02),
    ]);
    expect(semIbov[0]!.ibov).toEqual({
      meses: [...new Array(11).fill(null), null],
      ano: null,
      acumulado: null,
    });
    expect(semIbov[1]!.ibov).toMatchObject({ ano: expect.closeTo(0.02, 15), acumulado: null });
    expect(buildGrade([])).toEqual([]);
  });
});
