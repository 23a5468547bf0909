import { describe, expect, it } from 'vitest';
import { apurarIr, darfIr, mesIr } from '../../../shared/ir';
import { compra, darf, entrada, giro, mes, venda } from './helpers';

const saldo2026 = (irrf: string) => ({
  2026: { prejuizo_comum: '0', prejuizo_day_trade: '0', prejuizo_fii: '0', irrf_a_compensar: irrf },
});

/** Rule 5: withholding at the source, deducted and carried within the calendar year. */
describe('rule 5: withholding', () => {
  it.each([
    ['20,000.00', '0.00', '20.00'], // 1.00: not over R$ 1.00
    ['20,099.98', '0.00', '20.09998'], // 1.004999: 1.00 to the cent, not withheld
    ['20,100.00', '1.01', '20.10'], // 1.005: 1.01 to the cent (half up), withheld
    ['30,000.00', '1.50', '30.00'],
  ])('common sales of %s: 0.005 %% of the gross value, withheld %s', (_, irrf, preco) => {
    const m = mes(entrada(giro('2026-03', 'VALE3', 'acao', 1000, '10.00', preco)), '2026-03');
    expect(m.irrf).toBe(irrf);
    expect(m.apuracao.comum.irrf).toBe(irrf);
  });

  it('counts every common sale, stocks, ETFs and FIIs, gross of costs; FII sales’ part goes to the FII tax', () => {
    const e = entrada([
      ...giro('2026-03', 'BOVA11', 'etf', 100, '100.00', '110.00'), // 11,000.00: 0.55
      compra('2026-03-02', 'HGLG11', 100, '150.00', '0', 'fii'),
      venda('2026-03-10', 'HGLG11', 100, '160.00', '5.00', 'fii'), // 16,000.00: 0.80
    ]);
    const m = mes(e, '2026-03');
    expect(m.irrf).toBe('1.35');
    expect([m.apuracao.comum.irrf, m.apuracao.fii.irrf]).toEqual(['0.55', '0.80']);
    // ETF 1,000.00 × 15 % − 0.55; FII 995.00 × 20 % − 0.80.
    expect([m.imposto, m.irrf_compensado, m.darf_valor]).toEqual(['349.00', '1.35', '347.65']);
  });

  it('day trade: 1 % of each day’s positive result, a losing day offsetting nothing', () => {
    const e = entrada([
      compra('2026-03-16', 'PETR4', 1000, '30.00'),
      venda('2026-03-16', 'PETR4', 1000, '30.30'), // +300.00: 3.00 withheld
      compra('2026-03-17', 'PETR4', 1000, '30.00'),
      venda('2026-03-17', 'PETR4', 1000, '29.50'), // −500.00
    ]);
    const m = mes(e, '2026-03');
    expect([m.resultado_day_trade, m.imposto, m.irrf, m.irrf_compensado]).toEqual([
      '-200.00',
      '0.00',
      '3.00',
      '0.00',
    ]);
    expect(m.irrf_a_compensar).toBe('3.00');
    expect(m.situacao).toBe('sem_imposto');
  });

  it('the month’s common withholding goes to the common tax only; what is left is carried, not used on day trade', () => {
    const e = entrada([
      ...giro('2026-03', 'VALE3', 'acao', 1000, '60.00', '59.00'), // −1,000.00 common, 59,000.00 sold: 2.95
      compra('2026-03-16', 'PETR4', 1000, '30.00'),
      venda('2026-03-16', 'PETR4', 1000, '31.00'), // +1,000.00 day trade: 200.00 tax, 10.00 withheld
    ]);
    const m = mes(e, '2026-03');
    expect([m.irrf, m.irrf_compensado, m.darf_valor, m.irrf_a_compensar]).toEqual([
      '12.95',
      '10.00',
      '190.00',
      '2.95',
    ]);
  });

  it('carried withholding is deducted from later months of the same year', () => {
    const e = entrada(
      [
        ...giro('2026-02', 'VALE3', 'acao', 1000, '60.00', '59.00'), // −1,000.00, 2.95 withheld: all carried
        compra('2026-03-16', 'PETR4', 1000, '30.00'),
        venda('2026-03-16', 'PETR4', 1000, '31.00'), // day trade: 200.00 − 10.00 − 2.95 − 4.00 carried in
      ],
      { saldosIniciais: saldo2026('4.00') },
    );
    const a = apurarIr(e, '2026-03');
    expect(mesIr(a, '2026-02').irrf_a_compensar).toBe('6.95');
    const mar = mesIr(a, '2026-03');
    expect([
      mar.irrf_anterior_compensado,
      mar.irrf_compensado,
      mar.darf_valor,
      mar.irrf_a_compensar,
    ]).toEqual(['6.95', '16.95', '183.05', '0.00']);
  });

  it('never into the next year: December’s balance is for the annual return', () => {
    const e = entrada(
      [
        compra('2025-12-15', 'PETR4', 1000, '30.00'),
        venda('2025-12-15', 'PETR4', 1000, '30.30'), // +300.00 day trade: 60.00 tax − 3.00
        ...giro('2026-01', 'VALE3', 'acao', 1000, '60.00', '61.00'), // +1,000.00 taxable: 150.00 − 3.05
      ],
      {
        saldosIniciais: {
          2025: {
            prejuizo_comum: '0',
            prejuizo_day_trade: '0',
            prejuizo_fii: '0',
            irrf_a_compensar: '80.00',
          },
        },
      },
    );
    const a = apurarIr(e, '2026-01');
    const dez = mesIr(a, '2025-12');
    expect([dez.imposto, dez.irrf_compensado, dez.darf_valor, dez.irrf_a_compensar]).toEqual([
      '60.00',
      '60.00',
      '0.00',
      '23.00',
    ]);
    expect(dez.situacao).toBe('sem_imposto');
    expect(dez.avisos.find((x) => x.codigo === 'irrf_na_declaracao_anual')!.mensagem).toBe(
      'R$ 23,00 de IRRF não compensados em 2025: a compensar na declaração anual.',
    );
    const jan = mesIr(a, '2026-01');
    expect([jan.saldos_anteriores.irrf_a_compensar, jan.irrf_compensado, jan.darf_valor]).toEqual([
      '0.00',
      '3.05',
      '146.95',
    ]);
  });
});

/** Rule 6: the DARF, code 6015, never under R$ 10.00. */
describe('rule 6: the DARF', () => {
  it('a month with tax has a DARF for the last day of the month, due the last business day of the next', () => {
    expect(
      darf(entrada(giro('2026-04', 'BOVA11', 'etf', 100, '100.00', '110.00')), '2026-04'),
    ).toEqual({
      darf: {
        codigo_receita: '6015',
        periodo_apuracao: '2026-04-30',
        vencimento: '2026-05-29', // 30 and 31 May 2026 are a weekend
        valor_principal: '150.00',
        meses: ['2026-04'],
      },
    });
  });

  it('a month without tax says so, and every month still shows its due date', () => {
    const a = apurarIr(entrada([]), '2026-12');
    expect(darfIr(a, '2026-07')).toEqual({ motivo: 'sem_imposto' });
    expect(mesIr(a, '2026-01').darf_vencimento).toBe('2026-02-27');
    expect(mesIr(a, '2026-11').darf_vencimento).toBe('2026-12-30'); // no bank counters on 31/12
  });

  it('small amounts wait over months without tax and across the new year, until they reach R$ 10.00', () => {
    const e = entrada([
      ...giro('2025-11', 'BOVA11', 'etf', 100, '10.00', '10.30'), // 30.00 → 4.50
      ...giro('2026-01', 'BOVA11', 'etf', 100, '10.00', '10.20'), // 20.00 → 3.00
      ...giro('2026-02', 'BOVA11', 'etf', 100, '10.00', '10.17'), // 17.00 → 2.55: 10.05 in all
    ]);
    const a = apurarIr(e, '2026-02');
    expect(mesIr(a, '2025-12')).toMatchObject({ situacao: 'sem_imposto', darf_valor: '0.00' });
    expect(mesIr(a, '2025-12').avisos.map((x) => x.codigo)).toContain(
      'imposto_abaixo_de_10_no_fim_do_ano',
    );
    expect(mesIr(a, '2026-01')).toMatchObject({ situacao: 'abaixo_de_10', darf_valor: '0.00' });
    expect(mesIr(a, '2026-01').saldos_finais).toMatchObject({
      imposto_pendente: '7.50',
      meses_pendentes: ['2025-11', '2026-01'],
    });
    expect(darfIr(a, '2026-02')).toEqual({
      darf: {
        codigo_receita: '6015',
        periodo_apuracao: '2026-02-28',
        vencimento: '2026-03-31',
        valor_principal: '10.05',
        meses: ['2025-11', '2026-01', '2026-02'],
      },
    });
    expect(mesIr(a, '2026-02').saldos_finais.imposto_pendente).toBe('0.00');
  });

  it('exactly R$ 10.00 is paid', () => {
    const m = mes(entrada(giro('2026-03', 'HGLG11', 'fii', 100, '10.00', '10.50')), '2026-03');
    expect([m.imposto, m.situacao, m.darf_valor]).toEqual(['10.00', 'a_pagar', '10.00']);
  });
});
