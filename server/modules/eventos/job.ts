import type { FastifyInstance } from 'fastify';
import { todayIso } from '../../../shared/dates';
import { applyPendentes } from './aplicacao';
import { VendaEmVooError } from './vendas-em-voo';

// Hourly: the first run after São Paulo's midnight applies the events whose data_ex is that day. The check is one
// indexed query (pending events only), and a server down at midnight catches up when it starts.
const INTERVALO_MS = 60 * 60_000;

/** Applies the events whose data_ex has come: once when the server is ready, then every hour. */
export function startEventosJob(app: FastifyInstance): void {
  const { db } = app.deps;
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    void applyPendentes(db, todayIso(), (evento, err) =>
      // A sale resting on an operation the event adjusts: retried next hour, once the sale has ended.
      err instanceof VendaEmVooError
        ? app.log.warn(
            { evento, detail: err.detail },
            'corporate event postponed: a sale is in flight',
          )
        : app.log.warn({ err, evento }, 'corporate event not applied'),
    )
      .catch((err: unknown) => app.log.warn({ err }, 'corporate events job failed'))
      .finally(() => (running = false));
  };
  const timer = setInterval(run, INTERVALO_MS);
  timer.unref();
  app.addHook('onReady', async () => run());
  app.addHook('onClose', async () => clearInterval(timer));
}
