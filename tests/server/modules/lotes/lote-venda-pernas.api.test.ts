import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acoes, clientes, operacoes, orderGroups } from '../../../../server/db/schema';
import { Mt5Simulator } from '../../../../server/mt5-sim';
import { startTestServer, type TestServer } from '../../../support/test-server';

/**
 * Issue 27, item 3: one order pipeline. A sale lote checks each client's legs against its terminal at create, as the
 * single sale does (docs/decisions/0008-lotes.md): a leg the single sale refuses is refused in the lote too, naming
 * the client. Issue 34, rough edge 2: what can be sent is sent — a client whose terminal refuses a leg or cannot be
 * asked is left out and named in the answer, the others sell; only when that is everyone is the lote refused, in one
 * clean sentence naming each client.
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
  let acaoId: number;

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
        // A VM that is off: nothing listens at its address.
        { nome: 'Carla', vm_private_ip: '127.0.0.179' },
      ])
      .returning({ id: clientes.id });
    clienteIds = rows.map((r) => r.id);
    acaoId = acao!.id;
    ops = await abrir();
  });

  /** An open operation of 100 PETR4 for each client (Ana, Bruno, Carla), in that order. */
  const abrir = async () =>
    (
      await server.database.db
        .insert(operacoes)
        .values(
          clienteIds.map((cliente_id) => ({
            cliente_id,
            acao_id: acaoId,
            data_compra: '2025-01-02',
            preco_unitario: '30',
            quantidade: 100,
          })),
        )
        .returning({ id: operacoes.id })
    ).map((o) => o.id);
  const groupsOf = (operacao: number) =>
    server.database.db.select().from(orderGroups).where(eq(orderGroups.operacao_id, operacao));
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

  it('sends what can be sent: a refused leg and an unreachable terminal leave their clients out, named', async () => {
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
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as {
      lote_id: string;
      fora: Array<{ operacao: number; nome: string; motivo: string }>;
    };
    // Ana sells; Bruno and Carla are named with why, and nothing of theirs is stored or sent.
    expect(body.fora).toEqual([
      { operacao: ops[1], nome: 'Bruno', motivo: `Perna PETR4: ${motivo}` },
      {
        operacao: ops[2],
        nome: 'Carla',
        motivo: expect.stringMatching(/^Terminal MT5 sem resposta \(.+\)\.$/) as unknown,
      },
    ]);
    expect(await groupsOf(ops[0]!)).toHaveLength(1);
    expect(await groupsOf(ops[1]!)).toEqual([]);
    expect(await groupsOf(ops[2]!)).toEqual([]);
    expect(sims[1]!.terminal.orderCount).toBe(ordersBefore[1]);
    sims[1]!.terminal.market.setTradeMode('PETR4', 'full');
  });

  it('refuses a lote nobody in which can sell in one clean sentence naming each client, storing nothing', async () => {
    sims[1]!.terminal.market.setTradeMode('PETR4', 'long_only');
    const [, bruno, carla] = await abrir();
    const res = await post('/api/lotes/venda/', { execucao: 'mercado', operacoes: [bruno, carla] });
    expect(res.status).toBe(400);
    const { detail, campos } = (await res.json()) as { detail: string; campos: unknown };
    expect(detail).toMatch(
      /^Nada foi enviado, nenhum cliente do lote pode vender agora: Bruno, perna PETR4: Negociação não permitida para PETR4 \(modo long_only\); Carla, terminal MT5 sem resposta \([^)]+\)\.$/,
    );
    expect(detail).not.toMatch(/\.;|\.\.|\.\s*\./);
    expect(campos).toEqual({
      'operacoes.0': 'Negociação não permitida para PETR4 (modo long_only).',
    });
    expect(await groupsOf(bruno!)).toEqual([]);
    expect(await groupsOf(carla!)).toEqual([]);

    // A lote whose only terminal cannot be asked: a 502, in the same words.
    const alone = await post('/api/lotes/venda/', { execucao: 'mercado', operacoes: [carla] });
    expect(alone.status).toBe(502);
    expect(((await alone.json()) as { detail: string }).detail).toMatch(
      /^Nada foi enviado, nenhum cliente do lote pode vender agora: Carla, terminal MT5 sem resposta \([^)]+\)\.$/,
    );

    // Once the terminal sells again, Bruno's sale goes through.
    sims[1]!.terminal.market.setTradeMode('PETR4', 'full');
    const ok = await post('/api/lotes/venda/', { execucao: 'mercado', operacoes: [bruno] });
    expect(ok.status, await ok.clone().text()).toBe(200);
  });
});
