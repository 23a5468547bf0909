import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import type { QuoteService } from '../lib/quotes';
import { upsertUser } from '../modules/auth/users';

export interface BenchServer {
  app: FastifyInstance;
  /** http://127.0.0.1:PORT/api */
  base: string;
  token: string;
  /** GET an API path with the token; the parsed JSON body, or an error unless 200. */
  get(path: string): Promise<unknown>;
  /** As `get`, the whole body received but not parsed (as a statement's JSON text is not parsed either). */
  getText(path: string): Promise<string>;
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
  const getText = async (path: string) => {
    const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
    return text;
  };
  return {
    app,
    base,
    token,
    getText,
    get: async (path) => JSON.parse(await getText(path)) as unknown,
    close: () => app.close(),
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
