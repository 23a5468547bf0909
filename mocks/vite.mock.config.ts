import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
// With its extension: Vite's native config loader (its future default) resolves no bare path, and warns.
import base from '../vite.config.ts';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'mockServiceWorker.js');

/** Serves MSW's worker script at the root, where it must live to control the whole app. */
const mockWorker = (): Plugin => ({
  name: 'carteira-rv-mock-worker',
  configureServer(server) {
    server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
      res.setHeader('content-type', 'text/javascript');
      res.end(fs.readFileSync(WORKER));
    });
  },
});

/** `npm run dev:mock`: the SPA alone, no server (mode `mock` starts the MSW worker in src/main.tsx). */
export default defineConfig({
  ...base,
  plugins: [...(base.plugins ?? []), mockWorker()],
  mode: 'mock',
  server: {},
  preview: {},
  test: undefined,
});
