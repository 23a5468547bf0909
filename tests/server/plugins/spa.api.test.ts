import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server';

describe('the built SPA behind the API server', () => {
  let server: TestServer;
  let spaDir: string;
  beforeAll(async () => {
    spaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-'));
    fs.mkdirSync(path.join(spaDir, 'assets'));
    fs.writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(spaDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(spaDir, 'assets', 'app-abc123.js.map'), '{"version":3}');
    server = await startTestServer({}, { spaDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(spaDir, { recursive: true, force: true });
  });

  it('answers index.html for any deep link outside /api/', async () => {
    for (const p of ['/', '/clientes/12/carteira', '/qualquer/coisa?x=1']) {
      const res = await server.request(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await server.request('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('keeps the source maps of the build from browsers: a 404, not the map nor index.html', async () => {
    for (const p of ['/assets/app-abc123.js.map', '/assets/outro-000000.js.map']) {
      const res = await server.request(p);
      expect(res.status, p).toBe(404);
      expect(await res.json()).toEqual({ detail: `Rota não encontrada: GET ${p}` });
    }
  });

  it('keeps unknown /api/ paths a JSON 404 (after authentication)', async () => {
    const token = await server.login();
    const res = await server.request('/api/inexistente', { token });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Rota não encontrada: GET /api/inexistente' });
  });

  it('sends the security headers, with a CSP that forbids plugins, base and framing', async () => {
    const res = await server.request('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });
});
