import { describe, expect, it } from 'vitest';
import { planRebalance } from '../../../shared/rebalanceamento';
import { MODELO, cliente, clienteA, leg, posicao } from './fixtures';

const resumo = (ordens: ReadonlyArray<{ ticker: string; lado: string; quantidade: number }>) =>
  ordens.map((o) => [o.ticker, o.lado, o.quantidade]);

describe('the R$ 20,000.00 monthly exemption (respeitar_isencao, on by default)', () => {
  it('leaves the sales alone while the month’s stock sales plus the planned ones stay within it', () => {
    // 15,000.00 already sold + PETR4 90 × 40.00 = 18,600.00.
    const plano = planRebalance(clienteA({ vendasAcoesMes: '15000.00' }), { modo: 'completo' });
    expect(resumo(plano.ordens)[0]).toEqual(['PETR4', 'venda', 90]);
    expect(plano.avisos).toEqual([]);
  });

  it('cuts a sale to what fits: 18,000.00 sold, PETR4 90 becomes 50 (20,000.00 exactly) and says so', () => {
    const plano = planRebalance(clienteA({ vendasAcoesMes: 18000 }), { modo: 'completo' });
    expect(plano.ordens[0]).toEqual({
      ticker: 'PETR4',
      lado: 'venda',
      quantidade: 50,
      legs: [leg('PETR4F', 50)],
    });
    expect(plano.avisos).toEqual([
      'PETR4: venda limitada pela isenção (R$ 20.000,00 em vendas de ações no mês, R$ 18.000,00 já vendidos): de 90 ações para 50 ações.',
    ]);
    // The buys are sized on the 2,000.00 the cut sale still raises: 12,000.00 pays the 10,800.00 of buys.
    expect(resumo(plano.ordens.slice(1))).toEqual([
      ['VALE3', 'compra', 40],
      ['ITUB4', 'compra', 240],
    ]);
    expect(plano.caixa_depois).toBe(1200);
  });

  describe('several sales', () => {
    // V = 70,000.00, no cash: PETR4 is 37.14 points over (650 shares to sell), VALE3 5.71 (66 shares), BOVA11 (an
    // ETF outside the model) is all sold; ITUB4 lacks 35,000.00.
    const modelo = {
      ...MODELO,
      itens: [
        { ticker: 'PETR4', peso: 20 },
        { ticker: 'VALE3', peso: 20 },
        { ticker: 'ITUB4', peso: 50 },
      ],
    };
    const varios = cliente({
      modelo,
      posicoes: [
        posicao('PETR4', 1000, '40.00'),
        posicao('VALE3', 300, '60.00'),
        posicao('BOVA11', 100, '120.00', { classe: 'etf' }),
      ],
    });

    it('without the exemption: every sale to target, the buy paid by them', () => {
      const plano = planRebalance(varios, { modo: 'completo', respeitar_isencao: false });
      expect(resumo(plano.ordens)).toEqual([
        ['PETR4', 'venda', 650],
        ['VALE3', 'venda', 66],
        ['BOVA11', 'venda', 100],
        ['ITUB4', 'compra', 1000],
      ]);
      expect(plano.avisos).toEqual([]);
      expect(plano.caixa_depois).toBe(6960);
    });

    it('cuts the least overweight first (VALE3 whole, then PETR4 to 500); the ETF’s sale does not count', () => {
      // Stock sales 26,000.00 + 3,960.00 = 29,960.00: 9,960.00 too many. VALE3's 3,960.00 go, then 150 PETR4.
      const plano = planRebalance(varios, { modo: 'completo' });
      expect(resumo(plano.ordens)).toEqual([
        ['PETR4', 'venda', 500],
        ['BOVA11', 'venda', 100],
        ['ITUB4', 'compra', 914],
      ]);
      expect(plano.avisos).toEqual([
        'VALE3: venda limitada pela isenção (R$ 20.000,00 em vendas de ações no mês, R$ 0,00 já vendidos): de 66 ações para 0 ações.',
        'PETR4: venda limitada pela isenção (R$ 20.000,00 em vendas de ações no mês, R$ 0,00 já vendidos): de 650 ações para 500 ações.',
        'Compras limitadas ao caixa disponível depois das vendas (R$ 32.000,00).',
      ]);
      // 20,000.00 + 12,000.00 raised buy 914 ITUB4 (31,990.00).
      expect(plano.caixa_depois).toBe(10);
    });

    it('units, ETFs, BDRs and FIIs never count: the same holdings as units sell in full', () => {
      const comoUnits = {
        ...varios,
        posicoes: varios.posicoes.map((p) => ({ ...p, classe: 'unit' as const })),
      };
      expect(resumo(planRebalance(comoUnits, { modo: 'completo' }).ordens).slice(0, 3)).toEqual([
        ['PETR4', 'venda', 650],
        ['VALE3', 'venda', 66],
        ['BOVA11', 'venda', 100],
      ]);
    });

    it('so_venda is capped too', () => {
      // Cash target 7,000.00: PETR4 alone raises it (175 shares); with 19,000.00 sold this month only 25 fit.
      const plano = planRebalance({ ...varios, vendasAcoesMes: 19000 }, { modo: 'so_venda' });
      expect(resumo(plano.ordens)).toEqual([['PETR4', 'venda', 25]]);
      expect(plano.avisos).toHaveLength(1);
    });
  });

  it('a remnant under valor_minimo goes with the cut', () => {
    // 19,950.00 sold: 3,550.00 too many of the 3,600.00 planned; one share (40.00) would be left: none is.
    const plano = planRebalance(clienteA({ vendasAcoesMes: 19950 }), { modo: 'completo' });
    expect(plano.ordens.filter((o) => o.lado === 'venda')).toEqual([]);
    expect(plano.avisos[0]).toContain('de 90 ações para 0 ações');
  });

  it('a month already past R$ 20,000.00 sells no stock (the sale waits for a month it may be exempt in)', () => {
    const plano = planRebalance(clienteA({ vendasAcoesMes: 25000 }), { modo: 'completo' });
    expect(plano.ordens.filter((o) => o.lado === 'venda')).toEqual([]);
  });
});
