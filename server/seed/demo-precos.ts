import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { acoes } from '../db/schema';
import type { DemoContext } from './demo';

/**
 * Real daily prices of the 42 stocks of the bundled data set (Yahoo Finance, adjusted), from 2022-11-01 to
 * 2025-10-29: one gzip'd CSV `ticker,data,abertura,maxima,minima,fechamento,volume`, prices to 4 places.
 * Its quirks are kept: NATU3 only trades again from 2025-06-26 (90 sessions), BRFS3 ends on 2025-09-22.
 */
export const PRECOS_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'data',
  'precos',
  'precos.csv.gz',
);

/**
 * The bundled history was saved adjusted for every event up to its last session: share events entered with a later
 * data_ex adjust it, earlier ones are already in it (server/lib/precos/ajuste.ts).
 */
export const DEMO_AJUSTADO_ATE = '2025-10-29';

export interface PrecoDiario {
  ticker: string;
  data: string;
  abertura: string;
  maxima: string;
  minima: string;
  fechamento: string;
  volume: number;
}

export interface DemoPrecosOptions {
  tickers?: string[];
  /** Sessions from this bundled date on. */
  desde?: string;
  /** Lays the bundled sessions on other days (demoCalendario): the demo then ends just before its database's day. */
  calendario?: DemoCalendario;
}

/** The bundled history, optionally only some tickers and sessions from a date on, optionally moved in time. */
export function readDemoPrecos(opts: DemoPrecosOptions = {}): PrecoDiario[] {
  const wanted = opts.tickers ? new Set(opts.tickers) : null;
  const lines = gunzipSync(fs.readFileSync(PRECOS_FILE)).toString('utf8').split('\n');
  const rows: PrecoDiario[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line) continue;
    const [ticker, data, abertura, maxima, minima, fechamento, volume] = line.split(',') as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (wanted && !wanted.has(ticker)) continue;
    if (opts.desde && data < opts.desde) continue;
    rows.push({
      ticker,
      data: opts.calendario ? opts.calendario(data) : data,
      abertura,
      maxima,
      minima,
      fechamento,
      volume: Number(volume),
    });
  }
  return rows;
}

const BATCH = 5000;

/**
 * Loads the bundled history into precos_diarios (batched multi-row inserts, one transaction; rows already
 * stored are kept). Tickers missing from the universe are added. Answers how many rows it inserted.
 */
export async function loadDemoPrecos(db: Db, opts: DemoPrecosOptions = {}): Promise<number> {
  const rows = readDemoPrecos(opts);
  const ajustadoAte = opts.calendario ? opts.calendario(DEMO_AJUSTADO_ATE) : DEMO_AJUSTADO_ATE;
  if (rows.length === 0) return 0;
  const tickers = [...new Set(rows.map((r) => r.ticker))];
  return db.transaction(async (tx) => {
    await tx
      .insert(acoes)
      .values(tickers.map((ticker) => ({ ticker })))
      .onConflictDoNothing({ target: acoes.ticker });
    const ids = new Map(
      (
        await tx
          .select({ id: acoes.id, ticker: acoes.ticker })
          .from(acoes)
          .where(inArray(acoes.ticker, tickers))
      ).map((a) => [a.ticker, a.id]),
    );
    let inserted = 0;
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH);
      const column = (pick: (r: PrecoDiario) => string | number) => batch.map(pick).join(',');
      // Seven text parameters per batch, unnested server-side: far cheaper than 7 × BATCH bound values.
      const result = await queryRows<{ n: number }>(
        tx,
        sql`with novos as (
          insert into precos_diarios (acao_id, data, abertura, maxima, minima, fechamento, volume, fonte, ajustado_ate)
          select *, 'demo', ${ajustadoAte}::date from unnest(
            string_to_array(${column((r) => ids.get(r.ticker)!)}, ',')::int[],
            string_to_array(${column((r) => r.data)}, ',')::date[],
            string_to_array(${column((r) => r.abertura)}, ',')::numeric[],
            string_to_array(${column((r) => r.maxima)}, ',')::numeric[],
            string_to_array(${column((r) => r.minima)}, ',')::numeric[],
            string_to_array(${column((r) => r.fechamento)}, ',')::numeric[],
            string_to_array(${column((r) => r.volume)}, ',')::bigint[])
          on conflict do nothing
          returning 1)
        select count(*)::int as n from novos`,
      );
      inserted += result[0]?.n ?? 0;
    }
    return inserted;
  });
}

export async function seedDemoPrecos({ db, calendario }: DemoContext): Promise<void> {
  await loadDemoPrecos(db, { calendario });
}

/** Maps a bundled session's date to the day the demo shows it on. */
export type DemoCalendario = (data: string) => string;

let sessoes: string[] | null = null;

/** The bundled history's sessions, oldest first. */
function sessoesDemo(): string[] {
  sessoes ??= [...new Set(readDemoPrecos().map((p) => p.data))].sort();
  return sessoes;
}

/** The `count` weekdays before `hoje` (not counting it), oldest first. */
function diasUteisAntes(hoje: string, count: number): string[] {
  const dias: string[] = [];
  const dia = new Date(`${hoje}T12:00:00Z`);
  while (dias.length < count) {
    dia.setUTCDate(dia.getUTCDate() - 1);
    const semana = dia.getUTCDay();
    if (semana !== 0 && semana !== 6) dias.push(dia.toISOString().slice(0, 10));
  }
  return dias.reverse();
}

/**
 * The demo's calendar for a database created on `hoje`: the bundled sessions (2022-11-01 to 2025-10-29) laid, in
 * their order, on the weekdays up to the one before `hoje`, so that a new demo always ends with yesterday's session
 * and its positions, imports and recommendations are of these weeks. The same `hoje` gives the same days.
 */
export function demoCalendario(hoje: string): DemoCalendario {
  const todas = sessoesDemo();
  const dias = diasUteisAntes(hoje, todas.length);
  const dia = new Map(todas.map((s, i) => [s, dias[i]!]));
  return (data) => {
    const novo = dia.get(data);
    if (novo === undefined) throw new Error(`${data} is not a session of the bundled history`);
    return novo;
  };
}
