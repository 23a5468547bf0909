/**
 * The money-weighted return of a period (docs/rentabilidade.md, "Retorno ponderado pelo dinheiro"): the growth that
 * takes the opening value and the contributions, less the withdrawals, into the closing value, compounded per
 * session. Per period, not annualised.
 *
 * Time is counted in sessions from the close of the session before the period (time 0) to the last close (time n),
 * as the daily return counts them: a buy of session k enters at its start (time k − 1), a sale or cash event of
 * session k leaves at its end (time k). The period runs from the first money (t0) to the last (t1). With x = the
 * period's growth (1 + return) and w = (t1 − t) / (t1 − t0) the share of it a flow at time t stays invested
 * (medidas.ts), x solves
 *
 *     Σ c_t · x^(w_t) = 0,   c_t = contributions at t − withdrawals at t (V_0 at 0, −V_n at n).
 *
 * Written in L = ln x the powers stay between x⁰ and x¹ (no overflow whatever n is), and F(L) = Σ c_t e^(L·w_t) has
 * the derivative Σ c_t w_t e^(L·w_t). The solver starts from the time-weighted return, widens a bracket on both
 * sides until F changes sign, and closes it with Newton steps kept inside the bracket (bisection when a step
 * leaves it). When the flows admit several rates, this is the one nearest the time-weighted return.
 */

export interface FluxoMwr {
  /** Share of the period the flow stays invested (1 for the first money, 0 for the last). */
  peso: number;
  /** Contribution (positive) or withdrawal (negative), in reais. */
  valor: number;
}

const LIMITE = 50; // |ln(1 + R)| ≤ 50: R from −1 + 2e−22 to 5e21; beyond that there is no meaningful rate.

function evaluate(fluxos: readonly FluxoMwr[], l: number): { f: number; df: number } {
  let f = 0;
  let df = 0;
  for (const { peso, valor } of fluxos) {
    const termo = valor * Math.exp(l * peso);
    f += termo;
    df += termo * peso;
  }
  return { f, df };
}

/** The bracket [a, b] around the sign change nearest `l0`, or null when there is none within the limits. */
function bracket(fluxos: readonly FluxoMwr[], l0: number): [number, number] | null {
  const f0 = evaluate(fluxos, l0).f;
  if (f0 === 0) return [l0, l0];
  let direita = l0;
  let esquerda = l0;
  let fd = f0;
  let fe = f0;
  for (let passo = 0.01; direita < LIMITE || esquerda > -LIMITE; passo *= 2) {
    if (direita < LIMITE) {
      const l = Math.min(l0 + passo, LIMITE);
      const f = evaluate(fluxos, l).f;
      if (Math.sign(f) !== Math.sign(fd)) return [direita, l];
      direita = l;
      fd = f;
    }
    if (esquerda > -LIMITE) {
      const l = Math.max(l0 - passo, -LIMITE);
      const f = evaluate(fluxos, l).f;
      if (Math.sign(f) !== Math.sign(fe)) return [l, esquerda];
      esquerda = l;
      fe = f;
    }
  }
  return null;
}

/** The root of F in [a, b] (F(a), F(b) of opposite signs), to the precision of doubles. */
function refine(fluxos: readonly FluxoMwr[], a: number, b: number): number {
  let lo = a;
  let hi = b;
  const sinalLo = Math.sign(evaluate(fluxos, lo).f);
  let l = (lo + hi) / 2;
  for (let i = 0; i < 200; i++) {
    const { f, df } = evaluate(fluxos, l);
    if (f === 0) return l;
    if (Math.sign(f) === sinalLo) lo = l;
    else hi = l;
    const newton = df !== 0 ? l - f / df : NaN;
    const proximo = newton > lo && newton < hi ? newton : (lo + hi) / 2;
    if (Math.abs(proximo - l) <= 1e-15 * Math.max(1, Math.abs(l)) || hi - lo <= 1e-15)
      return proximo;
    l = proximo;
  }
  return l;
}

/**
 * The period's money-weighted return from its flows (weights in [0, 1]), or null when no rate exists: nothing was
 * ever invested, or F keeps one sign. Everything invested and nothing left nor withdrawn is −100 %.
 */
export function solveMwr(fluxos: readonly FluxoMwr[], retornoTwr: number): number | null {
  const ativos = fluxos.filter((f) => f.valor !== 0);
  const entradas = ativos.some((f) => f.valor > 0);
  const saidas = ativos.some((f) => f.valor < 0);
  if (!entradas) return null;
  if (!saidas) return -1;
  const l0 = retornoTwr > -1 ? Math.max(-LIMITE, Math.min(LIMITE, Math.log1p(retornoTwr))) : -5;
  const intervalo = bracket(ativos, l0);
  if (!intervalo) return null;
  const l =
    intervalo[0] === intervalo[1] ? intervalo[0] : refine(ativos, intervalo[0], intervalo[1]);
  return Math.expm1(l);
}
