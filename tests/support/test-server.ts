import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import type { Database } from '../../server/db/client';
import { upsertUser } from '../../server/modules/auth/users';
import { createTestDatabase } from './test-db';

export const TEST_USER = { username: 'operador', password: 'senha-de-teste-123' };
export const TEST_MT5_TOKEN_KEY = Buffer.alloc(32, 7).toString('base64');
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-000';

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: Config;
  url: string;
  /**
   * A request through the whole server (routing, hooks, parsers, serialisation, the error handler) without a socket
   * (Fastify's inject), answered as fetch answers; `token` adds the bearer header. A test whose subject is the
   * transport (limits, compression, the socket's lifetime) uses `url` with fetch or a raw socket instead.
   */
  request(
    path: string,
    init?: RequestInit & { token?: string | null; json?: unknown },
  ): Promise<Response>;
  login(username?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** The real server on a random port, over a fresh database with one user. */
export async function startTestServer(
  env: Record<string, string> = {},
  opts: { spaDir?: string | null } = {},
): Promise<TestServer> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    // The tests' VMs: the simulators on loopback, and the private addresses the client tests type.
    MT5_AGENT_NETWORKS: '127.0.0.0/8,10.0.0.0/8,fd00::/8',
    MT5_TOKEN_KEY: TEST_MT5_TOKEN_KEY,
    ...env,
  });
  const database = await createTestDatabase();
  await upsertUser(database.db, TEST_USER.username, TEST_USER.password);
  const app = await buildApp({
    config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    spaDir: opts.spaDir ?? null,
    logger: false,
    checkAnswers: true,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;

  const request: TestServer['request'] = async (path, init = {}) => {
    const { token, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (json !== undefined) headers.set('content-type', 'application/json');
    // fetch's Request encodes the body (JSON, form data with its boundary) exactly as a socket would carry it.
    const req = new Request(url + path, {
      ...rest,
      headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
    const payload = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: req.method as 'GET',
      url: path,
      headers: Object.fromEntries(req.headers),
      ...(payload && { payload }),
    });
    return asResponse(res, req.method);
  };

  return {
    app,
    database,
    config,
    url,
    request,
    async login(username = TEST_USER.username, password = TEST_USER.password) {
      const res = await request('/api/token/', { method: 'POST', json: { username, password } });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { access: string }).access;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** inject's answer as fetch's Response (headers repeated as fetch gives them; no body where HTTP has none). */
function asResponse(res: LightMyRequestResponse, method: string): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) headers.append(name, one);
  }
  const empty = res.statusCode === 204 || res.statusCode === 304 || method === 'HEAD';
  return new Response(empty ? null : new Uint8Array(res.rawPayload), {
    status: res.statusCode,
    headers,
  });
}
