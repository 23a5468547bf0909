/**
 * The recommendation method of server-design §5, as pure functions over typed arrays. Nothing here touches
 * the database: the service loads the history in one query and hands each stock's bars to `analyze`.
 */

/** One stock's daily bars, oldest first, one entry per session it traded. */
export interface Serie {
  abertura: Float64Array;
  maxima: Float64Array;
  minima: Float64Array;
  fechamento: Float64Array;
  volume: Float64Array;
}

export interface Parametros {
  W: number;
  H: number;
  L: number;
  minSessoes: number;
  smaCurta: number;
  smaLonga: number;
  janelaCruzamento: number;
  wma: number;
  sessoesAcimaWma: number;
}

export const PARAMETROS: Readonly<Parametros> = {
  /** The recent window, in sessions. */
  W: 20,
  /** One month, in sessions: how long a trade is given to reach its target. */
  H: 21,
  /** Start days of the one-year backtest. */
  L: 250,
  /** Sessions a stock needs before it is analysed. */
  minSessoes: 300,
  smaCurta: 9,
  smaLonga: 21,
  /** The crossing of the averages counts when it happened within this many sessions. */
  janelaCruzamento: 5,
  wma: 60,
  /** The close must be above the weighted average on this many of the last sessions. */
  sessoesAcimaWma: 2,
};

/**
 * The analysis of one stock on its latest session D. Percentages are in percent (12.5 means 12.5 %), kept at
 * full precision: rounding happens only in the API's answer.
 */
export interface Analise {
  preco_compra: number;
  alvo_sugerido: number;
  percentual_estimado: number;
  probabilidade: number;
  vezes_atingiu_alvo_1m: number;
  cruza_medias: boolean;
  obv_cres: boolean;
  vol_acima_media: boolean;
  wma602: boolean;
  MIN: number;
  MAX: number;
  AMPLITUDE: number;
  AMP_AxF: number;
  AMP_MXxMN: number;
  A_x_F: number;
  ALVO: number;
  ALTA: number;
  BAIXA: number;
}

/** Simple moving average of `period` values ending at each index; NaN before there are enough. */
export function sma(values: Float64Array, period: number): Float64Array {
  const out = new Float64Array(values.length).fill(NaN);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    if (i >= period) sum -= values[i - period]!;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/**
 * Linearly weighted moving average (the newest value weighs `period`, the oldest 1), kept up to date in O(1)
 * per step: the weighted sum grows by period × the new value and loses the plain sum of the previous window
 * (every value enters with weight `period` and loses 1 a session, so the weights are right once it is full).
 */
export function wma(values: Float64Array, period: number): Float64Array {
  const out = new Float64Array(values.length).fill(NaN);
  const denominator = (period * (period + 1)) / 2;
  let plain = 0;
  let weighted = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    weighted += period * v - plain;
    plain += v;
    if (i >= period) plain -= values[i - period]!;
    if (i >= period - 1) out[i] = weighted / denominator;
  }
  return out;
}

/** On-balance volume from 0 on the first session: + volume on an up close, − on a down close. */
export function obv(fechamento: Float64Array, volume: Float64Array): Float64Array {
  const out = new Float64Array(fechamento.length);
  for (let i = 1; i < fechamento.length; i++) {
    const change = fechamento[i]! - fechamento[i - 1]!;
    out[i] = out[i - 1]! + (change > 0 ? volume[i]! : change < 0 ? -volume[i]! : 0);
  }
  return out;
}

/**
 * The 22 columns for a stock whose last bar is its session D; null with fewer than `minSessoes` sessions or a
 * non-positive price where a percentage divides by it.
 * Linear in the number of sessions; the backtest's "highest high of the next H sessions" is a sliding
 * maximum (monotonic deque), not a rescan per start day.
 */
export function analyze(serie: Serie, p: Readonly<Parametros> = PARAMETROS): Analise | null {
  const { abertura, maxima, minima, fechamento, volume } = serie;
  const n = fechamento.length;
  if (n < p.minSessoes) return null;
  const D = n - 1;
  const first = D - p.W + 1;

  let MIN = Infinity;
  let MAX = -Infinity;
  let somaRange = 0;
  let somaCorpo = 0;
  let ALTA = 0;
  let BAIXA = 0;
  for (let i = first; i <= D; i++) {
    const o = abertura[i]!;
    const h = maxima[i]!;
    const l = minima[i]!;
    const c = fechamento[i]!;
    // A bar without a positive price is bad data; percentages over it would be infinite.
    if (!(l > 0 && o > 0)) return null;
    if (l < MIN) MIN = l;
    if (h > MAX) MAX = h;
    somaRange += ((h - l) / l) * 100;
    somaCorpo += (Math.abs(c - o) / o) * 100;
    if (c > o) ALTA++;
    else if (c < o) BAIXA++;
  }
  const preco_compra = fechamento[D]!;
  const AMP_MXxMN = somaRange / p.W;
  const AMP_AxF = somaCorpo / p.W;
  const AMPLITUDE = ((MAX - MIN) / MIN) * 100;
  const A_x_F = ((preco_compra - abertura[first]!) / abertura[first]!) * 100;
  const ALVO = 2 * AMP_MXxMN;
  const fatorAlvo = 1 + ALVO / 100;

  let volumeAnterior = 0;
  for (let i = D - p.W; i < D; i++) volumeAnterior += volume[i]!;
  const vol_acima_media = volume[D]! > volumeAnterior / p.W;

  // Backtest: start days s = D−H−L+1 … D−H, walked from the newest so the window s+1 … s+H slides left.
  const deque = new Int32Array(p.H + 1);
  let head = 0;
  let tail = 0;
  let vezes = 0;
  let somaResultado = 0;
  const lastStart = D - p.H;
  for (let j = lastStart + p.H; j > lastStart; j--) {
    while (tail > head && maxima[deque[(tail - 1) % deque.length]!]! <= maxima[j]!) tail--;
    deque[tail++ % deque.length] = j;
  }
  for (let s = lastStart; s > lastStart - p.L; s--) {
    if (s < lastStart) {
      const entering = s + 1;
      while (tail > head && maxima[deque[(tail - 1) % deque.length]!]! <= maxima[entering]!) tail--;
      deque[tail++ % deque.length] = entering;
      while (deque[head % deque.length]! > s + p.H) head++;
    }
    const entrada = fechamento[s]!;
    if (!(entrada > 0)) return null;
    if (maxima[deque[head % deque.length]!]! >= entrada * fatorAlvo) {
      vezes++;
      somaResultado += ALVO;
    } else {
      somaResultado += (fechamento[s + p.H]! / entrada - 1) * 100;
    }
  }

  const curta = sma(fechamento, p.smaCurta);
  const longa = sma(fechamento, p.smaLonga);
  let cruzou = false;
  for (let t = D - p.janelaCruzamento + 1; t <= D; t++) {
    if (curta[t - 1]! <= longa[t - 1]! && curta[t]! > longa[t]!) cruzou = true;
  }
  const ponderada = wma(fechamento, p.wma);
  let wma602 = true;
  for (let t = D - p.sessoesAcimaWma + 1; t <= D; t++) {
    if (!(fechamento[t]! > ponderada[t]!)) wma602 = false;
  }
  const saldo = obv(fechamento, volume);

  return {
    preco_compra,
    alvo_sugerido: preco_compra * fatorAlvo,
    percentual_estimado: somaResultado / p.L,
    probabilidade: (vezes / p.L) * 100,
    vezes_atingiu_alvo_1m: vezes,
    cruza_medias: cruzou && curta[D]! > longa[D]!,
    obv_cres: saldo[D]! > saldo[D - p.W]!,
    vol_acima_media,
    wma602,
    MIN,
    MAX,
    AMPLITUDE,
    AMP_AxF,
    AMP_MXxMN,
    A_x_F,
    ALVO,
    ALTA,
    BAIXA,
  };
}
