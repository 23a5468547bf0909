import http from 'node:http';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import type { QuoteService } from '../lib/quotes';
import { upsertUser } from '../modules/auth/users';

export interface RawAnswer {
  status: number;
  encoding: string | undefined;
  body: Buffer;
}

/** The body as the browser hands it to the page: decompressed and decoded. */
export function decodeAnswer({ encoding, body }: RawAnswer): string {
  const bytes =
    encoding === 'br'
      ? zlib.brotliDecompressSync(body)
      : encoding === 'gzip'
        ? zlib.gunzipSync(body)
        : body;
  return bytes.toString('utf8');
}

export interface BenchServer {
  app: FastifyInstance;
  /** http://127.0.0.1:PORT/api */
  base: string;
  token: string;
  /** GET an API path with the token; the parsed JSON body, or an error unless 200. */
  get(path: string): Promise<unknown>;
  /** As `get`, the whole body received but not parsed (as a statement's JSON text is not parsed either). */
  getText(path: string): Promise<string>;
  /** The answer as it arrives, to its last byte: still compressed (`decodeAnswer` is the client's part). */
  getRaw(path: string): Promise<RawAnswer>;
  close(): Promise<void>;
}

/**
 * The real server on a random port of the loopback, over `database`, with one user logged in; `env` adds settings
 * (the MT5 agents' port and timeout, for the lotes).
 */
export async function startBenchServer(
  database: Database,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', ...env });
  await upsertUser(database.db, 'bench', 'bench-password-123');
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
    spaDir: null,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}/api`;
  const login = await fetch(`${base}/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench-password-123' }),
  });
  const { access: token } = (await login.json()) as { access: string };
  // Node's own HTTP client on kept-alive connections, as a browser keeps them: fetch (undici) spends about a
  // millisecond of its own per call in this same process, which no browser would add to the server's answer.
  const agent = new http.Agent({ keepAlive: true });
  const getRaw = (path: string) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const request = http.get(
        base + path,
        { agent, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              encoding: res.headers['content-encoding'],
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      request.on('error', reject);
    });
  const getText = async (path: string) => {
    const answer = await getRaw(path);
    const text = decodeAnswer(answer);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${text}`);
    return text;
  };
  return {
    app,
    base,
    token,
    getRaw,
    getText,
    get: async (path) => JSON.parse(await getText(path)) as unknown,
    close: async () => {
      agent.destroy();
      await app.close();
    },
  };
}

/** `quotes` with one price moved a little more at every call: no answer built from quotes can be reused. */
export function movingQuotes(quotes: QuoteService): QuoteService {
  let tick = 0;
  return {
    provider: quotes.provider,
    async getQuotes(tickers) {
      const map = await quotes.getQuotes(tickers);
      const [first] = map.keys();
      if (first !== undefined) map.set(first, map.get(first)! + ++tick / 100);
      return map;
    },
    version: () => null,
  };
}
