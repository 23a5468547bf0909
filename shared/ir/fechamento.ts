import { renderMonth } from './detalhe';
import {
  brl,
  cents,
  centsTimes,
  de4,
  dinheiro,
  maxDinheiro as max,
  minDinheiro as min,
  taxa,
  type Dinheiro,
} from './numeros';
import type { LinhaAberta, Movimento } from './pregao';
import type { AvisoIr, Bucket, LinhaIr, MesIrDetalhado, Situacao } from './tipos';

/**
 * A month's close: lines to the cent, the three buckets with their losses, the tax, the withholding and the DARF
 * (docs/imposto-de-renda.md). Every figure here is in cents, rounded half up once, when the month ends (BigInt
 * counts of the engine's unit, numeros.ts).
 */

/** The carries between months, exact cents. */
export interface Carry {
  prejuizo: Record<Bucket, Dinheiro>;
  irrf: Dinheiro;
  pendente: Dinheiro;
  mesesPendentes: string[];
}

export const emptyCarry = (): Carry => ({
  prejuizo: { comum: 0n, day_trade: 0n, fii: 0n },
  irrf: 0n,
  pendente: 0n,
  mesesPendentes: [],
});

/**
 * Rates: common operations with stocks, units, ETFs and BDRs 15 % (Lei 11.033/2004 art. 2º II); day trade 20 %
 * (Lei 9.959/2000 art. 8º; IN RFB 1.585/2015 art. 65); FII units, day trade or not, 20 % (Lei 8.668/1993
 * art. 18).
 */
export const ALIQUOTAS: Record<Bucket, string> = { comum: '0.15', day_trade: '0.2', fii: '0.2' };
const TAXAS: Record<Bucket, ReturnType<typeof taxa>> = {
  comum: taxa(ALIQUOTAS.comum),
  day_trade: taxa(ALIQUOTAS.day_trade),
  fii: taxa(ALIQUOTAS.fii),
};

/** The exemption's ceiling (Lei 11.033/2004 art. 3º I; IN RFB 1.585/2015 art. 59 I). */
export const LIMITE_ISENCAO = '20000.00';
/** 0.005 % of common sales (Lei 11.033/2004 art. 2º § 1º). */
export const ALIQUOTA_IRRF_COMUM = '0.00005';
/** 1 % of each day's positive day-trade result (IN RFB 1.585/2015 art. 65). */
const IRRF_DAY_TRADE = taxa('0.01');
const IRRF_COMUM = taxa(ALIQUOTA_IRRF_COMUM);
/** Withholding of R$ 1.00 or less is not made (Lei 11.033/2004 art. 2º § 2º; IN 1.585 art. 65 for day trade). */
export const IRRF_MINIMO = '1.00';
/** No DARF under R$ 10.00: added to the next months until it reaches it (Lei 9.430/1996 art. 68 § 1º). */
export const DARF_MINIMO = '10.00';
const LIMITE = dinheiro(LIMITE_ISENCAO);
const MINIMO_IRRF = dinheiro(IRRF_MINIMO);
const MINIMO_DARF = dinheiro(DARF_MINIMO);

const bucketOf = (l: Pick<LinhaIr, 'classe' | 'tipo'>): Bucket =>
  l.classe === 'fii' ? 'fii' : l.tipo === 'day_trade' ? 'day_trade' : 'comum';

/** A month's line to the cent, as decimals (written as text only for the months shown). */
export interface LinhaFechada {
  l: LinhaAberta;
  valor: Dinheiro;
  custo: Dinheiro;
  resultado: Dinheiro;
}

/** The month's lines to the cent: the result is the difference of the rounded figures, so they add up as shown. */
function closeLinhas(mov: Movimento): LinhaFechada[] {
  return [...mov.linhas.values()]
    .map((l) => {
      const valor = cents(l.valor + de4(l.valor4));
      const custo = cents(l.custo + de4(l.custos4));
      return { l, valor, custo, resultado: valor - custo };
    })
    .sort((a, b) => (a.l.tipo + a.l.ticker < b.l.tipo + b.l.ticker ? -1 : 1));
}

export interface Somas {
  resultado: Record<Bucket, Dinheiro>;
  acoes: Dinheiro;
  vendasAcoes: Dinheiro;
  vendasComuns: Dinheiro;
  vendasFii: Dinheiro;
}

function sumLinhas(fechadas: readonly LinhaFechada[]): Somas {
  const s: Somas = {
    resultado: { comum: 0n, day_trade: 0n, fii: 0n },
    acoes: 0n,
    vendasAcoes: 0n,
    vendasComuns: 0n,
    vendasFii: 0n,
  };
  for (const { l, valor, resultado } of fechadas) {
    const b = bucketOf(l);
    s.resultado[b] += resultado;
    if (l.tipo !== 'comum') continue;
    if (b === 'fii') s.vendasFii += valor;
    else s.vendasComuns += valor;
    if (l.classe === 'acao') {
      s.acoes += resultado;
      s.vendasAcoes += valor;
    }
  }
  return s;
}

/** One bucket's month, exact. */
export interface BucketFechado {
  aliquota: string;
  resultado: Dinheiro;
  isento: Dinheiro;
  compensado: Dinheiro;
  base: Dinheiro;
  imposto: Dinheiro;
  irrf: Dinheiro;
  /** The month's own withholding deducted from this bucket's tax. */
  usado: Dinheiro;
}

/**
 * One bucket: the month's taxable result offsets the losses carried (IN RFB 1.585/2015 art. 64: only later gains
 * of the same kind, no time limit) or adds to them. `isento` is the exempt stock gain, which neither pays nor
 * consumes the carry (decision 0013). Answers the figures and the loss carried after it.
 */
function closeBucket(
  bucket: Bucket,
  resultado: Dinheiro,
  tributavel: Dinheiro,
  isento: Dinheiro,
  prejuizo: Dinheiro,
): { fechado: Omit<BucketFechado, 'irrf' | 'usado'>; prejuizo: Dinheiro } {
  const aliquota = ALIQUOTAS[bucket];
  if (tributavel === 0n && resultado === 0n && isento === 0n) {
    // Nothing in the bucket this month (most months of most buckets): the carry passes as it came.
    return {
      fechado: { aliquota, resultado, isento, compensado: 0n, base: 0n, imposto: 0n },
      prejuizo,
    };
  }
  const compensado = max(0n, min(prejuizo, tributavel));
  const base = max(0n, tributavel - compensado);
  const depois = tributavel < 0n ? prejuizo - tributavel : prejuizo - compensado;
  const imposto = centsTimes(base, TAXAS[bucket]);
  return { fechado: { aliquota, resultado, isento, compensado, base, imposto }, prejuizo: depois };
}

/** A month's withholding by bucket: each kind made only when its month total is over R$ 1.00. */
function withholding(s: Somas, mov: Movimento): Record<Bucket, Dinheiro> {
  const r: Record<Bucket, Dinheiro> = { comum: 0n, day_trade: 0n, fii: 0n };
  const semVendas = s.vendasComuns === 0n && s.vendasFii === 0n;
  if (semVendas && mov.positivoDayTrade === 0n && mov.positivoFii === 0n) return r;
  // Each figure the exact rate of its base, rounded to the cent once.
  const total005 = centsTimes(s.vendasComuns + s.vendasFii, IRRF_COMUM);
  const total1 = centsTimes(mov.positivoDayTrade + mov.positivoFii, IRRF_DAY_TRADE);
  if (total005 > MINIMO_IRRF) {
    r.comum = centsTimes(s.vendasComuns, IRRF_COMUM);
    r.fii = total005 - r.comum;
  }
  if (total1 > MINIMO_IRRF) {
    r.day_trade = centsTimes(mov.positivoDayTrade, IRRF_DAY_TRADE);
    r.fii += total1 - r.day_trade;
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
  vendasAcoes: Dinheiro;
  isento: boolean;
  buckets: Record<Bucket, BucketFechado>;
  imposto: Dinheiro;
  irrf: Dinheiro;
  compensado: Dinheiro;
  anterior: Dinheiro;
  aPagar: Dinheiro;
  darf: { valor: Dinheiro; situacao: Situacao; meses: string[] };
  carry: Carry;
}

function computeMonth(
  mes: string,
  mov: Movimento,
  vendasExternas: Dinheiro,
  antes: Carry,
): Apurado {
  const fechadas = closeLinhas(mov);
  const s = sumLinhas(fechadas);
  const vendasAcoes = s.vendasAcoes + vendasExternas;
  const isento = vendasAcoes <= LIMITE;
  // Exempt month: a net stock gain is exempt; a net stock loss still counts (decision 0013).
  const ganhoIsento = isento ? max(0n, s.acoes) : 0n;
  const tributavel: Record<Bucket, Dinheiro> = {
    comum: s.resultado.comum - ganhoIsento,
    day_trade: s.resultado.day_trade,
    fii: s.resultado.fii,
  };
  const irrf = withholding(s, mov);
  const carry = emptyCarry();
  const buckets = {} as Record<Bucket, BucketFechado>;
  let imposto = 0n;
  let proprio = 0n;
  for (const b of BUCKETS) {
    const isentoB = b === 'comum' ? ganhoIsento : 0n;
    const r = closeBucket(b, s.resultado[b], tributavel[b], isentoB, antes.prejuizo[b]);
    carry.prejuizo[b] = r.prejuizo;
    imposto += r.fechado.imposto;
    // This month's withholding goes to the tax of the bucket it came from (issue 29, rule 5).
    const usado = min(irrf[b], r.fechado.imposto);
    proprio += usado;
    buckets[b] = { ...r.fechado, irrf: irrf[b], usado };
  }
  const irrfTotal = irrf.comum + irrf.day_trade + irrf.fii;
  // What the earlier months of the year left goes to any tax still due (decision 0013).
  const anterior = min(antes.irrf, imposto - proprio);
  const compensado = proprio + anterior;
  carry.irrf = antes.irrf - anterior + (irrfTotal - proprio);
  const aPagar = imposto - compensado;
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
  vendasExternas: Dinheiro,
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
  aPagar: Dinheiro,
  antes: Carry,
  depois: Carry,
): { valor: Dinheiro; situacao: Situacao; meses: string[] } {
  if (aPagar === 0n) {
    depois.pendente = antes.pendente;
    // Nothing pending (most months): the empty list is shared, never written to.
    depois.mesesPendentes =
      antes.mesesPendentes.length === 0 ? antes.mesesPendentes : [...antes.mesesPendentes];
    return { valor: 0n, situacao: 'sem_imposto', meses: [] };
  }
  const total = antes.pendente + aPagar;
  const meses = [...antes.mesesPendentes, mes];
  if (total >= MINIMO_DARF) {
    return { valor: total, situacao: 'a_pagar', meses };
  }
  depois.pendente = total;
  depois.mesesPendentes = meses;
  return { valor: 0n, situacao: 'abaixo_de_10', meses: [] };
}

export const irrfAviso = (valor: Dinheiro, ano: string): AvisoIr => ({
  codigo: 'irrf_na_declaracao_anual',
  mensagem: `${brl(valor)} de IRRF não compensados em ${ano}: a compensar na declaração anual.`,
});
