import net from 'node:net';
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
  const client = new LoopbackClient(port, {
    authorization: `Bearer ${token}`,
    'accept-encoding': 'br, gzip',
  });
  const getRaw = (path: string) => client.get(`/api${path}`);
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
      client.close();
      await app.close();
    },
  };
}

/**
 * GET over kept-alive loopback connections, as a browser keeps them, with nothing of a client's own in the
 * figure: the request is written whole in one write, and the answer is taken as it arrives, to its last byte
 * (Content-Length or chunked). A client in this same process spends its time on the same thread as the server:
 * fetch (undici) about a millisecond per call, Node's http client 0.05–0.15 ms of URL parsing, agent and parser
 * work; no browser adds its own to the server's answer like that.
 */
class LoopbackClient {
  private readonly idle: net.Socket[] = [];
  private readonly head: string;

  constructor(
    private readonly port: number,
    headers: Record<string, string>,
  ) {
    this.head = Object.entries({ host: `127.0.0.1:${port}`, ...headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
  }

  get(path: string): Promise<RawAnswer> {
    const socket =
      this.idle.pop() ?? net.connect({ port: this.port, host: '127.0.0.1', noDelay: true });
    return new Promise<RawAnswer>((resolve, reject) => {
      let received: Buffer = Buffer.alloc(0);
      const onData = (chunk: Buffer) => {
        received = received.length ? Buffer.concat([received, chunk]) : chunk;
        let answer: RawAnswer | undefined;
        try {
          answer = parseAnswer(received);
        } catch (err) {
          onError(err as Error);
          return;
        }
        if (!answer) return;
        done();
        this.idle.push(socket);
        resolve(answer);
      };
      const onError = (err: Error) => {
        done();
        socket.destroy();
        reject(err);
      };
      const onClose = () => onError(new Error(`GET ${path}: connection closed before the answer`));
      const done = () => {
        socket.off('data', onData).off('error', onError).off('close', onClose);
      };
      socket.on('data', onData).on('error', onError).on('close', onClose);
      socket.write(`GET ${path} HTTP/1.1\r\n${this.head}\r\n`);
    });
  }

  close(): void {
    for (const socket of this.idle.splice(0)) socket.destroy();
  }
}

/** The answer once `bytes` hold all of it, else undefined. */
function parseAnswer(bytes: Buffer): RawAnswer | undefined {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers = new Map(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  const status = Number(statusLine.split(' ')[1]);
  const encoding = headers.get('content-encoding');
  let at = headEnd + 4;
  const length = headers.get('content-length');
  if (length !== undefined) {
    const end = at + Number(length);
    return bytes.length < end ? undefined : { status, encoding, body: bytes.subarray(at, end) };
  }
  if (headers.get('transfer-encoding') !== 'chunked') {
    throw new Error(`an answer with neither Content-Length nor chunks: ${statusLine}`);
  }
  const chunks: Buffer[] = [];
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (size === 0) {
      return bytes.indexOf('\r\n\r\n', lineEnd) < 0
        ? undefined
        : { status, encoding, body: Buffer.concat(chunks) };
    }
    const end = lineEnd + 2 + size;
    if (bytes.length < end + 2) return undefined;
    chunks.push(bytes.subarray(lineEnd + 2, end));
    at = end + 2;
  }
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
