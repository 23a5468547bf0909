import path from 'node:path';
import { build } from 'vite';
import {
  FIRST_SCREEN_BUDGET,
  CHUNK_BUDGET,
  beyondFirstScreen,
  measureBundle,
  weightBySource,
} from './bundle-size';

/**
 * `npm run bundle:report` builds the SPA (as `npm run build` does) and prints where its JavaScript goes:
 * every chunk raw and gzip -9, what loads it, the first screen's total (index.html's entry script and its
 * modulepreloads) against its budget, and the biggest contributors of the first screen's chunks.
 * `-- --no-build` reads the dist/ already there; `-- --sources N` lists N contributors per chunk (default 8).
 * Exits 1 when a budget is exceeded.
 */
const root = path.resolve(import.meta.dirname, '../..');
const argv = process.argv.slice(2);
const dist = path.join(root, 'dist');
const sourcesIndex = argv.indexOf('--sources');
const topSources = sourcesIndex >= 0 ? Number(argv[sourcesIndex + 1]) : 8;

if (!argv.includes('--no-build')) {
  await build({ root, logLevel: 'warn', build: { manifest: true } });
}

const bundle = measureBundle(dist);
const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
const rows = [...bundle.chunks].sort((a, b) => b.gzip - a.gzip);
const nameWidth = Math.max(...rows.map((c) => c.file.length), 10);

console.log(`${'chunk'.padEnd(nameWidth)}   raw KiB  gzip-9 KiB  loaded`);
for (const chunk of rows) {
  console.log(
    `${chunk.file.padEnd(nameWidth)}   ${kib(chunk.raw)}     ${kib(chunk.gzip)}  ${chunk.loadedBy}`,
  );
}
const total = rows.reduce((sum, c) => sum + c.gzip, 0);
console.log(`${'all chunks'.padEnd(nameWidth)}   ${' '.repeat(7)}     ${kib(total)}`);
console.log(
  `\nFirst screen (index.html's entry + modulepreloads, gzip -9): ${kib(bundle.firstScreenGzip).trim()} KiB` +
    ` (budget ${FIRST_SCREEN_BUDGET / 1024} KiB) — ${bundle.firstScreen.join(', ')}`,
);

// The router's module holds the logged-in product (shell and route table): a screen opened logged in needs it too.
const router = bundle.lazy.find((m) => m.name === 'router');
if (bundle.lazy.length) {
  console.log(
    '\nLoaded on demand, beyond the first screen (gzip -9 KiB; with the router for a screen opened logged in):',
  );
  for (const m of [...bundle.lazy].sort((a, b) => a.name.localeCompare(b.name))) {
    const alone = beyondFirstScreen(bundle, m.chunks);
    const withRouter =
      router && m !== router ? beyondFirstScreen(bundle, [...m.chunks, ...router.chunks]) : alone;
    console.log(`  ${m.name.padEnd(24)} ${kib(alone)} ${kib(withRouter)}`);
  }
}

if (topSources > 0) {
  for (const file of bundle.firstScreen) {
    const weights = weightBySource(dist, file);
    if (!weights) continue;
    const chunkRaw = bundle.chunks.find((c) => c.file === file)!.raw;
    console.log(`\n${file}: the biggest contributors (raw KiB of minified output)`);
    for (const [source, bytes] of weights.slice(0, topSources)) {
      const share = ((100 * bytes) / chunkRaw).toFixed(0).padStart(3);
      console.log(`  ${kib(bytes)}  ${share}%  ${source}`);
    }
  }
}

const oversized = rows.filter((c) => c.raw > CHUNK_BUDGET);
const problems = [
  ...(bundle.firstScreenGzip > FIRST_SCREEN_BUDGET
    ? [`the first screen is over ${FIRST_SCREEN_BUDGET / 1024} KiB gzip`]
    : []),
  ...oversized.map((c) => `${c.file} is over ${CHUNK_BUDGET / 1000} kB`),
  ...(bundle.sourceMapsReferenced.length
    ? [`${bundle.sourceMapsReferenced.length} chunks tell browsers where their source map is`]
    : []),
];
if (problems.length) {
  console.error(`\nOver budget: ${problems.join('; ')}.`);
  process.exit(1);
}
