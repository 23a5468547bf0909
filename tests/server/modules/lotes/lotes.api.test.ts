import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  acoes,
  auditLog,
  clientes,
  importLotes,
  operacoes,
  orderGroups,
  orderLegs,
  patrimonios,
} from '../../../../server/db/schema';
import type { Behaviour } from '../../../../server/mt5-sim';
import { startFleet, type SimFleet } from '../../mt5-sim/fleet';
import { sealToken } from '../../../../server/lib/mt5-agent';
import { startTestServer, TEST_MT5_TOKEN_KEY, type TestServer } from '../../../support/test-server';

/**
 * Issue 16: the "boleta em lote" through the real server and a fleet of simulated terminals in different states
 * (online, AutoTrading off, offline, slow, rejecting).
 */

interface ItemValidacao {
  cliente: number;
  nome: string;
  status_mt5: string;
  valor_disponivel: number | null;
  preco_referencia: number | null;
  quantidade: number;
  legs_sugeridas: Array<{ symbol: string; quantidade: number }>;
  validacoes: Array<{ symbol: string; ok: boolean; motivo: string | null }>;
  valor_estimado: number | null;
  posicao_aberta: boolean;
  elegivel: boolean;
  motivo: string | null;
}
interface ItemStatus {
  cliente: number;
  nome: string;
  group_id: string;
  operacao: number | null;
  executed_all: boolean;
  finished?: boolean;
  erro?: string | null;
  summary: Array<{ symbol: string; executada: boolean; volume: number; volume_exec: number }>;
}
interface LoteStatus {
  lote_id: string;
  lado: 'compra' | 'venda';
  executed_all: boolean;
  finished: boolean;
  itens: ItemStatus[];
}

const TOKEN = 'lotes-test-token';
/** What each simulated client's terminal does; two more clients point at an address where nothing listens. */
const BEHAVIOURS: Behaviour[] = [
  ...Array<Behaviour>(22).fill('online'),
  'no-autotrading',
  'no-autotrading',
  'slow',
  'slow',
  'reject',
  'reject',
];
const PRICE = 38; // the terminals' last price of PETR4: ask 38.01, bid 37.99
/** The agent token of the VMs configured with one of their own (the others take the shared TOKEN). */
const OWN_TOKEN = 'token-proprio-da-vm-deste-cliente-0123456789';

describe('lotes: one order to many clients', () => {
  let server: TestServer;
  let fleet: SimFleet;
  let token: string;
  /** ids in the order of BEHAVIOURS, then the two offline clients. */
  let ids: number[];
  const byBehaviour = (b: Behaviour) => ids.filter((_, i) => BEHAVIOURS[i] === b);
  let offline: number[];
  let semPatrimonio: number;
  let comPosicao: number;
  /** Online clients whose VMs take only their own token: one sized in the first test, one in the sale lote. */
  let tokenProprio: number[];

  beforeAll(async () => {
    fleet = await startFleet(BEHAVIOURS, {
      token: TOKEN,
      fillDelayMs: 20,
      marginFree: 10_000_000,
      slowMs: 30_000,
    });
    for (const sim of fleet.sims) sim.terminal.setPrice('PETR4', PRICE);
    server = await startTestServer({
      MT5_AGENT_PORT: String(fleet.port),
      MT5_AGENT_TOKEN: TOKEN,
      // Online simulators answer in milliseconds, but PGlite's queries share their event loop: on a busy machine
      // 800 ms was once too short for one of them. The slow ones hold every answer for 30 s.
      MT5_TIMEOUT_MS: '2500',
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    const { db } = server.database;
    const [petr4] = await db
      .insert(acoes)
      .values([{ ticker: 'PETR4', empresa: 'Petrobras' }, { ticker: 'VALE3' }])
      .returning({ id: acoes.id });
    const hosts = [...fleet.hosts, fleet.deadHost, fleet.deadHost];
    const rows = await db
      .insert(clientes)
      .values(
        hosts.map((host, i) => ({
          nome: `Cliente ${String(i + 1).padStart(2, '0')}`,
          codigo_xp: String(5000 + i),
          percentual_patrimonio: '10',
          vm_private_ip: host,
        })),
      )
      .returning({ id: clientes.id, codigo: clientes.codigo_xp });
    ids = rows.slice(0, BEHAVIOURS.length).map((r) => r.id);
    offline = rows.slice(BEHAVIOURS.length).map((r) => r.id);
    // Patrimony 100.000,00 at 10 %: each client has R$ 10.000,00 available; the first online client has none
    // imported, and the second already holds PETR4.
    semPatrimonio = ids[0]!;
    comPosicao = ids[1]!;
    tokenProprio = [byBehaviour('online')[5]!, byBehaviour('online')[18]!];
    for (const id of tokenProprio) {
      fleet.sims[ids.indexOf(id)]!.setToken(OWN_TOKEN);
      await db
        .update(clientes)
        .set({ mt5_token: sealToken(Buffer.from(TEST_MT5_TOKEN_KEY, 'base64'), OWN_TOKEN) })
        .where(eq(clientes.id, id));
    }
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
      rows
        .filter((r) => r.id !== semPatrimonio)
        .map((r) => ({
          lote_id: lote!.id,
          data_referencia: '2025-10-29',
          codigo: r.codigo!,
          patrimonio: '100000.00',
        })),
    );
    await db.insert(operacoes).values({
      cliente_id: comPosicao,
      acao_id: petr4!.id,
      data_compra: '2025-01-02',
      preco_unitario: '30',
      quantidade: 100,
    });
  });
  afterAll(async () => {
    await server?.close();
    await fleet?.close();
  });
  afterEach(() => {
    for (const [i, sim] of fleet.sims.entries()) {
      sim.setBehaviour(BEHAVIOURS[i]!);
      sim.terminal.setPrice('PETR4', PRICE);
    }
  });

  const post = (path: string, json: unknown, key?: string) =>
    server.request(path, {
      method: 'POST',
      token,
      json,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const validar = async (body: object) => {
    const res = await post('/api/lotes/validar/', {
      ticker: 'PETR4',
      execucao: 'mercado',
      tp: 45,
      regra: 'percentual_disponivel',
      valor: 50,
      ...body,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { itens: ItemValidacao[] }).itens;
  };
  const loteOf = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { lote_id: string }).lote_id;
  };
  const statusOf = async (loteId: string) => {
    const res = await server.request(`/api/lotes/${loteId}/`, { token });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as LoteStatus;
  };
  const untilFinished = async (loteId: string, done = (s: LoteStatus) => s.finished) => {
    for (let i = 0; i < 200; i++) {
      const status = await statusOf(loteId);
      if (done(status)) return status;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`lote ${loteId} never finished`);
  };
  /** Until every leg of the lote rests at its terminal (a limit order away from the market). */
  const untilPlaced = async (loteId: string) => {
    const placed = async () =>
      (
        await server.database.db
          .select()
          .from(orderLegs)
          .innerJoin(orderGroups, eq(orderGroups.id, orderLegs.group_id))
          .where(eq(orderGroups.lote_id, loteId))
      ).every((r) => r.order_legs.state === 'placed');
    for (let i = 0; i < 100 && !(await placed()); i++) {
      await statusOf(loteId);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await placed()).toBe(true);
  };
  const itensOf = (validados: ItemValidacao[]) =>
    validados.map((v) => ({ cliente: v.cliente, legs: v.legs_sugeridas }));
  const compra = (itens: unknown, extra: object = {}) => ({
    ticker_base: 'PETR4',
    execucao: 'mercado',
    tp: 45,
    regra: 'percentual_disponivel',
    valor: 50,
    itens,
    ...extra,
  });
  const opsOf = (groupIds: string[]) =>
    server.database.db.select().from(operacoes).where(inArray(operacoes.order_group_id, groupIds));
  const ordersAt = (clienteId: number) => fleet.sims[ids.indexOf(clienteId)]!.terminal.orderCount;

  it('sizes every client from its own valor disponível and says why the default selection leaves some out', async () => {
    const itens = await validar({});
    expect(itens).toHaveLength(ids.length + offline.length);
    const of = (id: number) => itens.find((i) => i.cliente === id)!;

    // R$ 10.000,00 available, 50 % of it at the ask of 38,01: 131 shares, 100 + 31 on the fractional market.
    const online = of(byBehaviour('online')[5]!);
    expect(online).toMatchObject({
      status_mt5: 'online',
      valor_disponivel: 10_000,
      preco_referencia: 38.01,
      quantidade: 131,
      legs_sugeridas: [
        { symbol: 'PETR4', quantidade: 100 },
        { symbol: 'PETR4F', quantidade: 31 },
      ],
      validacoes: [
        { symbol: 'PETR4', ok: true, motivo: null },
        { symbol: 'PETR4F', ok: true, motivo: null },
      ],
      valor_estimado: 4979.31,
      elegivel: true,
      motivo: null,
    });
    expect(of(semPatrimonio)).toMatchObject({
      elegivel: false,
      valor_disponivel: null,
      quantidade: 0,
      motivo: 'Sem patrimônio importado: valor disponível desconhecido.',
    });
    // Its open R$ 3.000,00 leave R$ 7.000,00: 3.500,00 buy 92 shares.
    expect(of(comPosicao)).toMatchObject({
      elegivel: false,
      posicao_aberta: true,
      valor_disponivel: 7_000,
      quantidade: 92,
      motivo: 'Já tem posição aberta em PETR4.',
    });
    expect(of(byBehaviour('no-autotrading')[0]!)).toMatchObject({
      status_mt5: 'warning',
      elegivel: false,
      motivo: 'AutoTrading desativado no terminal.',
    });
    expect(of(byBehaviour('slow')[0]!)).toMatchObject({
      status_mt5: 'timeout',
      elegivel: false,
      validacoes: [],
    });
    expect(of(offline[0]!)).toMatchObject({
      status_mt5: 'offline',
      elegivel: false,
      motivo: 'Terminal MT5 indisponível: Conexão recusada pelo agente MT5.',
    });
    // A rejecting terminal looks healthy: only its orders say no.
    expect(of(byBehaviour('reject')[0]!).elegivel).toBe(true);
    expect(itens.filter((i) => i.elegivel)).toHaveLength(22);
  });

  it('caps a fixed value at the valor disponível, takes typed quantities as they are, and refuses unknown clients', async () => {
    const [cliente] = byBehaviour('online').slice(3);
    const [capped] = await validar({ regra: 'valor_fixo', valor: 50_000, clientes: [cliente] });
    // R$ 10.000,00 at 38,01 = 263 shares (R$ 9.996,63), never the R$ 50.000,00 asked.
    expect(capped).toMatchObject({ quantidade: 263, valor_estimado: 9996.63, elegivel: true });
    const [limite] = await validar({
      execucao: 'limite',
      preco: 40,
      regra: 'valor_fixo',
      valor: 1_000,
      clientes: [cliente],
    });
    expect(limite).toMatchObject({ preco_referencia: 40, quantidade: 25 });
    const [typed] = await validar({ clientes: [cliente], ajustes: [{ cliente, quantidade: 7 }] });
    expect(typed).toMatchObject({
      quantidade: 7,
      legs_sugeridas: [{ symbol: 'PETR4F', quantidade: 7 }],
      elegivel: true,
    });
    const [margem] = await validar({
      regra: 'quantidade_fixa',
      valor: 1_000_000,
      clientes: [cliente],
    });
    expect(margem!.elegivel).toBe(false);
    expect(margem!.motivo).toMatch(/^Margem livre insuficiente/);

    const unknown = await post('/api/lotes/validar/', {
      ticker: 'PETR4',
      execucao: 'mercado',
      tp: 45,
      regra: 'percentual_disponivel',
      valor: 150,
      clientes: [cliente, 999_999],
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { campos: Record<string, string> }).campos).toEqual({
      valor: 'O percentual vai até 100%.',
    });
    const missing = await post('/api/lotes/validar/', {
      ticker: 'PETR4',
      execucao: 'mercado',
      tp: 45,
      regra: 'percentual_disponivel',
      valor: 10,
      clientes: [cliente, 999_999],
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      detail: 'Campo clientes.1: Cliente não encontrado.',
      campos: { 'clientes.1': 'Cliente não encontrado.' },
    });
  });

  it('sends a lote of 30 clients end to end: the online ones execute once, the rejected and unreachable ones fail or wait, and the failed ones are re-sent alone', async () => {
    const validados = await validar({});
    const elegiveis = validados.filter((v) => v.elegivel);
    // Everyone the operator ticks, the unreachable ones too (typed quantities): the lote stores them all.
    const unreachable = [...byBehaviour('slow'), ...offline].map((cliente) => ({
      cliente,
      legs: [{ symbol: 'PETR4', quantidade: 100 }],
    }));
    const key = crypto.randomUUID();
    const loteId = await loteOf(
      await post('/api/lotes/', compra([...itensOf(elegiveis), ...unreachable]), key),
    );

    const groups = await server.database.db
      .select()
      .from(orderGroups)
      .where(eq(orderGroups.lote_id, loteId));
    expect(groups).toHaveLength(elegiveis.length + unreachable.length);

    const reached = new Set([...byBehaviour('online'), ...byBehaviour('reject')]);
    const status = await untilFinished(loteId, (s) =>
      s.itens.filter((i) => reached.has(i.cliente)).every((i) => i.finished),
    );
    const item = (id: number) => status.itens.find((i) => i.cliente === id)!;
    for (const id of byBehaviour('online').filter(
      (id) => id !== semPatrimonio && id !== comPosicao,
    )) {
      expect(item(id)).toMatchObject({ executed_all: true, finished: true, erro: null });
      expect(item(id).summary).toEqual([
        { symbol: 'PETR4', executada: true, volume: 100, volume_exec: 100 },
        { symbol: 'PETR4F', executada: true, volume: 31, volume_exec: 31 },
      ]);
    }
    for (const id of byBehaviour('reject')) {
      expect(item(id)).toMatchObject({ executed_all: false, finished: true });
      expect(item(id).erro).toMatch(
        /^Ordem não executada por completo \(PETR4 rejeitada: Solicitação rejeitada/,
      );
    }
    // The terminals that cannot be reached keep their orders waiting, never refused.
    for (const id of [...byBehaviour('slow'), ...offline]) {
      expect(item(id)).toMatchObject({ executed_all: false, finished: false, erro: null });
    }
    expect(status.finished).toBe(false);

    const executed = status.itens.filter((i) => i.executed_all);
    const ops = await opsOf(executed.map((i) => i.group_id));
    expect(ops).toHaveLength(20);
    expect(ops.every((o) => o.quantidade === 131 && o.origem === 'mt5')).toBe(true);
    expect(new Set(ops.map((o) => o.cliente_id)).size).toBe(20);
    // In the client's portfolio an ordinary operation, with its lote noted.
    const carteira = (await (
      await server.request(`/api/operacoes/?cliente=${executed[0]!.cliente}`, { token })
    ).json()) as Array<{ quantidade: number; lote_compra: string | null }>;
    expect(carteira).toEqual([expect.objectContaining({ quantidade: 131, lote_compra: loteId })]);

    // The list counts the lote's orders by outcome.
    const list = (await (await server.request('/api/lotes/', { token })).json()) as Array<{
      lote_id: string;
      executadas: number;
      falhas: number;
      em_andamento: number;
      finished: boolean;
    }>;
    expect(list.find((l) => l.lote_id === loteId)).toMatchObject({
      executadas: 20,
      falhas: 2,
      em_andamento: 4,
      finished: false,
    });

    // The broker stops rejecting; the failed clients are validated and sent again, alone, in a new lote.
    for (const sim of fleet.sims.filter((s) => s.behaviour === 'reject'))
      sim.setBehaviour('online');
    const failed = status.itens.filter((i) => i.finished && !i.executed_all).map((i) => i.cliente);
    const again = await validar({ clientes: failed });
    expect(again.every((v) => v.elegivel)).toBe(true);
    const reenvio = await loteOf(
      await post('/api/lotes/', compra(itensOf(again)), crypto.randomUUID()),
    );
    const done = await untilFinished(reenvio);
    expect(done).toMatchObject({ executed_all: true, finished: true });
    expect(done.itens.map((i) => i.cliente).sort()).toEqual([...failed].sort());
    const firstSendOrders = byBehaviour('online')
      .filter((id) => id !== semPatrimonio && id !== comPosicao)
      .map(ordersAt);
    expect(firstSendOrders.every((n) => n === 2)).toBe(true);
    // Each re-sent client: its rejected legs never became orders; the new ones did, once.
    for (const id of failed) expect(ordersAt(id)).toBe(2);

    // The slow terminals answer again: their orders go, once; the offline ones still wait.
    for (const sim of fleet.sims.filter((s) => s.behaviour === 'slow')) sim.setBehaviour('online');
    const final = await untilFinished(loteId, (s) =>
      byBehaviour('slow').every((id) => s.itens.find((i) => i.cliente === id)!.executed_all),
    );
    expect(final.itens.filter((i) => offline.includes(i.cliente)).every((i) => !i.finished)).toBe(
      true,
    );
  });

  it('answers a retried create with the same lote and orders nobody twice; the same key with another lote is a 422', async () => {
    const cliente = byBehaviour('online')[6]!;
    const outro = byBehaviour('online')[7]!;
    const before = [ordersAt(cliente), ordersAt(outro)];
    const key = crypto.randomUUID();
    const body = compra([
      { cliente, legs: [{ symbol: 'PETR4', quantidade: 100 }] },
      { cliente: outro, legs: [{ symbol: 'PETR4F', quantidade: 10 }] },
    ]);
    // A double click and two retries of a lost answer, all at once.
    const ids = await Promise.all(
      Array.from({ length: 4 }, async () => loteOf(await post('/api/lotes/', body, key))),
    );
    expect(new Set(ids).size).toBe(1);
    const status = await untilFinished(ids[0]!);
    expect(status.executed_all).toBe(true);
    expect(await loteOf(await post('/api/lotes/', body, key))).toBe(ids[0]);
    expect([ordersAt(cliente) - before[0]!, ordersAt(outro) - before[1]!]).toEqual([1, 1]);
    const groups = await server.database.db
      .select()
      .from(orderGroups)
      .where(eq(orderGroups.lote_id, ids[0]!));
    expect(groups).toHaveLength(2);
    expect(await opsOf(groups.map((g) => g.id))).toHaveLength(2);
    // The order history names the lote each order was sent in.
    const historico = await server.request(`/api/ordens/?cliente=${cliente}`, { token });
    const { results } = (await historico.json()) as {
      results: { group_id: string; lote_id: string | null }[];
    };
    const doLote = results.filter((o) => groups.some((g) => g.id === o.group_id));
    expect(doLote.map((o) => o.lote_id)).toEqual([ids[0]]);

    const reused = await post(
      '/api/lotes/',
      compra([{ cliente, legs: [{ symbol: 'PETR4', quantidade: 200 }] }]),
      key,
    );
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { detail: string }).detail).toBe(
      'Esta Idempotency-Key já foi usada para outro lote: cada lote novo precisa de uma chave nova.',
    );
    const without = await post('/api/lotes/', body);
    expect(without.status).toBe(400);
  });

  it('refuses a lote with a client that does not exist or legs of another stock, and stores nothing', async () => {
    const countGroups = async () => (await server.database.db.select().from(orderGroups)).length;
    const before = await countGroups();
    const res = await post(
      '/api/lotes/',
      compra([
        { cliente: byBehaviour('online')[2]!, legs: [{ symbol: 'VALE3', quantidade: 100 }] },
        { cliente: 999_999, legs: [{ symbol: 'PETR4', quantidade: 100 }] },
      ]),
      crypto.randomUUID(),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { campos: Record<string, string> }).campos).toEqual({
      'itens.0.legs': 'As pernas devem ser PETR4 e/ou PETR4F, sem repetição.',
      'itens.1.cliente': 'Cliente não encontrado.',
    });
    expect(await countGroups()).toBe(before);
  });

  it('keeps 20 pollers of one lote from creating any operation twice', async () => {
    const clientesLote = byBehaviour('online').slice(8, 18);
    for (const id of clientesLote) fleet.sims[ids.indexOf(id)]!.terminal.setPrice('PETR4', PRICE);
    const before = clientesLote.map(ordersAt);
    const loteId = await loteOf(
      await post(
        '/api/lotes/',
        compra(
          clientesLote.map((cliente) => ({
            cliente,
            legs: [
              { symbol: 'PETR4', quantidade: 200 },
              { symbol: 'PETR4F', quantidade: 5 },
            ],
          })),
        ),
        crypto.randomUUID(),
      ),
    );
    const pollers = await Promise.all(Array.from({ length: 20 }, () => untilFinished(loteId)));
    expect(pollers.every((s) => s.executed_all)).toBe(true);
    const groups = pollers[0]!.itens.map((i) => i.group_id);
    const ops = await opsOf(groups);
    expect(ops).toHaveLength(clientesLote.length);
    expect(ops.every((o) => o.quantidade === 205)).toBe(true);
    expect(clientesLote.map((id, i) => ordersAt(id) - before[i]!)).toEqual(
      clientesLote.map(() => 2),
    );
    const completions = await server.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entity_id, groups));
    expect(completions.filter((a) => a.action === 'complete')).toHaveLength(clientesLote.length);
    const loteAudit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, loteId));
    expect(loteAudit.map((a) => a.action).sort()).toEqual(['complete', 'create']);
    expect(loteAudit.find((a) => a.action === 'complete')?.after).toEqual({
      executadas: clientesLote.length,
      parciais: 0,
      falhas: 0,
    });
    // Every entry of the lote's story names it: each order's creation and end, each operation it created.
    const loteOfEntry = (a: { after: unknown }) => (a.after as { lote_id?: string }).lote_id;
    expect(completions.map(loteOfEntry)).toEqual(completions.map(() => loteId));
    const opEntries = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'operacao'),
          inArray(
            auditLog.entity_id,
            ops.map((o) => String(o.id)),
          ),
        ),
      );
    expect(opEntries.map((a) => a.action)).toEqual(ops.map(() => 'create'));
    expect(opEntries.map(loteOfEntry)).toEqual(ops.map(() => loteId));
  });

  it('sells a stock for everyone in one lote, realising each operation once, and refuses to sell more than a terminal holds unless confirmed', async () => {
    const vendedores = byBehaviour('online').slice(18, 22);
    const compraLote = await loteOf(
      await post(
        '/api/lotes/',
        compra(
          vendedores.map((cliente) => ({ cliente, legs: [{ symbol: 'PETR4', quantidade: 300 }] })),
        ),
        crypto.randomUUID(),
      ),
    );
    const comprado = await untilFinished(compraLote);
    const abertas = await opsOf(comprado.itens.map((i) => i.group_id));
    expect(abertas).toHaveLength(vendedores.length);
    const booksOf = async (clientesIds: number[]) =>
      (
        await server.database.db
          .select()
          .from(operacoes)
          .where(inArray(operacoes.cliente_id, clientesIds))
      ).length;
    const booksBefore = await booksOf(vendedores);

    // One more client's book holds 500 PETR4; its terminal, 100.
    const terminal = fleet.sims[4]!.terminal;
    terminal.setPosition('PETR4', 100, 30);
    terminal.setPosition('PETR4F', 0, 0);
    const [manual] = await server.database.db
      .insert(operacoes)
      .values({
        cliente_id: byBehaviour('online')[4]!,
        acao_id: abertas[0]!.acao_id,
        data_compra: '2025-01-02',
        preco_unitario: '30',
        quantidade: 500,
      })
      .returning({ id: operacoes.id });
    const operacoesIds = [...abertas.map((o) => o.id), manual!.id];
    const venda = (confirmar?: boolean) =>
      post(
        '/api/lotes/venda/',
        {
          execucao: 'mercado',
          operacoes: operacoesIds,
          ...(confirmar === undefined ? {} : { confirmar_acima_do_terminal: confirmar }),
        },
        crypto.randomUUID(),
      );
    const refused = await venda();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      detail:
        'Cliente 05: A venda é de 500 ações de PETR4, mas o terminal do cliente tem 100. Confira a posição (Conciliação); ' +
        'para vender assim mesmo, confirme a venda acima da posição do terminal.',
      campos: {
        [`operacoes.${operacoesIds.length - 1}`]:
          'A venda é de 500 ações de PETR4, mas o terminal do cliente tem 100. Confira a posição (Conciliação); ' +
          'para vender assim mesmo, confirme a venda acima da posição do terminal.',
      },
    });

    // Without the unconfirmed operation the lote goes; a second sale of the same operations is refused.
    const key = crypto.randomUUID();
    const body = { execucao: 'mercado', operacoes: abertas.map((o) => o.id) };
    const loteId = await loteOf(await post('/api/lotes/venda/', body, key));
    expect(await loteOf(await post('/api/lotes/venda/', body, key))).toBe(loteId);
    const twice = await post('/api/lotes/venda/', body, crypto.randomUUID());
    expect(twice.status).toBe(409);

    const vendido = await untilFinished(loteId);
    expect(vendido).toMatchObject({ lado: 'venda', executed_all: true });
    expect(vendido.itens.map((i) => i.operacao).sort()).toEqual(abertas.map((o) => o.id).sort());
    const sold = await server.database.db
      .select()
      .from(operacoes)
      .where(
        inArray(
          operacoes.id,
          abertas.map((o) => o.id),
        ),
      );
    expect(
      sold.every((o) => o.data_venda !== null && Number(o.preco_venda_unitario) === 37.99),
    ).toBe(true);
    const realizada = (await (
      await server.request(`/api/operacoes/?cliente=${vendedores[0]}`, { token })
    ).json()) as Array<{ id: number; lote_compra: string | null; lote_venda: string | null }>;
    expect(realizada.find((o) => abertas.some((a) => a.id === o.id))).toMatchObject({
      lote_compra: compraLote,
      lote_venda: loteId,
    });
    // Each operation realised once, whole: no remainder opened as a new operation.
    expect(await booksOf(vendedores)).toBe(booksBefore);

    // The operator confirms the sale above the terminal's position.
    const confirmed = await loteOf(
      await post(
        '/api/lotes/venda/',
        {
          execucao: 'limite',
          preco: 60,
          operacoes: [manual!.id],
          confirmar_acima_do_terminal: true,
        },
        crypto.randomUUID(),
      ),
    );
    await untilPlaced(confirmed);
    const cancel = await post(`/api/lotes/${confirmed}/cancelar/`, {});
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect(await opsOf((await untilFinished(confirmed)).itens.map((i) => i.group_id))).toEqual([]);
  });

  it('refuses a sale lote when a terminal cannot be asked, and stores nothing', async () => {
    const [op] = await server.database.db
      .insert(operacoes)
      .values({
        cliente_id: offline[0]!,
        acao_id: (
          await server.database.db.select().from(acoes).where(eq(acoes.ticker, 'PETR4'))
        )[0]!.id,
        data_compra: '2025-01-02',
        preco_unitario: '30',
        quantidade: 100,
      })
      .returning({ id: operacoes.id });
    const res = await post(
      '/api/lotes/venda/',
      { execucao: 'mercado', operacoes: [op!.id], confirmar_acima_do_terminal: true },
      crypto.randomUUID(),
    );
    expect(res.status).toBe(502);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      'Nada foi enviado, nenhum cliente do lote pode vender agora: ' +
        'Cliente 29, terminal MT5 sem resposta (Conexão recusada pelo agente MT5).',
    );
    const groups = await server.database.db
      .select()
      .from(orderGroups)
      .where(eq(orderGroups.operacao_id, op!.id));
    expect(groups).toEqual([]);
  });

  it('cancels the pending limit orders of a lote: nothing fills, each order ends canceled, nothing reaches the portfolio', async () => {
    const clientesLote = byBehaviour('online').slice(2, 5);
    const loteId = await loteOf(
      await post(
        '/api/lotes/',
        compra(
          clientesLote.map((cliente) => ({
            cliente,
            legs: [{ symbol: 'PETR4', quantidade: 100 }],
          })),
          { execucao: 'limite', preco: 30 },
        ),
        crypto.randomUUID(),
      ),
    );
    await untilPlaced(loteId);

    const res = await post(`/api/lotes/${loteId}/cancelar/`, {});
    expect(res.status).toBe(200);
    const body = (await res.json()) as LoteStatus & {
      cancelamentos: Array<{ cliente: number; ok: boolean }>;
    };
    expect(body.cancelamentos.map((c) => c.ok)).toEqual([true, true, true]);
    const done = await untilFinished(loteId);
    expect(done.executed_all).toBe(false);
    expect(done.itens.every((i) => /PETR4 cancelada/.test(i.erro ?? ''))).toBe(true);
    expect(await opsOf(done.itens.map((i) => i.group_id))).toEqual([]);
    expect((await post(`/api/lotes/${loteId}/cancelar/`, {})).status).toBe(409);
    expect((await server.request(`/api/lotes/${crypto.randomUUID()}/`, { token })).status).toBe(
      404,
    );
    expect((await server.request('/api/lotes/nao-e-um-id/', { token })).status).toBe(404);
  });
  it("calls each client's agent with its own token, and never an address outside the agents' networks", async () => {
    const [fora] = await server.database.db
      .insert(clientes)
      .values({ nome: 'Cliente fora da rede', vm_private_ip: '192.0.2.10' })
      .returning({ id: clientes.id });
    const [proprio, foraDaRede] = await validar({ clientes: [tokenProprio[0]!, fora!.id] }).then(
      (itens) => [tokenProprio[0]!, fora!.id].map((id) => itens.find((i) => i.cliente === id)!),
    );
    // Its terminal answered (it bought PETR4 in the 30-client lote, hence not in the default selection).
    expect(proprio).toMatchObject({
      status_mt5: 'online',
      motivo: 'Já tem posição aberta em PETR4.',
    });
    expect(proprio!.validacoes.length).toBeGreaterThan(0);
    expect(proprio!.validacoes.every((v) => v.ok)).toBe(true);
    const FORA = 'IP da VM fora das redes permitidas para agentes MT5 (MT5_AGENT_NETWORKS)';
    expect(foraDaRede).toMatchObject({
      status_mt5: 'error',
      detalhe_mt5: FORA,
      elegivel: false,
      motivo: `Terminal MT5 não chamado: ${FORA}.`,
    });

    const before = ordersAt(tokenProprio[0]!);
    const loteId = await loteOf(
      await post(
        '/api/lotes/',
        compra([{ cliente: tokenProprio[0]!, legs: [{ symbol: 'PETR4F', quantidade: 3 }] }]),
        crypto.randomUUID(),
      ),
    );
    expect(await untilFinished(loteId)).toMatchObject({ executed_all: true });
    expect(ordersAt(tokenProprio[0]!)).toBe(before + 1);

    const countGroups = async () => (await server.database.db.select().from(orderGroups)).length;
    const groupsBefore = await countGroups();
    const refused = await post(
      '/api/lotes/',
      compra([{ cliente: fora!.id, legs: [{ symbol: 'PETR4', quantidade: 100 }] }]),
      crypto.randomUUID(),
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { campos: Record<string, string> }).campos).toEqual({
      'itens.0.cliente': `Ordem não enviada: ${FORA}.`,
    });
    const [op] = await server.database.db
      .insert(operacoes)
      .values({
        cliente_id: fora!.id,
        acao_id: (
          await server.database.db.select().from(acoes).where(eq(acoes.ticker, 'PETR4'))
        )[0]!.id,
        data_compra: '2025-01-02',
        preco_unitario: '30',
        quantidade: 100,
      })
      .returning({ id: operacoes.id });
    const venda = await post(
      '/api/lotes/venda/',
      { execucao: 'mercado', operacoes: [op!.id], confirmar_acima_do_terminal: true },
      crypto.randomUUID(),
    );
    expect(venda.status).toBe(400);
    expect(((await venda.json()) as { campos: Record<string, string> }).campos).toEqual({
      'operacoes.0': `Ordem não enviada: ${FORA}.`,
    });
    expect(await countGroups()).toBe(groupsBefore);
  });
});
