import type { Apuracao } from './apuracao';
import * as dd from './dd';
import type { DD } from './dd';
import * as fixo from './fixo';
import { solveMwr, type FluxoMwr } from './mwr';
import type { Referencias } from './referencias';
import type { MesRentabilidade, PeriodoRentabilidade, SessaoRentabilidade } from './tipos';

// Bound once: the loaders (tsx, vitest) turn named imports into getters that V8 does not inline in the per-session
// loops below (a third of the book's time, measured).
const { ddDivideInto, ddMinusOne, ddMinusOneOf, ddMulInto, ddQuotientInto } = dd;
const { checked, pow10Number, reaisToNumber } = fixo;

/**
 * From the period's money to its returns (docs/rentabilidade.md): the daily return, the chained wealth index, the
 * months, the benchmarks beside them, the money-weighted return, the volatility and the drawdown. Daily factors
 * and chains in double-double (~31 digits); the statistics (volatility, the MWR solver) in doubles.
 */

export interface Cadeia {
  /** W_t−1 / (V_t−1 + B_t) per session, the denominator in the Apuracao's units (0 when it is 0): a ticker's
   * points are Σ its result of the session × this. Without the detail, a scratch buffer the next call reuses. */
  pesos: Float64Array;
  serie: SessaoRentabilidade[];
  meses: MesRentabilidade[];
  periodo: PeriodoRentabilidade;
}

const rascunhos: Float64Array[] = [new Float64Array(0), new Float64Array(0)];

/** The i-th scratch buffer's first n places (grown when short; the caller writes every place it reads). */
function scratch(i: number, n: number): Float64Array {
  if (rascunhos[i]!.length < n)
    rascunhos[i] = new Float64Array(Math.max(n, 2 * rascunhos[i]!.length));
  return rascunhos[i]!.subarray(0, n);
}

/** r / b, null when the benchmark is unknown or did not move. */
const percentual = (r: number, b: number | null) => (b === null || b === 0 ? null : r / b);

/** Sample standard deviation of the daily returns × √252 (null under two sessions). */
export function volatility(retornos: ArrayLike<number>): number | null {
  const n = retornos.length;
  if (n < 2) return null;
  let media = 0;
  for (let j = 0; j < n; j++) media += retornos[j]!;
  media /= n;
  let soma = 0;
  for (let j = 0; j < n; j++) soma += (retornos[j]! - media) ** 2;
  return Math.sqrt(soma / (n - 1)) * Math.sqrt(252);
}

/**
 * The money-weighted flows: at time t, B_t+1 − S_t − D_t (V_0 + B_1 at 0, −S_n − D_n − V_n at n). Time runs from
 * the first flow t0 to the last t1 (from the money's first day to its last: a client who came in or left mid-period
 * is not measured over days without money), a flow at t weighing (t1 − t) / (t1 − t0).
 */
function mwrFlows(a: Apuracao): FluxoMwr[] {
  const n = a.sessoes.length;
  const reais = pow10Number(a.escala);
  const brutos: Array<{ t: number; c: number }> = [];
  for (let t = 0; t <= n; t++) {
    let c = t === 0 ? a.patrimonio[0]! : -(a.vendas[t - 1]! + a.proventos[t - 1]!);
    if (t < n) c += a.compras[t]!;
    else c -= a.patrimonio[n]!;
    if (c !== 0) brutos.push({ t, c });
  }
  if (brutos.length < 2) return [];
  const t0 = brutos[0]!.t;
  const t1 = brutos[brutos.length - 1]!.t;
  return brutos.map(({ t, c }) => ({ peso: (t1 - t) / (t1 - t0), valor: c / reais }));
}

function checkSamePeriod(a: Apuracao, ref: Referencias) {
  const n = a.sessoes.length;
  if (
    ref.anterior !== a.anterior ||
    ref.sessoes.length !== n ||
    (ref.sessoes !== a.sessoes && ref.sessoes.some((s, j) => s !== a.sessoes[j]))
  ) {
    throw new RangeError('As referências (CDI, Ibovespa) devem ser do mesmo período da carteira.');
  }
}

/**
 * The chained returns of a period's money beside the benchmarks of the same sessions. Without `detalhe` only the
 * period's figures (the control panel's list of every client): no series, no months.
 */
export function measureCadeia(a: Apuracao, ref: Referencias, detalhe = true): Cadeia {
  checkSamePeriod(a, ref);
  const n = a.sessoes.length;
  // Without the detail the weights and daily returns live only during the call: a scratch buffer, not two arrays
  // per client of the book.
  const pesos = detalhe ? new Float64Array(n) : scratch(0, n);
  const retornos = detalhe ? new Float64Array(n) : scratch(1, n);
  const serie: SessaoRentabilidade[] = new Array(detalhe ? n : 0);
  const meses: MesRentabilidade[] = [];
  // The wealth index w, its peak and the month's factor as pairs of halves (double-doubles, dd.ts), updated in
  // place: no pair allocated per session (the book's 300 clients × 250 sessions made the garbage collector a
  // third of its time).
  let wHi = 1;
  let wLo = 0;
  let picoHi = 1;
  let picoLo = 0;
  let queda = 0;
  let mesHi = 1;
  let mesLo = 0;
  const f: DD = { hi: 1, lo: 0 };
  const t: DD = { hi: 1, lo: 0 };
  for (let j = 0; j < n; j++) {
    const data = a.sessoes[j]!;
    const den = checked(a.patrimonio[j]! + a.compras[j]!);
    const num = checked(a.patrimonio[j + 1]! + a.vendas[j]! + a.proventos[j]!);
    if (den === 0) {
      f.hi = 1;
      f.lo = 0;
    } else ddDivideInto(f, num, den);
    pesos[j] = den === 0 ? 0 : (wHi + wLo) / den;
    ddMulInto(t, wHi, wLo, f.hi, f.lo);
    wHi = t.hi;
    wLo = t.lo;
    if (picoHi < wHi || (picoHi === wHi && picoLo < wLo)) {
      picoHi = wHi;
      picoLo = wLo;
    } else {
      ddQuotientInto(t, wHi, wLo, picoHi, picoLo);
      queda = Math.min(queda, ddMinusOneOf(t.hi, t.lo));
    }
    retornos[j] = ddMinusOneOf(f.hi, f.lo);
    if (!detalhe) continue;
    const chave = data.slice(0, 7);
    if (j > 0 && chave !== a.sessoes[j - 1]!.slice(0, 7)) {
      meses.push(monthRow(a.sessoes[j - 1]!.slice(0, 7), { hi: mesHi, lo: mesLo }, ref));
      mesHi = 1;
      mesLo = 0;
    }
    ddMulInto(t, mesHi, mesLo, f.hi, f.lo);
    mesHi = t.hi;
    mesLo = t.lo;
    serie[j] = {
      data,
      patrimonio: reaisToNumber(a.patrimonio[j + 1]!, a.escala),
      compras: reaisToNumber(a.compras[j]!, a.escala),
      vendas: reaisToNumber(a.vendas[j]!, a.escala),
      proventos: reaisToNumber(a.proventos[j]!, a.escala),
      retorno_dia: retornos[j]!,
      acumulado: ddMinusOneOf(wHi, wLo),
      cdi_acumulado: ref.cdi ? ref.cdi.acumulado[j]! : null,
      ibov_acumulado: ref.ibov.acumulado[j]!,
    };
  }
  if (detalhe && n > 0)
    meses.push(monthRow(a.sessoes[n - 1]!.slice(0, 7), { hi: mesHi, lo: mesLo }, ref));
  const retorno = ddMinusOneOf(wHi, wLo);
  const cdi = ref.cdi ? ref.cdi.periodo : null;
  const periodo: PeriodoRentabilidade = {
    retorno,
    retorno_mwr: n === 0 ? null : solveMwr(mwrFlows(a), retorno),
    cdi,
    ibov: ref.ibov.periodo,
    percentual_cdi: percentual(retorno, cdi),
    volatilidade: volatility(retornos),
    max_drawdown: queda,
  };
  return { pesos, serie, meses, periodo };
}

function monthRow(chave: string, fator: DD, ref: Referencias): MesRentabilidade {
  const retorno = ddMinusOne(fator);
  const cdi = ref.cdi ? (ref.cdi.meses.get(chave) ?? null) : null;
  return {
    mes: chave,
    retorno,
    cdi,
    ibov: ref.ibov.meses.get(chave) ?? null,
    percentual_cdi: percentual(retorno, cdi),
  };
}
