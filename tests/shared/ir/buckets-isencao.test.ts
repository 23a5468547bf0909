import { describe, expect, it } from 'vitest';
import { apurarIr, mesIr } from '../../../shared/ir';
import { compra, entrada, giro, mes, venda } from './helpers';

/** Rule 3: three buckets, each with its own losses, carried with no time limit, across years. */
describe('rule 3: buckets and losses', () => {
  it('a common loss does not offset a day-trade or an FII gain of the same month', () => {
    const e = entrada([
      ...giro('2026-03', 'BOVA11', 'etf', 100, '100.00', '90.00'), // −1,000.00 common
      compra('2026-03-16', 'PETR4', 100, '30.00'),
      venda('2026-03-16', 'PETR4', 100, '35.00'), // +500.00 day trade
      ...giro('2026-03', 'HGLG11', 'fii', 10, '150.00', '160.00'), // +100.00 FII
    ]);
    const m = mes(e, '2026-03');
    expect(m.apuracao.comum).toMatchObject({ resultado: '-1000.00', imposto: '0.00' });
    expect(m.apuracao.day_trade).toMatchObject({
      base: '500.00',
      aliquota: '0.2',
      imposto: '100.00',
    });
    expect(m.apuracao.fii).toMatchObject({ base: '100.00', aliquota: '0.2', imposto: '20.00' });
    expect([m.imposto, m.prejuizo_comum, m.prejuizo_day_trade, m.prejuizo_fii]).toEqual([
      '120.00',
      '1000.00',
      '0.00',
      '0.00',
    ]);
  });

  it('a loss offsets later gains only, never an earlier month, and crosses years', () => {
    const e = entrada([
      ...giro('2025-10', 'HGLG11', 'fii', 100, '150.00', '155.00'), // +500.00: taxed in October
      ...giro('2025-11', 'HGLG11', 'fii', 100, '150.00', '140.00'), // −1,000.00
      ...giro('2027-02', 'HGLG11', 'fii', 100, '150.00', '162.00'), // +1,200.00
    ]);
    const a = apurarIr(e, '2027-02');
    expect(mesIr(a, '2025-10').imposto).toBe('100.00');
    expect(mesIr(a, '2025-11').prejuizo_fii).toBe('1000.00');
    expect(mesIr(a, '2026-12').prejuizo_fii).toBe('1000.00');
    const fev = mesIr(a, '2027-02');
    expect(fev.apuracao.fii).toMatchObject({
      prejuizo_compensado: '1000.00',
      base: '200.00',
      imposto: '40.00',
    });
    expect(fev.prejuizo_fii).toBe('0.00');
  });

  it('within a month and a bucket, results of different assets add up', () => {
    const e = entrada([
      ...giro('2026-03', 'BOVA11', 'etf', 100, '100.00', '120.00'), // +2,000.00
      ...giro('2026-03', 'TAEE11', 'unit', 100, '40.00', '30.00'), // −1,000.00
    ]);
    expect(mes(e, '2026-03').apuracao.comum).toMatchObject({
      resultado: '1000.00',
      imposto: '150.00',
    });
  });

  it('an opening balance replaces what was carried into its year', () => {
    const saldo = {
      prejuizo_comum: '0',
      prejuizo_day_trade: '250.00',
      prejuizo_fii: '0',
      irrf_a_compensar: '0',
    };
    const e = entrada(giro('2025-11', 'BOVA11', 'etf', 100, '100.00', '90.00'), {
      saldosIniciais: { 2026: saldo },
    });
    const a = apurarIr(e, '2026-01');
    expect(mesIr(a, '2025-12').prejuizo_comum).toBe('1000.00');
    const jan = mesIr(a, '2026-01');
    expect([jan.prejuizo_comum, jan.prejuizo_day_trade]).toEqual(['0.00', '250.00']);
    expect(jan.avisos.map((x) => x.codigo)).toContain('saldo_inicial');
  });
});

/** Rule 4: stock sales up to R$ 20,000.00 a month (with the sales made elsewhere) are exempt. */
describe('rule 4: the exemption', () => {
  it('sales made elsewhere count: 15,000.00 here and 5,000.01 elsewhere tax the whole gain', () => {
    const ops = giro('2026-03', 'WEGE3', 'acao', 1000, '14.00', '15.00');
    const sem = mes(entrada(ops), '2026-03');
    expect([sem.vendas_acoes, sem.isento, sem.imposto]).toEqual(['15000.00', true, '0.00']);
    const com = mes(entrada(ops, { vendasExternas: { '2026-03': '5000.01' } }), '2026-03');
    expect([com.vendas_acoes, com.isento, com.imposto]).toEqual(['20000.01', false, '150.00']);
    expect(com.vendas_externas).toBe('5000.01');
    expect(com.avisos.map((a) => a.codigo)).toContain('vendas_externas');
  });

  it('units, ETFs, BDRs and FIIs neither count toward the limit nor are exempt', () => {
    const e = entrada([
      ...giro('2026-03', 'WEGE3', 'acao', 1000, '14.00', '15.00'), // 15,000.00 of stocks: +1,000.00 exempt
      ...giro('2026-03', 'AAPL34', 'bdr', 1000, '40.00', '41.00'), // 41,000.00 of BDRs: +1,000.00 taxed
    ]);
    const m = mes(e, '2026-03');
    expect([m.vendas_acoes, m.isento]).toEqual(['15000.00', true]);
    expect(m.apuracao.comum).toMatchObject({
      resultado: '2000.00',
      isento: '1000.00',
      base: '1000.00',
      imposto: '150.00',
    });
  });

  it('a loss in an exempt month still joins the carry', () => {
    const e = entrada([
      ...giro('2026-02', 'WEGE3', 'acao', 1000, '15.00', '14.00'), // −1,000.00 with 14,000.00 of sales
      ...giro('2026-03', 'VALE3', 'acao', 1000, '60.00', '61.50'), // +1,500.00, taxable
    ]);
    const a = apurarIr(e, '2026-03');
    expect(mesIr(a, '2026-02')).toMatchObject({ isento: true, prejuizo_comum: '1000.00' });
    const mar = mesIr(a, '2026-03');
    expect(mar.apuracao.comum).toMatchObject({
      prejuizo_compensado: '1000.00',
      base: '500.00',
      imposto: '75.00',
    });
  });

  it('a gain in an exempt month does not consume the carry', () => {
    const e = entrada(giro('2026-03', 'WEGE3', 'acao', 1000, '14.00', '15.00'), {
      saldosIniciais: {
        2026: {
          prejuizo_comum: '800.00',
          prejuizo_day_trade: '0',
          prejuizo_fii: '0',
          irrf_a_compensar: '0',
        },
      },
    });
    const m = mes(e, '2026-03');
    expect(m.apuracao.comum).toMatchObject({
      isento: '1000.00',
      prejuizo_compensado: '0.00',
      imposto: '0.00',
    });
    expect(m.prejuizo_comum).toBe('800.00');
  });

  it('in an exempt month the stocks’ net loss offsets the same month’s taxable gains of the bucket', () => {
    const e = entrada([
      ...giro('2026-03', 'WEGE3', 'acao', 1000, '15.00', '14.00'), // −1,000.00 of stocks, exempt month
      ...giro('2026-03', 'BOVA11', 'etf', 100, '100.00', '115.00'), // +1,500.00 ETF
    ]);
    expect(mes(e, '2026-03').apuracao.comum).toMatchObject({
      isento: '0.00',
      base: '500.00',
      imposto: '75.00',
    });
  });

  it('past the limit, the whole stock gain is taxed and the stocks’ losses net within the month', () => {
    const e = entrada([
      ...giro('2026-03', 'WEGE3', 'acao', 1000, '14.00', '15.00'), // +1,000.00
      ...giro('2026-03', 'VALE3', 'acao', 100, '62.00', '60.00'), // −200.00; 21,000.00 of sales
    ]);
    const m = mes(e, '2026-03');
    expect([m.vendas_acoes, m.isento, m.resultado_comum, m.imposto]).toEqual([
      '21000.00',
      false,
      '800.00',
      '120.00',
    ]);
  });
});
