import { describe, expect, it } from 'vitest';
import { apurarIr, darfIr, mesIr } from '../../../shared/ir';
import { compra, darf, entrada, figuras, giro, mes, venda } from './helpers';

/** Issue 29's worked examples, each as written (month 2026-03 unless it says otherwise). */
describe("issue 29's worked examples", () => {
  it('a: two buys with costs, a partial sale: average 32.021667, gain 443.75, 150 left costing 4,803.25, exempt', () => {
    const e = entrada([
      compra('2026-03-02', 'PETR4', 100, '30.00', '2.50'),
      compra('2026-03-03', 'PETR4', 200, '33.00', '4.00'),
      venda('2026-03-10', 'PETR4', 150, '35.00', '3.00'),
    ]);
    const m = mes(e, '2026-03');
    expect(m.linhas).toEqual([
      {
        ticker: 'PETR4',
        classe: 'acao',
        tipo: 'comum',
        quantidade: 150,
        valor_venda: '5250.00',
        custo: '4806.25', // 150 × 32.0216666… + the sale's 3.00
        resultado: '443.75',
      },
    ]);
    expect(m.posicoes).toEqual([
      {
        ticker: 'PETR4',
        classe: 'acao',
        quantidade: 150,
        custo_medio: '32.021667',
        custo_total: '4803.25',
      },
    ]);
    expect(figuras(m)).toEqual({
      vendas_acoes: '5250.00',
      isento: true,
      imposto: '0.00',
      irrf: '0.00',
      darf_valor: '0.00',
      situacao: 'sem_imposto',
    });
    expect(m.apuracao.comum.isento).toBe('443.75');
  });

  it('b: stock sales of 20,000.00 with a gain of 1,000.00 pay nothing', () => {
    const m = mes(entrada(giro('2026-03', 'VALE3', 'acao', 1000, '19.00', '20.00')), '2026-03');
    expect(m.resultado_comum).toBe('1000.00');
    expect(figuras(m)).toEqual({
      vendas_acoes: '20000.00',
      isento: true,
      imposto: '0.00',
      irrf: '0.00',
      darf_valor: '0.00',
      situacao: 'sem_imposto',
    });
  });

  it('b: sales of 20,000.01 with a gain of 1,000.00: tax 150.00, the 1.00 of withholding not withheld, DARF 150.00', () => {
    const e = entrada([
      compra('2026-03-02', 'VALE3', 1000, '19.00', '0.01'),
      venda('2026-03-10', 'VALE3', 999, '20.00'),
      venda('2026-03-11', 'VALE3', 1, '20.01'),
    ]);
    const m = mes(e, '2026-03');
    expect(m.resultado_comum).toBe('1000.00');
    expect(figuras(m)).toEqual({
      vendas_acoes: '20000.01',
      isento: false,
      imposto: '150.00',
      irrf: '0.00', // 0.005 % of 20,000.01 = 1.0000005: R$ 1.00 to the cent, not over R$ 1.00
      darf_valor: '150.00',
      situacao: 'a_pagar',
    });
  });

  it('c: a common loss of 1,500.00 carried; sales 30,000.00, gain 4,000.00: base 2,500.00, tax 375.00, withholding 1.50, DARF 373.50, carry 0', () => {
    const e = entrada(giro('2026-03', 'ITUB4', 'acao', 1000, '26.00', '30.00'), {
      saldosIniciais: {
        2026: {
          prejuizo_comum: '1500.00',
          prejuizo_day_trade: '0',
          prejuizo_fii: '0',
          irrf_a_compensar: '0',
        },
      },
    });
    const m = mes(e, '2026-03');
    expect(m.apuracao.comum).toMatchObject({
      resultado: '4000.00',
      prejuizo_compensado: '1500.00',
      base: '2500.00',
      imposto: '375.00',
      irrf: '1.50',
    });
    expect(figuras(m)).toEqual({
      vendas_acoes: '30000.00',
      isento: false,
      imposto: '375.00',
      irrf: '1.50',
      darf_valor: '373.50',
      situacao: 'a_pagar',
    });
    expect(m.prejuizo_comum).toBe('0.00');
    expect(m.saldos_anteriores.prejuizo_comum).toBe('1500.00');
  });

  it('c, the loss carried from an earlier month: the same base, tax and DARF', () => {
    const e = entrada([
      ...giro('2026-02', 'HYPE3', 'acao', 1000, '16.50', '15.00'), // −1,500.00, exempt month, 0.75 not withheld
      ...giro('2026-03', 'ITUB4', 'acao', 1000, '26.00', '30.00'),
    ]);
    const a = apurarIr(e, '2026-03');
    expect(mesIr(a, '2026-02').prejuizo_comum).toBe('1500.00');
    const m = mesIr(a, '2026-03');
    expect(m.apuracao.comum).toMatchObject({ base: '2500.00', imposto: '375.00' });
    expect([m.irrf, m.darf_valor, m.prejuizo_comum]).toEqual(['1.50', '373.50', '0.00']);
  });

  it('d: one day, 100 PETR4 and 100 PETR4F bought at 20.00, 200 sold at 21.00: day trade 200.00, tax 40.00, withholding 2.00, DARF 38.00', () => {
    const e = entrada([
      compra('2026-03-16', 'PETR4', 100, '20.00'),
      compra('2026-03-16', 'PETR4F', 100, '20.00'),
      venda('2026-03-16', 'PETR4', 200, '21.00'),
    ]);
    const m = mes(e, '2026-03');
    expect(m.linhas).toEqual([
      {
        ticker: 'PETR4',
        classe: 'acao',
        tipo: 'day_trade',
        quantidade: 200,
        valor_venda: '4200.00',
        custo: '4000.00',
        resultado: '200.00',
      },
    ]);
    expect(m.resultado_day_trade).toBe('200.00');
    expect(m.resultado_comum).toBe('0.00');
    expect(figuras(m)).toEqual({
      vendas_acoes: '0.00', // day trades are not in the R$ 20,000
      isento: true,
      imposto: '40.00',
      irrf: '2.00',
      darf_valor: '38.00',
      situacao: 'a_pagar',
    });
    expect(m.posicoes).toEqual([]);
  });

  it('e: January tax 6.00, February 7.00: January is under R$ 10, February’s DARF pays 13.00 for both by 2026-03-31', () => {
    const e = entrada([
      ...giro('2026-01', 'BOVA11', 'etf', 100, '10.00', '10.40'), // 40.00 at 15 %: 6.00
      ...giro('2026-02', 'HGLG11', 'fii', 100, '10.00', '10.35'), // 35.00 at 20 %: 7.00
    ]);
    const a = apurarIr(e, '2026-12');
    const jan = mesIr(a, '2026-01');
    const fev = mesIr(a, '2026-02');
    expect([jan.imposto, jan.situacao, jan.darf_valor]).toEqual(['6.00', 'abaixo_de_10', '0.00']);
    expect(darfIr(a, '2026-01')).toEqual({ motivo: 'abaixo_de_10' });
    expect([fev.imposto, fev.situacao, fev.darf_valor]).toEqual(['7.00', 'a_pagar', '13.00']);
    expect(darfIr(a, '2026-02')).toEqual({
      darf: {
        codigo_receita: '6015',
        periodo_apuracao: '2026-02-28',
        vencimento: '2026-03-31',
        valor_principal: '13.00',
        meses: ['2026-01', '2026-02'],
      },
    });
    expect(darfIr(a, '2026-03')).toEqual({ motivo: 'sem_imposto' });
  });

  it('f: 1,000 at 10.00, a 30 % bonus at a declared 5.00: 1,300 shares averaging 8.846154; 1,300 sold at 10.00 in a taxable month gain 1,500.00', () => {
    const e = entrada(
      [compra('2026-01-05', 'BBAS3', 1000, '10.00'), venda('2026-03-10', 'BBAS3', 1300, '10.00')],
      {
        eventos: [
          {
            ticker: 'BBAS3',
            tipo: 'bonificacao',
            data_ex: '2026-02-10',
            fator: '1.3',
            custo_atribuido: '5.00',
          },
        ],
        vendasExternas: { '2026-03': '10000.00' }, // 13,000 + 10,000: taxable
      },
    );
    const a = apurarIr(e, '2026-03');
    expect(mesIr(a, '2026-02').posicoes).toEqual([
      {
        ticker: 'BBAS3',
        classe: 'acao',
        quantidade: 1300,
        custo_medio: '8.846154',
        custo_total: '11500.00',
      },
    ]);
    const marco = mesIr(a, '2026-03');
    expect(marco.linhas[0]).toMatchObject({ quantidade: 1300, resultado: '1500.00' });
    expect(figuras(marco)).toMatchObject({ isento: false, imposto: '225.00' });
  });

  it.each([
    ['a unit', '150.00', 'TAEE11', 'unit'],
    ['an ETF', '150.00', 'BOVA11', 'etf'],
    ['an FII', '200.00', 'HGLG11', 'fii'],
  ] as const)(
    'g: the only sale is %s, 10,000.00 with a gain of 1,000.00: tax %s',
    (_, imposto, t, classe) => {
      const m = mes(entrada(giro('2026-03', t, classe, 100, '90.00', '100.00')), '2026-03');
      expect(figuras(m)).toEqual({
        vendas_acoes: '0.00',
        isento: true, // the stock exemption, which none of them has
        imposto,
        irrf: '0.00', // 0.50
        darf_valor: imposto,
        situacao: 'a_pagar',
      });
      expect(
        darf(entrada(giro('2026-03', t, classe, 100, '90.00', '100.00')), '2026-03'),
      ).toMatchObject({
        darf: { valor_principal: imposto, vencimento: '2026-04-30' },
      });
    },
  );
});
