import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../../server/plugins/error-handler';
import { securityPlugin } from '../../../server/plugins/security';
import { startTestServer, TEST_USER, type TestServer } from '../../support/test-server';

describe('over plain HTTP (how the server listens unless given TLS)', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '1' });
    token = await server.login();
  });
  afterAll(() => server.close());

  it('every API answer says Cache-Control: no-store and carries the security headers, errors included; none carries HSTS', async () => {
    const answers = {
      login: await server.request('/api/token/', { method: 'POST', json: TEST_USER }),
      list: await server.request('/api/clientes/', { token }),
      unauthenticated: await server.request('/api/clientes/'),
      notFound: await server.request('/api/nao-existe/', { token }),
      badJson: await server.request('/api/token/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
      wrongPassword: await server.request('/api/token/', {
        method: 'POST',
        json: { username: 'ninguem', password: 'errada' },
      }),
      delayed: await server.request('/api/token/', {
        method: 'POST',
        json: { username: 'ninguem', password: 'errada' },
      }),
      docs: await server.request('/api/docs/json'),
    };
    const seen = Object.fromEntries(
      Object.entries(answers).map(([name, res]) => [
        name,
        {
          status: res.status,
          cache: res.headers.get('cache-control'),
          hsts: res.headers.get('strict-transport-security'),
          csp: res.headers.get('content-security-policy'),
          nosniff: res.headers.get('x-content-type-options'),
          frame: res.headers.get('x-frame-options'),
          referrer: res.headers.get('referrer-policy'),
        },
      ]),
    );
    const expected = (status: number) => ({
      status,
      cache: 'no-store',
      hsts: null,
      csp: expect.stringContaining("frame-ancestors 'none'") as unknown,
      nosniff: 'nosniff',
      frame: 'DENY',
      referrer: 'no-referrer',
    });
    expect(seen).toEqual({
      login: expected(200),
      list: expected(200),
      unauthenticated: expected(401),
      notFound: expected(404),
      badJson: expected(400),
      wrongPassword: expected(401),
      delayed: expected(429),
      // The API's documentation page sends its own policy, which lets Swagger UI's scripts run.
      docs: { ...expected(200), csp: expect.stringContaining("object-src 'none'") as unknown },
    });
  });
});

describe('over TLS', () => {
  let app: FastifyInstance;
  let port: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tls-'));
  beforeAll(async () => {
    // A throw-away self-signed certificate for 127.0.0.1.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    app = Fastify({
      https: {
        key: fs.readFileSync(path.join(dir, 'key.pem')),
        cert: fs.readFileSync(path.join(dir, 'cert.pem')),
      },
    });
    await app.register(errorHandler);
    await app.register(securityPlugin);
    app.get('/api/ping/', () => ({ ok: true }));
    app.get('/pagina', () => 'ok');
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (urlPath: string) =>
    new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
      https
        .get({ host: '127.0.0.1', port, path: urlPath, rejectUnauthorized: false }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        })
        .on('error', reject);
    });

  it('sends HSTS on every answer, and no-store on the API only', async () => {
    const api = await get('/api/ping/');
    expect(api.status).toBe(200);
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(api.headers['cache-control']).toBe('no-store');

    const page = await get('/pagina');
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(page.headers['cache-control']).toBeUndefined();
  });
});
