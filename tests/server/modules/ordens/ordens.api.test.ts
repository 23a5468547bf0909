import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  acoes,
  auditLog,
  clientes,
  operacoes,
  orderGroups,
  orderLegs,
} from '../../../../server/db/schema';
import { Mt5Simulator } from '../../../../server/mt5-sim';
import { startTestServer, type TestServer } from '../../../support/test-server';

const HOST = '127.0.0.151';
const TOKEN = 'ordens-test-token';

interface Status {
  group_id: string;
  executed_all: boolean;
  finished?: boolean;
  erro?: string | null;
  summary: Array<{ symbol: string; executada: boolean; volume: number; volume_exec: number }>;
}

describe('MT5 orders through the simulator', () => {
  let server: TestServer;
  let sim: Mt5Simulator;
  let token: string;
  let clienteId: number;
  let outroClienteId: number;

  beforeAll(async () => {
    sim = new Mt5Simulator({ host: HOST, token: TOKEN, fillDelayMs: 50, marginFree: 1_000_000 });
    const { port } = await sim.listen(0);
    server = await startTestServer({
      MT5_AGENT_PORT: String(port),
      MT5_AGENT_TOKEN: TOKEN,
      MT5_TIMEOUT_MS: '1000',
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    const { db } = server.database;
    await db.insert(acoes).values([{ ticker: 'PETR4', empresa: 'Petrobras' }]);
    const [a, b] = await db
      .insert(clientes)
      .values([
        { nome: 'Ana', vm_private_ip: HOST },
        { nome: 'Bruno', vm_private_ip: HOST },
      ])
      .returning({ id: clientes.id });
    clienteId = a!.id;
    outroClienteId = b!.id;
  });
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });
  afterEach(() => {
    sim.setBehaviour('online');
    sim.terminal.setPrice('PETR4', 38);
  });

  const post = (path: string, json: unknown, key?: string) =>
    server.request(path, {
      method: 'POST',
      token,
      json,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const poll = async (
    path: string,
    until = (s: Status) => s.executed_all || Boolean(s.finished),
  ) => {
    for (let i = 0; i < 100; i++) {
      const res = await server.request(path, { token });
      expect(res.status).toBe(200);
      const status = (await res.json()) as Status;
      if (until(status)) return status;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`never finished: ${path}`);
  };
  const buy = async (quantidade: number, key?: string) => {
    const res = await post(
      `/api/clientes/${clienteId}/mt5/compra/`,
      {
        ticker_base: 'PETR4',
        execucao: 'mercado',
        tp: 45,
        legs: [
          ...(quantidade >= 100
            ? [{ symbol: 'PETR4', quantidade: Math.floor(quantidade / 100) * 100 }]
            : []),
          ...(quantidade % 100 ? [{ symbol: 'PETR4F', quantidade: quantidade % 100 }] : []),
        ],
      },
      key,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { group_id: string }).group_id;
  };
  const opsOfGroup = (groupId: string) =>
    server.database.db.select().from(operacoes).where(eq(operacoes.order_group_id, groupId));

  it('validates a buy: 250 shares become 200 + 50 F, each leg checked', async () => {
    sim.terminal.setPrice('PETR4', 38);
    const res = await post(`/api/clientes/${clienteId}/mt5/compra/validar/`, {
      ticker: 'PETR4',
      modo: 'quantidade',
      execucao: 'mercado',
      tp: 45,
      quantidade: 250,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      legs_sugeridas: [
        { symbol: 'PETR4', quantidade: 200 },
        { symbol: 'PETR4F', quantidade: 50 },
      ],
      validacoes: [
        { symbol: 'PETR4', ok: true, motivo: null },
        { symbol: 'PETR4F', ok: true, motivo: null },
      ],
      compras_em_voo: [],
      aviso: null,
    });
  });

  it('in valor mode divides by the limit price, and explains a target below the price', async () => {
    const res = await post(`/api/clientes/${clienteId}/mt5/compra/validar/`, {
      ticker: 'PETR4',
      modo: 'valor',
      execucao: 'limite',
      preco: 40,
      tp: 39,
      valor: 10_050,
    });
    const body = (await res.json()) as {
      legs_sugeridas: unknown;
      validacoes: Array<{ ok: boolean; motivo: string }>;
    };
    expect(body.legs_sugeridas).toEqual([
      { symbol: 'PETR4', quantidade: 200 },
      { symbol: 'PETR4F', quantidade: 51 },
    ]);
    expect(body.validacoes[0]).toEqual({
      symbol: 'PETR4',
      ok: false,
      motivo: 'O alvo deve ser maior que o preço (R$ 40,00).',
    });
  });

  it('says why when AutoTrading is off, and 400s a limit order without a price', async () => {
    sim.setBehaviour('no-autotrading');
    const res = await post(`/api/clientes/${clienteId}/mt5/compra/validar/`, {
      ticker: 'PETR4',
      modo: 'quantidade',
      execucao: 'mercado',
      tp: 45,
      quantidade: 100,
    });
    expect(
      ((await res.json()) as { validacoes: Array<{ motivo: string }> }).validacoes[0]?.motivo,
    ).toBe('AutoTrading desativado no terminal.');
    const bad = await post(`/api/clientes/${clienteId}/mt5/compra/validar/`, {
      ticker: 'PETR4',
      modo: 'quantidade',
      execucao: 'limite',
      tp: 45,
      quantidade: 100,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { campos: Record<string, string> }).campos.preco).toBe(
      'Informe o preço limite.',
    );
  });

  it('buys 250 shares to executed_all and creates the operation once, at the VWAP', async () => {
    const groupId = await buy(250);
    const status = await poll(`/api/clientes/${clienteId}/mt5/compra-status/${groupId}/`);
    expect(status.executed_all).toBe(true);
    expect(status.summary).toEqual([
      { symbol: 'PETR4', executada: true, volume: 200, volume_exec: 200 },
      { symbol: 'PETR4F', executada: true, volume: 50, volume_exec: 50 },
    ]);
    const ops = await opsOfGroup(groupId);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({
      quantidade: 250,
      origem: 'mt5',
      data_venda: null,
      cliente_id: clienteId,
    });
    expect(Number(ops[0]!.preco_unitario)).toBeCloseTo(38.01, 4);
    expect(Number(ops[0]!.valor_alvo)).toBe(45);
    // Polling again changes nothing.
    await poll(`/api/clientes/${clienteId}/mt5/compra-status/${groupId}/`);
    expect(await opsOfGroup(groupId)).toHaveLength(1);
  });

  it('answers the same group for a retried submit with the same Idempotency-Key', async () => {
    const first = await buy(100, 'chave-unica-1');
    const second = await buy(100, 'chave-unica-1');
    expect(second).toBe(first);
    const groups = await server.database.db
      .select()
      .from(orderGroups)
      .where(eq(orderGroups.idempotency_key, 'chave-unica-1'));
    expect(groups).toHaveLength(1);
    await poll(`/api/clientes/${clienteId}/mt5/compra-status/${first}/`);
  });

  it('creates one operation when 20 pollers ask at the same time', async () => {
    const groupId = await buy(300);
    await new Promise((r) => setTimeout(r, 300));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server
          .request(`/api/clientes/${clienteId}/mt5/compra-status/${groupId}/`, { token })
          .then((r) => r.json()),
      ),
    );
    expect(answers.some((a) => (a as Status).executed_all)).toBe(true);
    await poll(`/api/clientes/${clienteId}/mt5/compra-status/${groupId}/`);
    expect(await opsOfGroup(groupId)).toHaveLength(1);
  });

  it('finishes with erro when the terminal rejects a leg, and creates nothing', async () => {
    sim.setBehaviour('reject');
    const groupId = await buy(100);
    const status = await poll(`/api/clientes/${clienteId}/mt5/compra-status/${groupId}/`);
    expect(status).toMatchObject({ executed_all: false, finished: true });
    expect(status.erro).toMatch(/PETR4 rejeitada: Solicitação rejeitada/);
    expect(await opsOfGroup(groupId)).toHaveLength(0);
  });

  it('recovers an order whose answer timed out mid-send, without sending it twice', async () => {
    sim.setBehaviour('timeout-orders');
    const groupId = await buy(100);
    sim.setBehaviour('online');
    const status = await poll(`/api/clientes/${clienteId}/mt5/compra-status/${groupId}/`);
    expect(status.executed_all).toBe(true);
    expect(await opsOfGroup(groupId)).toHaveLength(1);
    const positions = sim.terminal.positions().filter((p) => p.symbol === 'PETR4');
    const [leg] = await server.database.db
      .select()
      .from(orderLegs)
      .where(eq(orderLegs.group_id, groupId));
    expect(sim.terminal.order(leg!.ticket!)?.volume_filled).toBe(100);
    expect(positions).toHaveLength(1);
  });

  it('keeps the group through an agent crash and finishes it after the restart', async () => {
    const groupId = await buy(200);
    await sim.crash();
    const during = await server.request(
      `/api/clientes/${clienteId}/mt5/compra-status/${groupId}/`,
      { token },
    );
    expect(during.status).toBe(200);
    expect(((await during.json()) as Status).executed_all).toBe(false);
    await sim.restart();
    const status = await poll(`/api/clientes/${clienteId}/mt5/compra-status/${groupId}/`);
    expect(status.executed_all).toBe(true);
    expect(await opsOfGroup(groupId)).toHaveLength(1);
  });

  it('reports the retcode the terminal rejected with', async () => {
    sim.terminal.rejectRetcode = 10019;
    sim.setBehaviour('reject');
    try {
      const groupId = await buy(100);
      const status = await poll(`/api/clientes/${clienteId}/mt5/compra-status/${groupId}/`);
      expect(status.finished).toBe(true);
      expect(status.erro).toMatch(/Margem livre insuficiente/);
      const [leg] = await server.database.db
        .select()
        .from(orderLegs)
        .where(eq(orderLegs.group_id, groupId));
      expect(leg).toMatchObject({ state: 'rejected', retcode: 10019 });
    } finally {
      sim.terminal.rejectRetcode = 10006;
    }
  });

  it('sells an open operation to executed_all, realising it at the VWAP; a second sell in flight is a 409', async () => {
    const buyId = await buy(150);
    await poll(`/api/clientes/${clienteId}/mt5/compra-status/${buyId}/`);
    const [op] = await opsOfGroup(buyId);
    sim.terminal.setPrice('PETR4', 41);
    const res = await post(`/api/clientes/${clienteId}/mt5/venda/${op!.id}/`, {
      execucao: 'mercado',
    });
    expect(res.status).toBe(200);
    const { group_id } = (await res.json()) as { group_id: string };
    const again = await post(`/api/clientes/${clienteId}/mt5/venda/${op!.id}/`, {
      execucao: 'mercado',
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { detail: string }).detail).toBe(
      'Já existe uma venda em andamento para esta operação.',
    );

    const status = await poll(`/api/clientes/${clienteId}/mt5/venda-status/${group_id}/`);
    expect(status.summary.map((s) => [s.symbol, s.volume_exec])).toEqual([
      ['PETR4', 100],
      ['PETR4F', 50],
    ]);
    const [sold] = await server.database.db
      .select()
      .from(operacoes)
      .where(eq(operacoes.id, op!.id));
    expect(sold!.data_venda).not.toBeNull();
    expect(Number(sold!.preco_venda_unitario)).toBeCloseTo(40.99, 4);
    const soldAgain = await post(`/api/clientes/${clienteId}/mt5/venda/${op!.id}/`, {
      execucao: 'mercado',
    });
    expect(soldAgain.status).toBe(409);
  });

  it("answers 404 for another client's group or operation", async () => {
    const groupId = await buy(100);
    const res = await server.request(
      `/api/clientes/${outroClienteId}/mt5/compra-status/${groupId}/`,
      { token },
    );
    expect(res.status).toBe(404);
    const wrongSide = await server.request(
      `/api/clientes/${clienteId}/mt5/venda-status/${groupId}/`,
      { token },
    );
    expect(wrongSide.status).toBe(404);
    // Executed before the next buy of the stock: another one in flight would ask for confirmation.
    await poll(`/api/clientes/${clienteId}/mt5/compra-status/${groupId}/`);
    const outra = await buy(100);
    await poll(`/api/clientes/${clienteId}/mt5/compra-status/${outra}/`);
    const [op] = await opsOfGroup(outra);
    const sell = await post(`/api/clientes/${outroClienteId}/mt5/venda/${op!.id}/`, {
      execucao: 'mercado',
    });
    expect(sell.status).toBe(404);
  });

  it('refuses an edited leg that breaks the rules, storing nothing', async () => {
    const before = await server.database.db.select().from(orderGroups);
    const res = await post(`/api/clientes/${clienteId}/mt5/compra/`, {
      ticker_base: 'PETR4',
      execucao: 'mercado',
      tp: 45,
      legs: [{ symbol: 'PETR4', quantidade: 150 }],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      'Perna PETR4: A quantidade deve ser múltipla de 100.',
    );
    expect(await server.database.db.select().from(orderGroups)).toHaveLength(before.length);
  });

  it('records orders, legs and their state changes in the audit log', async () => {
    const groupId = await buy(100);
    await poll(`/api/clientes/${clienteId}/mt5/compra-status/${groupId}/`);
    const rows = await server.database.db.select().from(auditLog);
    const actions = rows
      .filter((r) => r.entity_id?.startsWith(groupId))
      .map((r) => `${r.entity}:${r.action}`);
    expect(actions).toEqual(
      expect.arrayContaining(['order_group:create', 'order_leg:update', 'order_group:complete']),
    );
  });
});

describe('partial fills', () => {
  let server: TestServer;
  let sim: Mt5Simulator;
  let token: string;
  let clienteId: number;

  beforeAll(async () => {
    sim = new Mt5Simulator({
      host: '127.0.0.152',
      token: TOKEN,
      // Each part stays long enough for a poll every 40 ms to see it on a busy machine.
      fillDelayMs: 600,
      partialFills: true,
    });
    const { port } = await sim.listen(0);
    sim.terminal.setPrice('VALE3', 60);
    server = await startTestServer({
      MT5_AGENT_PORT: String(port),
      MT5_AGENT_TOKEN: TOKEN,
      MT5_TIMEOUT_MS: '1000',
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    await server.database.db.insert(acoes).values([{ ticker: 'VALE3' }]);
    const [c] = await server.database.db
      .insert(clientes)
      .values({ nome: 'Carla', vm_private_ip: '127.0.0.152' })
      .returning({ id: clientes.id });
    clienteId = c!.id;
  });
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });

  it('shows a leg partly filled, then executed, and records the whole quantity once', async () => {
    const res = await server.request(`/api/clientes/${clienteId}/mt5/compra/`, {
      method: 'POST',
      token,
      json: {
        ticker_base: 'VALE3',
        execucao: 'mercado',
        tp: 70,
        legs: [{ symbol: 'VALE3', quantidade: 400 }],
      },
    });
    const { group_id } = (await res.json()) as { group_id: string };
    const seen = new Set<number>();
    let status: Status | undefined;
    for (let i = 0; i < 100 && !status?.executed_all; i++) {
      const r = await server.request(`/api/clientes/${clienteId}/mt5/compra-status/${group_id}/`, {
        token,
      });
      status = (await r.json()) as Status;
      seen.add(status.summary[0]!.volume_exec);
      await new Promise((r) => setTimeout(r, 40));
    }
    expect(status?.executed_all).toBe(true);
    expect(seen).toContain(200);
    const ops = await server.database.db
      .select()
      .from(operacoes)
      .where(eq(operacoes.order_group_id, group_id));
    expect(ops).toHaveLength(1);
    expect(ops[0]?.quantidade).toBe(400);
  });
});
