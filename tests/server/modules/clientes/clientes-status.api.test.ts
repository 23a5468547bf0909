import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClienteStatus } from '../../../../contract';
import { acoes, clientes, operacoes } from '../../../../server/db/schema';
import { loadConfig } from '../../../../server/config';
import {
  DEMO_AGENTS,
  DEMO_CLIENTES,
  demoHoldings,
  seedDemoClientes,
  startDemoSimulators,
} from '../../../../server/seed/demo-clientes';
import { startTestServer, type TestServer } from '../../../support/test-server';
import { startFleet, trackAgentCalls, type SimFleet } from '../../mt5-sim/fleet';

const TIMEOUT_MS = 1_000;

describe('GET /api/clientes-status/', () => {
  let fleet: SimFleet;
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    fleet = await startFleet([
      'online',
      'no-autotrading',
      'disconnected',
      'slow',
      'error',
      'malformed',
    ]);
    server = await startTestServer({
      MT5_AGENT_PORT: String(fleet.port),
      MT5_AGENT_TOKEN: fleet.token,
      MT5_TIMEOUT_MS: String(TIMEOUT_MS),
      MT5_STATUS_CONCURRENCY: '25',
      // Measured again once a second old: a changed terminal shows on the next question.
      MT5_STATUS_SECONDS: '1',
    });
    token = await server.login();
  });
  afterAll(async () => {
    await server?.close();
    await fleet?.close();
  });
  afterEach(async () => {
    await server.database.db.delete(clientes);
  });

  const statuses = async () => {
    const res = await server.request('/api/clientes-status/', { token });
    expect(res.status).toBe(200);
    return (await res.json()) as ClienteStatus[];
  };
  /** The answer once every one of `ids` has been measured (the server measures in the background). */
  const measured = async (ids: number[]) => {
    let list: ClienteStatus[] = [];
    await expect
      .poll(
        async () => {
          list = await statuses();
          return ids.every((id) => list.some((s) => s.id === id));
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(true);
    return list;
  };

  it('maps each simulator behaviour, a closed port, a public-IP fallback and a missing IP, with when each was measured', async () => {
    const rows = await server.database.db
      .insert(clientes)
      .values([
        ...fleet.hosts.map((host) => ({ nome: host, vm_private_ip: host, vm_ip: '203.0.113.1' })),
        { nome: 'desligada', vm_private_ip: fleet.deadHost },
        { nome: 'só IP público', vm_ip: fleet.hosts[0] },
        { nome: 'sem IP' },
      ])
      .returning({ id: clientes.id });
    const started = Date.now();
    const byId = new Map((await measured(rows.map((r) => r.id))).map((s) => [s.id, s]));
    expect(rows.map((r) => [byId.get(r.id)?.status, byId.get(r.id)?.detail])).toEqual([
      ['online', null],
      ['warning', 'AutoTrading desativado'],
      ['warning', 'Terminal desconectado da corretora'],
      ['timeout', `Sem resposta em ${TIMEOUT_MS} ms`],
      ['error', 'Agente MT5 respondeu HTTP 500: Falha simulada do terminal MT5'],
      ['error', 'Resposta inválida do agente MT5'],
      ['offline', 'Conexão recusada pelo agente MT5'],
      ['online', null],
      ['missing_ip', 'Cliente sem IP de VM'],
    ]);
    const online = byId.get(rows[0]!.id)!;
    expect(online.ping).toEqual(expect.any(Number));
    expect(online.ping).toBeLessThan(TIMEOUT_MS);
    expect(byId.get(rows[6]!.id)!.ping).toBeNull();
    expect(byId.get(rows[8]!.id)!.ping).toBeNull();
    for (const s of byId.values()) {
      expect(Date.parse(s.medido_em!)).toBeGreaterThanOrEqual(started - 1000);
      expect(Date.parse(s.medido_em!)).toBeLessThanOrEqual(Date.now());
    }
  });

  it('follows a behaviour switched at run time', async () => {
    const [row] = await server.database.db
      .insert(clientes)
      .values({ vm_private_ip: fleet.hosts[0] })
      .returning({ id: clientes.id });
    await measured([row!.id]);
    fleet.sims[0]!.setBehaviour('no-autotrading');
    try {
      await expect
        .poll(async () => (await statuses()).find((s) => s.id === row!.id), {
          timeout: 15_000,
          interval: 200,
        })
        .toEqual({
          id: row!.id,
          status: 'warning',
          detail: 'AutoTrading desativado',
          ping: expect.any(Number),
          medido_em: expect.any(String),
        });
    } finally {
      fleet.sims[0]!.setBehaviour('online');
    }
  });

  it('needs a token', async () => {
    expect((await server.request('/api/clientes-status/')).status).toBe(401);
  });
});

describe('GET /api/clientes-status/ with VMs that never answer', () => {
  it('answers at once with each status measured so far, never waiting for a hung VM, never asking more than the bound at once', async () => {
    const fleet = await startFleet(['slow']);
    // Longer than this test may take: a check of a hung VM is still running at its end.
    const server = await startTestServer({
      MT5_AGENT_PORT: String(fleet.port),
      MT5_AGENT_TOKEN: fleet.token,
      MT5_TIMEOUT_MS: '120000',
      MT5_STATUS_CONCURRENCY: '150',
    });
    const calls = trackAgentCalls(fleet.port);
    try {
      const token = await server.login();
      const rows = await server.database.db
        .insert(clientes)
        .values(
          Array.from({ length: 200 }, (_, i) => ({
            vm_private_ip: i % 2 ? fleet.deadHost : fleet.hosts[0],
          })),
        )
        .returning({ id: clientes.id, vm_private_ip: clientes.vm_private_ip });
      const hung = new Set(rows.filter((r) => r.vm_private_ip === fleet.hosts[0]).map((r) => r.id));
      const ask = async () =>
        (await (
          await server.request('/api/clientes-status/', { token })
        ).json()) as ClienteStatus[];

      // Nothing measured yet: the answer does not wait for the checks it starts.
      expect(await ask()).toEqual([]);
      // The refused VMs show as soon as they are measured, while every hung one is still being asked.
      await expect
        .poll(async () => (await ask()).filter((s) => s.status === 'offline').length, {
          timeout: 20_000,
          interval: 100,
        })
        .toBe(100);
      const list = await ask();
      expect(list).toHaveLength(100);
      expect(list.some((s) => hung.has(s.id))).toBe(false);
      expect(calls.counter.inFlight).toBe(100);
      // Every client got a call of its own, at most 150 at once.
      expect(calls.counter.total).toBe(200);
      expect(calls.counter.max).toBeLessThanOrEqual(150);
    } finally {
      calls.restore();
      await server.close();
      await fleet.close();
    }
  });
});

describe('the demo clients', () => {
  it('seed realistic clients whose in-process simulators cover every status', async () => {
    const probe = await startFleet(['online']);
    const port = probe.port;
    await probe.close();
    const env = { MT5_AGENT_PORT: String(port), MT5_TIMEOUT_MS: String(TIMEOUT_MS) };
    const agents = await startDemoSimulators(
      loadConfig(env),
      async () => new Map([['PETR4', 31.42]]),
    );
    const server = await startTestServer(env);
    try {
      expect(agents.simulators).toHaveLength(DEMO_AGENTS.length);
      // They trade at the product's quotes.
      expect(agents.simulators[0]!.terminal.market.last('PETR4F')).toBe(31.42);
      await seedDemoClientes({ db: server.database.db, config: server.config });
      const token = await server.login();
      const list = (await (await server.request('/api/clientes/', { token })).json()) as Array<{
        id: number;
        nome: string;
        documento: string;
      }>;
      expect(list).toHaveLength(DEMO_CLIENTES.length);
      for (const c of list) expect(validDocumento(c.documento), c.nome).toBe(true);

      // Measured in the background: asked until every client is.
      const kinds = async () => {
        const statuses = (await (
          await server.request('/api/clientes-status/', { token })
        ).json()) as ClienteStatus[];
        return statuses.length === list.length ? new Set(statuses.map((s) => s.status)) : null;
      };
      await expect
        .poll(kinds, { timeout: 15_000, interval: 200 })
        .toEqual(new Set(['online', 'warning', 'offline', 'timeout', 'error', 'missing_ip']));
    } finally {
      await server.close();
      await agents.stop();
    }
  });
});

describe('the demo terminals', () => {
  it("start holding their clients' open operations, so that the book and the terminal agree", async () => {
    const probe = await startFleet(['online']);
    const port = probe.port;
    await probe.close();
    const env = { MT5_AGENT_PORT: String(port), MT5_TIMEOUT_MS: String(TIMEOUT_MS) };
    const server = await startTestServer(env);
    const { db } = server.database;
    const [acao] = await db.insert(acoes).values({ ticker: 'ITUB4' }).returning({ id: acoes.id });
    const [cliente] = await db
      .insert(clientes)
      .values({ nome: 'Ana', vm_private_ip: DEMO_AGENTS[0]!.host })
      .returning({ id: clientes.id });
    const op = { cliente_id: cliente!.id, acao_id: acao!.id, data_compra: '2025-01-02' };
    await db.insert(operacoes).values([
      { ...op, preco_unitario: '30', quantidade: 100 },
      { ...op, preco_unitario: '33', quantidade: 50 },
      // Sold: not held any more.
      {
        ...op,
        preco_unitario: '20',
        quantidade: 70,
        data_venda: '2025-02-03',
        preco_venda_unitario: '21',
      },
    ]);
    const agents = await startDemoSimulators(
      loadConfig(env),
      async () => new Map(),
      () => demoHoldings(db),
    );
    try {
      expect(agents.simulators[0]!.terminal.positions()).toEqual([
        { symbol: 'ITUB4', volume: 150, price_open: 31 },
      ]);
      expect(agents.simulators[1]!.terminal.positions()).toEqual([]);
    } finally {
      await agents.stop();
      await server.close();
    }
  });
});

/** CPF (11 digits) or CNPJ (14) with both check digits right. */
function validDocumento(value: string): boolean {
  const d = value.replace(/\D/g, '').split('').map(Number);
  const check = (digits: number[], weights: number[]) => {
    const r = digits.reduce((sum, n, i) => sum + n * weights[i]!, 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  if (d.length === 11) {
    const w1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
    const w2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
    return check(d.slice(0, 9), w1) === d[9] && check(d.slice(0, 10), w2) === d[10];
  }
  if (d.length === 14) {
    const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const w2 = [6, ...w1];
    return check(d.slice(0, 12), w1) === d[12] && check(d.slice(0, 13), w2) === d[13];
  }
  return false;
}
