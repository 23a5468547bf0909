import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/db/query';
import { audit } from '../../../server/lib/audit';
import { allEndpoints, API_BASE } from '../../../contract';
import { startTestServer, type TestServer } from '../../support/test-server';

/** One raw HTTP/1.1 exchange, so that the request line is sent exactly as written. */
function rawRequest(port: number, requestLine: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      const body = requestLine.startsWith('GET') ? '' : '{}';
      socket.end(
        `${requestLine}\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
    });
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4) });
    });
    socket.on('error', reject);
  });
}

describe('the authentication guard decides on the routed path', () => {
  let server: TestServer;
  let port: number;
  let routes: { method: string; path: string }[];
  beforeAll(async () => {
    server = await startTestServer();
    port = Number(new URL(server.url).port);
    const doc = (await (await server.request('/api/docs/json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, '1'),
      })),
    );
  });
  afterAll(() => server.close());

  // The routes the table declares public (the login, liveness, readiness): every other one needs a token.
  const publicPaths = new Set(allEndpoints.filter((e) => e.public).map((e) => API_BASE + e.path));
  const protectedRoutes = () => routes.filter((r) => !publicPaths.has(r.path));

  it('knows every route of the API', () => {
    expect(protectedRoutes().length).toBeGreaterThanOrEqual(24);
  });

  it('refuses a request target in absolute form, for every route, before anything runs', async () => {
    for (const { method, path } of routes) {
      const res = await rawRequest(port, `${method} http://x${path} HTTP/1.1`);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 400 });
      expect(JSON.parse(res.body)).toEqual({
        detail: 'O alvo da requisição deve ser um caminho (por exemplo /api/clientes/).',
      });
    }
  });

  it('answers 401 for every protected route without a token, however the path is spelled', async () => {
    for (const { method, path } of protectedRoutes()) {
      for (const spelled of [
        path,
        path.replace('/api/', '/%61pi/'),
        path.replace('/api/', '/ap%69/'),
      ]) {
        const res = await rawRequest(port, `${method} ${spelled} HTTP/1.1`);
        expect({ method, spelled, status: res.status }).toEqual({ method, spelled, status: 401 });
      }
    }
  });

  it('stored nothing and audited nobody', async () => {
    const token = await server.login();
    const clientes = (await (
      await server.request('/api/clientes/', { token })
    ).json()) as unknown[];
    expect(clientes).toEqual([]);
    // The test user's creation and its login above, nothing from the refused requests.
    const rows = await queryRows<{ action: string; entity: string }>(
      server.database.db,
      sql`select action, entity from audit_log order by id`,
    );
    expect(rows).toEqual([
      { action: 'create', entity: 'user' },
      { action: 'login', entity: 'session' },
    ]);
  });

  it('refuses to record a write without a user', async () => {
    await expect(
      audit(server.database.db, { username: '', action: 'create', entity: 'cliente' }),
    ).rejects.toThrow(/without an authenticated user/);
  });
});
