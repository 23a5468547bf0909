import { describe, expect, it } from 'vitest';
import { combineResumo, type GrupoOperacoes, type ResumoRaw } from '../../shared/resumo';

const aberta = (
  ticker: string,
  compra: string,
  quantidade: string,
  primeira: string,
): GrupoOperacoes => ({
  ticker,
  aberta: true,
  compra,
  resultado: null,
  quantidade,
  custo: compra,
  primeira_compra: primeira,
});
const realizada = (ticker: string, resultado: string, primeira: string): GrupoOperacoes => ({
  ticker,
  aberta: false,
  compra: '1000.00',
  resultado,
  quantidade: '100',
  custo: '1000',
  primeira_compra: primeira,
});
const raw = (
  patrimonio: string | null,
  percentual: string,
  grupos: GrupoOperacoes[],
): ResumoRaw => ({
  patrimonio,
  percentual_patrimonio: percentual,
  grupos,
});

describe('the client summary (server-design §4)', () => {
  it('no operations and no patrimony: zeros, nulls where patrimony is needed', () => {
    expect(combineResumo(raw(null, '20', []), new Map(), '2025-03-01')).toEqual({
      patrimonio: null,
      percentual_patrimonio: 20,
      posicionadas: 0,
      valor_disponivel: null,
      realizadas: 0,
      posicionado: 0,
      dias_total: 0,
      rentabilidade_mensal: null,
      proventos_recebidos: 0,
    });
  });

  it('every figure on a hand-computed portfolio, a stock without a quote left out of posicionado', () => {
    const grupos = [
      aberta('PETR4', '1000.00', '100', '2025-01-01'),
      aberta('VALE3', '500.00', '10', '2025-02-01'),
      realizada('ITUB3', '200.00', '2024-12-01'),
    ];
    // posicionado = 12 × 100 − 1000 = 200 (VALE3 has no quote); base RV = 100000 × 10 % = 10000;
    // 90 days → 3 months; (200 + 200) / 10000 × 100 / 3 = 1.333…
    expect(
      combineResumo(raw('100000.00', '10.00', grupos), new Map([['PETR4', 12]]), '2025-03-01'),
    ).toEqual({
      patrimonio: 100000,
      percentual_patrimonio: 10,
      posicionadas: 1500,
      valor_disponivel: 8500,
      realizadas: 200,
      posicionado: 200,
      dias_total: 90,
      rentabilidade_mensal: 1.33,
      proventos_recebidos: 0,
    });
  });

  it('proventos recebidos is their sum to the cent, and leaves every figure of the specification as it was', () => {
    const grupos = [
      aberta('PETR4', '1000.00', '100', '2025-01-01'),
      realizada('ITUB3', '200.00', '2024-12-01'),
    ];
    const quotes = new Map([['PETR4', 12]]);
    const sem = combineResumo(raw('100000.00', '10.00', grupos), quotes, '2025-03-01');
    const com = combineResumo(
      { ...raw('100000.00', '10.00', grupos), proventos: '123.455' },
      quotes,
      '2025-03-01',
    );
    expect(com).toEqual({ ...sem, proventos_recebidos: 123.46 });
  });

  it('losses and a negative available value', () => {
    const grupos = [
      aberta('PETR4', '30000.00', '1000', '2025-02-19'),
      realizada('ITUB3', '-450.55', '2025-02-20'),
    ];
    // posicionado = 28.5 × 1000 − 30000 = −1500; base = 20000 × 50 % = 10000 → disponível −20000;
    // 10 days count as one month: (−450.55 − 1500) / 10000 × 100 = −19.5055 → −19.51.
    expect(
      combineResumo(raw('20000', '50', grupos), new Map([['PETR4', 28.5]]), '2025-03-01'),
    ).toMatchObject({
      posicionadas: 30000,
      valor_disponivel: -20000,
      realizadas: -450.55,
      posicionado: -1500,
      dias_total: 10,
      rentabilidade_mensal: -19.51,
    });
  });

  it('a zero percentual or a zero patrimony gives no monthly return', () => {
    const grupos = [aberta('PETR4', '1000.00', '100', '2025-01-01')];
    const quotes = new Map([['PETR4', 11]]);
    expect(combineResumo(raw('50000', '0', grupos), quotes, '2025-03-01')).toMatchObject({
      percentual_patrimonio: 0,
      valor_disponivel: -1000,
      posicionado: 100,
      rentabilidade_mensal: null,
    });
    expect(
      combineResumo(raw('0', '20', grupos), quotes, '2025-03-01').rentabilidade_mensal,
    ).toBeNull();
  });

  it('missing quotes leave posicionado at zero; a future purchase counts zero days', () => {
    const grupos = [aberta('PETR4', '1000.00', '100', '2025-04-01')];
    expect(combineResumo(raw('10000', '100', grupos), new Map(), '2025-03-01')).toMatchObject({
      posicionadas: 1000,
      posicionado: 0,
      dias_total: 0,
      rentabilidade_mensal: 0,
    });
  });

  it('rounds money to cents only at the end (half away from zero)', () => {
    // 3 × (10.005 − 10) = 0.015 exactly → 0.02; per-share rounding first would give 0.03 or 0.
    const grupos = [aberta('X', '30.00', '3', '2025-03-01')];
    expect(
      combineResumo(raw(null, '0', grupos), new Map([['X', 10.005]]), '2025-03-01').posicionado,
    ).toBe(0.02);
  });
});
