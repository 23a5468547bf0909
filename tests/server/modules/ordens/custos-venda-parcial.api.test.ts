import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acoes, clientes, operacoes, orderLegs } from '../../../../server/db/schema';
import { Mt5Simulator } from '../../../../server/mt5-sim';
import { startTestServer, type TestServer } from '../../../support/test-server';

/**
 * A partly filled MT5 sale splits the operation's purchase costs in proportion to the quantities, to the cent,
 * the remainder staying with the open part (issue 29): the two parts always add up to what was paid.
 */
const HOST = '127.0.0.161';
const TOKEN = 'custos-parcial-token';

interface Status {
  executed_all: boolean;
  finished?: boolean;
}

describe('a partial MT5 sale and the purchase costs', () => {
  let server: TestServer;
  let sim: Mt5Simulator;
  let token: string;
  let clienteId: number;

  beforeAll(async () => {
    sim = new Mt5Simulator({ host: HOST, token: TOKEN, fillDelayMs: 20, marginFree: 1_000_000 });
    sim.terminal.setPrice('PETR4', 38);
    const { port } = await sim.listen(0);
    server = await startTestServer({
      MT5_AGENT_PORT: String(port),
      MT5_AGENT_TOKEN: TOKEN,
      MT5_TIMEOUT_MS: '1000',
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    await server.database.db.insert(acoes).values([{ ticker: 'PETR4', empresa: 'Petrobras' }]);
    const [c] = await server.database.db
      .insert(clientes)
      .values({ nome: 'Clara', vm_private_ip: HOST })
      .returning({ id: clientes.id });
    clienteId = c!.id;
  });
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });

  const send = async (path: string, json: unknown) => {
    const res = await server.request(path, { method: 'POST', token, json });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json() as Promise<{ group_id: string }>;
  };
  const until = async (lado: 'compra' | 'venda', groupId: string, done: (s: Status) => boolean) => {
    for (let i = 0; i < 100; i++) {
      const res = await server.request(
        `/api/clientes/${clienteId}/mt5/${lado}-status/${groupId}/`,
        {
          token,
        },
      );
      const s = (await res.json()) as Status;
      if (done(s)) return s;
      await new Promise((r) => setTimeout(r, 30));
    }
    throw new Error('never reached');
  };
  const legOf = async (groupId: string) => {
    for (let i = 0; i < 100; i++) {
      const [leg] = await server.database.db
        .select()
        .from(orderLegs)
        .where(eq(orderLegs.group_id, groupId));
      if (leg?.ticket && leg.state === 'placed') return leg.ticket;
      await until('venda', groupId, () => true);
    }
    throw new Error('never placed');
  };

  it('gives the sold part its share of the costs and the open part the rest, to the cent', async () => {
    const { group_id: compra } = await send(`/api/clientes/${clienteId}/mt5/compra/`, {
      ticker_base: 'PETR4',
      execucao: 'mercado',
      tp: 45,
      legs: [{ symbol: 'PETR4', quantidade: 300 }],
    });
    await until('compra', compra, (s) => s.executed_all);
    const { db } = server.database;
    const [op] = await db.select().from(operacoes).where(eq(operacoes.order_group_id, compra));
    // 10.00 over 300 shares: 100 sold carry 3.33, the 200 left 6.67.
    await db.update(operacoes).set({ custos_compra: '10.00' }).where(eq(operacoes.id, op!.id));

    const { group_id: venda } = await send(`/api/clientes/${clienteId}/mt5/venda/${op!.id}/`, {
      execucao: 'limite',
      preco: 60,
    });
    const ticket = await legOf(venda);
    sim.terminal.fillPart(ticket, 100);
    sim.terminal.cancel(ticket);
    await until('venda', venda, (s) => Boolean(s.finished) || s.executed_all);

    const rows = await db.select().from(operacoes).where(eq(operacoes.cliente_id, clienteId));
    const sold = rows.find((r) => r.id === op!.id)!;
    const rest = rows.find((r) => r.id !== op!.id)!;
    expect(sold).toMatchObject({ quantidade: 100, custos_compra: '3.33' });
    expect(sold.data_venda).not.toBeNull();
    expect(rest).toMatchObject({ quantidade: 200, custos_compra: '6.67', data_venda: null });
  });
});
