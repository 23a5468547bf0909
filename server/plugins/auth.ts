import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user's name; set on every /api/ route that is not public. */
    username: string;
  }
  interface FastifyContextConfig {
    public?: boolean;
  }
}

const UNAUTHENTICATED = 'Credenciais de autenticação não fornecidas ou inválidas.';

/** Every /api/ route needs a valid bearer token, checked before the body is even parsed. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('username', '');
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    if (request.routeOptions.config.public) return;
    if (request.url.startsWith('/api/docs')) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header);
    const username = match ? await app.deps.tokens.verify(match[1]!) : null;
    if (!username) {
      throw new HttpError(401, UNAUTHENTICATED, undefined, { 'www-authenticate': 'Bearer' });
    }
    request.username = username;
  });
});
