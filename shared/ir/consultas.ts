import { ultimoDiaDoMes } from './calendario';
import { apurarIr } from './apuracao';
import type { ApuracaoIr } from './apuracao';
import type {
  AvisoIr,
  DarfDoMes,
  EntradaIr,
  MesIr,
  MesIrDetalhado,
  RelatorioAnualIr,
} from './tipos';

/** What the year's, the month's and the DARF's endpoints show, read from one computation. */

/** Said on every month's detail: the engine knows the book, not the client's whole life on the exchange. */
export const AVISO_SOMENTE_CARTEIRA: AvisoIr = {
  codigo: 'somente_carteira',
  mensagem:
    'Apurado somente com as operações registradas nesta carteira (e as vendas em outras corretoras ' +
    'informadas). Opções, futuros, termo, aluguel, direitos de subscrição e operações fora do sistema não entram.',
};

/** The year's list: a month as the summary shows it. */
export function resumoDoMes(m: MesIrDetalhado): MesIr {
  return {
    mes: m.mes,
    vendas_acoes: m.vendas_acoes,
    isento: m.isento,
    resultado_comum: m.resultado_comum,
    resultado_day_trade: m.resultado_day_trade,
    resultado_fii: m.resultado_fii,
    imposto: m.imposto,
    irrf: m.irrf,
    irrf_compensado: m.irrf_compensado,
    darf_valor: m.darf_valor,
    darf_vencimento: m.darf_vencimento,
    situacao: m.situacao,
    prejuizo_comum: m.prejuizo_comum,
    prejuizo_day_trade: m.prejuizo_day_trade,
    prejuizo_fii: m.prejuizo_fii,
    irrf_a_compensar: m.irrf_a_compensar,
    avisos: m.avisos,
  };
}

function monthOf(a: ApuracaoIr, mes: string): MesIrDetalhado {
  const m = a.meses.get(mes);
  if (!m) throw new RangeError(`O mês ${mes} não foi apurado (apuração até ${a.ate}).`);
  return m;
}

/** The twelve months of `ano` that the computation reached (all twelve when it went to December). */
export function anoIr(a: ApuracaoIr, ano: number): RelatorioAnualIr {
  const meses: MesIr[] = [];
  for (let m = 1; m <= 12; m++) {
    const mes = `${ano}-${String(m).padStart(2, '0')}`;
    const detalhe = a.meses.get(mes);
    if (detalhe) meses.push(resumoDoMes(detalhe));
  }
  return { ano, meses };
}

/** A month in detail, with the book-only aviso first. */
export function mesIr(a: ApuracaoIr, mes: string): MesIrDetalhado {
  const m = monthOf(a, mes);
  return { ...m, avisos: [AVISO_SOMENTE_CARTEIRA, ...m.avisos] };
}

/** The month's DARF 6015, or why it has none. */
export function darfIr(a: ApuracaoIr, mes: string): DarfDoMes {
  const m = monthOf(a, mes);
  if (m.situacao !== 'a_pagar') return { motivo: m.situacao };
  return {
    darf: {
      codigo_receita: '6015',
      periodo_apuracao: ultimoDiaDoMes(mes),
      vencimento: m.darf_vencimento,
      valor_principal: m.darf_valor,
      meses: m.darf_meses,
    },
  };
}

/** The year's report in one call: the ledger through December of `ano`. */
export const relatorioAnualIr = (entrada: EntradaIr, ano: number): RelatorioAnualIr =>
  anoIr(apurarIr(entrada, `${ano}-12`, `${ano}-01`), ano);

/** One month in one call: the ledger through that month. */
export const detalheMesIr = (entrada: EntradaIr, mes: string): MesIrDetalhado =>
  mesIr(apurarIr(entrada, mes, mes), mes);

/** One month's DARF in one call. */
export const darfMesIr = (entrada: EntradaIr, mes: string): DarfDoMes =>
  darfIr(apurarIr(entrada, mes, mes), mes);
