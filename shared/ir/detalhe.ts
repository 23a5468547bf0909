import { vencimentoDarf } from './calendario';
import type { Apurado, BucketFechado, Carry, LinhaFechada } from './fechamento';
import { moneyText, type Dinheiro } from './numeros';
import type { ApuracaoBucket, AvisoIr, LinhaIr, MesIrDetalhado, SaldosIr } from './tipos';

/**
 * A closed month written as text (money to the cent, '1234.50'): only for the months shown — the others are
 * closed for their carries alone (fechamento.ts), which is most of a ledger's months.
 */

const renderLinha = ({ l, valor, custo, resultado }: LinhaFechada): LinhaIr => ({
  ticker: l.ticker,
  classe: l.classe,
  tipo: l.tipo,
  quantidade: l.quantidade,
  valor_venda: moneyText(valor),
  custo: moneyText(custo),
  resultado: moneyText(resultado),
});

const renderBucket = (f: BucketFechado): ApuracaoBucket => ({
  resultado: moneyText(f.resultado),
  isento: moneyText(f.isento),
  prejuizo_compensado: moneyText(f.compensado),
  base: moneyText(f.base),
  aliquota: f.aliquota,
  imposto: moneyText(f.imposto),
  irrf: moneyText(f.irrf),
  irrf_compensado: moneyText(f.usado),
});

const textos = new WeakMap<Carry, SaldosIr>();

/** A carry as text, written once: a month's closing carry is the next month's opening one (the same object). */
function saldosText(c: Carry): SaldosIr {
  let t = textos.get(c);
  if (!t) {
    t = {
      prejuizo_comum: moneyText(c.prejuizo.comum),
      prejuizo_day_trade: moneyText(c.prejuizo.day_trade),
      prejuizo_fii: moneyText(c.prejuizo.fii),
      irrf_a_compensar: moneyText(c.irrf),
      imposto_pendente: moneyText(c.pendente),
      meses_pendentes: c.mesesPendentes,
    };
    textos.set(c, t);
  }
  return { ...t, meses_pendentes: [...t.meses_pendentes] };
}

/** The month's detail as text. */
export function renderMonth(
  mes: string,
  a: Apurado,
  antes: Carry,
  vendasExternas: Dinheiro,
  avisos: AvisoIr[],
): Omit<MesIrDetalhado, 'posicoes'> {
  const finais = saldosText(a.carry);
  return {
    mes,
    vendas_acoes: moneyText(a.vendasAcoes),
    isento: a.isento,
    resultado_comum: moneyText(a.s.resultado.comum),
    resultado_day_trade: moneyText(a.s.resultado.day_trade),
    resultado_fii: moneyText(a.s.resultado.fii),
    imposto: moneyText(a.imposto),
    irrf: moneyText(a.irrf),
    irrf_compensado: moneyText(a.compensado),
    darf_valor: moneyText(a.darf.valor),
    darf_meses: a.darf.meses,
    darf_vencimento: vencimentoDarf(mes),
    situacao: a.darf.situacao,
    prejuizo_comum: finais.prejuizo_comum,
    prejuizo_day_trade: finais.prejuizo_day_trade,
    prejuizo_fii: finais.prejuizo_fii,
    irrf_a_compensar: finais.irrf_a_compensar,
    avisos,
    vendas_externas: moneyText(vendasExternas),
    linhas: a.fechadas.map(renderLinha),
    apuracao: {
      comum: renderBucket(a.buckets.comum),
      day_trade: renderBucket(a.buckets.day_trade),
      fii: renderBucket(a.buckets.fii),
    },
    irrf_anterior_compensado: moneyText(a.anterior),
    imposto_a_pagar: moneyText(a.aPagar),
    saldos_anteriores: saldosText(antes),
    saldos_finais: finais,
  };
}
