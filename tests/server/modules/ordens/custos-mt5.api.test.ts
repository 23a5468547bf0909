import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../../server/config';
import { acoes, clientes, operacoes } from '../../../../server/db/schema';
import { Mt5Simulator } from '../../../../server/mt5-sim';
import { startTestServer, type TestServer } from '../../../support/test-server';

/**
 * An MT5 order records its costs on its operation (issue 29): the commission and fee the terminal reports for its
 * deals plus B3's fees, CUSTOS_B3_PERCENTUAL (default 0.03 %) of the traded value, rounded half up to the cent once.
 * The simulator charges R$ 2.50 per deal and a fee of 0.01 % of each deal's value here.
 */
const TOKEN = 'custos-mt5-token';

interface Status {
  executed_all: boolean;
  finished?: boolean;
}

interface Ambiente {
  server: TestServer;
  sim: Mt5Simulator;
  token: string;
  clienteId: number;
}

async function ambiente(host: string, env: Record<string, string> = {}): Promise<Ambiente> {
  const sim = new Mt5Simulator({
    host,
    token: TOKEN,
    fillDelayMs: 20,
    commission: 2.5,
    feePercent: 0.01,
  });
  // Ask 38.01, bid 37.99.
  sim.terminal.setPrice('PETR4', 38);
  const { port } = await sim.listen(0);
  const server = await startTestServer({
    MT5_AGENT_PORT: String(port),
    MT5_AGENT_TOKEN: TOKEN,
    MT5_TIMEOUT_MS: '1000',
    MT5_RECONCILE_SECONDS: '0',
    ...env,
  });
  const token = await server.login();
  await server.database.db.insert(acoes).values([{ ticker: 'PETR4', empresa: 'Petrobras' }]);
  const [c] = await server.database.db
    .insert(clientes)
    .values({ nome: 'Clara', vm_private_ip: host })
    .returning({ id: clientes.id });
  return { server, sim, token, clienteId: c!.id };
}

async function send(a: Ambiente, path: string, json: unknown): Promise<string> {
  const res = await a.server.request(path, { method: 'POST', token: a.token, json });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { group_id: string }).group_id;
}

async function until(a: Ambiente, lado: 'compra' | 'venda', groupId: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const res = await a.server.request(
      `/api/clientes/${a.clienteId}/mt5/${lado}-status/${groupId}/`,
      { token: a.token },
    );
    const s = (await res.json()) as Status;
    if (s.executed_all || s.finished) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the order never finished');
}

/** A market buy of PETR4 sent by the given legs; answers its group and the operation it created. */
async function compra(a: Ambiente, legs: Array<{ symbol: string; quantidade: number }>) {
  const groupId = await send(a, `/api/clientes/${a.clienteId}/mt5/compra/`, {
    ticker_base: 'PETR4',
    execucao: 'mercado',
    tp: 45,
    legs,
  });
  await until(a, 'compra', groupId);
  const [op] = await a.server.database.db
    .select()
    .from(operacoes)
    .where(eq(operacoes.order_group_id, groupId));
  return { groupId, op: op! };
}

async function detalhe(a: Ambiente, groupId: string) {
  const res = await a.server.request(`/api/ordens/${groupId}/`, { token: a.token });
  expect(res.status).toBe(200);
  return (await res.json()) as { custos: Record<string, number> | null };
}

describe('the costs of an MT5 order, with CUSTOS_B3_PERCENTUAL unset (0.03 %)', () => {
  let a: Ambiente;
  beforeAll(async () => {
    a = await ambiente('127.0.0.193');
  });
  afterAll(async () => {
    await a?.server.close();
    await a?.sim.close();
  });

  it("gives a buy the deals' commission and fee plus B3's 0.03 % of the traded value", async () => {
    const { groupId, op } = await compra(a, [
      { symbol: 'PETR4', quantidade: 300 },
      { symbol: 'PETR4F', quantidade: 50 },
    ]);
    // 350 × 38.01 = 13,303.50. Deals: commission 2.50 + 2.50; fee 1.14 (11,403.00) + 0.19 (1,900.50).
    // B3: 0.03 % × 13,303.50 = 3.99105. Total 10.32105 → 10.32.
    expect(op).toMatchObject({
      quantidade: 350,
      preco_unitario: '38.0100',
      custos_compra: '10.32',
    });
    expect((await detalhe(a, groupId)).custos).toEqual({
      corretagem: 5,
      taxas: 1.33,
      taxas_b3: 3.99,
      total: 10.32,
    });
  });

  it('gives the sale of that operation its own costs as custos_venda', async () => {
    const { op } = await compra(a, [{ symbol: 'PETR4', quantidade: 200 }]);
    // Bought 200 × 38.01 = 7,602.00: 2.50 + fee 0.76 + B3 2.2806 = 5.5406 → 5.54.
    expect(op.custos_compra).toBe('5.54');
    const venda = await send(a, `/api/clientes/${a.clienteId}/mt5/venda/${op.id}/`, {
      execucao: 'mercado',
    });
    await until(a, 'venda', venda);
    const [sold] = await a.server.database.db
      .select()
      .from(operacoes)
      .where(eq(operacoes.id, op.id));
    // Sold 200 × 37.99 = 7,598.00: 2.50 + fee 0.76 + B3 2.2794 = 5.5394 → 5.54; the purchase's stay as they were.
    expect(sold).toMatchObject({
      preco_venda_unitario: '37.9900',
      custos_venda: '5.54',
      custos_compra: '5.54',
    });
    expect((await detalhe(a, venda)).custos).toMatchObject({ total: 5.54, corretagem: 2.5 });
  });

  it('records only the B3 fees for an agent that reports no deals (an older agent)', async () => {
    a.sim.terminal.reportsDeals = false;
    try {
      const { groupId, op } = await compra(a, [{ symbol: 'PETR4', quantidade: 100 }]);
      // 100 × 38.01 = 3,801.00; 0.03 % = 1.1403 → 1.14, and nothing from the terminal.
      expect(op.custos_compra).toBe('1.14');
      expect((await detalhe(a, groupId)).custos).toEqual({
        corretagem: 0,
        taxas: 0,
        taxas_b3: 1.14,
        total: 1.14,
      });
    } finally {
      a.sim.terminal.reportsDeals = true;
    }
  });
});

describe('CUSTOS_B3_PERCENTUAL', () => {
  let a: Ambiente;
  beforeAll(async () => {
    a = await ambiente('127.0.0.194', { CUSTOS_B3_PERCENTUAL: '0' });
  });
  afterAll(async () => {
    await a?.server.close();
    await a?.sim.close();
  });

  it('at 0 (a broker whose terminal reports B3 fees itself) records only what the terminal charged', async () => {
    const { op } = await compra(a, [{ symbol: 'PETR4', quantidade: 100 }]);
    // 2.50 + 0.01 % × 3,801.00 = 0.3801 → 0.38.
    expect(op.custos_compra).toBe('2.88');
  });

  it('refuses to start with a value that is not a percentage, in Portuguese, naming it', async () => {
    for (const bad of ['0,03', '-0.03', '3', 'três']) {
      await expect(startTestServer({ CUSTOS_B3_PERCENTUAL: bad })).rejects.toThrow(ConfigError);
      await expect(startTestServer({ CUSTOS_B3_PERCENTUAL: bad })).rejects.toThrow(
        `CUSTOS_B3_PERCENTUAL: deve ser um percentual de 0 a 1 com ponto decimal`,
      );
    }
  });
});
