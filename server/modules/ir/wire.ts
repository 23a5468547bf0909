import type { AvisoIr, DarfIr, MesIr, MesIrDetalhado, PosicaoIr } from '../../../contract';
import { Decimal, money, toNumber } from '../../../shared/decimal';
import type * as Ir from '../../../shared/ir';

/**
 * The engine's answers (money as exact decimal text) as the contract's (JSON numbers): the one place text
 * becomes a number, already rounded by the engine (cents; 6 places for the average cost).
 */

const n = (text: string): number => money(text)!;

/** '0.15' → 15: the contract's rates are in percent, as the product's other percentages. */
const percent = (fraction: string) => new Decimal(fraction).times(100).toNumber();

/** A month's figures, as the year, the month and the book's list carry them. */
export function figuras(m: Ir.MesIrDetalhado, avisos: readonly AvisoIr[]): MesIr {
  return {
    mes: m.mes,
    vendas_acoes: n(m.vendas_acoes),
    vendas_externas: n(m.vendas_externas),
    isento: m.isento,
    resultado_comum: n(m.resultado_comum),
    resultado_day_trade: n(m.resultado_day_trade),
    resultado_fii: n(m.resultado_fii),
    imposto: n(m.imposto),
    irrf: n(m.irrf),
    irrf_compensado: n(m.irrf_compensado),
    darf_valor: n(m.darf_valor),
    darf_vencimento: m.darf_vencimento,
    situacao: m.situacao,
    prejuizo_comum: n(m.prejuizo_comum),
    prejuizo_day_trade: n(m.prejuizo_day_trade),
    prejuizo_fii: n(m.prejuizo_fii),
    irrf_a_compensar: n(m.irrf_a_compensar),
    avisos: [...avisos],
  };
}

const posicao = (p: Ir.PosicaoIr): PosicaoIr => ({
  ticker: p.ticker,
  classe: p.classe,
  quantidade: p.quantidade,
  custo_medio: toNumber(p.custo_medio, 6)!,
  custo_total: n(p.custo_total),
});

const bucket = (b: Ir.ApuracaoBucket) => ({
  resultado: n(b.resultado),
  isento: n(b.isento),
  prejuizo_compensado: n(b.prejuizo_compensado),
  base: n(b.base),
  aliquota: percent(b.aliquota),
  imposto: n(b.imposto),
  irrf: n(b.irrf),
  irrf_compensado: n(b.irrf_compensado),
});

const saldos = (s: Ir.SaldosIr) => ({
  prejuizo_comum: n(s.prejuizo_comum),
  prejuizo_day_trade: n(s.prejuizo_day_trade),
  prejuizo_fii: n(s.prejuizo_fii),
  irrf_a_compensar: n(s.irrf_a_compensar),
  imposto_pendente: n(s.imposto_pendente),
  meses_pendentes: s.meses_pendentes,
});

/** A month in detail; `m.avisos` already holds the engine's book-only notice (mesIr). */
export function detalhe(m: Ir.MesIrDetalhado, avisos: readonly AvisoIr[]): MesIrDetalhado {
  return {
    ...figuras(m, [...m.avisos, ...avisos]),
    linhas: m.linhas.map((l) => ({
      ticker: l.ticker,
      classe: l.classe,
      tipo: l.tipo,
      quantidade: l.quantidade,
      valor_venda: n(l.valor_venda),
      custo: n(l.custo),
      resultado: n(l.resultado),
    })),
    posicoes: m.posicoes.map(posicao),
    apuracao: {
      comum: bucket(m.apuracao.comum),
      day_trade: bucket(m.apuracao.day_trade),
      fii: bucket(m.apuracao.fii),
    },
    irrf_anterior_compensado: n(m.irrf_anterior_compensado),
    imposto_a_pagar: n(m.imposto_a_pagar),
    darf_meses: m.darf_meses,
    saldos_anteriores: saldos(m.saldos_anteriores),
    saldos_finais: saldos(m.saldos_finais),
  };
}

export const darf = (d: Ir.DarfIr, cliente: DarfIr['cliente']): DarfIr => ({
  cliente,
  codigo_receita: d.codigo_receita,
  periodo_apuracao: d.periodo_apuracao,
  vencimento: d.vencimento,
  valor_principal: n(d.valor_principal),
  meses: d.meses,
});
