import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acoes, clientes, operacoes, orderGroups, orderLegs } from '../../../../server/db/schema';
import { Mt5Simulator } from '../../../../server/mt5-sim';
import { startTestServer, type TestServer } from '../../../support/test-server';

/**
 * Issue 34, point 2: partial sales. The single sale sells `quantidade` of its operation, the lote sale `percentual`
 * of each; on completion the sold part is realised and the rest stays open with its share of the purchase costs
 * (to the cent), its target and its stop, once, whatever retries happen.
 */
const TOKEN = 'venda-parcial-token';
const HOSTS = ['127.0.0.181', '127.0.0.182', '127.0.0.183'];

interface Status {
  executed_all: boolean;
  finished?: boolean;
}

describe('partial sales', () => {
  const sims = HOSTS.map(
    (host) => new Mt5Simulator({ host, token: TOKEN, fillDelayMs: 20, marginFree: 1_000_000 }),
  );
  let server: TestServer;
  let token: string;
  let acaoId: number;
  const clienteIds: number[] = [];

  beforeAll(async () => {
    let port = 0;
    for (const sim of sims) {
      sim.terminal.setPrice('PETR4', 38);
      sim.terminal.setPosition('PETR4', 1000, 30);
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
    acaoId = acao!.id;
    const rows = await db
      .insert(clientes)
      .values(
        HOSTS.map((vm_private_ip, i) => ({ nome: ['Ana', 'Bruno', 'Carla'][i]!, vm_private_ip })),
      )
      .returning({ id: clientes.id });
    clienteIds.push(...rows.map((r) => r.id));
  });
  afterAll(async () => {
    await server?.close();
    for (const sim of sims) await sim.close();
  });

  const holding = async (clienteId: number, quantidade: number) => {
    const [op] = await server.database.db
      .insert(operacoes)
      .values({
        cliente_id: clienteId,
        acao_id: acaoId,
        data_compra: '2025-01-02',
        preco_unitario: '30',
        quantidade,
        valor_alvo: '45',
        valor_stop: '25',
        custos_compra: '10.01',
      })
      .returning();
    return op!;
  };
  const post = (path: string, json: unknown, key: string = crypto.randomUUID()) =>
    server.request(path, { method: 'POST', token, json, headers: { 'idempotency-key': key } });
  const statusOf = async (clienteId: number, groupId: string) => {
    const res = await server.request(`/api/clientes/${clienteId}/mt5/venda-status/${groupId}/`, {
      token,
    });
    return (await res.json()) as Status;
  };
  const finished = async (clienteId: number, groupId: string) => {
    for (let i = 0; i < 200; i++) {
      const s = await statusOf(clienteId, groupId);
      if (s.finished) return s;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('never finished');
  };
  const opsOf = (clienteId: number) =>
    server.database.db.select().from(operacoes).where(eq(operacoes.cliente_id, clienteId));
  const groupsOf = (clienteId: number) =>
    server.database.db.select().from(orderGroups).where(eq(orderGroups.cliente_id, clienteId));

  it('sells 60 of 100: a realised operation of 60 and an open one of 40, costs split to the cent, once', async () => {
    const [ana] = clienteIds;
    const op = await holding(ana!, 100);
    const key = crypto.randomUUID();
    const path = `/api/clientes/${ana}/mt5/venda/${op.id}/`;
    const res = await post(path, { execucao: 'mercado', quantidade: 60 }, key);
    expect(res.status, await res.clone().text()).toBe(200);
    const { group_id } = (await res.json()) as { group_id: string };
    const legs = await server.database.db
      .select()
      .from(orderLegs)
      .where(eq(orderLegs.group_id, group_id));
    expect(legs.map((l) => [l.symbol, l.volume])).toEqual([['PETR4F', 60]]);

    // Several pollers at once (as two tabs or two instances would): one applies the fill.
    await Promise.all([
      statusOf(ana!, group_id),
      statusOf(ana!, group_id),
      statusOf(ana!, group_id),
    ]);
    expect((await finished(ana!, group_id)).executed_all).toBe(true);
    // The answer lost, the operator sends again with the same key: the same order, nothing new.
    const again = await post(path, { execucao: 'mercado', quantidade: 60 }, key);
    expect(await again.json()).toEqual({ group_id });
    await statusOf(ana!, group_id);

    const rows = await opsOf(ana!);
    expect(rows).toHaveLength(2);
    const sold = rows.find((r) => r.data_venda !== null)!;
    const rest = rows.find((r) => r.data_venda === null)!;
    const [group] = await groupsOf(ana!);
    expect(sold).toMatchObject({
      quantidade: 60,
      custos_compra: '6.01',
      custos_venda: group!.custos,
      data_compra: '2025-01-02',
      preco_unitario: '30.0000',
    });
    expect(Number(sold.preco_venda_unitario)).toBeGreaterThan(0);
    expect(rest).toMatchObject({
      quantidade: 40,
      custos_compra: '4.00',
      custos_venda: '0.00',
      valor_alvo: '45.0000',
      valor_stop: '25.0000',
      data_compra: '2025-01-02',
      preco_unitario: '30.0000',
    });
    expect(await groupsOf(ana!)).toHaveLength(1);
  });

  it('refuses a quantity the operation cannot sell with a 400, changing nothing', async () => {
    const [, bruno] = clienteIds;
    const op = await holding(bruno!, 100);
    const path = `/api/clientes/${bruno}/mt5/venda/${op.id}/`;
    const orders = sims[1]!.terminal.orderCount;
    for (const quantidade of [0, 101, 1.5, -3]) {
      const res = await post(path, { execucao: 'mercado', quantidade });
      expect(res.status, String(quantidade)).toBe(400);
      const body = (await res.json()) as { detail: string };
      expect(body.detail).toMatch(/quantidade/i);
    }
    const over = await post(path, { execucao: 'mercado', quantidade: 101 });
    expect(((await over.json()) as { detail: string }).detail).toBe(
      'A quantidade a vender deve ser de 1 a 100 (o que a operação tem).',
    );
    expect(await groupsOf(bruno!)).toEqual([]);
    expect(await opsOf(bruno!)).toEqual([op]);
    expect(sims[1]!.terminal.orderCount).toBe(orders);
  });

  it('sells 50 % of 150, 101 and 1 shares: 75 and 50, the single share left out with why', async () => {
    const ops = [
      await holding(clienteIds[0]!, 150),
      await holding(clienteIds[1]!, 101),
      await holding(clienteIds[2]!, 1),
    ];
    const res = await post('/api/lotes/venda/', {
      execucao: 'mercado',
      percentual: 50,
      operacoes: ops.map((o) => o.id),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { lote_id: string; fora: unknown };
    expect(body.fora).toEqual([
      {
        operacao: ops[2]!.id,
        nome: 'Carla',
        motivo: '50 % de 1 ação arredonda para zero ação inteira: nada a vender.',
      },
    ]);
    for (let i = 0; i < 200; i++) {
      const lote = await server.request(`/api/lotes/${body.lote_id}/`, { token });
      if (((await lote.json()) as Status).finished) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const { db } = server.database;
    const groups = await db.select().from(orderGroups).where(eq(orderGroups.lote_id, body.lote_id));
    expect(groups.map((g) => g.operacao_id).sort()).toEqual([ops[0]!.id, ops[1]!.id].sort());
    const daOp = async (id: number) => {
      const [g] = groups.filter((x) => x.operacao_id === id);
      const legs = await db.select().from(orderLegs).where(eq(orderLegs.group_id, g!.id));
      return legs.reduce((s, l) => s + l.volume, 0);
    };
    expect([await daOp(ops[0]!.id), await daOp(ops[1]!.id)]).toEqual([75, 50]);

    const quantidades = async (clienteId: number, opId: number) =>
      (await opsOf(clienteId))
        .filter((r) => r.id === opId || (r.id > opId && r.data_compra === '2025-01-02'))
        .map((r) => [r.quantidade, r.data_venda === null ? 'aberta' : 'realizada', r.custos_compra])
        .sort();
    expect(await quantidades(clienteIds[0]!, ops[0]!.id)).toEqual([
      // 10.01 × 75 / 150 = 5.005: the sold half rounds half up, the open half keeps the rest.
      [75, 'aberta', '5.00'],
      [75, 'realizada', '5.01'],
    ]);
    expect(await quantidades(clienteIds[1]!, ops[1]!.id)).toEqual([
      [50, 'realizada', '4.96'],
      [51, 'aberta', '5.05'],
    ]);
    expect(await quantidades(clienteIds[2]!, ops[2]!.id)).toEqual([[1, 'aberta', '10.01']]);
  });

  it('refuses a percentual outside 1–100, and a lote that leaves every operation out, changing nothing', async () => {
    const op = await holding(clienteIds[2]!, 1);
    for (const percentual of [0, 101, 12.5]) {
      const res = await post('/api/lotes/venda/', {
        execucao: 'mercado',
        percentual,
        operacoes: [op.id],
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(/percentual/);
    }
    const none = await post('/api/lotes/venda/', {
      execucao: 'mercado',
      percentual: 50,
      operacoes: [op.id],
    });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { detail: string }).detail).toMatch(
      /^Nenhuma operação tem ação inteira a vender a 50 %: Carla/,
    );
    expect(await groupsOf(clienteIds[2]!)).toEqual([]);
  });
});
