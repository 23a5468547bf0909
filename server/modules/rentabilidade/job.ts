import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Job } from '../../lib/jobs';
import { refreshCdi, refreshIbov } from './atualizacao';

// The Banco Central publishes a day's CDI on the next business day: a refresh every few hours finds it the same
// day, and each one asks only for the last days (one small request).
const INTERVALO_MS = 4 * 60 * 60_000;

/**
 * The benchmarks' daily refreshes (server/jobs.ts), each claimed by one instance at a time through its lease: the
 * CDI from the Banco Central when BCB_BASE_URL is in use (always outside the demo), the Ibovespa from Yahoo with the
 * yahoo quotes provider when no stand-in (IBOV_TICKER) was chosen.
 */
export function rentabilidadeJobs(deps: {
  db: Db;
  config: Pick<Config, 'referencias' | 'quotesProvider' | 'yahooBaseUrl'>;
}): Job[] {
  const { db, config } = deps;
  const jobs: Job[] = [];
  const bcbUrl = config.referencias.bcbUrl;
  if (bcbUrl !== null) {
    jobs.push({
      name: 'rentabilidade.cdi',
      intervalMs: INTERVALO_MS,
      runAtStart: true,
      run: ({ signal }) => refreshCdi(db, bcbUrl, { signal }),
    });
  }
  if (config.quotesProvider === 'yahoo' && config.referencias.ibovTicker === null) {
    jobs.push({
      name: 'rentabilidade.ibov',
      intervalMs: INTERVALO_MS,
      runAtStart: true,
      run: ({ signal }) => refreshIbov(db, config.yahooBaseUrl, { signal }),
    });
  }
  return jobs;
}
