import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { Database } from '../../../server/db/client';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase } from '../../support/test-db';

/**
 * Issue 34, rough edge 19: the server's log at info has one line per request (Fastify's own logging wrote two:
 * 'incoming request' and 'request completed'), with the method, the address, the status and the time taken.
 */
describe('the request log', () => {
  const linhas: Array<Record<string, unknown>> = [];
  let app: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '/nonexistent' }),
      database,
      jwtSecret: 'request-log-secret-that-is-long-enough-for-hs256',
      spaDir: null,
      logStream: { write: (line) => void linhas.push(JSON.parse(line) as Record<string, unknown>) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('writes one line per request, with its method, address, status and time', async () => {
    linhas.length = 0;
    await app.inject({ method: 'GET', url: '/api/health/' });
    await app.inject({ method: 'GET', url: '/api/clientes/' });
    const pedidos = linhas.filter((l) => l.req !== undefined || l.res !== undefined);
    expect(pedidos.map((l) => l.msg)).toEqual(['request completed', 'request completed']);
    expect(
      pedidos.map((l) => [
        (l.req as { url: string }).url,
        (l.res as { statusCode: number }).statusCode,
      ]),
    ).toEqual([
      ['/api/health/', 200],
      ['/api/clientes/', 401],
    ]);
    expect(pedidos.every((l) => l.level === 30 && typeof l.responseTime === 'number')).toBe(true);
    expect(linhas.filter((l) => l.msg === 'incoming request')).toEqual([]);
  });
});
