import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE, SERVIDOR_ENCERRANDO } from '../../contract';

/** Seconds a client is asked to wait before it tries again: another instance serves meanwhile. */
export const RETRY_AFTER_SECONDS = 5;

const HEALTH = `${API_BASE}/health/`;

/**
 * Counts the requests in flight, marks the process serving once the app is ready, and while it drains answers
 * every new request with 503 and Retry-After (the liveness check excepted), never a reset connection: the
 * listener stays open until the requests in flight have ended (server/main.ts), and every answer then closes its
 * connection, so a client's kept-alive connection is not reused into a closed port.
 */
export const lifecyclePlugin = fp(async (app: FastifyInstance) => {
  const { lifecycle } = app.deps;
  app.addHook('onReady', async () => lifecycle.markServing());
  app.addHook('onRequest', async (request, reply) => {
    lifecycle.requestStarted();
    reply.raw.once('close', () => lifecycle.requestEnded());
    if (!lifecycle.draining) return;
    void reply.header('connection', 'close');
    if (request.url.split('?')[0] === HEALTH) return;
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ detail: SERVIDOR_ENCERRANDO });
  });
});
