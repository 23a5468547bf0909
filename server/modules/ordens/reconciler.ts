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
  let round: Promise<void> | null = null;
  let closing = false;
  const timer = setInterval(() => {
    if (round) return;
    round = (async () => {
      for (const g of await groupsInFlight(db)) {
        // A stop waits for the group being asked, not for the whole round: with many groups whose terminals
        // never answer, a round takes one agent timeout per group.
        if (closing) return;
        await orderStatus(db, config, g.cliente_id, g.id, g.lado, 'sistema').catch((err: unknown) =>
          app.log.warn({ err, group: g.id }, 'order reconciliation failed'),
        );
      }
    })()
      .catch((err: unknown) => app.log.warn({ err }, 'order reconciliation failed'))
      .finally(() => (round = null));
  }, config.mt5.reconcileSeconds * 1000);
  timer.unref();
  // The database closes after the app: no round may still be using it then.
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await round;
  });
}
