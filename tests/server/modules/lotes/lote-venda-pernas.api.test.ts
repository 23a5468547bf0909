import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acoes, clientes, operacoes, orderGroups } from '../../../../server/db/schema';
import { Mt5Simulator } from '../../../../server/mt5-sim';
import { startTestServer, type TestServer } from '../../../support/test-server';

/**
 * Issue 27, item 3: one order pipeline. A sale lote checks each client's legs against its terminal at create, as the
 * single sale does (docs/decisions/0008-lotes.md): a leg the single sale refuses is refused in the lote too, naming
 * the client, and nothing is stored or sent for anyone.
 */
const TOKEN = 'lote-venda-pernas-token';

describe('the sale lote’s leg checks', () => {
  const sims = [
    new Mt5Simulator({ host: '127.0.0.171', token: TOKEN, fillDelayMs: 20 }),
    new Mt5Simulator({ host: '127.0.0.172', token: TOKEN, fillDelayMs: 20 }),
  ];
  let server: TestServer;
  let token: string;
  let ops: number[];
  let clienteIds: number[];

  beforeAll(async () => {
    let port = 0;
    for (const sim of sims) {
      sim.terminal.setPrice('PETR4', 38);
      sim.terminal.setPosition('PETR4', 100, 30);
      port = (await sim.listen(port)).port;
    }
    server = await startTestServer({
      MT5_AGENT_PORT: String(port),
      MT5_AGENT_TOKEN: TOKEN,
      MT5_TIMEOUT_MS: '2000',
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    const { db } = server.database;
    const [acao] = await db.insert(acoes).values({ ticker: 'PETR4' }).returning();
    const rows = await db
      .insert(clientes)
      .values([
        { nome: 'Ana', vm_private_ip: '127.0.0.171' },
        { nome: 'Bruno', vm_private_ip: '127.0.0.172' },
      ])
      .returning({ id: clientes.id });
    clienteIds = rows.map((r) => r.id);
    const abertas = await db
      .insert(operacoes)
      .values(
        clienteIds.map((cliente_id) => ({
          cliente_id,
          acao_id: acao!.id,
          data_compra: '2025-01-02',
          preco_unitario: '30',
          quantidade: 100,
        })),
      )
      .returning({ id: operacoes.id });
    ops = abertas.map((o) => o.id);
  });
  afterAll(async () => {
    await server?.close();
    for (const sim of sims) await sim.close();
  });

  const post = (path: string, json: unknown) =>
    server.request(path, {
      method: 'POST',
      token,
      json,
      headers: { 'idempotency-key': crypto.randomUUID() },
    });

  it('refuses in a lote the leg the single sale refuses, naming the client, and stores nothing', async () => {
    // Bruno's terminal only buys PETR4 now: a sale of it cannot trade.
    sims[1]!.terminal.market.setTradeMode('PETR4', 'long_only');
    const motivo = 'Negociação não permitida para PETR4 (modo long_only).';

    const single = await post(`/api/clientes/${clienteIds[1]}/mt5/venda/${ops[1]}/`, {
      execucao: 'mercado',
    });
    expect(single.status).toBe(400);
    expect(await single.json()).toEqual({ detail: `Perna PETR4: ${motivo}` });

    const ordersBefore = sims.map((s) => s.terminal.orderCount);
    const res = await post('/api/lotes/venda/', { execucao: 'mercado', operacoes: ops });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      detail: `Bruno, perna PETR4: ${motivo}`,
      campos: { 'operacoes.1': motivo },
    });
    const { db } = server.database;
    for (const cliente of clienteIds) {
      expect(
        await db.select().from(orderGroups).where(eq(orderGroups.cliente_id, cliente)),
      ).toEqual([]);
    }
    expect(sims.map((s) => s.terminal.orderCount)).toEqual(ordersBefore);

    // Once the terminal sells again, the same lote goes through.
    sims[1]!.terminal.market.setTradeMode('PETR4', 'full');
    const ok = await post('/api/lotes/venda/', { execucao: 'mercado', operacoes: ops });
    expect(ok.status, await ok.clone().text()).toBe(200);
  });
});
