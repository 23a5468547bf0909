import { describe, expect, it } from 'vitest';
import { resultadoAberto, totaisAbertas, totaisRealizadas } from '../../shared/resultados';

describe('results in reais (shared/resultados)', () => {
  it("values a position at today's quote, to the cent, without binary drift", () => {
    // 0.1 × 3 is 0.30000000000000004 in floats.
    expect(resultadoAberto({ valor_total_compra: 0.2, quantidade: 3, preco_atual: 0.1 })).toBe(0.1);
    expect(
      resultadoAberto({ valor_total_compra: 100, quantidade: 3, preco_atual: null }),
    ).toBeNull();
  });

  it('weighs the variation by cost and leaves unquoted positions out of it', () => {
    const t = totaisAbertas([
      { valor_total_compra: 1000, quantidade: 10, preco_atual: 110 },
      { valor_total_compra: 9000, quantidade: 100, preco_atual: 81 },
      { valor_total_compra: 500, quantidade: 5, preco_atual: null },
    ]);
    expect(t).toEqual({
      comprado: 10500,
      valorAtual: 9200,
      resultado: -800,
      variacao: -8,
      semCotacao: 1,
    });
    expect(totaisAbertas([])).toMatchObject({ comprado: 0, resultado: null, variacao: null });
  });

  it('sums realised operations over ten thousand rows exactly', () => {
    const rows = Array.from({ length: 10_000 }, () => ({
      valor_total_compra: 0.1,
      valor_total_venda: 0.2,
    }));
    expect(totaisRealizadas(rows)).toEqual({
      comprado: 1000,
      vendido: 2000,
      resultado: 1000,
      percentual: 100,
    });
  });
});
