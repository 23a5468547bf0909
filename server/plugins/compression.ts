import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { compress, matchesTag, negotiate, offeredFor } from '../lib/compression';

const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|text\/(?!event-stream))/i;

function varyOnAcceptEncoding(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/(?:^|,)\s*(?:\*|accept-encoding)\s*(?:,|$)/i.test(vary)) {
    void reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
}

/**
 * API answers of at least `threshold` bytes in br or gzip, as the client's Accept-Encoding asks; a kept answer
 * in the form kept with it (compressed once, not per request), with an ETag the browser revalidates (304 while
 * unchanged, which the browser turns into its stored answer for axios). Streams, which are the static SPA
 * files, go as they are: with their Content-Length, and ranges.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance, opts: { threshold?: number } = {}) => {
    const threshold = opts.threshold ?? 1024;
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const status = reply.statusCode;
      if (status < 200 || status === 204 || status === 206 || status === 304) return payload;
      if (reply.hasHeader('content-encoding')) return payload;
      if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
      const offered = offeredFor(request);
      const kept = offered && offered.text === payload ? offered : undefined;
      // A string's UTF-8 length is at least its length: no need to measure a long one.
      const small = payload.length < threshold && Buffer.byteLength(payload) < threshold;
      if (!small) varyOnAcceptEncoding(reply);
      if (kept) {
        const tag = await kept.tag();
        void reply.header('etag', tag).header('cache-control', 'no-cache');
        if (matchesTag(request.headers['if-none-match'], tag)) {
          void reply.code(304);
          return null;
        }
      }
      const encoding = small ? null : negotiate(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const body = kept ? await kept.encoded(encoding) : await compress(encoding, payload);
      void reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return body;
    });
  },
);
