import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acoes, clientes, operacoes, orderLegs } from '../../../../server/db/schema';
import { startPythonAgent, type PythonAgent } from '../../../support/python-agent';
import { startTestServer, type TestServer } from '../../../support/test-server';

/**
 * The buy and sell journeys against the real agent (agent/, Python) over its MetaTrader5 emulation: the server
 * cannot tell it from the simulator, and what only a real terminal does (the broker's own words, an answer lost
 * after the order left) ends as it must.
 */
const HOST = '127.0.0.154';
const TOKEN = 'agente-python-token-0123456789abcdef';

interface Status {
  executed_all: boolean;
  finished?: boolean;
  erro?: string | null;
  aviso?: string | null;
  summary: Array<{ symbol: string; volume: number; volume_exec: number }>;
}

describe('MT5 orders through the Python agent', () => {
  let agent: PythonAgent;
  let server: TestServer;
  let token: string;
  let clienteId: number;

  beforeAll(async () => {
    agent = await startPythonAgent({ token: TOKEN, host: HOST, emulation: { fill_delay: 0.05 } });
    await agent.emulation.setPrice('PETR4', 38);
    server = await startTestServer({
      MT5_AGENT_PORT: String(agent.port),
      MT5_AGENT_TOKEN: TOKEN,
      MT5_TIMEOUT_MS: '3000',
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    await server.database.db.insert(acoes).values([{ ticker: 'PETR4', empresa: 'Petrobras' }]);
    const [c] = await server.database.db
      .insert(clientes)
      .values({ nome: 'Ana', vm_private_ip: HOST })
      .returning({ id: clientes.id });
    clienteId = c!.id;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await agent?.stop();
  });

  const post = (path: string, json?: unknown) =>
    server.request(path, { method: 'POST', token, ...(json === undefined ? {} : { json }) });
  const groupOf = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { group_id: string }).group_id;
  };
  const status = async (lado: 'compra' | 'venda', groupId: string) =>
    (await (
      await server.request(`/api/clientes/${clienteId}/mt5/${lado}-status/${groupId}/`, { token })
    ).json()) as Status;
  const until = async (lado: 'compra' | 'venda', groupId: string, done: (s: Status) => boolean) => {
    const seen: Status[] = [];
    for (let i = 0; i < 200; i++) {
      const s = await status(lado, groupId);
      seen.push(s);
      if (done(s)) return { last: s, seen };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`never reached: ${JSON.stringify(seen.at(-1))}`);
  };
  const buy = (legs: Array<{ symbol: string; quantidade: number }>, extra: object = {}) =>
    post(`/api/clientes/${clienteId}/mt5/compra/`, {
      ticker_base: 'PETR4',
      execucao: 'mercado',
      tp: 45,
      legs,
      ...extra,
    });
  const opsOf = (groupId: string) =>
    server.database.db.select().from(operacoes).where(eq(operacoes.order_group_id, groupId));

  it('buys 250 shares (200 + 50 F) to the end, then sells them, each applied once', async () => {
    const compra = await groupOf(
      await buy([
        { symbol: 'PETR4', quantidade: 200 },
        { symbol: 'PETR4F', quantidade: 50 },
      ]),
    );
    const { last } = await until('compra', compra, (s) => s.executed_all);
    expect(last.summary.map((l) => [l.symbol, l.volume_exec])).toEqual([
      ['PETR4', 200],
      ['PETR4F', 50],
    ]);
    const [op] = await opsOf(compra);
    expect(op).toMatchObject({ quantidade: 250, origem: 'mt5' });

    const venda = await groupOf(
      await post(`/api/clientes/${clienteId}/mt5/venda/${op!.id}/`, { execucao: 'mercado' }),
    );
    await until('venda', venda, (s) => s.executed_all);
    const [sold] = await server.database.db
      .select()
      .from(operacoes)
      .where(eq(operacoes.id, op!.id));
    expect(sold?.data_venda).not.toBeNull();
  });

  it('follows a leg filled in parts and records the whole quantity once', async () => {
    // Each part stays long enough for a poll every 50 ms to see it on a busy machine.
    await agent.emulation.configure({ partial_fills: true, fill_delay: 1.0 });
    try {
      const compra = await groupOf(await buy([{ symbol: 'PETR4', quantidade: 400 }]));
      const { seen } = await until('compra', compra, (s) => s.executed_all);
      expect(seen.map((s) => s.summary[0]!.volume_exec)).toContain(200);
      expect((await opsOf(compra)).map((o) => o.quantidade)).toEqual([400]);
    } finally {
      await agent.emulation.configure({ partial_fills: false, fill_delay: 0.05 });
    }
  });

  it("shows B3's own words when the broker refuses, and records nothing", async () => {
    await agent.emulation.refuseNext(10006, 'Oferta fora do túnel de negociação', 5012);
    const compra = await groupOf(await buy([{ symbol: 'PETR4', quantidade: 100 }]));
    const { last } = await until('compra', compra, (s) => Boolean(s.finished));
    expect(last.executed_all).toBe(false);
    expect(last.erro).toMatch(/PETR4 rejeitada: .*\(Oferta fora do túnel de negociação\)/);
    const [leg] = await server.database.db
      .select()
      .from(orderLegs)
      .where(eq(orderLegs.group_id, compra));
    expect(leg).toMatchObject({ retcode: 10006, retcode_external: 5012 });
    expect(await opsOf(compra)).toEqual([]);
  });

  it('keeps a leg whose answer was lost after it left in doubt, then finds it: one order, never a refusal', async () => {
    const before = (await agent.emulation.state()).order_send_calls;
    await agent.emulation.addFault('lost_after_send');
    const compra = await groupOf(await buy([{ symbol: 'PETR4', quantidade: 100 }]));
    const doubt = await status('compra', compra);
    expect(doubt.finished).toBe(false);
    expect(doubt.aviso).toMatch(/envio em verificação no terminal/);

    await agent.emulation.setConnected(true);
    await until('compra', compra, (s) => s.executed_all);
    expect((await agent.emulation.state()).order_send_calls - before).toBe(1);
    expect((await opsOf(compra)).map((o) => o.quantidade)).toEqual([100]);
  });

  it('cancels a resting limit order at the terminal, and the group ends without an operation', async () => {
    // The agent reads the terminal's state about once a second: wait until it has seen the reconnection.
    for (let i = 0; i < 100; i++) {
      const health = await fetch(`${agent.url}/health`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      if (((await health.json()) as { connected: boolean }).connected) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const compra = await groupOf(
      await buy([{ symbol: 'PETR4', quantidade: 100 }], { execucao: 'limite', preco: 30 }),
    );
    await until('compra', compra, () => true);
    const cancel = await post(`/api/ordens/${compra}/cancelar/`);
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    const { last } = await until('compra', compra, (s) => Boolean(s.finished));
    expect(last.executed_all).toBe(false);
    expect(last.erro).toMatch(/PETR4 cancelada/);
    expect(await opsOf(compra)).toEqual([]);
    const again = await post(`/api/ordens/${compra}/cancelar/`);
    expect(again.status).toBe(409);
  });
});
