import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Escopo, EscopoRestrito, Papel, Permissao } from '../../contract';
import { HttpError, unauthenticated } from '../lib/http-error';
import { accessRefusal } from '../lib/live-session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user's name; set on every /api/ route that is not public. */
    username: string;
    /** The authenticated session (the token's `jti`); set with username. */
    sessionId: string;
    /** The session's user, role and reach (not set on routes that check the session in their own statement). */
    userId: number;
    papel: Papel;
    escopo: Escopo;
  }
  interface FastifyContextConfig {
    public?: boolean;
    /** Who may call the route (its endpoint's permission in the contract). */
    permissao?: Permissao;
    /** The restricted sessions the route also answers. */
    escopos?: readonly EscopoRestrito[];
    /** The route checks the live session in its own statement: set by `statementRoute` only, which does. */
    sessionInStatement?: boolean;
  }
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * The path the router resolves, not the request target as written: a matched route's own pattern, else the
 * target's decoded path (the router decodes `%61pi` into `api`, so the guard must too).
 */
function routedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  const raw = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Whether the request is for the API, by the path the router resolves. */
export const isApiRequest = (request: FastifyRequest) => isApiPath(routedPath(request));

/**
 * Every /api/ route needs a valid bearer token of a live session whose role and scope may call it, checked
 * before the body is even parsed.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('username', '');
  app.decorateRequest('sessionId', '');
  app.decorateRequest('userId', 0);
  app.decorateRequest('papel', 'leitura');
  app.decorateRequest('escopo', 'trocar_senha');
  app.addHook('onRequest', async (request) => {
    // HTTP/1.1 allows a target in absolute form (`GET http://host/api/… HTTP/1.1`), meant for proxies; the router
    // would still route it, so no origin-form check could be trusted with it. This server is not a proxy.
    if (!request.url.startsWith('/')) {
      throw new HttpError(
        400,
        'O alvo da requisição deve ser um caminho (por exemplo /api/clientes/).',
      );
    }
    const path = routedPath(request);
    if (!isApiPath(path)) return;
    if (request.routeOptions.config.public) return;
    if (request.routeOptions.url?.startsWith('/api/docs')) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header);
    let claims = match ? app.deps.auth.verify(match[1]!) : null;
    // Signed by another instance after a rotation this one has not read yet.
    if (!claims && match && (await app.deps.auth.refreshKeys())) {
      claims = app.deps.auth.verify(match[1]!);
    }
    if (!claims) throw unauthenticated();
    request.username = claims.username;
    request.sessionId = claims.sessionId;
    if (request.routeOptions.config.sessionInStatement) return;
    // A live session, not just a signature: logout, a password reset, a role change, a deactivation or the
    // user's deletion end it.
    const live = await app.deps.auth.liveSession(claims);
    if (!live) throw unauthenticated();
    request.userId = live.userId;
    request.papel = live.papel;
    request.escopo = live.escopo;
    // An unknown path has no route to refuse: it is the not-found handler's 404.
    const refusal = request.routeOptions.url && accessRefusal(live, request.routeOptions.config);
    if (refusal) throw refusal;
  });
  // "Last seen" (My account → sessions) is the last request answered with success, written before the answer
  // goes: a refused request changes nothing, not even this.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.userId && reply.statusCode < 400) await app.deps.auth.touch(request.sessionId);
    return payload;
  });
});
