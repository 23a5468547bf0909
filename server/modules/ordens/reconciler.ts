import type { FastifyInstance } from 'fastify';
import { groupsInFlight } from './repository';
import { orderStatus } from './status';

/**
 * Finishes groups nobody polls any more (a closed browser): the same path as a status call, every
 * `MT5_RECONCILE_SECONDS`, one round at a time.
 */
export function startReconciler(app: FastifyInstance): void {
  const { db, config } = app.deps;
  if (config.mt5.reconcileSeconds <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      for (const g of await groupsInFlight(db)) {
        await orderStatus(db, config, g.cliente_id, g.id, g.lado, 'sistema').catch((err: unknown) =>
          app.log.warn({ err, group: g.id }, 'order reconciliation failed'),
        );
      }
    })()
      .catch((err: unknown) => app.log.warn({ err }, 'order reconciliation failed'))
      .finally(() => (running = false));
  }, config.mt5.reconcileSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
