import { Decimal } from '../decimal';
import { formatMoney } from '../format';
import type { AvisoIr, ProventoIr } from './tipos';

/**
 * Cash events, for information: the engine does not tax them (dividends are exempt in the monthly computation;
 * JCP is taxed at the source, exclusively). Few figures a month, in decimal.js (sums of cents: exact).
 */

const ZERO = new Decimal(0);
const moneyText = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/**
 * JCP's withholding by the date it is paid or credited: 15 % up to 2025-12-31 (Lei 9.249/1995 art. 9º § 2º),
 * 17.5 % from 2026-01-01 (Lei Complementar 224/2025, from PLP 128/2025).
 */
export function jcpAliquota(dataPagamentoOuCredito: string): '0.15' | '0.175' {
  return dataPagamentoOuCredito < '2026-01-01' ? '0.15' : '0.175';
}

/** From 2026, dividends over this, from one company to one person in one month, are withheld (Lei 15.270/2025). */
export const LIMITE_DIVIDENDOS_MES = '50000';
export const ALIQUOTA_DIVIDENDOS_ACIMA_DO_LIMITE = '0.1';
const INICIO_RETENCAO_DIVIDENDOS = '2026-01';

/**
 * The 10 % withheld on one company's dividends to one client in one month ('AAAA-MM'): on the whole amount when
 * it is over R$ 50,000.00 and the month is 2026 or later, else nothing. Dividends from profits of 2025 or before,
 * approved by 31/12/2025, are exempt by the law's transition; the engine does not know which are, so it says
 * "information" and no more.
 */
export function retencaoDividendos(totalDoMes: string, mes: string): string {
  const total = new Decimal(totalDoMes);
  if (mes < INICIO_RETENCAO_DIVIDENDOS || total.lessThanOrEqualTo(LIMITE_DIVIDENDOS_MES)) {
    return '0.00';
  }
  return moneyText(total.times(ALIQUOTA_DIVIDENDOS_ACIMA_DO_LIMITE));
}

export interface DividendosAcimaDoLimite {
  empresa: string;
  valor_bruto: string;
  retencao: string;
}

/** Every company whose dividends to the client in `mes` are over the limit, with the withholding. */
export function dividendosAcimaDoLimite(
  proventos: readonly ProventoIr[],
  mes: string,
): DividendosAcimaDoLimite[] {
  const porEmpresa = new Map<string, Decimal>();
  for (const p of proventos) {
    if (p.tipo !== 'dividendo' || p.data_pagamento.slice(0, 7) !== mes) continue;
    porEmpresa.set(p.empresa, (porEmpresa.get(p.empresa) ?? ZERO).plus(p.valor_bruto));
  }
  const out: DividendosAcimaDoLimite[] = [];
  for (const [empresa, total] of porEmpresa) {
    const retencao = retencaoDividendos(total.toFixed(), mes);
    if (retencao === '0.00') continue;
    out.push({ empresa, valor_bruto: moneyText(total), retencao });
  }
  return out.sort((a, b) => (a.empresa < b.empresa ? -1 : 1));
}

/** The avisos of the month's dividends over the limit. */
export function dividendosAvisos(proventos: readonly ProventoIr[], mes: string): AvisoIr[] {
  return dividendosAcimaDoLimite(proventos, mes).map((d) => ({
    codigo: 'dividendos_acima_de_50_mil',
    mensagem:
      `Dividendos de ${d.empresa} no mês: ${formatMoney(Number(d.valor_bruto))}, acima de R$ 50.000,00: ` +
      `${formatMoney(Number(d.retencao))} (10 %) retidos na fonte sobre o total (informativo; não entra no DARF).`,
  }));
}
