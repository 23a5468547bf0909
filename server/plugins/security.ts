import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from './auth';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers for the API and the built SPA. Chakra (emotion) injects <style> tags, hence inline styles only. Helmet
 * itself, built once: its Fastify plugin builds it again for every request (the policy parsed anew each time,
 * a twentieth of a small API call's work).
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    // Sent below, and only to a request that came over TLS: over plain HTTP it means nothing (RFC 6797 has
    // browsers ignore it), and this server speaks plain HTTP unless it is given TLS.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    headers(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined)),
  );

  app.addHook('onSend', async (request, reply) => {
    // API answers carry clients' portfolios and tokens: no browser or proxy keeps them, errors included.
    if (reply.statusCode >= 400 || isApiRequest(request)) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
});
