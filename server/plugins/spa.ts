import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Source maps stay on the server for error reports (`build.sourcemap: 'hidden'`): browsers never get them. */
const isSourceMap = (pathname: string) => pathname.endsWith('.map');

/**
 * Serves the built SPA; any other GET outside /api/ gets index.html so that the router handles deep links.
 * Unknown /api/ paths and source maps stay a JSON 404.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { spaDir: string | null }) => {
  const indexFile = opts.spaDir ? path.join(opts.spaDir, 'index.html') : null;
  const hasSpa = indexFile !== null && fs.existsSync(indexFile);
  if (hasSpa && opts.spaDir) {
    await app.register(fastifyStatic, {
      root: opts.spaDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (vite.config.ts): sent as the browser accepts, unchanged.
      preCompressed: true,
      allowedPath: (pathname) => !isSourceMap(pathname),
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name, so assets never change under one URL.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isPage = !isApi && !isSourceMap(pathname);
    if (isPage && hasSpa && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const detail =
      !isPage || hasSpa
        ? `Rota não encontrada: ${request.method} ${pathname}`
        : 'A interface não foi compilada: rode `npm run build` (o `npm start` já faz isso).';
    return reply.code(404).send({ detail });
  });
});
