import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { Database } from '../../../server/db/client';
import { createTestDatabase } from '../../support/test-db';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from '../../support/test-server';

/** Written on a socket as it is (fetch would refuse or fix these requests); the answer's status and body. */
function rawHttp(url: string, request: string): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => socket.write(request, 'latin1'));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) });
    });
  });
}

describe("Fastify's and Node's own refusals answer {detail} too", () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = await server.login();
  });
  afterAll(() => server.close());

  it('414 for a path parameter over the router limit', async () => {
    const res = await server.request(`/api/clientes/${'1'.repeat(150)}/`, { token });
    expect(res.status).toBe(414);
    expect(await res.json()).toEqual({ detail: 'Um parâmetro do endereço é longo demais.' });
  });

  it('400 for a path that does not decode', async () => {
    const res = await server.request('/api/clientes/%E0%A4%A/', { token });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      detail: 'O endereço da requisição não é válido (caracteres mal codificados).',
    });
  });

  it('400 for an empty JSON body', async () => {
    const res = await server.request('/api/clientes/', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      detail: 'O corpo da requisição está vazio: envie um JSON.',
    });
  });

  it('431 for headers over the limit, 400 for a control character in a header or a broken body', async () => {
    const head = `GET /api/clientes/ HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${token}\r\n`;
    expect(await rawHttp(server.url, `${head}x-grande: ${'x'.repeat(20_000)}\r\n\r\n`)).toEqual({
      status: 431,
      body: { detail: 'Os cabeçalhos da requisição são grandes demais.' },
    });
    expect(await rawHttp(server.url, `${head}idempotency-key: a\u0001b\r\n\r\n`)).toEqual({
      status: 400,
      body: { detail: 'Requisição HTTP malformada.' },
    });
    expect(
      await rawHttp(server.url, `${head}transfer-encoding: chunked\r\n\r\nzz\r\nabc\r\n`),
    ).toEqual({ status: 400, body: { detail: 'Requisição HTTP malformada.' } });
  });
});

describe('a value the database refuses, should one get past the contract', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }),
      database,
      jwtSecret: TEST_JWT_SECRET,
      spaDir: null,
      logger: false,
    });
    // Routes standing for a handler that lets a value through to the database unchecked.
    for (const [url, query] of [
      ['/api/teste/nul/', sql`select ${'a\u0000b'}::text`],
      ['/api/teste/numeric/', sql`select ${'1e20'}::numeric(18,4)`],
      ['/api/teste/integer/', sql`select ${'3000000000'}::integer`],
      ['/api/teste/tabela/', sql`select * from tabela_que_nao_existe`],
    ] as const) {
      app.get(url, { config: { public: true } }, async () => {
        await database.db.transaction(async (tx) => {
          await tx.execute(query);
        });
        return {};
      });
    }
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 400 with a generic detail for a data exception (SQLSTATE class 22), on both drivers', async () => {
    for (const url of ['/api/teste/nul/', '/api/teste/numeric/', '/api/teste/integer/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({
        detail: 'Valor inválido: um dos valores enviados não pode ser gravado.',
      });
    }
  });

  it('still answers 500 for any other database error, without its internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/teste/tabela/' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Erro interno do servidor.' });
  });
});
