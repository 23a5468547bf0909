import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `npm run bench` runs every server/bench/*.bench.ts; `npm run bench -- NAME…` runs the named ones.
 * Each file default-exports an async function that prints its own figures.
 */
const dir = path.dirname(fileURLToPath(import.meta.url));
const available = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !available.includes(w));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}
for (const name of wanted.length ? wanted : available) {
  console.log(`\n=== ${name} ===`);
  const mod = (await import(pathToFileURL(path.join(dir, `${name}.bench.ts`)).href)) as {
    default: () => Promise<void>;
  };
  await mod.default();
}
