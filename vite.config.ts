import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import LongFirstSequencer from './tests/support/sequencer.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A .br and a .gz beside every script, style and page of the build, compressed once at their best (the server
 * sends them as the browser accepts, server/plugins/spa.ts): on a slow link the first screen is a fifth of the bytes.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'carteira-rv:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => /\.(?:js|css|html|svg)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(path.join(outDir, file));
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzip(data, { level: 9 }),
          ]);
          await fs.writeFile(path.join(outDir, `${file}.br`), br);
          await fs.writeFile(path.join(outDir, `${file}.gz`), gz);
        }),
      );
    },
  };
}

/**
 * Component tests that need a document of their own: the ones choosing from Ark's menus by keyboard (chooseInMenu,
 * tests/support/menu.ts: in a document other files had used, the Exportar menus never took the focus) or clicking
 * an item that is not a link, and the chart dialog's (in a used document it once found two rows' chart buttons).
 * The files opening the top bar's menus, whose items are links, share one: the setup gives each file a fresh
 * document's pointer and focus state.
 */
const ISOLATED_COMPONENT_TESTS = [
  'tests/src/components/exportar.test.tsx',
  'tests/src/components/exportar-erros.test.tsx',
  'tests/src/widgets/grafico/GraficoDialog.test.tsx',
  // Sair clicked in the user menu selects nothing in a document other files have used (the keyboard's Sair does).
  'tests/src/features/auth/login.test.tsx',
  'tests/src/features/lotes/lotes.test.tsx',
  'tests/src/features/ir/ir-mensal.test.tsx',
  'tests/src/widgets/rentabilidade/rentabilidade-livro.test.tsx',
  // Not a menu: the picker's closing returns the focus to the body in a document other files have used.
  'tests/src/features/carteira/compra-teclado.test.tsx',
];

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    // Kept for error reports, never named to browsers; the server refuses to serve them (server/plugins/spa.ts).
    sourcemap: 'hidden',
    // Vite's gzip of every chunk only to print sizes: seconds of each build (the e2e setup's too). The sizes that
    // matter are checked by the bundle's budget test and `npm run bundle:report`.
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across releases. Other libraries are
        // left to the bundler, so that what only a lazy screen uses (the table, dialogs, menus) loads with it.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  test: {
    // Vitest's default is one worker less than the cores: on a 2-core machine, every file one after the other,
    // while most of them wait on a server, a database or a child process. One per core, and the e2e files run
    // beside them in their own process (tests/all.sh).
    maxWorkers: os.availableParallelism(),
    sequence: { sequencer: LongFirstSequencer },
    // Each project is one kind of test; `npm test` runs them all (see README).
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // The node projects load the server's modules once per worker, not once per file (about half their time);
          // every file builds its own app, database and servers, so nothing else is shared.
          isolate: false,
          environment: 'node',
          include: [
            'tests/server/**/*.test.ts',
            'tests/shared/**/*.test.ts',
            'tests/contract/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/mocks/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts'],
          // The CLI and data-directory tests load the run's migrated database instead of migrating their own.
          globalSetup: [
            'tests/support/pglite-global-setup.ts',
            'tests/support/node-entry-setup.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          isolate: false,
          environment: 'node',
          include: ['tests/server/**/*.api.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: [
            'tests/support/pglite-global-setup.ts',
            'tests/support/node-entry-setup.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          isolate: false,
          environment: 'node',
          include: ['tests/server/**/*.api.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: [
            'tests/support/postgres-global-setup.ts',
            'tests/support/postgres-template-setup.ts',
            'tests/support/node-entry-setup.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          // Like the node projects, the files a worker runs share their modules and document, which halves the
          // project's time (React, Chakra, the mocks and every screen evaluated once per worker, not per file);
          // the setup resets the mocks' state for each file. Not the files below.
          isolate: false,
          environment: 'jsdom',
          include: ['tests/src/**/*.test.{ts,tsx}'],
          exclude: ISOLATED_COMPONENT_TESTS,
          setupFiles: ['tests/support/components-setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'components-isolated',
          environment: 'jsdom',
          include: ISOLATED_COMPONENT_TESTS,
          setupFiles: ['tests/support/components-setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          // The files share one Chromium (tests/support/browser.ts) and the server's address, loaded once.
          isolate: false,
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/falhas-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
