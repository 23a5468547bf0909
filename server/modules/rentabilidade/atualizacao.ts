import { sql, type SQL } from 'drizzle-orm';
import { todayIso } from '../../../shared/dates';
import type { TaxaCdi } from '../../../shared/rentabilidade';
import type { Db } from '../../db/client';
import { queryRows, run } from '../../db/query';
import { createYahooClient, type YahooClient } from '../../lib/quotes';
import { IBOV_YAHOO } from './avisos';
import { RefreshError, fetchCdi } from './bcb';

/**
 * The benchmarks' refreshes (issue 30): the CDI from the Banco Central, the Ibovespa's closes from Yahoo, each
 * stored per day. A refresh asks from a few days before the last day stored (a late correction is read again) up
 * to today, and back to the first operation's month when the table does not reach it yet. Each attempt is recorded
 * (referencias_atualizacoes): a failed one keeps the stored series, and the answers say so.
 */

/** How far before the last stored day a refresh reads again. */
const DIAS_SOBREPOSTOS = 10;
/** Without any operation, a year of history. */
const DIAS_SEM_OPERACOES = 366;
const LOTE = 2000;

function addDays(iso: string, dias: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/**
 * Stores CDI days. The Banco Central's replace whatever a day held; the estimated ones (`selic`, the demo's) never
 * replace a day already stored.
 */
export async function writeCdi(
  db: Db,
  taxas: readonly TaxaCdi[],
  fonte: 'bcb' | 'selic',
): Promise<void> {
  for (let i = 0; i < taxas.length; i += LOTE) {
    const lote = taxas.slice(i, i + LOTE);
    const coluna = (pick: (t: TaxaCdi) => string) => lote.map(pick).join(',');
    await run(
      db,
      sql`insert into cdi_diario (data, taxa, fonte)
          select d, t, ${fonte} from unnest(
            string_to_array(${coluna((t) => t.data)}, ',')::date[],
            string_to_array(${coluna((t) => String(t.taxa))}, ',')::numeric[]) as x(d, t)
          ${
            fonte === 'bcb'
              ? sql`on conflict (data) do update set taxa = excluded.taxa, fonte = 'bcb', atualizado_em = now()`
              : sql`on conflict (data) do nothing`
          }`,
    );
  }
}

/** An index's closes, replacing the days already stored. */
async function writeIndice(db: Db, indice: string, fechamentos: ReadonlyArray<[string, string]>) {
  for (let i = 0; i < fechamentos.length; i += LOTE) {
    const lote = fechamentos.slice(i, i + LOTE);
    await run(
      db,
      sql`insert into indices_diarios (indice, data, fechamento, fonte)
          select ${indice}, d, f, 'yahoo' from unnest(
            string_to_array(${lote.map((f) => f[0]).join(',')}, ',')::date[],
            string_to_array(${lote.map((f) => f[1]).join(',')}, ',')::numeric[]) as x(d, f)
          on conflict (indice, data) do update set fechamento = excluded.fechamento, fonte = 'yahoo'`,
    );
  }
}

/** Records an attempt: its time, and its error (null: it worked, and is the last success). */
export async function recordAttempt(
  db: Db,
  referencia: 'cdi' | 'ibov',
  erro: string | null,
  agora: Date,
): Promise<void> {
  const instante = agora.toISOString();
  await run(
    db,
    sql`insert into referencias_atualizacoes (referencia, tentativa_em, sucesso_em, erro)
        values (${referencia}, ${instante}, ${erro === null ? instante : null}, ${erro})
        on conflict (referencia) do update set tentativa_em = excluded.tentativa_em, erro = excluded.erro,
          sucesso_em = coalesce(excluded.sucesso_em, referencias_atualizacoes.sucesso_em)`,
  );
}

/** The windows to ask for: back to before the first operation when not stored yet, and the recent days. */
async function windowsToAsk(db: Db, stored: SQL, hoje: string): Promise<Array<[string, string]>> {
  const [r] = await queryRows<{
    primeiro: string | null;
    ultimo: string | null;
    inicio: string | null;
  }>(
    db,
    sql`select s.primeiro, s.ultimo, (select min(data_compra) from operacoes) as inicio from (${stored}) s`,
  );
  const desejado = r?.inicio
    ? addDays(r.inicio, -DIAS_SOBREPOSTOS)
    : addDays(hoje, -DIAS_SEM_OPERACOES);
  if (!r?.primeiro || !r.ultimo) return [[desejado, hoje]];
  const janelas: Array<[string, string]> = [];
  if (desejado < r.primeiro) janelas.push([desejado, addDays(r.primeiro, -1)]);
  janelas.push([addDays(r.ultimo, -DIAS_SOBREPOSTOS), hoje]);
  return janelas;
}

const mensagem = (err: unknown) =>
  err instanceof RefreshError ? err.message : `falha inesperada (${(err as Error).message})`;

async function attempt(
  db: Db,
  referencia: 'cdi' | 'ibov',
  signal: AbortSignal,
  agora: () => Date,
  fn: () => Promise<void>,
): Promise<void> {
  try {
    await fn();
  } catch (err) {
    // A stop mid-refresh is not a failure to report.
    if (signal.aborted) return;
    await recordAttempt(db, referencia, mensagem(err), agora());
    throw err;
  }
  if (!signal.aborted) await recordAttempt(db, referencia, null, agora());
}

export interface RefreshOptions {
  signal: AbortSignal;
  /** The clock (tests: a fake one). */
  now?: () => Date;
}

/** The CDI from the Banco Central's SGS series 12 at `baseUrl`, stored per day. */
export function refreshCdi(db: Db, baseUrl: string, opts: RefreshOptions): Promise<void> {
  const agora = opts.now ?? (() => new Date());
  return attempt(db, 'cdi', opts.signal, agora, async () => {
    const janelas = await windowsToAsk(
      db,
      sql`select min(data) as primeiro, max(data) as ultimo from cdi_diario where fonte = 'bcb'`,
      todayIso(agora()),
    );
    for (const [de, ate] of janelas) {
      await writeCdi(db, await fetchCdi(baseUrl, de, ate, { signal: opts.signal }), 'bcb');
    }
  });
}

const clients = new WeakMap<object, YahooClient>();

/** The Ibovespa's daily closes from Yahoo (^BVSP), stored like prices. */
export function refreshIbov(
  db: Db,
  yahooBaseUrl: string | undefined,
  opts: RefreshOptions,
): Promise<void> {
  const agora = opts.now ?? (() => new Date());
  return attempt(db, 'ibov', opts.signal, agora, async () => {
    let client = clients.get(db);
    if (!client)
      clients.set(db, (client = createYahooClient({ baseUrl: yahooBaseUrl, timeoutMs: 15_000 })));
    const janelas = await windowsToAsk(
      db,
      sql`select min(data) as primeiro, max(data) as ultimo from indices_diarios where indice = ${IBOV_YAHOO}`,
      todayIso(agora()),
    );
    // One chart from the earliest day wanted up to today: it holds the recent days too.
    let chart;
    try {
      chart = await client.chart(IBOV_YAHOO, {
        period1: janelas[0]![0],
        interval: '1d',
        return: 'array',
      });
    } catch (err) {
      // Yahoo's own words (English) go to the log with the cause; the screens read Portuguese.
      throw new RefreshError('sem resposta do Yahoo Finance', { cause: err });
    }
    const fechamentos: Array<[string, string]> = [];
    for (const q of chart.quotes) {
      // Yahoo stamps a daily bar with the session's opening time: the session is São Paulo's date of it.
      if (q.close != null && q.close > 0) fechamentos.push([todayIso(q.date), q.close.toFixed(4)]);
    }
    await writeIndice(db, IBOV_YAHOO, fechamentos);
  });
}
