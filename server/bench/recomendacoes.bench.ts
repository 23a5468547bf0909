import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { OBV, SMA, WMA } from 'technicalindicators';
import { openMemoryDatabase, type Database } from '../db/client';
import { withPostgres } from './databases';
import { PARAMETROS, analyze, obv, sma, wma, type Serie } from '../modules/recomendacoes/engine';
import { loadHistorico, ultimaSessao } from '../modules/recomendacoes/repository';
import { recompute } from '../modules/recomendacoes/service';

/**
 * Recommendations over 400 stocks × 1,000 sessions of synthetic history:
 * - the engine against plain hand-written loops over typed arrays (must be within 1.5×) and against the
 *   technicalindicators package on the same indicators (must be at least 10× faster), side by side;
 * - loading the history (one query) and the whole recompute, on PGlite and on PostgreSQL.
 * PostgreSQL: BENCH_PG_URL, else a throw-away server like the API tests' (needs initdb and pg_ctl).
 */
const STOCKS = 400;
const SESSIONS = 1000;
const ROUNDS = 7;

function synthetic(seed: number): Serie {
  let state = seed;
  const rand = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const s: Serie = {
    abertura: new Float64Array(SESSIONS),
    maxima: new Float64Array(SESSIONS),
    minima: new Float64Array(SESSIONS),
    fechamento: new Float64Array(SESSIONS),
    volume: new Float64Array(SESSIONS),
  };
  let close = 10 + rand() * 40;
  for (let i = 0; i < SESSIONS; i++) {
    const open = close * (1 + (rand() - 0.5) * 0.02);
    close = open * (1 + (rand() - 0.5) * 0.05);
    s.abertura[i] = open;
    s.fechamento[i] = close;
    s.maxima[i] = Math.max(open, close) * (1 + rand() * 0.02);
    s.minima[i] = Math.min(open, close) * (1 - rand() * 0.02);
    s.volume[i] = Math.round(rand() * 1e6);
  }
  return s;
}

/** The same columns written the plain way: one loop per indicator, the backtest rescanning H sessions. */
function baseline(s: Serie) {
  const { W, H, L } = PARAMETROS;
  const c = s.fechamento;
  const n = c.length;
  const D = n - 1;
  const avg = (period: number) => {
    const out = new Float64Array(n);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      sum += c[i]!;
      if (i >= period) sum -= c[i - period]!;
      out[i] = sum / period;
    }
    return out;
  };
  const s9 = avg(9);
  const s21 = avg(21);
  const w60 = new Float64Array(n);
  let plain = 0;
  let weighted = 0;
  for (let i = 0; i < n; i++) {
    weighted += 60 * c[i]! - plain;
    plain += c[i]!;
    if (i >= 60) plain -= c[i - 60]!;
    w60[i] = weighted / 1830;
  }
  const ob = new Float64Array(n);
  for (let i = 1; i < n; i++) {
    ob[i] = ob[i - 1]! + (c[i]! > c[i - 1]! ? s.volume[i]! : c[i]! < c[i - 1]! ? -s.volume[i]! : 0);
  }
  let min = Infinity;
  let max = -Infinity;
  let range = 0;
  let body = 0;
  let up = 0;
  let down = 0;
  for (let i = D - W + 1; i <= D; i++) {
    min = Math.min(min, s.minima[i]!);
    max = Math.max(max, s.maxima[i]!);
    range += ((s.maxima[i]! - s.minima[i]!) / s.minima[i]!) * 100;
    body += (Math.abs(c[i]! - s.abertura[i]!) / s.abertura[i]!) * 100;
    if (c[i]! > s.abertura[i]!) up++;
    else if (c[i]! < s.abertura[i]!) down++;
  }
  const alvo = (2 * range) / W;
  let hits = 0;
  let total = 0;
  for (let t = D - H - L + 1; t <= D - H; t++) {
    let high = -Infinity;
    for (let j = t + 1; j <= t + H; j++) high = Math.max(high, s.maxima[j]!);
    const hit = high >= c[t]! * (1 + alvo / 100);
    if (hit) hits++;
    total += hit ? alvo : (c[t + H]! / c[t]! - 1) * 100;
  }
  let cross = false;
  for (let t = D - 4; t <= D; t++) if (s9[t - 1]! <= s21[t - 1]! && s9[t]! > s21[t]!) cross = true;
  let volPrev = 0;
  for (let i = D - W; i < D; i++) volPrev += s.volume[i]!;
  return [
    min,
    max,
    body / W,
    alvo,
    up,
    down,
    hits,
    total / L,
    cross && s9[D]! > s21[D]!,
    ob[D]! > ob[D - W]!,
    s.volume[D]! > volPrev / W,
    c[D]! > w60[D]! && c[D - 1]! > w60[D - 1]!,
  ];
}

function median(fn: () => void): number {
  fn(); // warm-up: the JIT, not the first call, is what a server runs
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
}

async function fill(database: Database) {
  const { db } = database;
  await db.execute(
    sql`insert into acoes (ticker) select 'BNCH' || g from generate_series(1, ${STOCKS}::int) g`,
  );
  await db.execute(sql`
    insert into precos_diarios (acao_id, data, abertura, maxima, minima, fechamento, volume)
    select a.id, date '2021-01-01' + d, x.c * 0.995, x.c * 1.01, x.c * 0.985, x.c, (random() * 1e6)::bigint
    from acoes a cross join generate_series(1, ${SESSIONS}::int) d
    cross join lateral (select 20 + 5 * sin(d / 7.0 + a.id) + random() as c) x`);
}

async function timeDatabase(label: string, database: Database) {
  await fill(database);
  const data = (await ultimaSessao(database.db))!;
  const limites = { probabilidadeMin: 50, estimadoMin: 0 };
  await loadHistorico(database.db, data); // warm-up: caches, plans
  const t0 = performance.now();
  const historico = await loadHistorico(database.db, data);
  const load = performance.now() - t0;
  const t1 = performance.now();
  const r = await recompute(database.db, limites, 'bench');
  const full = performance.now() - t1;
  console.log(
    `${label.padEnd(11)} load ${historico.length} stocks × their last ${PARAMETROS.minSessoes} sessions ` +
      `(one query): ${load.toFixed(0)} ms; whole recompute (load + engine + store ${r.analisadas} rows): ${full.toFixed(0)} ms`,
  );
}

export default async function run() {
  const series = Array.from({ length: STOCKS }, (_, i) => synthetic(i + 1));
  const arrays = series.map((s) => ({
    close: Array.from(s.fechamento),
    volume: Array.from(s.volume),
  }));
  let sink = 0;

  const engine = median(() => {
    for (const s of series) sink += analyze(s)!.probabilidade;
  });
  const plain = median(() => {
    for (const s of series) sink += baseline(s)[6] as number;
  });
  const ours = median(() => {
    for (const s of series) {
      sink += sma(s.fechamento, 9)[SESSIONS - 1]! + sma(s.fechamento, 21)[SESSIONS - 1]!;
      sink += wma(s.fechamento, 60)[SESSIONS - 1]! + obv(s.fechamento, s.volume)[SESSIONS - 1]!;
    }
  });
  const library = median(() => {
    for (const a of arrays) {
      sink += SMA.calculate({ period: 9, values: a.close }).at(-1)!;
      sink += SMA.calculate({ period: 21, values: a.close }).at(-1)!;
      sink += WMA.calculate({ period: 60, values: a.close }).at(-1)!;
      sink += OBV.calculate({ close: a.close, volume: a.volume }).at(-1)!;
    }
  });
  if (Number.isNaN(sink)) console.log('(unreachable: keeps the results alive)');

  const cell = (ms: number) => `${ms.toFixed(2)} ms`.padStart(11);
  console.log(`${STOCKS} stocks × ${SESSIONS} sessions, median of ${ROUNDS} rounds`);
  console.log(`engine: all 22 columns (analyze)              ${cell(engine)}`);
  console.log(
    `plain hand-written loops, same columns         ${cell(plain)}   engine/plain = ${(engine / plain).toFixed(2)}× (must be ≤ 1.5×)`,
  );
  console.log(`engine indicators: SMA9, SMA21, WMA60, OBV      ${cell(ours)}`);
  console.log(
    `technicalindicators: SMA9, SMA21, WMA60, OBV    ${cell(library)}   ${(library / ours).toFixed(1)}× slower than the engine's indicators, ${(library / engine).toFixed(1)}× slower than all 22 columns (must be ≥ 10×)`,
  );

  const pglite = await openMemoryDatabase();
  try {
    await timeDatabase('PGlite', pglite);
  } finally {
    await pglite.close();
  }

  await withPostgres((pg) => timeDatabase('PostgreSQL', pg));
}
