import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acoes,
  auditLog,
  clientes,
  importLotes,
  orderGroups,
  orderLegs,
  patrimonios,
} from '../../../../server/db/schema';
import { Mt5Simulator } from '../../../../server/mt5-sim';
import { startTestServer, type TestServer } from '../../../support/test-server';

/**
 * Issue 26, item 5: a buy already in flight for a client and a stock is shown by both validars, counted against
 * the money a lote sizes from, and a second one (single or in a lote) needs the operator's confirmation.
 */
const HOST = '127.0.0.161';
const TOKEN = 'compras-em-voo-token';

interface CompraEmVoo {
  group_id: string;
  quantidade: number;
  valor: number | null;
}
interface ItemValidacao {
  cliente: number;
  valor_disponivel: number | null;
  quantidade: number;
  compras_em_voo: CompraEmVoo[];
  aviso: string | null;
  elegivel: boolean;
  motivo: string | null;
}

const AVISO_100 =
  'Já há uma compra de PETR4 em andamento para este cliente (100 ações, R$ 3.000,00).';

describe('buys in flight', () => {
  let server: TestServer;
  let sim: Mt5Simulator;
  let token: string;
  const ids: Record<'ana' | 'bruno' | 'carla', number> = { ana: 0, bruno: 0, carla: 0 };

  beforeAll(async () => {
    sim = new Mt5Simulator({ host: HOST, token: TOKEN, fillDelayMs: 20, marginFree: 10_000_000 });
    sim.terminal.setPrice('PETR4', 38);
    const { port } = await sim.listen(0);
    server = await startTestServer({
      MT5_AGENT_PORT: String(port),
      MT5_AGENT_TOKEN: TOKEN,
      MT5_TIMEOUT_MS: '2000',
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    const { db } = server.database;
    await db.insert(acoes).values([{ ticker: 'PETR4', empresa: 'Petrobras' }]);
    const nomes = Object.keys(ids) as Array<keyof typeof ids>;
    const rows = await db
      .insert(clientes)
      .values(
        nomes.map((nome, i) => ({
          nome: nome[0]!.toUpperCase() + nome.slice(1),
          codigo_xp: String(7100 + i),
          percentual_patrimonio: '10',
          vm_private_ip: HOST,
        })),
      )
      .returning({ id: clientes.id, codigo: clientes.codigo_xp });
    rows.forEach((r, i) => (ids[nomes[i]!] = r.id));
    // Patrimony 100.000,00 at 10 %: each client has R$ 10.000,00 available.
    const [lote] = await db
      .insert(importLotes)
      .values({
        tipo: 'patrimonio',
        data_referencia: '2025-10-29',
        arquivo: 'teste.xlsx',
        linhas: rows.length,
        status: 'importado',
        username: 'teste',
      })
      .returning({ id: importLotes.id });
    await db.insert(patrimonios).values(
      rows.map((r) => ({
        lote_id: lote!.id,
        data_referencia: '2025-10-29',
        codigo: r.codigo!,
        patrimonio: '100000.00',
      })),
    );
  });
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });

  const post = (path: string, json: unknown, key?: string) =>
    server.request(path, {
      method: 'POST',
      token,
      json,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const groupOf = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { group_id: string }).group_id;
  };
  const loteOf = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { lote_id: string }).lote_id;
  };
  /** A limit buy at R$ 30,00, far below the market: it rests at the terminal. */
  const restingBuy = { ticker_base: 'PETR4', execucao: 'limite', preco: 30, tp: 45 };
  const legs100 = [{ symbol: 'PETR4', quantidade: 100 }];
  const compra = (clienteId: number, body: object, key = crypto.randomUUID()) =>
    post(`/api/clientes/${clienteId}/mt5/compra/`, body, key);
  const validarCompra = async (clienteId: number, body: object = {}) => {
    const res = await post(`/api/clientes/${clienteId}/mt5/compra/validar/`, {
      ticker: 'PETR4',
      modo: 'quantidade',
      execucao: 'mercado',
      tp: 45,
      quantidade: 100,
      ...body,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as {
      legs_sugeridas: unknown[];
      validacoes: Array<{ ok: boolean }>;
      compras_em_voo: CompraEmVoo[];
      aviso: string | null;
    };
  };
  const validarLote = async (clientesIds: number[], body: object = {}) => {
    const res = await post('/api/lotes/validar/', {
      ticker: 'PETR4',
      execucao: 'mercado',
      tp: 45,
      regra: 'percentual_disponivel',
      valor: 50,
      clientes: clientesIds,
      ...body,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { itens: ItemValidacao[] }).itens;
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
  /** Until every leg of these groups rests at the terminal, asking their status meanwhile. */
  const untilPlaced = async (groupIds: string[]) => {
    const { db } = server.database;
    const placed = async () =>
      (await db.select().from(orderLegs).where(inArray(orderLegs.group_id, groupIds))).every(
        (l) => l.state === 'placed',
      );
    for (let i = 0; i < 100 && !(await placed()); i++) {
      for (const g of await db
        .select()
        .from(orderGroups)
        .where(inArray(orderGroups.id, groupIds))) {
        await server.request(`/api/clientes/${g.cliente_id}/mt5/compra-status/${g.id}/`, { token });
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await placed()).toBe(true);
  };

  it('shows a buy in flight in both validars, sizes the lote from what it leaves, and asks before a second buy', async () => {
    const key = crypto.randomUUID();
    const first = await groupOf(await compra(ids.ana, { ...restingBuy, legs: legs100 }, key));
    await untilPlaced([first]);

    const single = await validarCompra(ids.ana);
    expect(single.compras_em_voo).toEqual([{ group_id: first, quantidade: 100, valor: 3000 }]);
    expect(single.aviso).toBe(
      `${AVISO_100} Confira o histórico de ordens; enviar outra compra pede confirmação.`,
    );
    expect(single.validacoes.every((v) => v.ok)).toBe(true);

    // R$ 10.000,00 less the R$ 3.000,00 in flight, 50 % of it at the ask of 38,01: 92 shares.
    const [ana, bruno] = await validarLote([ids.ana, ids.bruno]);
    const avisoLote = `${AVISO_100} O valor disponível já desconta o que está em andamento.`;
    expect(ana).toMatchObject({
      cliente: ids.ana,
      valor_disponivel: 7000,
      quantidade: 92,
      compras_em_voo: [{ group_id: first, quantidade: 100, valor: 3000 }],
      aviso: avisoLote,
      elegivel: false,
      motivo: avisoLote,
    });
    expect(bruno).toMatchObject({
      valor_disponivel: 10_000,
      quantidade: 131,
      compras_em_voo: [],
      aviso: null,
      elegivel: true,
    });

    // A second buy of the stock is refused until confirmed; nothing is stored nor sent.
    const groupsBefore = (await groupsOf(ids.ana)).length;
    const ordersBefore = sim.terminal.orderCount;
    const again = await compra(ids.ana, { ...restingBuy, legs: legs100 });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      detail:
        `${AVISO_100} Confira o histórico de ordens; para comprar assim mesmo, ` +
        'confirme a compra em andamento.',
    });
    const inLote = await post('/api/lotes/', lote([{ cliente: ids.ana, legs: legs100 }]), 'k1');
    expect(inLote.status).toBe(409);
    expect(await groupsOf(ids.ana)).toHaveLength(groupsBefore);
    expect(sim.terminal.orderCount).toBe(ordersBefore);

    // The retried first buy is the first buy, not a second one.
    expect(await groupOf(await compra(ids.ana, { ...restingBuy, legs: legs100 }, key))).toBe(first);

    const confirmed = await groupOf(
      await compra(ids.ana, { ...restingBuy, legs: legs100, confirmar_compra_em_voo: true }),
    );
    expect(confirmed).not.toBe(first);
    expect(await groupsOf(ids.ana)).toHaveLength(groupsBefore + 1);
    const [created] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, confirmed), eq(auditLog.action, 'create')));
    expect(created!.after).toMatchObject({
      confirmado: { compras_em_voo: [{ group_id: first, quantidade: 100 }] },
    });
    await untilPlaced([confirmed]);
    const [depois] = await validarLote([ids.ana]);
    expect(depois).toMatchObject({ valor_disponivel: 4000, compras_em_voo: [{}, {}] });
    expect(depois!.aviso).toMatch(
      /^Já há 2 compras de PETR4 em andamento para este cliente \(200 ações, R\$ 6\.000,00\)\./,
    );
  });

  it('refuses a second lote for the same clients and stock unless confirmed; the first lote’s retry is the first lote', async () => {
    const itens = [ids.bruno, ids.carla].map((cliente) => ({ cliente, legs: legs100 }));
    const body = lote(itens, { execucao: 'limite', preco: 30 });
    const key = crypto.randomUUID();
    const first = await loteOf(await post('/api/lotes/', body, key));
    const groups = await server.database.db
      .select()
      .from(orderGroups)
      .where(eq(orderGroups.lote_id, first));
    await untilPlaced(groups.map((g) => g.id));
    const [bruno] = await validarLote([ids.bruno]);
    expect(bruno!.compras_em_voo).toHaveLength(1);

    const ordersBefore = sim.terminal.orderCount;
    const second = await post('/api/lotes/', body, crypto.randomUUID());
    expect(second.status).toBe(409);
    const motivo =
      `${AVISO_100} Confira o histórico de ordens; para comprar assim mesmo, ` +
      'confirme a compra em andamento.';
    expect(await second.json()).toEqual({
      detail:
        '2 clientes já têm compra de PETR4 em andamento (Bruno, Carla). Confira o histórico de ordens; ' +
        'para comprar assim mesmo, confirme as compras em andamento.',
      campos: { 'itens.0.cliente': motivo, 'itens.1.cliente': motivo },
    });
    const single = await compra(ids.carla, { ...restingBuy, legs: legs100 });
    expect(single.status).toBe(409);
    expect(sim.terminal.orderCount).toBe(ordersBefore);

    expect(await loteOf(await post('/api/lotes/', body, key))).toBe(first);
    const confirmed = await loteOf(
      await post('/api/lotes/', { ...body, confirmar_compra_em_voo: true }, crypto.randomUUID()),
    );
    expect(confirmed).not.toBe(first);
    const [audited] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, confirmed), eq(auditLog.action, 'create')));
    expect(audited!.after).toMatchObject({
      confirmado: {
        compras_em_voo: [ids.bruno, ids.carla].map((cliente) => ({
          cliente,
          group_id: groups.find((g) => g.cliente_id === cliente)!.id,
          quantidade: 100,
        })),
      },
    });
  });
});
