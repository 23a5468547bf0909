import { vencimentoDarf } from './calendario';
import { Dec, ZERO, brl, cents, maxDec, minDec, moneyText } from './numeros';
import type { Movimento } from './pregao';
import type {
  ApuracaoBucket,
  AvisoIr,
  Bucket,
  LinhaIr,
  MesIrDetalhado,
  SaldosIr,
  Situacao,
} from './tipos';

/**
 * A month's close: lines to the cent, the three buckets with their losses, the tax, the withholding and the DARF
 * (docs/imposto-de-renda.md). Every figure here is in cents, rounded half up once, when the month ends.
 */

/** The carries between months, exact cents. */
export interface Carry {
  prejuizo: Record<Bucket, Dec>;
  irrf: Dec;
  pendente: Dec;
  mesesPendentes: string[];
}

export const emptyCarry = (): Carry => ({
  prejuizo: { comum: ZERO, day_trade: ZERO, fii: ZERO },
  irrf: ZERO,
  pendente: ZERO,
  mesesPendentes: [],
});

/**
 * Rates: common operations with stocks, units, ETFs and BDRs 15 % (Lei 11.033/2004 art. 2º II); day trade 20 %
 * (Lei 9.959/2000 art. 8º; IN RFB 1.585/2015 art. 65); FII units, day trade or not, 20 % (Lei 8.668/1993
 * art. 18).
 */
export const ALIQUOTAS: Record<Bucket, string> = { comum: '0.15', day_trade: '0.2', fii: '0.2' };

/** The exemption's ceiling (Lei 11.033/2004 art. 3º I; IN RFB 1.585/2015 art. 59 I). */
export const LIMITE_ISENCAO = new Dec('20000');
/** 0.005 % of common sales (Lei 11.033/2004 art. 2º § 1º). */
export const ALIQUOTA_IRRF_COMUM = '0.00005';
/** Withholding of R$ 1.00 or less is not made (Lei 11.033/2004 art. 2º § 2º; IN 1.585 art. 65 for day trade). */
export const IRRF_MINIMO = new Dec('1');
/** No DARF under R$ 10.00: added to the next months until it reaches it (Lei 9.430/1996 art. 68 § 1º). */
export const DARF_MINIMO = new Dec('10');

const bucketOf = (l: LinhaIr): Bucket =>
  l.classe === 'fii' ? 'fii' : l.tipo === 'day_trade' ? 'day_trade' : 'comum';

/** The month's lines to the cent: the result is the difference of the rounded figures, so they add up as shown. */
function closeLinhas(mov: Movimento): LinhaIr[] {
  return [...mov.linhas.values()]
    .map((l) => {
      const valor = cents(l.valor);
      const custo = cents(l.custo);
      return {
        ticker: l.ticker,
        classe: l.classe,
        tipo: l.tipo,
        quantidade: l.quantidade,
        valor_venda: valor.toFixed(2),
        custo: custo.toFixed(2),
        resultado: valor.minus(custo).toFixed(2),
      };
    })
    .sort((a, b) => (a.tipo + a.ticker < b.tipo + b.ticker ? -1 : 1));
}

interface Somas {
  resultado: Record<Bucket, Dec>;
  acoes: Dec;
  vendasAcoes: Dec;
  vendasComuns: Dec;
  vendasFii: Dec;
}

function sumLinhas(linhas: readonly LinhaIr[]): Somas {
  const s: Somas = {
    resultado: { comum: ZERO, day_trade: ZERO, fii: ZERO },
    acoes: ZERO,
    vendasAcoes: ZERO,
    vendasComuns: ZERO,
    vendasFii: ZERO,
  };
  for (const l of linhas) {
    const b = bucketOf(l);
    s.resultado[b] = s.resultado[b].plus(l.resultado);
    if (l.tipo !== 'comum') continue;
    if (b === 'fii') s.vendasFii = s.vendasFii.plus(l.valor_venda);
    else s.vendasComuns = s.vendasComuns.plus(l.valor_venda);
    if (l.classe === 'acao') {
      s.acoes = s.acoes.plus(l.resultado);
      s.vendasAcoes = s.vendasAcoes.plus(l.valor_venda);
    }
  }
  return s;
}

/**
 * One bucket: the month's taxable result offsets the losses carried (IN RFB 1.585/2015 art. 64: only later gains
 * of the same kind, no time limit) or adds to them. `isento` is the exempt stock gain, which neither pays nor
 * consumes the carry (decision 0013).
 */
function closeBucket(
  bucket: Bucket,
  resultado: Dec,
  tributavel: Dec,
  isento: Dec,
  prejuizo: Dec,
): { apuracao: Omit<ApuracaoBucket, 'irrf' | 'irrf_compensado'>; imposto: Dec; prejuizo: Dec } {
  const compensado = maxDec(ZERO, minDec(prejuizo, tributavel));
  const base = maxDec(ZERO, tributavel.minus(compensado));
  const depois = tributavel.lessThan(0)
    ? prejuizo.plus(tributavel.negated())
    : prejuizo.minus(compensado);
  const imposto = cents(base.times(ALIQUOTAS[bucket]));
  return {
    apuracao: {
      resultado: moneyText(resultado),
      isento: moneyText(isento),
      prejuizo_compensado: moneyText(compensado),
      base: moneyText(base),
      aliquota: ALIQUOTAS[bucket],
      imposto: moneyText(imposto),
    },
    imposto,
    prejuizo: depois,
  };
}

/** A month's withholding by bucket: each kind made only when its month total is over R$ 1.00. */
function withholding(s: Somas, mov: Movimento): Record<Bucket, Dec> {
  const comum = s.vendasComuns.times(ALIQUOTA_IRRF_COMUM);
  const total005 = cents(comum.plus(s.vendasFii.times(ALIQUOTA_IRRF_COMUM)));
  const total1 = cents(mov.irrfDayTrade.plus(mov.irrfFii));
  const r: Record<Bucket, Dec> = { comum: ZERO, day_trade: ZERO, fii: ZERO };
  if (total005.greaterThan(IRRF_MINIMO)) {
    r.comum = cents(comum);
    r.fii = total005.minus(r.comum);
  }
  if (total1.greaterThan(IRRF_MINIMO)) {
    r.day_trade = cents(mov.irrfDayTrade);
    r.fii = r.fii.plus(total1.minus(r.day_trade));
  }
  return r;
}

const BUCKETS: readonly Bucket[] = ['comum', 'day_trade', 'fii'];

export interface Fechamento {
  mes: Omit<MesIrDetalhado, 'posicoes'>;
  carry: Carry;
}

const saldosText = (c: Carry): SaldosIr => ({
  prejuizo_comum: moneyText(c.prejuizo.comum),
  prejuizo_day_trade: moneyText(c.prejuizo.day_trade),
  prejuizo_fii: moneyText(c.prejuizo.fii),
  irrf_a_compensar: moneyText(c.irrf),
  imposto_pendente: moneyText(c.pendente),
  meses_pendentes: [...c.mesesPendentes],
});

/** Closes `mes` from its sessions, the sales made elsewhere and the carries that came in. */
export function closeMonth(
  mes: string,
  mov: Movimento,
  vendasExternas: Dec,
  antes: Carry,
  avisos: AvisoIr[],
): Fechamento {
  const linhas = closeLinhas(mov);
  const s = sumLinhas(linhas);
  const vendasAcoes = s.vendasAcoes.plus(vendasExternas);
  const isento = vendasAcoes.lessThanOrEqualTo(LIMITE_ISENCAO);
  // Exempt month: a net stock gain is exempt; a net stock loss still counts (decision 0013).
  const ganhoIsento = isento ? maxDec(ZERO, s.acoes) : ZERO;
  const tributavel: Record<Bucket, Dec> = {
    comum: s.resultado.comum.minus(ganhoIsento),
    day_trade: s.resultado.day_trade,
    fii: s.resultado.fii,
  };
  const irrf = withholding(s, mov);
  const carry = emptyCarry();
  const apuracao = {} as Record<Bucket, ApuracaoBucket>;
  const imposto: Record<Bucket, Dec> = { comum: ZERO, day_trade: ZERO, fii: ZERO };
  let proprio = ZERO;
  for (const b of BUCKETS) {
    const isentoB = b === 'comum' ? ganhoIsento : ZERO;
    const r = closeBucket(b, s.resultado[b], tributavel[b], isentoB, antes.prejuizo[b]);
    carry.prejuizo[b] = r.prejuizo;
    imposto[b] = r.imposto;
    // This month's withholding goes to the tax of the bucket it came from (issue 29, rule 5).
    const usado = minDec(irrf[b], r.imposto);
    proprio = proprio.plus(usado);
    apuracao[b] = { ...r.apuracao, irrf: moneyText(irrf[b]), irrf_compensado: moneyText(usado) };
  }
  const impostoTotal = imposto.comum.plus(imposto.day_trade).plus(imposto.fii);
  const irrfTotal = irrf.comum.plus(irrf.day_trade).plus(irrf.fii);
  // What the earlier months of the year left goes to any tax still due (decision 0013).
  const anterior = minDec(antes.irrf, impostoTotal.minus(proprio));
  const compensado = proprio.plus(anterior);
  carry.irrf = antes.irrf.minus(anterior).plus(irrfTotal.minus(proprio));
  const aPagar = impostoTotal.minus(compensado);
  const darf = closeDarf(mes, aPagar, antes, carry);
  return {
    mes: {
      mes,
      vendas_acoes: moneyText(vendasAcoes),
      isento,
      resultado_comum: moneyText(s.resultado.comum),
      resultado_day_trade: moneyText(s.resultado.day_trade),
      resultado_fii: moneyText(s.resultado.fii),
      imposto: moneyText(impostoTotal),
      irrf: moneyText(irrfTotal),
      irrf_compensado: moneyText(compensado),
      darf_valor: moneyText(darf.valor),
      darf_meses: darf.meses,
      darf_vencimento: vencimentoDarf(mes),
      situacao: darf.situacao,
      prejuizo_comum: moneyText(carry.prejuizo.comum),
      prejuizo_day_trade: moneyText(carry.prejuizo.day_trade),
      prejuizo_fii: moneyText(carry.prejuizo.fii),
      irrf_a_compensar: moneyText(carry.irrf),
      avisos: [...avisos, ...mov.avisos],
      vendas_externas: moneyText(vendasExternas),
      linhas,
      apuracao,
      irrf_anterior_compensado: moneyText(anterior),
      imposto_a_pagar: moneyText(aPagar),
      saldos_anteriores: saldosText(antes),
      saldos_finais: saldosText(carry),
    },
    carry,
  };
}

/**
 * The DARF: under R$ 10.00 the month's tax waits, added to the next months' until their total reaches R$ 10.00,
 * then it is all paid by that month's due date (Lei 9.430/1996 art. 68 § 1º). Sets `depois`'s pending amount.
 */
function closeDarf(
  mes: string,
  aPagar: Dec,
  antes: Carry,
  depois: Carry,
): { valor: Dec; situacao: Situacao; meses: string[] } {
  if (aPagar.isZero()) {
    depois.pendente = antes.pendente;
    depois.mesesPendentes = [...antes.mesesPendentes];
    return { valor: ZERO, situacao: 'sem_imposto', meses: [] };
  }
  const total = antes.pendente.plus(aPagar);
  const meses = [...antes.mesesPendentes, mes];
  if (total.greaterThanOrEqualTo(DARF_MINIMO)) {
    return { valor: total, situacao: 'a_pagar', meses };
  }
  depois.pendente = total;
  depois.mesesPendentes = meses;
  return { valor: ZERO, situacao: 'abaixo_de_10', meses: [] };
}

export const irrfAviso = (valor: Dec, ano: string): AvisoIr => ({
  codigo: 'irrf_na_declaracao_anual',
  mensagem: `${brl(valor)} de IRRF não compensados em ${ano}: a compensar na declaração anual.`,
});
