import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';

/** The encodings the API answers in, besides identity (browsers all take both). */
export type Encoding = 'br' | 'gzip';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const brotliParams = (size: number, quality: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/**
 * Most API answers are a page of rows, well under this: compressed on the event loop at the fastest settings
 * (brotli quality 1, gzip level 1: a 53 KB page of the order history in 0.06–0.1 ms, 4.2–4.7 KB, within a
 * fifth of the slowest settings' size), where the hand-over to libuv's thread pool and back alone costs 0.2 ms.
 */
const SMALL = 128 * 1024;

/**
 * Compresses an answer; a large one on libuv's thread pool, off the event loop, at settings for size: brotli's
 * default quality (11) takes seconds on the control panel's 2.5 MB; quality 4 takes ~25 ms and still beats
 * gzip's size.
 */
export async function compress(encoding: Encoding, data: string | Buffer): Promise<Buffer> {
  const input = typeof data === 'string' ? Buffer.from(data) : data;
  if (input.length < SMALL) {
    return encoding === 'br'
      ? zlib.brotliCompressSync(input, brotliParams(input.length, 1))
      : zlib.gzipSync(input, { level: 1 });
  }
  return encoding === 'br' ? brotliCompress(input, brotliParams(input.length, 4)) : gzip(input);
}

/**
 * The encoding to answer in for an Accept-Encoding header: br or gzip, whichever the client weighs more (br on a
 * tie: smaller), or null for identity. `*` stands for any coding not named; q=0 refuses one.
 */
export function negotiate(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/.exec(param);
      if (match) q = Number(match[1]);
    }
    if (name && !Number.isNaN(q)) weights.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  const weight = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : null;
}

/**
 * An answer kept for many requests (server/lib/cache.ts), with its compressed forms and its validator, each made
 * once on first demand.
 */
export interface KeptAnswer {
  readonly text: string;
  encoded(encoding: Encoding): Promise<Buffer>;
  /** A weak ETag from the text's digest: equal on every instance that built the same answer. */
  tag(): Promise<string>;
}

export function keptAnswer(text: string): KeptAnswer {
  const forms = new Map<Encoding, Promise<Buffer>>();
  let tag: Promise<string> | null = null;
  return {
    text,
    encoded(encoding) {
      let form = forms.get(encoding);
      if (!form) {
        form = compress(encoding, text);
        forms.set(encoding, form);
        // A failure is not kept: the next request tries again.
        form.catch(() => forms.delete(encoding));
      }
      return form;
    },
    tag() {
      // WebCrypto digests on the thread pool: 2.5 MB would hold the event loop for milliseconds.
      tag ??= crypto.subtle
        .digest('SHA-256', Buffer.from(text))
        .then((digest) => `W/"${Buffer.from(digest).toString('base64url').slice(0, 32)}"`);
      return tag;
    },
  };
}

/** Whether an If-None-Match header names `tag` (weak comparison, as RFC 9110 has it for this header). */
export function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || opaque(t) === opaque(tag));
}

const offers = new WeakMap<FastifyRequest, KeptAnswer>();

/** Tells the answers hook (server/plugins/compression.ts) that this request's answer is a kept one. */
export function offerKept(request: FastifyRequest, answer: KeptAnswer): void {
  offers.set(request, answer);
}

export function offeredFor(request: FastifyRequest): KeptAnswer | undefined {
  return offers.get(request);
}
