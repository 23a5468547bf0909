import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanoCliente } from '../../../../contract';
import { todayIso } from '../../../../shared/dates';
import { clientes, irVendasExternas, orderGroups, orderLegs } from '../../../../server/db/schema';
import { sealToken } from '../../../../server/lib/mt5-agent/access';
import { upsertUser } from '../../../../server/modules/auth/users';
import { startFleet, type SimFleet } from '../../mt5-sim/fleet';
import { TEST_MT5_TOKEN_KEY, startTestServer, type TestServer } from '../../../support/test-server';
import { contagem, seed } from './support';

/**
 * Issue 33: who a rebalance leaves out and why, the exemption cap, and what a send refuses — a plan that no longer
 * holds (409, nothing stored) and the roles that may not send — through the real server and simulated terminals.
 */

const TOKEN = 'rebalancear-exclusoes-token';
const OWN_TOKEN = 'token-proprio-da-vm-deste-cliente-rebalance-0123';
const SENHA = 'senha-de-teste-dos-papeis-123';

describe('modelos: who a rebalance leaves out, and what a send refuses', () => {
  let server: TestServer;
  let fleet: SimFleet;
  let token: string;
  let modelo: number;
  let ids: number[];
  let acao: (t: string) => number;

  beforeAll(async () => {
    fleet = await startFleet(['online', 'online', 'online', 'online', 'online', 'online'], {
      token: TOKEN,
      fillDelayMs: 3_600_000,
    });
    server = await startTestServer({
      MT5_AGENT_PORT: String(fleet.port),
      MT5_AGENT_TOKEN: TOKEN,
      MT5_TIMEOUT_MS: '2500',
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    ({ modelo, ids, acao } = await seed(server, fleet, [
      { nome: 'A', patrimonio: '28000.00', posicoes: { PETR4: 300, VALE3: 100 }, sim: 0 },
      { nome: 'Em voo', patrimonio: '100000.00', sim: 1 },
      { nome: 'Incerto', patrimonio: '100000.00', sim: 2 },
      { nome: 'Sem modelo', patrimonio: '100000.00', sim: 3, segue: false },
      { nome: 'No alvo', patrimonio: '100000.00', sim: 4 },
      { nome: 'Desligado', patrimonio: '100000.00', sim: 'desligado' },
      { nome: 'Token próprio', patrimonio: '100000.00', sim: 5 },
    ]));
    const { db } = server.database;
    const grupo = (cliente: number, ticker: string, state: 'pending' | 'sent') => ({
      id: crypto.randomUUID(),
      cliente_id: cliente,
      lado: 'compra' as const,
      ticker_base: ticker,
      acao_id: acao(ticker),
      execucao: 'mercado' as const,
      state,
      created_by: 'teste',
    });
    const emVoo = grupo(ids[1]!, 'ITUB4', 'pending');
    const incerto = grupo(ids[2]!, 'VALE3', 'sent');
    await db.insert(orderGroups).values([emVoo, incerto]);
    await db.insert(orderLegs).values({
      group_id: incerto.id,
      leg: 1,
      symbol: 'VALE3',
      volume: 100,
      client_order_id: `${incerto.id}:1`,
      state: 'unknown',
    });
    // This client's VM takes only its own token (the shared one is refused there).
    fleet.sims[5]!.setToken(OWN_TOKEN);
    await db
      .update(clientes)
      .set({ mt5_token: sealToken(Buffer.from(TEST_MT5_TOKEN_KEY, 'base64'), OWN_TOKEN) })
      .where(eq(clientes.id, ids[6]!));
    fleet.sims[0]!.terminal.setPosition('PETR4', 300, 40);
  });
  afterAll(async () => {
    await server?.close();
    await fleet?.close();
  });

  const call = (path: string, json: unknown, opts: { key?: string; como?: string } = {}) =>
    server.request(`/api${path}`, {
      method: 'POST',
      token: opts.como ?? token,
      json,
      ...(opts.key && { headers: { 'idempotency-key': opts.key } }),
    });
  const validar = async (body: Record<string, unknown>) => {
    const res = await call(`/modelos/${modelo}/rebalancear/validar/`, body);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { itens: PlanoCliente[] }).itens;
  };
  const motivos = (itens: PlanoCliente[]) =>
    Object.fromEntries(itens.map((i) => [i.nome, i.excluido ? i.motivo : null]));

  it('leaves out each client with its reason, and asks each terminal with its own token', async () => {
    expect(motivos(await validar({ modo: 'completo' }))).toEqual({
      A: null,
      'Em voo': 'O cliente tem ordem em andamento de ITUB4.',
      Incerto: 'O cliente tem ordem com resultado ainda desconhecido no terminal MT5.',
      'No alvo': null,
      Desligado: 'O terminal MT5 do cliente não está online.',
      'Token próprio': null,
    });
    expect(motivos(await validar({ modo: 'completo', clientes: [ids[3]!] }))).toEqual({
      'Sem modelo': 'O cliente não segue nenhum modelo.',
    });
    expect(motivos(await validar({ modo: 'so_venda', clientes: [ids[4]!] }))).toEqual({
      'No alvo': 'Nada a fazer: o caixa já está no alvo.',
    });
  });

  it('keeps the month’s stock sales within the exemption: the sale cut, and says why', async () => {
    const { db } = server.database;
    await db
      .insert(irVendasExternas)
      .values({ cliente_id: ids[0]!, mes: todayIso().slice(0, 7), valor: '18000.00' });
    try {
      const [a] = await validar({ modo: 'completo', clientes: [ids[0]!] });
      expect(a!.ordens[0]).toMatchObject({ ticker: 'PETR4', lado: 'venda', quantidade: 50 });
      expect(a!.avisos).toContain(
        'PETR4: venda limitada pela isenção (R$ 20.000,00 em vendas de ações no mês, R$ 18.000,00 já ' +
          'vendidos): de 90 ações para 50 ações.',
      );
      const [livre] = await validar({
        modo: 'completo',
        clientes: [ids[0]!],
        respeitar_isencao: false,
      });
      expect(livre!.ordens[0]).toMatchObject({ ticker: 'PETR4', lado: 'venda', quantidade: 90 });
    } finally {
      await db.delete(irVendasExternas).where(eq(irVendasExternas.cliente_id, ids[0]!));
    }
  });

  it('refuses a plan that no longer holds (409 naming the client and why), storing nothing', async () => {
    const [a] = await validar({ modo: 'completo', clientes: [ids[0]!] });
    const antes = await contagem(server);
    const mudado = a!.ordens.map((o) => (o.lado === 'venda' ? { ...o, quantidade: 100 } : o));
    const res = await call(
      `/modelos/${modelo}/rebalancear/`,
      { modo: 'completo', itens: [{ cliente: ids[0]!, ordens: mudado }] },
      { key: 'velho-1' },
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      'O plano não vale mais para A: o plano mudou (enviado: venda de 100 PETR4; agora: venda de 90 ' +
        'PETR4). Nada foi enviado; valide de novo.',
    );
    const desligado = await call(
      `/modelos/${modelo}/rebalancear/`,
      {
        modo: 'completo',
        itens: [
          { cliente: ids[5]!, ordens: [{ ticker: 'PETR4', lado: 'compra', quantidade: 10 }] },
        ],
      },
      { key: 'velho-2' },
    );
    expect(desligado.status).toBe(409);
    expect(((await desligado.json()) as { detail: string }).detail).toBe(
      'O plano não vale mais para Desligado: o terminal MT5 do cliente não está online. Nada foi ' +
        'enviado; valide de novo.',
    );
    expect(await contagem(server)).toEqual(antes);
  });

  it('lets only operador and admin send (leitura and assessor: 403, nothing stored)', async () => {
    const [a] = await validar({ modo: 'completo', clientes: [ids[0]!] });
    const antes = await contagem(server);
    for (const papel of ['leitura', 'assessor'] as const) {
      await upsertUser(server.database.db, `papel-${papel}`, SENHA, 'test', papel);
      const como = await server.login(`papel-${papel}`, SENHA);
      const res = await call(
        `/modelos/${modelo}/rebalancear/`,
        { modo: 'completo', itens: [{ cliente: ids[0]!, ordens: a!.ordens }] },
        { key: `papel-${papel}`, como },
      );
      expect(res.status).toBe(403);
      expect(((await res.json()) as { detail: string }).detail).toBe(
        `O papel ${papel} não pode validar, enviar ou cancelar lotes.`,
      );
    }
    expect(await contagem(server)).toEqual(antes);
  });
});
