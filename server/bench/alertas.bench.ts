import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openMemoryDatabase, type Database, type Db } from '../db/client';
import { queryRows } from '../db/query';
import { acoes, clientes } from '../db/schema';
import type { QuoteService } from '../lib/quotes';
import { Vigia } from '../modules/alertas';
import { selectVigiados, tickersDe } from '../modules/alertas/precos';
import { upsertUser } from '../modules/auth/users';
import { withPostgres } from './databases';
import { compare } from './stats';

/**
 * Issue 31: one evaluation of the alerts after a quote refresh (every check of the job's run: targets, stops and
 * rules against the new quotes, terminals, legs in doubt, ex-dates; the alerts that fire written with their
 * notifications), against reading the open operations and the quotes alone, with 300 clients and 10,000 open
 * operations with a target and a stop. Each refresh moves the quotes so that some targets and stops are crossed
 * and others re-armed, as a market does. ≤ 2×. PGlite and PostgreSQL (BENCH_PG_URL, else a throw-away server).
 */

const CLIENTES = 300;
const OPERACOES = 10_000;
const TICKERS = 100;
const RUNS = 15;

async function seed(db: Db): Promise<string[]> {
  await upsertUser(db, 'bench', 'senha-do-bench-123');
  const tickers = Array.from({ length: TICKERS }, (_, i) => `TK${String(i).padStart(2, '0')}A3`);
  const ids = await db
    .insert(acoes)
    .values(tickers.map((ticker) => ({ ticker })))
    .returning({ id: acoes.id });
  const novos = await db
    .insert(clientes)
    .values(Array.from({ length: CLIENTES }, (_, i) => ({ nome: `Cliente ${i + 1}` })))
    .returning({ id: clientes.id });
  // Every operation bought at 10.00; targets from 10.50 to 14.45, stops from 9.50 down to 5.55.
  await db.execute(
    sql`insert into operacoes (cliente_id, acao_id, data_compra, preco_unitario, quantidade, valor_alvo, valor_stop)
        select (${`{${novos.map((c) => c.id).join(',')}}`}::int[])[1 + i % ${CLIENTES}],
          (${`{${ids.map((a) => a.id).join(',')}}`}::int[])[1 + i % ${TICKERS}],
          '2026-01-05', 10, 100, 10.50 + (i % 80) * 0.05, 9.50 - (i % 80) * 0.05
        from generate_series(0, ${OPERACOES - 1}) as i`,
  );
  return tickers;
}

/** The quotes of the n-th refresh: each ticker wanders between 9 and 11. */
function refresh(tickers: string[], n: number): Map<string, number> {
  return new Map(
    tickers.map((t, i) => [t, Math.round((10 + Math.sin(n * 0.01 + i) * 1.0) * 100) / 100]),
  );
}

async function run(label: string, database: Database): Promise<void> {
  const { db } = database;
  const tickers = await seed(db);
  let n = 0;
  let cotacoes = refresh(tickers, n);
  const quotes: QuoteService = {
    provider: 'history',
    getQuotes: async (asked) =>
      new Map(asked.flatMap((t) => (cotacoes.has(t) ? [[t, cotacoes.get(t)!]] : []))),
    version: () => '',
  };
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    ALERTAS_SEGUNDOS: '0',
  });
  const vigia = new Vigia({
    db,
    config,
    quotes,
    jobs: { trigger: async () => undefined },
    log: { warn: () => undefined },
  });
  const signal = new AbortController().signal;
  // The first evaluation opens every alert the first quotes fire: the runs measure the steady state after it.
  await vigia.check(signal);
  const [avaliar, ler] = await compare(
    RUNS,
    async () => {
      cotacoes = refresh(tickers, ++n);
      await vigia.check(signal);
    },
    async () => {
      const vigiados = await selectVigiados(db);
      await quotes.getQuotes(tickersDe(vigiados));
    },
  );
  const [totais] = await queryRows<{ alertas: number; notificacoes: number }>(
    db,
    sql`select (select count(*)::int from alertas) as alertas, (select count(*)::int from notificacoes) as notificacoes`,
  );
  await vigia.drain();
  console.log(
    `${label}  ${OPERACOES} open operations of ${CLIENTES} clients, ${TICKERS} stocks; after ${n} refreshes ` +
      `${totais!.alertas} alerts and ${totais!.notificacoes} notifications made`,
  );
  console.log(`  reading the operations and quotes alone   ${ler.toFixed(1)} ms`);
  console.log(`  one evaluation after a quote refresh      ${avaliar.toFixed(1)} ms`);
  console.log(`  ratio                                     ${(avaliar / ler).toFixed(2)}× (≤ 2×)`);
}

export default async function alertasBench(): Promise<void> {
  const pglite = await openMemoryDatabase();
  try {
    await run('PGlite     ', pglite);
  } finally {
    await pglite.close();
  }
  await withPostgres((database) => run('PostgreSQL ', database));
}
