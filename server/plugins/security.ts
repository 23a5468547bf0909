import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from './auth';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets, taken from helmet itself once: none of them depends on the request (no CSP nonce), so
 * every answer gets the same ones without running its eleven middlewares per request (its Fastify plugin even
 * parses the policy anew each time, a twentieth of a small API call's work).
 */
function helmetHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  let finished = false;
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    finished = true;
  });
  // A helmet that one day sets its headers later, or per request, must not silently send none.
  if (!finished || Object.keys(headers).length === 0) throw new Error('helmet set no headers');
  return headers;
}

/** Headers for the API and the built SPA. Chakra (emotion) injects <style> tags, hence inline styles only. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const headers = helmetHeaders(
    helmet({
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
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    // API answers carry clients' portfolios and tokens: no browser or proxy keeps them, errors included.
    if (reply.statusCode >= 400 || isApiRequest(request))
      void reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
});
