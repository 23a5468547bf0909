import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The JavaScript index.html loads or preloads before the first screen, gzip -9 (issue 19). */
export const FIRST_SCREEN_BUDGET = 180 * 1024;
/** Vite's own warning threshold for one chunk, minified. */
export const CHUNK_BUDGET = 500 * 1000;

export interface Chunk {
  /** Relative to dist/, as index.html and the manifest name it. */
  file: string;
  raw: number;
  gzip: number;
  loadedBy: string;
}

export interface Bundle {
  chunks: Chunk[];
  /** index.html's entry script and its modulepreloads, in its order. */
  firstScreen: string[];
  firstScreenGzip: number;
  /** Chunks whose last line points browsers at a source map (none with `sourcemap: 'hidden'`). */
  sourceMapsReferenced: string[];
  /** Modules loaded with `import()` (from Vite's manifest, when the build wrote one). */
  lazy: LazyModule[];
}

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const gzipSize = (data: Buffer) => zlib.gzipSync(data, { level: 9 }).length;

/** The gzip -9 bytes of `files` that the first screen has not loaded already. */
export function beyondFirstScreen(bundle: Bundle, files: Iterable<string>): number {
  let total = 0;
  for (const file of new Set(files)) {
    if (bundle.firstScreen.includes(file)) continue;
    total += bundle.chunks.find((c) => c.file === file)?.gzip ?? 0;
  }
  return total;
}

/** A module loaded with `import()`: its name and the chunks it needs (its own and their static imports). */
export interface LazyModule {
  name: string;
  file: string;
  chunks: Set<string>;
}

/** The lazily loaded modules, from Vite's manifest (written with `build.manifest`); none without it. */
function lazyModules(dist: string): LazyModule[] {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return [];
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestEntry>;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, seen);
    return seen;
  };
  return Object.entries(manifest)
    .filter(([, entry]) => entry.isDynamicEntry)
    .map(([key, entry]) => ({
      name: path.basename(entry.src ?? key).replace(/\.[tj]sx?$/, ''),
      file: entry.file,
      chunks: new Set([...closure(key)].map((k) => manifest[k]!.file)),
    }));
}

/** Which lazy modules a chunk loads with: the nearest ones (not one that needs another lazy module needing it). */
function loadedWith(chunk: string, lazy: LazyModule[]): string {
  const needing = lazy.filter((m) => m.chunks.has(chunk));
  const nearest = needing.filter(
    (m) => !needing.some((other) => other !== m && m.chunks.has(other.file)),
  );
  return nearest.length ? `on demand: ${nearest.map((m) => m.name).join(', ')}` : 'on demand';
}

/** Every chunk of a built dist/ with its sizes, and the first screen's total as index.html loads it. */
export function measureBundle(dist: string): Bundle {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) =>
    new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1]?.replace(/^\//, '');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const entry = tags
    .filter((t) => t.startsWith('<script') && /type="module"/.test(t))
    .map((t) => attr(t, 'src'));
  const preloads = tags.filter((t) => /rel="modulepreload"/.test(t)).map((t) => attr(t, 'href'));
  const firstScreen = [...entry, ...preloads].filter((f): f is string => !!f);

  const lazy = lazyModules(dist);
  const assets = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /\.(m?js|css)$/.test(f));
  const chunks = assets.map((name): Chunk => {
    const file = `assets/${name}`;
    const data = fs.readFileSync(path.join(dist, file));
    const loadedBy = entry.includes(file)
      ? 'entry'
      : preloads.includes(file)
        ? 'modulepreload'
        : loadedWith(file, lazy);
    return { file, raw: data.length, gzip: gzipSize(data), loadedBy };
  });
  const firstScreenGzip = firstScreen
    .map((f) => chunks.find((c) => c.file === f)?.gzip ?? 0)
    .reduce((a, b) => a + b, 0);
  const sourceMapsReferenced = chunks
    .filter((c) =>
      /\/[/*]# sourceMappingURL=/.test(fs.readFileSync(path.join(dist, c.file), 'utf8')),
    )
    .map((c) => c.file);
  return { chunks, firstScreen, firstScreenGzip, sourceMapsReferenced, lazy };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Source map VLQ: one segment's fields (deltas). */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** A source file's group: its npm package, or its directory in the project. */
function groupOf(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1]!;
  const own = /(?:^|\/)(src|contract|shared|mocks)\/(.*)$/.exec(source);
  return own ? `${own[1]}/${path.dirname(own[2]!)}` : source;
}

/**
 * The chunk's minified bytes per package or project directory, biggest first, from its source map (each
 * generated segment counts for its source); null without a map.
 */
export function weightBySource(dist: string, file: string): [string, number][] | null {
  const mapFile = path.join(dist, `${file}.map`);
  if (!fs.existsSync(mapFile)) return null;
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as {
    sources: string[];
    mappings: string;
  };
  const lines = fs.readFileSync(path.join(dist, file), 'utf8').split('\n');
  const weights = new Map<string, number>();
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const text = lines[index] ?? '';
    let column = 0;
    const segments = line ? line.split(',').map(decodeSegment) : [];
    segments.forEach((fields, i) => {
      column += fields[0]!;
      if (fields.length > 1) source += fields[1]!;
      const end = i + 1 < segments.length ? column + segments[i + 1]![0]! : text.length;
      const group = fields.length > 1 ? groupOf(map.sources[source] ?? '?') : '(generated)';
      weights.set(group, (weights.get(group) ?? 0) + Math.max(0, end - column));
    });
  });
  return [...weights].sort((a, b) => b[1] - a[1]);
}
