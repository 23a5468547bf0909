import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../support/test-server';

/** Issue 28, item 5: liveness and readiness for a load balancer, and the answers while the server drains. */
describe('health and readiness', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers liveness and readiness without a token', async () => {
    const health = await server.request('/api/health/');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await server.request('/api/ready/');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'pronto' });
  });

  it('is not ready while the database lacks this version’s migrations', async () => {
    const db = server.database.db;
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    await db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`,
    );
    try {
      const ready = await server.request('/api/ready/');
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('5');
      expect(await ready.json()).toEqual({
        detail: 'O banco de dados ainda não tem as migrações desta versão.',
      });
    } finally {
      await db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`,
      );
    }
    expect((await server.request('/api/ready/')).status).toBe(200);
  });

  it('while draining: not ready, every new request 503 with Retry-After, alive, connections closed', async () => {
    const token = await server.login();
    server.app.deps.lifecycle.drain();
    const ready = await server.request('/api/ready/');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    const clientes = await server.request('/api/clientes/', { token });
    expect(clientes.status).toBe(503);
    expect(clientes.headers.get('connection')).toBe('close');
    expect(await clientes.json()).toEqual({
      detail: 'O servidor está encerrando; tente de novo em instantes.',
    });
    expect((await server.request('/api/health/')).status).toBe(200);
  });
});
