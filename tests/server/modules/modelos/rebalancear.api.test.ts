import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoteStatus, PlanoCliente } from '../../../../contract';
import { buildApp } from '../../../../server/app';
import {
  modeloClientes,
  orderGroups,
  rebalanceamentoClientes,
  rebalanceamentos,
} from '../../../../server/db/schema';
import { releaseRebalanceamento } from '../../../../server/modules/modelos/liberacao';
import { startFleet, type SimFleet } from '../../mt5-sim/fleet';
import { TEST_JWT_SECRET, startTestServer, type TestServer } from '../../../support/test-server';
import { contagem, legsAbertas, seed } from './support';

/**
 * Issue 33: sending a rebalance — the sales as one lote, the buys as a second lote linked to it, each client's held
 * until its sales have ended and then re-sized on the money they raised — through the real server and simulated
 * terminals that fill only when the test says so (no race with a fill delay).
 */

const TOKEN = 'rebalancear-test-token';

describe('modelos: sending a rebalance (two linked lotes)', () => {
  let server: TestServer;
  let fleet: SimFleet;
  let token: string;
  let modelo: number;
  let ids: number[];
  const extras: FastifyInstance[] = [];

  beforeAll(async () => {
    // Orders rest at their terminals until the test fills (or rejects) them.
    fleet = await startFleet(['online', 'online', 'online', 'online', 'online', 'online'], {
      token: TOKEN,
      fillDelayMs: 3_600_000,
      marginFree: 1e8,
    });
    server = await startTestServer({
      MT5_AGENT_PORT: String(fleet.port),
      MT5_AGENT_TOKEN: TOKEN,
      MT5_TIMEOUT_MS: '2500',
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    ({ modelo, ids } = await seed(server, fleet, [
      // The worked example A: sells PETR4 90, buys VALE3 40 and ITUB4 240 (cash after 2.800,00).
      { nome: 'A', patrimonio: '28000.00', posicoes: { PETR4: 300, VALE3: 100 }, sim: 0 },
      // The worked example B: buys only.
      { nome: 'B', patrimonio: '100000.00', sim: 1 },
      // Every buy of E needs its sale's money (cash 2.800,00 = the target): its sale is rejected.
      { nome: 'E', patrimonio: '28000.00', posicoes: { PETR4: 630 }, sim: 2 },
      // R's sale of 400 fills 200 and the rest is rejected: its buys are re-sized.
      { nome: 'R', patrimonio: '40000.00', posicoes: { PETR4: 700 }, sim: 3 },
      // S and S2, as A, for the releases by other instances (they follow no model until then: out of the first send).
      {
        nome: 'S',
        patrimonio: '28000.00',
        posicoes: { PETR4: 300, VALE3: 100 },
        sim: 4,
        segue: false,
      },
      {
        nome: 'S2',
        patrimonio: '28000.00',
        posicoes: { PETR4: 300, VALE3: 100 },
        sim: 5,
        segue: false,
      },
    ]));
  });
  afterAll(async () => {
    for (const app of extras) await app.close();
    await server?.close();
    await fleet?.close();
  });

  const call = (method: string, path: string, json?: unknown, headers?: Record<string, string>) =>
    server.request(`/api${path}`, { method, token, json, ...(headers && { headers }) });
  const validar = async (body: unknown) => {
    const res = await call('POST', `/modelos/${modelo}/rebalancear/validar/`, body);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { itens: PlanoCliente[] }).itens;
  };
  const enviar = (key: string, body: unknown) =>
    call('POST', `/modelos/${modelo}/rebalancear/`, body, { 'idempotency-key': key });
  const statusOf = async (loteId: string) => {
    const res = await call('GET', `/lotes/${loteId}/`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as LoteStatus;
  };
  const until = async (loteId: string, done: (s: LoteStatus) => boolean) => {
    for (let i = 0; i < 200; i++) {
      const status = await statusOf(loteId);
      if (done(status)) return status;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`lote ${loteId} never got there`);
  };
  const sim = (cliente: number) => fleet.sims[ids.indexOf(cliente)]!.terminal;
  /** Fills every leg of the lote resting at a terminal (all of it, or `parte` of R's then the rest rejected). */
  const preencher = async (loteId: string, parte?: { cliente: number; volume: number }) => {
    for (const leg of await legsAbertas(server, loteId)) {
      if (parte && leg.cliente === parte.cliente) {
        sim(leg.cliente).fillPart(leg.ticket!, parte.volume);
        sim(leg.cliente).rejectPlaced(leg.ticket!, 'Restante cancelado pela B3');
      } else sim(leg.cliente).fillPart(leg.ticket!, leg.volume);
    }
  };
  const pernas = (s: LoteStatus, cliente: number) =>
    s.itens
      .filter((i) => i.cliente === cliente)
      .map((i) => ({ pernas: i.summary.map((l) => `${l.symbol} ${l.volume}`), erro: i.erro }))
      // One client's orders of a lote were stored at once: in the order of their stocks.
      .sort((x, y) => x.pernas[0]!.localeCompare(y.pernas[0]!));
  const a = () => ids[0]!;
  const b = () => ids[1]!;
  const e = () => ids[2]!;
  const r = () => ids[3]!;
  const s5 = () => ids[4]!;
  const s6 = () => ids[5]!;

  let lotes: { lote_venda: string; lote_compra: string };
  let corpo: unknown;

  it('sends the sales now and each client’s buys once its sales ended, re-sized on what they raised', async () => {
    const plano = await validar({ modo: 'completo' });
    expect(plano.map((p) => [p.nome, p.excluido])).toEqual([
      ['A', false],
      ['B', false],
      ['E', false],
      ['R', false],
    ]);
    corpo = { modo: 'completo', itens: plano.map(({ cliente, ordens }) => ({ cliente, ordens })) };
    sim(e()).rejectOrders = true;
    const res = await enviar('rebalanceamento-1', corpo);
    expect(res.status, await res.clone().text()).toBe(200);
    lotes = (await res.json()) as typeof lotes;
    expect(lotes).toEqual({ lote_venda: expect.any(String), lote_compra: expect.any(String) });

    // B sells nothing: its buys went at once. E's sale was rejected as it was sent: its buys, which needed that
    // money, were never sent, each ended with why. A and R wait for their sales: the buy lote is not finished.
    const antes = await statusOf(lotes.lote_compra);
    expect(antes.itens.map((i) => i.cliente).sort()).toEqual([b(), b(), b(), e(), e()].sort());
    expect(pernas(antes, b())).toEqual([
      { pernas: ['ITUB4 800', 'ITUB4F 57'], erro: null },
      { pernas: ['PETR4 700', 'PETR4F 50'], erro: null },
      { pernas: ['VALE3 500'], erro: null },
    ]);
    const motivo =
      'Compra não enviada: a venda de PETR4 não foi executada por completo, e esta compra precisava do ' +
      'dinheiro dela.';
    expect(pernas(antes, e())).toEqual([
      { pernas: ['ITUB4 200', 'ITUB4F 40'], erro: motivo },
      { pernas: ['VALE3 100', 'VALE3F 40'], erro: motivo },
    ]);
    expect(antes.itens.filter((i) => i.cliente === e()).every((i) => i.finished)).toBe(true);
    await preencher(lotes.lote_compra);
    const bComprado = await until(lotes.lote_compra, (s) => s.itens.every((i) => i.finished));
    expect(bComprado.finished).toBe(false);

    // The sales: A's fills, E's was rejected by its terminal, R's fills 200 of 400.
    const vendas = await statusOf(lotes.lote_venda);
    expect(vendas.lado).toBe('venda');
    expect(pernas(vendas, a()).map((p) => p.pernas)).toEqual([['PETR4F 90']]);
    await preencher(lotes.lote_venda, { cliente: r(), volume: 200 });
    await until(lotes.lote_venda, (s) => s.finished);
    await server.app.deps.jobs.trigger('modelos.compras');

    const depois = await statusOf(lotes.lote_compra);
    expect(pernas(depois, a())).toEqual([
      { pernas: ['ITUB4 200', 'ITUB4F 40'], erro: null },
      { pernas: ['VALE3F 40'], erro: null },
    ]);
    // R raised 8.000,00 instead of 16.000,00: 15.970,00 of 23.970,00 to spend, each buy cut in proportion.
    expect(pernas(depois, r())).toEqual([
      { pernas: ['ITUB4 200', 'ITUB4F 27'], erro: null },
      { pernas: ['VALE3 100', 'VALE3F 33'], erro: null },
    ]);
    expect(pernas(depois, e())).toEqual(pernas(antes, e()));
    // E's buys were never sent to its terminal.
    expect(await legsAbertas(server, lotes.lote_compra)).not.toContainEqual(
      expect.objectContaining({ cliente: e() }),
    );
    await preencher(lotes.lote_compra);
    const fim = await until(lotes.lote_compra, (s) => s.finished);
    expect(fim.itens.filter((i) => i.executed_all).length).toBe(7);
  });

  it('answers a repeated Idempotency-Key with the same two lotes, creating nothing', async () => {
    const antes = await contagem(server);
    const res = await enviar('rebalanceamento-1', corpo);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(lotes);
    const outro = await enviar('rebalanceamento-1', { ...(corpo as object), modo: 'faixas' });
    expect(outro.status).toBe(422);
    expect(await contagem(server)).toEqual(antes);
  });

  /** A client like the worked example A follows the model and sends its rebalance; its sale fills. */
  const enviarEVender = async (cliente: number, key: string) => {
    await server.database.db
      .insert(modeloClientes)
      .values({ cliente_id: cliente, modelo_id: modelo });
    const [plano] = await validar({ modo: 'completo', clientes: [cliente] });
    expect(plano!.ordens.map((o) => `${o.lado} ${o.ticker} ${o.quantidade}`)).toEqual([
      'venda PETR4 90',
      'compra VALE3 40',
      'compra ITUB4 240',
    ]);
    const res = await enviar(key, {
      modo: 'completo',
      itens: [{ cliente, ordens: plano!.ordens }],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const enviados = (await res.json()) as typeof lotes;
    await preencher(enviados.lote_venda);
    await until(enviados.lote_venda, (s) => s.finished);
    // Nothing released it yet: the buy lote has no order and is not finished.
    expect(await statusOf(enviados.lote_compra)).toMatchObject({ itens: [], finished: false });
    return enviados;
  };
  const tickersDe = async (loteId: string) =>
    (
      await server.database.db
        .select({ ticker: orderGroups.ticker_base })
        .from(orderGroups)
        .where(eq(orderGroups.lote_id, loteId))
    )
      .map((g) => g.ticker)
      .sort();

  it('releases what was held when a server starts again (nothing else asks)', async () => {
    const enviados = await enviarEVender(s5(), 'rebalanceamento-2');
    const reiniciado = await instancia();
    await reiniciado.ready();
    await reiniciado.deps.jobs.trigger('modelos.compras');
    expect(await tickersDe(enviados.lote_compra)).toEqual(['ITUB4', 'VALE3']);
    const [retido] = await server.database.db
      .select()
      .from(rebalanceamentoClientes)
      .where(eq(rebalanceamentoClientes.cliente_id, s5()));
    expect(retido!.liberado_em).not.toBeNull();
    await preencher(enviados.lote_compra);
    expect((await until(enviados.lote_compra, (s) => s.finished)).executed_all).toBe(true);
  });

  it('releases once when two instances release the same client at the same time', async () => {
    const enviados = await enviarEVender(s6(), 'rebalanceamento-3');
    const [row] = await server.database.db
      .select()
      .from(rebalanceamentos)
      .where(eq(rebalanceamentos.lote_compra_id, enviados.lote_compra));
    // Both instances read the client as held before either stores its buys (their job runs, side by side).
    const duas = await Promise.all([instancia(), instancia()]);
    await Promise.all(
      duas.map((app) => releaseRebalanceamento(app.deps, row!, { sincronizar: true })),
    );
    expect(await tickersDe(enviados.lote_compra)).toEqual(['ITUB4', 'VALE3']);
    const pedidas = (await legsAbertas(server, enviados.lote_compra)).map((l) => l.symbol).sort();
    expect(pedidas).toEqual(['ITUB4', 'ITUB4F', 'VALE3F']);
    expect(sim(s6()).orderCount).toBe(4);
    await preencher(enviados.lote_compra);
    expect((await until(enviados.lote_compra, (s) => s.finished)).executed_all).toBe(true);
  });

  /** Another server on the same database (as a restart, or a second instance, would be). */
  async function instancia(): Promise<FastifyInstance> {
    const app = await buildApp({
      config: server.config,
      database: server.database,
      jwtSecret: TEST_JWT_SECRET,
      spaDir: null,
      logger: false,
    });
    extras.push(app);
    return app;
  }
});
