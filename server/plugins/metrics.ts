import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/query';
import { isAllowedHost } from '../lib/mt5-agent/access';

/** What the database pool holds now (PostgreSQL); the embedded database has no pool. */
export type PoolStats = () => { total: number; idle: number; waiting: number };

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
};

/**
 * GET /metrics (Prometheus' text format) and what feeds it: every answered request by route pattern and status,
 * every agent call, login refusals, orders and legs by state, the database pool. Readable from METRICS_NETWORKS or
 * with METRICS_TOKEN as a bearer token, never with a user's token (it is not an API route, and no session opens it).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { pool?: PoolStats }) => {
  const { metrics, config, db } = app.deps;
  config.mt5.observe = (operation, outcome, seconds) => {
    metrics.agentCalls.inc({ operation, outcome });
    metrics.agentDuration.observe({ operation, outcome }, seconds);
  };
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'sem_rota';
    if (route === '/metrics') return;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (route === '/api/token/' && (reply.statusCode === 401 || reply.statusCode === 429)) {
      metrics.loginFailures.inc({ reason: reply.statusCode === 429 ? 'em_espera' : 'credenciais' });
    }
  });
  for (const [table, name] of [
    ['order_groups', 'carteira_orders'],
    ['order_legs', 'carteira_order_legs'],
  ] as const) {
    metrics.gauge(name, `Registros de ${table} por estado.`, ['state'], async (set) => {
      const rows = await queryRows<{ state: string; n: number }>(
        db,
        sql`select state, count(*)::int as n from ${sql.identifier(table)} group by state`,
      );
      for (const r of rows) set({ state: r.state }, r.n);
    });
  }
  const pool = opts.pool;
  if (pool) {
    metrics.gauge(
      'carteira_db_pool_connections',
      'Conexões do pool do PostgreSQL.',
      ['state'],
      (set) => {
        const { total, idle, waiting } = pool();
        set({ state: 'total' }, total);
        set({ state: 'idle' }, idle);
        set({ state: 'waiting' }, waiting);
      },
    );
  }

  app.get('/metrics', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const token = /^Bearer (.+)$/.exec(header)?.[1];
    const allowed = config.metrics.token
      ? token !== undefined && sameToken(token, config.metrics.token)
      : false;
    // An IPv4 client of a dual-stack listener arrives as ::ffff:a.b.c.d.
    const address = request.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
    if (!allowed && !isAllowedHost(config.metrics.networks, address)) {
      return reply
        .code(token === undefined ? 403 : 401)
        .send({ detail: 'Métricas só para as redes de METRICS_NETWORKS ou com METRICS_TOKEN.' });
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
});
