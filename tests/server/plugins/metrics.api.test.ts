import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acoes, auditLog, clientes } from '../../../server/db/schema';
import { Mt5Simulator } from '../../../server/mt5-sim';
import { startTestServer, type TestServer } from '../../support/test-server';

/**
 * Issue 28, items 6 and 8: GET /metrics in Prometheus' text format, readable from METRICS_NETWORKS or with
 * METRICS_TOKEN and never with a user's token, whose labels never hold a client's data; and TRUST_PROXY.
 */
const HOST = '127.0.0.159';
const AGENT_TOKEN = 'metrics-agent-token';
const METRICS_TOKEN = 'metrics-token-of-at-least-32-characters';
const NOME = 'Fulana Secreta de Tal';
const QUANTIDADE = 4300;

/** Every label value of a metrics text. */
const labelValues = (text: string) =>
  [...text.matchAll(/\{([^}]*)\}/g)].flatMap((m) =>
    [...m[1]!.matchAll(/="((?:[^"\\]|\\.)*)"/g)].map((v) => v[1]!),
  );

describe('metrics', () => {
  let server: TestServer;
  let sim: Mt5Simulator;
  let token: string;

  beforeAll(async () => {
    sim = new Mt5Simulator({ host: HOST, token: AGENT_TOKEN, fillDelayMs: 10, marginFree: 1e8 });
    sim.terminal.setPrice('PETR4', 38);
    server = await startTestServer({
      MT5_AGENT_PORT: String((await sim.listen(0)).port),
      MT5_AGENT_TOKEN: AGENT_TOKEN,
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    await server.database.db.insert(acoes).values([{ ticker: 'PETR4', empresa: 'Petrobras' }]);
  });
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });

  it('counts requests, agent calls, orders and login failures, with no client data in a label', async () => {
    const [c] = await server.database.db
      .insert(clientes)
      .values({ nome: NOME, vm_private_ip: HOST })
      .returning({ id: clientes.id });
    const buy = await server.request(`/api/clientes/${c!.id}/mt5/compra/`, {
      method: 'POST',
      token,
      json: {
        ticker_base: 'PETR4',
        execucao: 'mercado',
        tp: 45,
        legs: [{ symbol: 'PETR4', quantidade: QUANTIDADE }],
      },
    });
    expect(buy.status, await buy.clone().text()).toBe(200);
    expect((await server.request(`/api/clientes/${c!.id}/`, { token })).status).toBe(200);
    await server.request('/api/token/', {
      method: 'POST',
      json: { username: 'operador', password: 'errada-errada' },
    });

    const res = await server.request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(
      /carteira_http_requests_total\{method="GET",route="\/api\/clientes\/:id\/",status="200"\} 1/,
    );
    expect(text).toMatch(
      /carteira_http_request_duration_seconds_bucket\{.*route="\/api\/clientes\/:id\/"/,
    );
    expect(text).toMatch(
      /carteira_mt5_agent_calls_total\{operation="place_order",outcome="ok"\} 1/,
    );
    expect(text).toMatch(/carteira_mt5_agent_calls_total\{operation="health",outcome="ok"\} \d+/);
    expect(text).toMatch(/carteira_orders\{state="sent"\} 1/);
    expect(text).toMatch(/carteira_order_legs\{state="(placed|filled|partial)"\} 1/);
    expect(text).toMatch(/carteira_login_failures_total\{reason="credenciais"\} 1/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    // The MT5 status task ran at least once here (the buy's client was never measured: the status is asked below).
    await server.request('/api/clientes-status/', { token });
    await server.app.deps.jobs.trigger('clientes.mt5-status');
    const again = await (await server.request('/metrics')).text();
    expect(again).toMatch(
      /carteira_task_runs_total\{task="clientes\.mt5-status",outcome="ok"\} \d+/,
    );
    const values = labelValues(text);
    expect(values.length).toBeGreaterThan(20);
    for (const v of values) {
      expect(v).not.toContain('Fulana');
      expect(v).not.toContain(String(QUANTIDADE));
      expect(v).not.toMatch(/PETR4|127\.0\.0\.159/);
    }
  });
});

describe('who may read the metrics', () => {
  let server: TestServer;
  let userToken: string;

  beforeAll(async () => {
    // Loopback is not among the networks here: only the metrics token opens them.
    server = await startTestServer({
      METRICS_NETWORKS: '10.99.0.0/16',
      METRICS_TOKEN,
    });
    userToken = await server.login();
  });
  afterAll(() => server?.close());

  it('refuses an address outside METRICS_NETWORKS, and a user’s token; takes METRICS_TOKEN', async () => {
    expect((await server.request('/metrics')).status).toBe(403);
    expect((await server.request('/metrics', { token: userToken })).status).toBe(401);
    expect((await server.request('/metrics', { token: 'x'.repeat(40) })).status).toBe(401);
    const ok = await server.request('/metrics', { token: METRICS_TOKEN });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('carteira_http_requests_total');
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  const failedFrom = async (server: TestServer, forwardedFor: string) => {
    const username = `quem-${forwardedFor}`;
    await server.request('/api/token/', {
      method: 'POST',
      headers: { 'x-forwarded-for': forwardedFor },
      json: { username, password: 'errada-errada' },
    });
    const [row] = await server.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login_failed'), eq(auditLog.username, username)));
    return (row?.after as { address: string }).address;
  };

  it('takes the client’s address from the proxy only when told to', async () => {
    const direct = await startTestServer();
    try {
      expect(await failedFrom(direct, '203.0.113.7')).toBe('127.0.0.1');
    } finally {
      await direct.close();
    }
    const proxied = await startTestServer({ TRUST_PROXY: '127.0.0.1/32' });
    try {
      expect(await failedFrom(proxied, '203.0.113.7')).toBe('203.0.113.7');
    } finally {
      await proxied.close();
    }
  });
});
