import { describe, expect, it } from 'vitest';
import { dividendosAcimaDoLimite, jcpAliquota, retencaoDividendos } from '../../../shared/ir';
import type { ProventoIr } from '../../../shared/ir';
import { entrada, mes } from './helpers';

describe('JCP withholding by the payment date', () => {
  it('15 % up to 2025-12-31, 17.5 % from 2026-01-01', () => {
    expect(jcpAliquota('2025-12-31')).toBe('0.15');
    expect(jcpAliquota('2026-01-01')).toBe('0.175');
    expect(jcpAliquota('2019-05-20')).toBe('0.15');
  });
});

const div = (
  empresa: string,
  data: string,
  valor: string,
  tipo: ProventoIr['tipo'] = 'dividendo',
): ProventoIr => ({
  empresa,
  tipo,
  data_pagamento: data,
  valor_bruto: valor,
});

describe('dividends over R$ 50,000.00 from one company in one month (from 2026)', () => {
  it('10 % of the whole amount, only above the limit and only from 2026', () => {
    expect(retencaoDividendos('50000.00', '2026-03')).toBe('0.00');
    expect(retencaoDividendos('50000.01', '2026-03')).toBe('5000.00');
    expect(retencaoDividendos('80000.00', '2025-12')).toBe('0.00');
  });

  it('adds up one company’s payments of the month; JCP and other companies are apart', () => {
    const proventos = [
      div('Petrobras', '2026-05-05', '30000.00'),
      div('Petrobras', '2026-05-20', '25000.00'),
      div('Petrobras', '2026-06-01', '40000.00'),
      div('Vale', '2026-05-10', '45000.00'),
      div('Vale', '2026-05-11', '10000.00', 'jcp'),
    ];
    expect(dividendosAcimaDoLimite(proventos, '2026-05')).toEqual([
      { empresa: 'Petrobras', valor_bruto: '55000.00', retencao: '5500.00' },
    ]);
    expect(dividendosAcimaDoLimite(proventos, '2026-06')).toEqual([]);
  });

  it('the month’s report carries it as an aviso', () => {
    const m = mes(
      entrada([], { proventos: [div('Itaú Unibanco', '2026-04-01', '60000.00')] }),
      '2026-04',
    );
    expect(m.avisos.find((a) => a.codigo === 'dividendos_acima_de_50_mil')!.mensagem).toBe(
      'Dividendos de Itaú Unibanco no mês: R$ 60.000,00, acima de R$ 50.000,00: R$ 6.000,00 (10 %) retidos ' +
        'na fonte sobre o total (informativo; não entra no DARF).',
    );
    expect(m.imposto).toBe('0.00');
  });
});
