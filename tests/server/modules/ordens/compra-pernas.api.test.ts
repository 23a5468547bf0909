import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acoes, clientes, operacoes, orderGroups } from '../../../../server/db/schema';
import { Mt5Simulator } from '../../../../server/mt5-sim';
import { startTestServer, type TestServer } from '../../../support/test-server';

/**
 * Issue 26, item 6: the buy lote refuses the legs the single buy refuses (one check for both, the terminal's
 * symbol rules), and every buy route takes B3's tickers with a digit in the root (B3SA3).
 */
const HOST = '127.0.0.162';
const TOKEN = 'compra-pernas-token';

describe('the buy’s leg checks and tickers, single and in a lote', () => {
  let server: TestServer;
  let sim: Mt5Simulator;
  let token: string;
  let davi: number;
  let eva: number;

  beforeAll(async () => {
    sim = new Mt5Simulator({ host: HOST, token: TOKEN, fillDelayMs: 20, marginFree: 10_000_000 });
    sim.terminal.setPrice('PETR4', 38);
    sim.terminal.setPrice('B3SA3', 12);
    const { port } = await sim.listen(0);
    server = await startTestServer({
      MT5_AGENT_PORT: String(port),
      MT5_AGENT_TOKEN: TOKEN,
      MT5_TIMEOUT_MS: '2000',
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    const { db } = server.database;
    await db.insert(acoes).values([
      { ticker: 'PETR4', empresa: 'Petrobras' },
      { ticker: 'B3SA3', empresa: 'B3' },
    ]);
    const rows = await db
      .insert(clientes)
      .values([
        { nome: 'Davi', vm_private_ip: HOST },
        { nome: 'Eva', vm_private_ip: HOST },
      ])
      .returning({ id: clientes.id });
    [davi, eva] = rows.map((r) => r.id) as [number, number];
  });
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });

  const post = (path: string, json: unknown) =>
    server.request(path, {
      method: 'POST',
      token,
      json,
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
  const ok = async <T>(res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };
  const lote = (itens: unknown, extra: object = {}) => ({
    ticker_base: 'PETR4',
    execucao: 'mercado',
    tp: 45,
    itens,
    ...extra,
  });
  const groupsOf = (clienteId: number) =>
    server.database.db.select().from(orderGroups).where(eq(orderGroups.cliente_id, clienteId));

  it.each([
    ['a round lot that is not a multiple of 100', [{ symbol: 'PETR4', quantidade: 150 }]],
    ['a fractional leg above 99 shares', [{ symbol: 'PETR4F', quantidade: 120 }]],
  ])('refuses in a lote the leg the single buy refuses: %s', async (_, legs) => {
    const single = await post(`/api/clientes/${davi}/mt5/compra/`, {
      ticker_base: 'PETR4',
      execucao: 'mercado',
      tp: 45,
      legs,
    });
    expect(single.status).toBe(400);
    const { campos } = (await single.json()) as { campos: Record<string, string> };
    const motivo = campos['legs.0']!;
    expect(motivo).toMatch(
      /^A quantidade deve ser múltipla de 100\.$|^Quantidade acima do máximo de 99\.$/,
    );

    const ordersBefore = sim.terminal.orderCount;
    const res = await post(
      '/api/lotes/',
      lote([
        { cliente: eva, legs: [{ symbol: 'PETR4', quantidade: 100 }] },
        { cliente: davi, legs },
      ]),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      detail: `Davi, perna ${legs[0]!.symbol}: ${motivo}`,
      campos: { 'itens.1.legs.0': motivo },
    });
    // Nothing stored, nothing sent, for anyone in the lote.
    expect(await groupsOf(davi)).toEqual([]);
    expect(await groupsOf(eva)).toEqual([]);
    expect(sim.terminal.orderCount).toBe(ordersBefore);
  });

  it('refuses in a lote, per client, what the terminal refuses for the whole order (a target below the price)', async () => {
    const res = await post(
      '/api/lotes/',
      lote(
        [davi, eva].map((cliente) => ({ cliente, legs: [{ symbol: 'PETR4', quantidade: 100 }] })),
        { tp: 30 },
      ),
    );
    expect(res.status).toBe(400);
    const motivo = 'O alvo deve ser maior que o preço (R$ 38,01).';
    expect(await res.json()).toEqual({
      detail:
        `Os terminais de 2 clientes recusam pernas do lote: Davi, perna PETR4: ${motivo.slice(0, -1)}; ` +
        `Eva, perna PETR4: ${motivo}`,
      campos: { 'itens.0.legs.0': motivo, 'itens.1.legs.0': motivo },
    });
  });

  it('takes a B3 ticker whose root has a digit (B3SA3) on every buy route', async () => {
    const single = await ok<{ legs_sugeridas: unknown; validacoes: Array<{ ok: boolean }> }>(
      await post(`/api/clientes/${eva}/mt5/compra/validar/`, {
        ticker: 'b3sa3',
        modo: 'quantidade',
        execucao: 'mercado',
        tp: 15,
        quantidade: 150,
      }),
    );
    const legs = [
      { symbol: 'B3SA3', quantidade: 100 },
      { symbol: 'B3SA3F', quantidade: 50 },
    ];
    expect(single.legs_sugeridas).toEqual(legs);
    expect(single.validacoes.every((v) => v.ok)).toBe(true);
    const { itens } = await ok<{ itens: Array<{ legs_sugeridas: unknown; elegivel: boolean }> }>(
      await post('/api/lotes/validar/', {
        ticker: 'B3SA3',
        execucao: 'mercado',
        tp: 15,
        regra: 'quantidade_fixa',
        valor: 150,
        clientes: [eva],
      }),
    );
    expect(itens[0]).toMatchObject({ legs_sugeridas: legs });

    const { group_id } = await ok<{ group_id: string }>(
      await post(`/api/clientes/${eva}/mt5/compra/`, {
        ticker_base: 'B3SA3',
        execucao: 'mercado',
        tp: 15,
        legs,
      }),
    );
    for (let i = 0; i < 100; i++) {
      const res = await server.request(`/api/clientes/${eva}/mt5/compra-status/${group_id}/`, {
        token,
      });
      if (((await res.json()) as { executed_all: boolean }).executed_all) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const [op] = await server.database.db
      .select()
      .from(operacoes)
      .where(eq(operacoes.order_group_id, group_id));
    expect(op).toMatchObject({ cliente_id: eva, quantidade: 150 });
    const { lote_id } = await ok<{ lote_id: string }>(
      await post(
        '/api/lotes/',
        lote([{ cliente: eva, legs: [{ symbol: 'B3SA3F', quantidade: 10 }] }], {
          ticker_base: 'B3SA3',
          tp: 15,
        }),
      ),
    );
    expect(lote_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
