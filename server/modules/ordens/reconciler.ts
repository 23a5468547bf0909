import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Job, JobLog } from '../../lib/jobs';
import { groupsInFlight } from './repository';
import { orderStatus } from './status';

/**
 * Finishes groups nobody polls any more (a closed browser): the same path as a status call, every
 * `MT5_RECONCILE_SECONDS` (0: never), one round at a time (server/jobs.ts runs it).
 */
export function ordensJobs(deps: { db: Db; config: Config }, log: JobLog): Job[] {
  const { db, config } = deps;
  return [
    {
      name: 'ordens.reconciler',
      intervalMs: config.mt5.reconcileSeconds * 1000,
      async run({ signal }) {
        for (const g of await groupsInFlight(db)) {
          // A stop waits for the group being asked, not for the whole round: with many groups whose terminals
          // never answer, a round takes one agent timeout per group.
          if (signal.aborted) return;
          await orderStatus(db, config, g.cliente_id, g.id, g.lado, 'sistema').catch(
            (err: unknown) => log.warn({ err, group: g.id }, 'order reconciliation failed'),
          );
        }
      },
    },
  ];
}
