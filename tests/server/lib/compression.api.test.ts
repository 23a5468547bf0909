import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server';

/** GET without a client that decodes: the bytes as sent, and their headers. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    },
  );
}

describe('answers compressed as the client asks, the SPA files as they are', () => {
  let server: TestServer;
  let spaDir: string;
  const script = `console.log(${JSON.stringify('x'.repeat(20_000))});\n`;
  beforeAll(async () => {
    spaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-'));
    fs.mkdirSync(path.join(spaDir, 'assets'));
    fs.writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(spaDir, 'assets', 'app-abc123.js'), script);
    // What the build writes beside each asset (vite.config.ts): the same script, compressed once.
    fs.writeFileSync(path.join(spaDir, 'assets', 'built-def456.js'), script);
    fs.writeFileSync(
      path.join(spaDir, 'assets', 'built-def456.js.br'),
      zlib.brotliCompressSync(script),
    );
    fs.writeFileSync(path.join(spaDir, 'assets', 'built-def456.js.gz'), zlib.gzipSync(script));
    server = await startTestServer({}, { spaDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(spaDir, { recursive: true, force: true });
  });

  it('serves the static files with their length and ranges, not recompressed', async () => {
    const full = await rawGet(`${server.url}/assets/app-abc123.js`, {
      'accept-encoding': 'br, gzip',
    });
    expect(full.status).toBe(200);
    expect(full.headers['content-encoding']).toBeUndefined();
    expect(full.headers['content-length']).toBe(String(Buffer.byteLength(script)));
    expect(full.body.toString()).toBe(script);

    const part = await rawGet(`${server.url}/assets/app-abc123.js`, {
      'accept-encoding': 'br, gzip',
      range: 'bytes=0-11',
    });
    expect(part.status).toBe(206);
    expect(part.body.toString()).toBe('console.log(');
  });

  it("sends the build's own .br or .gz of an asset as the browser accepts", async () => {
    const url = `${server.url}/assets/built-def456.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);

    const plain = await rawGet(url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('compresses a large API answer, and the browser-side fetch reads it as JSON', async () => {
    const res = await rawGet(`${server.url}/api/docs/json`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const spec = JSON.parse(zlib.gunzipSync(res.body).toString()) as { paths: object };
    expect(Object.keys(spec.paths)).toContain('/api/dashboard-rv/');

    // fetch, like the browser under axios, asks for gzip and br and decodes on its own (over the socket: the
    // test server's request() skips it).
    const viaFetch = await fetch(`${server.url}/api/docs/json`);
    expect(viaFetch.headers.get('content-encoding')).toBe('gzip');
    expect(await viaFetch.json()).toEqual(spec);
  });

  it('leaves small answers and errors as they are', async () => {
    const res = await rawGet(`${server.url}/api/clientes/`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(401);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toHaveProperty('detail');
  });
});
