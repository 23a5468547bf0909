import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHUNK_BUDGET, FIRST_SCREEN_BUDGET, measureBundle } from '../../server/bench/bundle-size';
import { baseUrl } from '../support/e2e';

/** The build `npm start` made for this run (npm run bundle:report prints the details). */
const bundle = measureBundle(path.resolve(import.meta.dirname, '../../dist'));

describe('the SPA as npm start builds and serves it', () => {
  it('loads at most 180 KiB gzip -9 of JavaScript before the first screen, and no chunk over 500 kB', () => {
    expect(bundle.firstScreenGzip).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
    expect(bundle.chunks.filter((c) => c.raw > CHUNK_BUDGET).map((c) => c.file)).toEqual([]);
  });

  it('sends the first screen compressed, and never a source map', async () => {
    const html = await (await fetch(baseUrl + '/')).text();
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)![1]!;
    const script = await fetch(baseUrl + entry, { headers: { 'accept-encoding': 'br' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-encoding')).toBe('br');
    expect(await script.text()).not.toMatch(/sourceMappingURL/);
    expect(bundle.sourceMapsReferenced).toEqual([]);
    const map = await fetch(`${baseUrl}${entry}.map`);
    expect(map.status).toBe(404);
  });
});
