import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, stop, type Plugin } from 'esbuild';
import { inject } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Each module's `import.meta.url` as the file's own, as it is when tsx loads the sources: the server finds its
 * migrations, its seed data and the parsing process's entry beside the source, wherever the bundle is.
 */
const sourceLocations: Plugin = {
  name: 'source-locations',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
      };
    });
  },
};

const built = new Map<string, Promise<string>>();
let building = 0;

/**
 * The `node` arguments that run a server entry (`server/main.ts`, `server/cli/*.ts`) as `npm start` and the
 * `npm run` commands do, but from one file: esbuild's bundle of the same sources (tsx transforms them with esbuild
 * too), packages left to node_modules, built once per test process. Without tsx's loader hooks on every module,
 * loading the server's code takes a third of the CPU (measured: 1.1–1.4 → 0.4–0.5 CPU-s per process started), and
 * the CLI and restart tests start 25 processes. The e2e tests run `npm start` itself, tsx and all.
 */
export async function nodeEntry(entry: string): Promise<string[]> {
  let file = built.get(entry);
  if (!file) {
    // A file per test process: workers building at once never write the same one.
    const outfile = path.join(
      inject('nodeEntryDir'),
      `${process.pid}-${entry.replaceAll('/', '_')}.mjs`,
    );
    building++;
    file = build({
      absWorkingDir: root,
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      // Errors point at the sources, as under tsx.
      sourcemap: 'inline',
      logLevel: 'error',
      plugins: [sourceLocations],
    })
      .then(() => outfile)
      .finally(async () => {
        // esbuild's service is a child process: none stays beside the test's own children once built.
        if (--building === 0) await stop();
      });
    built.set(entry, file);
  }
  return ['--enable-source-maps', await file];
}

/**
 * A CLI entry (`server/cli/*.ts`) run to its end on the embedded database in `dataDir` (or on `env`'s DATABASE_URL),
 * `stdin` as its input: its exit code and everything it printed, both streams.
 */
export async function runCli(
  entry: string,
  dataDir: string,
  args: string[],
  stdin = '',
  /** Over the test's environment (a DATABASE_URL runs it on PostgreSQL). */
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string }> {
  const argv = [...(await nodeEntry(entry)), ...args];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, argv, {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
    child.stdin.end(stdin);
  });
}
