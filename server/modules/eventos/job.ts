import { todayIso } from '../../../shared/dates';
import type { Db } from '../../db/client';
import type { Job, JobLog } from '../../lib/jobs';
import { applyPendentes } from './aplicacao';
import { VendaEmVooError } from './vendas-em-voo';

// Hourly: the first run after São Paulo's midnight applies the events whose data_ex is that day. The check is one
// indexed query (pending events only), and a server down at midnight catches up when it starts.
const INTERVALO_MS = 60 * 60_000;

/** Applies the events whose data_ex has come: once when the server is ready, then every hour (server/jobs.ts). */
export function eventosJobs(deps: { db: Db }, log: JobLog): Job[] {
  return [
    {
      name: 'eventos.apply',
      intervalMs: INTERVALO_MS,
      runAtStart: true,
      async run() {
        await applyPendentes(deps.db, todayIso(), (evento, err) =>
          // A sale resting on an operation the event adjusts: retried next hour, once the sale has ended.
          err instanceof VendaEmVooError
            ? log.warn(
                { evento, detail: err.detail },
                'corporate event postponed: a sale is in flight',
              )
            : log.warn({ err, evento }, 'corporate event not applied'),
        );
      },
    },
  ];
}
