import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One line per request at info, once it is answered: the method, the address, the status and the time taken
 * (issue 34, rough edge 19). Fastify's own request logging writes two ('incoming request' and 'request completed')
 * and is turned off in buildApp; this is its second line alone, with the same fields.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  });
});
