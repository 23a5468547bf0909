import { describe, expect, it } from 'vitest';
import { apurarIr, mesIr } from '../../../shared/ir';
import { compra, entrada, mes, venda } from './helpers';

/** Rule 2: day trade (IN RFB 1.585/2015, art. 65). */
describe('rule 2: day trade', () => {
  it('is the smaller of the day’s bought and sold quantities whatever was held before; the average is untouched', () => {
    const e = entrada([
      compra('2026-03-02', 'VALE3', 100, '10.00'),
      venda('2026-03-16', 'VALE3', 100, '12.00'), // sold first…
      compra('2026-03-16', 'VALE3', 100, '11.00'), // …bought back: a day trade of 100 at 12 − 11
    ]);
    const m = mes(e, '2026-03');
    expect(m.linhas).toEqual([
      expect.objectContaining({ tipo: 'day_trade', quantidade: 100, resultado: '100.00' }),
    ]);
    expect(m.posicoes[0]).toMatchObject({ quantidade: 100, custo_medio: '10.000000' });
    expect(m.resultado_comum).toBe('0.00');
    expect([m.imposto, m.irrf, m.darf_valor]).toEqual(['20.00', '0.00', '20.00']); // 1.00: not over R$ 1.00
  });

  it('the rest of the day’s buys join the average with their share of the costs', () => {
    const e = entrada([
      compra('2026-03-16', 'VALE3', 100, '20.00', '1.00'),
      compra('2026-03-16', 'VALE3', 200, '20.00', '2.00'),
      venda('2026-03-16', 'VALE3', 100, '22.00', '1.00'),
    ]);
    const m = mes(e, '2026-03');
    // Day trade: 2,200.00 − 1.00 − (6,000.00 + 3.00) × 100/300 = 198.00.
    expect(m.linhas).toEqual([
      {
        ticker: 'VALE3',
        classe: 'acao',
        tipo: 'day_trade',
        quantidade: 100,
        valor_venda: '2200.00',
        custo: '2002.00',
        resultado: '198.00',
      },
    ]);
    expect(m.posicoes[0]).toMatchObject({
      quantidade: 200,
      custo_medio: '20.010000',
      custo_total: '4002.00',
    });
  });

  it('the rest of the day’s sales are common sales at the average cost, and only they count toward the R$ 20,000', () => {
    const e = entrada([
      compra('2026-03-02', 'VALE3', 500, '10.00'),
      compra('2026-03-16', 'VALE3', 100, '20.00'),
      venda('2026-03-16', 'VALE3', 300, '21.00', '3.00'),
    ]);
    const m = mes(e, '2026-03');
    expect(m.linhas).toEqual([
      // 200 × 21.00 at the average 10.00, with 2/3 of the sale's costs.
      expect.objectContaining({
        tipo: 'comum',
        quantidade: 200,
        valor_venda: '4200.00',
        custo: '2002.00',
        resultado: '2198.00',
      }),
      expect.objectContaining({
        tipo: 'day_trade',
        quantidade: 100,
        valor_venda: '2100.00',
        custo: '2001.00',
        resultado: '99.00',
      }),
    ]);
    expect(m.vendas_acoes).toBe('4200.00');
    expect(m.isento).toBe(true);
    expect(m.posicoes[0]).toMatchObject({ quantidade: 300, custo_medio: '10.000000' });
    // The stock gain is exempt, the day trade is not: 99.00 × 20 %.
    expect(m.imposto).toBe('19.80');
  });

  it('uses the day’s average prices, however the trades were paired', () => {
    const e = entrada([
      compra('2026-03-16', 'ITSA4', 100, '10.00'),
      venda('2026-03-16', 'ITSA4', 100, '10.50'),
      compra('2026-03-16', 'ITSA4', 100, '11.00'),
      venda('2026-03-16', 'ITSA4', 100, '10.80'),
    ]);
    // (10.65 − 10.50) × 200 = 30.00.
    expect(mes(e, '2026-03').linhas[0]).toMatchObject({ quantidade: 200, resultado: '30.00' });
  });

  it('is taxed at 20 % for units, ETFs and BDRs too; an FII day trade goes to the FII bucket', () => {
    const e = entrada([
      compra('2026-03-16', 'BOVA11', 100, '100.00', '0', 'etf'),
      venda('2026-03-16', 'BOVA11', 100, '101.00', '0', 'etf'),
      compra('2026-03-17', 'HGLG11', 10, '160.00', '0', 'fii'),
      venda('2026-03-17', 'HGLG11', 10, '170.00', '0', 'fii'),
    ]);
    const m = mes(e, '2026-03');
    expect([m.resultado_day_trade, m.resultado_fii, m.resultado_comum]).toEqual([
      '100.00',
      '100.00',
      '0.00',
    ]);
    expect(m.apuracao.day_trade.imposto).toBe('20.00');
    expect(m.apuracao.fii.imposto).toBe('20.00');
    expect(m.linhas.map((l) => [l.ticker, l.tipo])).toEqual([
      ['BOVA11', 'day_trade'],
      ['HGLG11', 'day_trade'],
    ]);
  });

  it('a day-trade loss stays in its bucket and offsets later day-trade gains only', () => {
    const e = entrada([
      compra('2026-01-12', 'PETR4', 1000, '30.00'),
      venda('2026-01-12', 'PETR4', 1000, '29.50'), // −500.00 day trade
      ...[
        compra('2026-02-02', 'VALE3', 1000, '60.00'),
        venda('2026-02-10', 'VALE3', 1000, '61.00'),
      ], // +1,000.00 common, taxable
      compra('2026-03-16', 'PETR4', 1000, '30.00'),
      venda('2026-03-16', 'PETR4', 1000, '30.80'), // +800.00 day trade
    ]);
    const a = apurarIr(e, '2026-03');
    expect(mesIr(a, '2026-01').prejuizo_day_trade).toBe('500.00');
    const fev = mesIr(a, '2026-02');
    expect([fev.imposto, fev.prejuizo_day_trade]).toEqual(['150.00', '500.00']);
    const mar = mesIr(a, '2026-03');
    expect(mar.apuracao.day_trade).toMatchObject({
      prejuizo_compensado: '500.00',
      base: '300.00',
      imposto: '60.00',
    });
    expect(mar.prejuizo_day_trade).toBe('0.00');
  });
});
