import { describe, expect, it } from 'vitest';
import type { RentabilidadeCliente, SessaoRentabilidade } from '../../../../contract';
import { ultimoDia } from '../../../../server/modules/relatorio/formato';
import { winAnsi } from '../../../../server/modules/relatorio/pdf/documento';
import { escala } from '../../../../server/modules/relatorio/pdf/grafico';
import { graficoDoAno } from '../../../../server/modules/relatorio/service';

/** The monthly report's pure parts: the year's chart rebased, its axis, the text the PDF fonts can write. */

const sessao = (data: string, acumulado: number, cdi: number | null, ibov: number | null) =>
  ({
    data,
    patrimonio: 0,
    compras: 0,
    vendas: 0,
    proventos: 0,
    retorno_dia: 0,
    acumulado,
    cdi_acumulado: cdi,
    ibov_acumulado: ibov,
  }) satisfies SessaoRentabilidade;

const historico = (anterior: string, serie: SessaoRentabilidade[]) =>
  ({ anterior, serie }) as Pick<RentabilidadeCliente, 'anterior' | 'serie'> as RentabilidadeCliente;

describe('the monthly report (server/modules/relatorio)', () => {
  it('draws the year from 0 at the close before it: each line rebased to it', () => {
    const g = graficoDoAno(
      historico('2024-12-27', [
        sessao('2024-12-30', 0.1, 0.01, 0.2),
        sessao('2025-01-02', 0.21, 0.0201, 0.32),
        sessao('2025-01-03', 0.155, 0.0302, null),
      ]),
      '2025',
    );
    expect(g.inicio).toBe('2024-12-30');
    expect(g.carteira.map((p) => p.data)).toEqual(['2024-12-30', '2025-01-02', '2025-01-03']);
    expect(g.carteira[1]!.valor).toBeCloseTo(10, 10);
    expect(g.carteira[2]!.valor).toBeCloseTo(5, 10);
    expect(g.cdi[2]!.valor).toBeCloseTo((1.0302 / 1.01 - 1) * 100, 10);
    // A session without the Ibovespa is left out of its line.
    expect(g.ibov.map((p) => p.data)).toEqual(['2024-12-30', '2025-01-02']);
  });

  it('starts a history begun this year at 0 on its first base, and has no line for an unknown benchmark', () => {
    const g = graficoDoAno(
      historico('2025-03-07', [sessao('2025-03-10', 0.02, 0.0005, null)]),
      '2025',
    );
    expect(g.carteira.map((p) => p.data)).toEqual(['2025-03-07', '2025-03-10']);
    expect(g.carteira[0]!.valor).toBe(0);
    expect(g.carteira[1]!.valor).toBeCloseTo(2, 10);
    expect(g.ibov).toEqual([]);
  });

  it('puts about four round lines between the lowest and the highest value, 0 among them', () => {
    expect(escala(-3.2, 11.04)).toEqual({ de: -5, ate: 15, passo: 5 });
    expect(escala(0.1, 0.9)).toEqual({ de: 0, ate: 1, passo: 0.25 });
    expect(escala(-40, -2)).toEqual({ de: -40, ate: 0, passo: 10 });
  });

  it('writes only what the standard PDF fonts can: Portuguese letters kept, other signs replaced', () => {
    expect(winAnsi('Ação — João · 1,23\u00a0% “ok” • €')).toBe(
      'Ação — João · 1,23\u00a0% “ok” • €',
    );
    expect(winAnsi('meta − 0,10 p.p.; x ≥ 1')).toBe('meta - 0,10 p.p.; x >= 1');
    // A decomposed accent (as some systems type it) is composed first.
    expect(winAnsi('Conceic\u0327a\u0303o')).toBe('Conceição');
    expect(winAnsi('Łódź 🙂')).toBe('?ód? ?');
    expect(ultimoDia('2024-02')).toBe('2024-02-29');
    expect(ultimoDia('2025-12')).toBe('2025-12-31');
  });
});
