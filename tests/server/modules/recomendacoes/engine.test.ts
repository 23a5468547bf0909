import { OBV, SMA, WMA } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import {
  PARAMETROS,
  analyze,
  obv,
  sma,
  wma,
  type Parametros,
  type Serie,
} from '../../../../server/modules/recomendacoes/engine';

type Bar = [open: number, high: number, low: number, close: number, volume: number];

function serie(bars: Bar[]): Serie {
  const col = (k: number) => Float64Array.from(bars, (b) => b[k]!);
  return { abertura: col(0), maxima: col(1), minima: col(2), fechamento: col(3), volume: col(4) };
}

/** A deterministic random walk (a small LCG), so failures are reproducible. */
function randomBars(n: number, seed = 7): Bar[] {
  let state = seed;
  const rand = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const bars: Bar[] = [];
  let close = 20;
  for (let i = 0; i < n; i++) {
    const open = close * (1 + (rand() - 0.5) * 0.02);
    close = open * (1 + (rand() - 0.5) * 0.05);
    const high = Math.max(open, close) * (1 + rand() * 0.02);
    const low = Math.min(open, close) * (1 - rand() * 0.02);
    bars.push([open, high, low, close, Math.round(rand() * 1e6)]);
  }
  return bars;
}

const tail = (a: Float64Array, k: number) => Array.from(a.subarray(a.length - k));

describe('indicators, hand-computed', () => {
  it('sma: the mean of the last `period` values, NaN before', () => {
    const out = sma(Float64Array.of(1, 2, 3, 4, 5), 3);
    expect(Array.from(out)).toEqual([NaN, NaN, 2, 3, 4]);
  });

  it('wma: weights 1 … period, the newest heaviest', () => {
    const out = wma(Float64Array.of(1, 2, 3, 4, 10), 3);
    expect(out[1]).toBeNaN();
    expect(out[2]).toBeCloseTo((1 * 1 + 2 * 2 + 3 * 3) / 6, 12);
    expect(out[3]).toBeCloseTo((1 * 2 + 2 * 3 + 3 * 4) / 6, 12);
    expect(out[4]).toBeCloseTo((1 * 3 + 2 * 4 + 3 * 10) / 6, 12);
  });

  it('obv: adds the volume on an up close, subtracts it on a down close, keeps it on a flat one', () => {
    const out = obv(Float64Array.of(10, 11, 11, 10, 12), Float64Array.of(100, 200, 300, 400, 500));
    expect(Array.from(out)).toEqual([0, 200, 200, -200, 300]);
  });
});

describe('indicators against technicalindicators (an independent implementation)', () => {
  const bars = randomBars(600);
  const closes = bars.map((b) => b[3]);
  const volumes = bars.map((b) => b[4]);
  const s = serie(bars);

  it.each([9, 21, 60])('sma(%i)', (period) => {
    const reference = SMA.calculate({ period, values: closes });
    const ours = tail(sma(s.fechamento, period), reference.length);
    ours.forEach((v, i) => expect(v).toBeCloseTo(reference[i]!, 8));
  });

  it.each([9, 60])('wma(%i)', (period) => {
    const reference = WMA.calculate({ period, values: closes });
    const ours = tail(wma(s.fechamento, period), reference.length);
    ours.forEach((v, i) => expect(v).toBeCloseTo(reference[i]!, 8));
  });

  it('obv', () => {
    const reference = OBV.calculate({ close: closes, volume: volumes });
    expect(tail(obv(s.fechamento, s.volume), reference.length)).toEqual(reference);
  });
});

// Small windows so that every column can be worked out by hand.
const SMALL: Parametros = {
  W: 3,
  H: 2,
  L: 3,
  minSessoes: 8,
  smaCurta: 2,
  smaLonga: 3,
  janelaCruzamento: 2,
  wma: 3,
  sessoesAcimaWma: 2,
};
const HAND: Bar[] = [
  [10, 11, 9, 10, 100],
  [10, 12, 10, 11, 100],
  [11, 11.5, 10.5, 11, 100],
  [11, 11.2, 10, 10.5, 200],
  [10.5, 11, 10, 10, 100],
  [10, 10.1, 10, 10.05, 150],
  [10.05, 10.15, 10.05, 10.1, 100],
  [10.1, 10.2, 10.1, 10.2, 300],
];

describe('analyze, every column by hand on a small series', () => {
  const a = analyze(serie(HAND), SMALL)!;
  const range = ((0.1 / 10 + 0.1 / 10.05 + 0.1 / 10.1) / 3) * 100;
  const alvo = 2 * range;

  it('the window W: MIN, MAX, AMPLITUDE, AMP_MXxMN, AMP_AxF, A_x_F, ALTA, BAIXA', () => {
    expect(a.preco_compra).toBe(10.2);
    expect(a.MIN).toBe(10);
    expect(a.MAX).toBe(10.2);
    expect(a.AMPLITUDE).toBeCloseTo((0.2 / 10) * 100, 10);
    expect(a.AMP_MXxMN).toBeCloseTo(range, 10);
    expect(a.AMP_AxF).toBeCloseTo(((0.05 / 10 + 0.05 / 10.05 + 0.1 / 10.1) / 3) * 100, 10);
    expect(a.A_x_F).toBeCloseTo(((10.2 - 10) / 10) * 100, 10);
    expect([a.ALTA, a.BAIXA]).toEqual([3, 0]);
  });

  it('the target and the one-month backtest over L start days', () => {
    expect(a.ALVO).toBeCloseTo(alvo, 10);
    expect(a.alvo_sugerido).toBeCloseTo(10.2 * (1 + alvo / 100), 10);
    // s=3 (10.5): highs 11, 10.1 reach 10.5 × 1.0199; s=4 (10): 10.1, 10.15 miss, ends at 10.1;
    // s=5 (10.05): 10.15, 10.2 miss 10.25, ends at 10.2.
    expect(a.vezes_atingiu_alvo_1m).toBe(1);
    expect(a.probabilidade).toBeCloseTo(100 / 3, 10);
    expect(a.percentual_estimado).toBeCloseTo((alvo + 1 + (10.2 / 10.05 - 1) * 100) / 3, 10);
  });

  it('the signals: crossing of averages, OBV, volume, close above the WMA', () => {
    // sma2 crosses above sma3 at session 6 (10.075 > 10.05 after 10.025 < 10.183) and stays above.
    expect(a.cruza_medias).toBe(true);
    expect(a.obv_cres).toBe(true);
    expect(a.vol_acima_media).toBe(true);
    expect(a.wma602).toBe(true);
  });

  it('each signal turns false when its condition fails', () => {
    const bars = HAND.map((b) => [...b] as Bar);
    bars[7] = [10.1, 10.2, 9.8, 9.9, 100]; // down close, average volume, below the WMA
    const b = analyze(serie(bars), SMALL)!;
    expect(b.vol_acima_media).toBe(false); // 100 is not above (100 + 150 + 100) / 3
    expect(b.wma602).toBe(false);
    expect(b.cruza_medias).toBe(false); // crossed at 6, but at D sma2 10.0 < sma3 10.017
    expect([b.ALTA, b.BAIXA]).toEqual([2, 1]);
    bars[7] = [10.1, 10.2, 9.8, 9.9, 1000];
    expect(analyze(serie(bars), SMALL)!.obv_cres).toBe(false); // 150 + 100 − 1000 < 0
  });
});

/** The method written as directly as server-design §5 reads, for the default parameters. */
function naive(bars: Bar[]) {
  const D = bars.length - 1;
  const { W, H, L } = PARAMETROS;
  const win = bars.slice(D - W + 1);
  const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
  const ampMxMn = mean(win.map(([, h, l]) => ((h - l) / l) * 100));
  const alvo = 2 * ampMxMn;
  let vezes = 0;
  const outcomes: number[] = [];
  for (let s = D - H - L + 1; s <= D - H; s++) {
    const maxHigh = Math.max(...bars.slice(s + 1, s + H + 1).map((b) => b[1]));
    const hit = maxHigh >= bars[s]![3] * (1 + alvo / 100);
    if (hit) vezes++;
    outcomes.push(hit ? alvo : (bars[s + H]![3] / bars[s]![3] - 1) * 100);
  }
  const closeAvg = (end: number, k: number) =>
    mean(bars.slice(end - k + 1, end + 1).map((b) => b[3]));
  let crossed = false;
  for (let t = D - 4; t <= D; t++) {
    if (closeAvg(t - 1, 9) <= closeAvg(t - 1, 21) && closeAvg(t, 9) > closeAvg(t, 21))
      crossed = true;
  }
  return {
    vezes,
    estimado: mean(outcomes),
    cruza: crossed && closeAvg(D, 9) > closeAvg(D, 21),
  };
}

describe('analyze with the real parameters', () => {
  it('agrees with a direct transcription of the method on a random walk', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const bars = randomBars(300 + seed * 37, seed);
      const a = analyze(serie(bars))!;
      const ref = naive(bars);
      expect(a.vezes_atingiu_alvo_1m).toBe(ref.vezes);
      expect(a.probabilidade).toBeCloseTo((ref.vezes / 250) * 100, 10);
      expect(a.percentual_estimado).toBeCloseTo(ref.estimado, 9);
      expect(a.cruza_medias).toBe(ref.cruza);
    }
  });

  it('needs 300 sessions: 299 give no row', () => {
    expect(analyze(serie(randomBars(299)))).toBeNull();
    expect(analyze(serie(randomBars(300)))).not.toBeNull();
  });

  it('flat prices: no range, a target of 0 % always "reached", no signal', () => {
    const a = analyze(serie(Array.from({ length: 300 }, (): Bar => [10, 10, 10, 10, 500])))!;
    expect(a).toMatchObject({
      MIN: 10,
      MAX: 10,
      AMPLITUDE: 0,
      AMP_MXxMN: 0,
      AMP_AxF: 0,
      A_x_F: 0,
      ALVO: 0,
      alvo_sugerido: 10,
      ALTA: 0,
      BAIXA: 0,
      vezes_atingiu_alvo_1m: 250,
      probabilidade: 100,
      percentual_estimado: 0,
      cruza_medias: false,
      obv_cres: false,
      vol_acima_media: false,
      wma602: false,
    });
  });

  it('zero volume: OBV and volume signals are false, the prices still analysed', () => {
    const bars = randomBars(320).map(([o, h, l, c]): Bar => [o, h, l, c, 0]);
    const a = analyze(serie(bars))!;
    expect(a.obv_cres).toBe(false);
    expect(a.vol_acima_media).toBe(false);
    expect(Number.isFinite(a.percentual_estimado)).toBe(true);
  });

  it('a bar with a zero low in the window gives no row rather than infinite percentages', () => {
    const bars = randomBars(300);
    bars[295] = [1, 1, 0, 1, 10];
    expect(analyze(serie(bars))).toBeNull();
  });
});
