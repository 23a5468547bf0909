import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { compress, negotiate, offeredFor } from '../lib/compression';

const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|text\/(?!event-stream))/i;

function varyOnAcceptEncoding(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/(?:^|,)\s*(?:\*|accept-encoding)\s*(?:,|$)/i.test(vary)) {
    void reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
}

/**
 * API answers of at least `threshold` bytes in br or gzip, as the client's Accept-Encoding asks; a cached answer
 * in the form kept with it (compressed once, not per request). Streams, which are the static SPA files, go
 * as they are: with their Content-Length, and ranges.
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
      // A string's UTF-8 length is at least its length: no need to measure a long one.
      if (payload.length < threshold && Buffer.byteLength(payload) < threshold) return payload;
      varyOnAcceptEncoding(reply);
      const encoding = negotiate(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const kept = offeredFor(request);
      const body =
        kept && kept.text === payload
          ? await kept.encoded(encoding)
          : await compress(encoding, payload);
      void reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return body;
    });
  },
);
