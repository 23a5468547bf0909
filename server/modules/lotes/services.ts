import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Job } from '../../lib/jobs';
import { CriacaoDeLotes } from './criacao';
import { LotesEncadeados } from './encadeados';
import { Lotes } from './service';
import { LoteSync } from './sync';

/** The lotes' services of one app: built once, handed to the routes and to the follower job. */
export interface LotesServices {
  criacao: CriacaoDeLotes;
  lotes: Lotes;
  /** A rebalance's sale lote and its waiting buy lote (issue 33). */
  encadeados: LotesEncadeados;
}

export function createLotesServices(db: Db, config: Config, log: FastifyBaseLogger): LotesServices {
  // One sync of each group at a time, whoever asks: the creating request, the status calls, the follower.
  const sync = new LoteSync(db, config, log);
  return {
    criacao: new CriacaoDeLotes(db, config, sync),
    lotes: new Lotes(db, config, log, sync),
    encadeados: new LotesEncadeados(db, config, sync),
  };
}

/**
 * The lote follower: every MT5_RECONCILE_SECONDS (0: never), the lotes nobody polls are finished as a status call
 * would; a stop waits for the sends and syncs the requests left under way (server/jobs.ts runs it).
 */
export function lotesJobs(services: LotesServices, config: Config): Job[] {
  return [
    {
      name: 'lotes.follower',
      intervalMs: config.mt5.reconcileSeconds * 1000,
      run: ({ signal }) => services.lotes.reconcile(signal),
      drain: () => services.lotes.drain(),
    },
  ];
}
