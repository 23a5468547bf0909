import { renderMonth } from './detalhe';
import { Dec, ZERO, brl, cents, maxDec, minDec } from './numeros';
import type { LinhaAberta, Movimento } from './pregao';
import type { AvisoIr, Bucket, LinhaIr, MesIrDetalhado, Situacao } from './tipos';

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

const bucketOf = (l: Pick<LinhaIr, 'classe' | 'tipo'>): Bucket =>
  l.classe === 'fii' ? 'fii' : l.tipo === 'day_trade' ? 'day_trade' : 'comum';

/** A month's line to the cent, as decimals (written as text only for the months shown). */
export interface LinhaFechada {
  l: LinhaAberta;
  valor: Dec;
  custo: Dec;
  resultado: Dec;
}

/** The month's lines to the cent: the result is the difference of the rounded figures, so they add up as shown. */
function closeLinhas(mov: Movimento): LinhaFechada[] {
  return [...mov.linhas.values()]
    .map((l) => {
      const valor = cents(l.valor);
      const custo = cents(l.custo);
      return { l, valor, custo, resultado: valor.minus(custo) };
    })
    .sort((a, b) => (a.l.tipo + a.l.ticker < b.l.tipo + b.l.ticker ? -1 : 1));
}

export interface Somas {
  resultado: Record<Bucket, Dec>;
  acoes: Dec;
  vendasAcoes: Dec;
  vendasComuns: Dec;
  vendasFii: Dec;
}

function sumLinhas(fechadas: readonly LinhaFechada[]): Somas {
  const s: Somas = {
    resultado: { comum: ZERO, day_trade: ZERO, fii: ZERO },
    acoes: ZERO,
    vendasAcoes: ZERO,
    vendasComuns: ZERO,
    vendasFii: ZERO,
  };
  for (const { l, valor, resultado } of fechadas) {
    const b = bucketOf(l);
    s.resultado[b] = s.resultado[b].plus(resultado);
    if (l.tipo !== 'comum') continue;
    if (b === 'fii') s.vendasFii = s.vendasFii.plus(valor);
    else s.vendasComuns = s.vendasComuns.plus(valor);
    if (l.classe === 'acao') {
      s.acoes = s.acoes.plus(resultado);
      s.vendasAcoes = s.vendasAcoes.plus(valor);
    }
  }
  return s;
}

/** One bucket's month, exact. */
export interface BucketFechado {
  aliquota: string;
  resultado: Dec;
  isento: Dec;
  compensado: Dec;
  base: Dec;
  imposto: Dec;
  irrf: Dec;
  /** The month's own withholding deducted from this bucket's tax. */
  usado: Dec;
}

/**
 * One bucket: the month's taxable result offsets the losses carried (IN RFB 1.585/2015 art. 64: only later gains
 * of the same kind, no time limit) or adds to them. `isento` is the exempt stock gain, which neither pays nor
 * consumes the carry (decision 0013). Answers the figures and the loss carried after it.
 */
function closeBucket(
  bucket: Bucket,
  resultado: Dec,
  tributavel: Dec,
  isento: Dec,
  prejuizo: Dec,
): { fechado: Omit<BucketFechado, 'irrf' | 'usado'>; prejuizo: Dec } {
  const aliquota = ALIQUOTAS[bucket];
  if (tributavel.isZero() && resultado.isZero() && isento.isZero()) {
    // Nothing in the bucket this month (most months of most buckets): the carry passes as it came.
    return {
      fechado: { aliquota, resultado, isento, compensado: ZERO, base: ZERO, imposto: ZERO },
      prejuizo,
    };
  }
  const compensado = maxDec(ZERO, minDec(prejuizo, tributavel));
  const base = maxDec(ZERO, tributavel.minus(compensado));
  const depois = tributavel.lessThan(0)
    ? prejuizo.plus(tributavel.negated())
    : prejuizo.minus(compensado);
  const imposto = cents(base.times(aliquota));
  return { fechado: { aliquota, resultado, isento, compensado, base, imposto }, prejuizo: depois };
}

/** A month's withholding by bucket: each kind made only when its month total is over R$ 1.00. */
function withholding(s: Somas, mov: Movimento): Record<Bucket, Dec> {
  const r: Record<Bucket, Dec> = { comum: ZERO, day_trade: ZERO, fii: ZERO };
  const semVendas = s.vendasComuns.isZero() && s.vendasFii.isZero();
  if (semVendas && mov.irrfDayTrade.isZero() && mov.irrfFii.isZero()) return r;
  const comum = s.vendasComuns.times(ALIQUOTA_IRRF_COMUM);
  const total005 = cents(comum.plus(s.vendasFii.times(ALIQUOTA_IRRF_COMUM)));
  const total1 = cents(mov.irrfDayTrade.plus(mov.irrfFii));
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
  /** The month's detail as text; null for a month closed only for its carries (not shown). */
  mes: Omit<MesIrDetalhado, 'posicoes'> | null;
  carry: Carry;
}

/** A month closed, exact: what its detail shows and what it carries on. */
export interface Apurado {
  fechadas: LinhaFechada[];
  s: Somas;
  vendasAcoes: Dec;
  isento: boolean;
  buckets: Record<Bucket, BucketFechado>;
  imposto: Dec;
  irrf: Dec;
  compensado: Dec;
  anterior: Dec;
  aPagar: Dec;
  darf: { valor: Dec; situacao: Situacao; meses: string[] };
  carry: Carry;
}

function computeMonth(mes: string, mov: Movimento, vendasExternas: Dec, antes: Carry): Apurado {
  const fechadas = closeLinhas(mov);
  const s = sumLinhas(fechadas);
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
  const buckets = {} as Record<Bucket, BucketFechado>;
  let imposto = ZERO;
  let proprio = ZERO;
  for (const b of BUCKETS) {
    const isentoB = b === 'comum' ? ganhoIsento : ZERO;
    const r = closeBucket(b, s.resultado[b], tributavel[b], isentoB, antes.prejuizo[b]);
    carry.prejuizo[b] = r.prejuizo;
    imposto = imposto.plus(r.fechado.imposto);
    // This month's withholding goes to the tax of the bucket it came from (issue 29, rule 5).
    const usado = minDec(irrf[b], r.fechado.imposto);
    proprio = proprio.plus(usado);
    buckets[b] = { ...r.fechado, irrf: irrf[b], usado };
  }
  const irrfTotal = irrf.comum.plus(irrf.day_trade).plus(irrf.fii);
  // What the earlier months of the year left goes to any tax still due (decision 0013).
  const anterior = minDec(antes.irrf, imposto.minus(proprio));
  const compensado = proprio.plus(anterior);
  carry.irrf = antes.irrf.minus(anterior).plus(irrfTotal.minus(proprio));
  const aPagar = imposto.minus(compensado);
  const darf = closeDarf(mes, aPagar, antes, carry);
  return {
    fechadas,
    s,
    vendasAcoes,
    isento,
    buckets,
    imposto,
    irrf: irrfTotal,
    compensado,
    anterior,
    aPagar,
    darf,
    carry,
  };
}

/**
 * Closes `mes` from its sessions, the sales made elsewhere and the carries that came in; its detail is written as
 * text when `render` (a month shown), else only its carries go on.
 */
export function closeMonth(
  mes: string,
  mov: Movimento,
  vendasExternas: Dec,
  antes: Carry,
  avisos: AvisoIr[],
  render = true,
): Fechamento {
  const a = computeMonth(mes, mov, vendasExternas, antes);
  const detalhe = render
    ? renderMonth(mes, a, antes, vendasExternas, [...avisos, ...mov.avisos])
    : null;
  return { mes: detalhe, carry: a.carry };
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
