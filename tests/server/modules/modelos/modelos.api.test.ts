import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  clientes,
  importLotes,
  modelos,
  operacoes,
  patrimonios,
} from '../../../../server/db/schema';
import { startFleet, type SimFleet } from '../../mt5-sim/fleet';
import { startTestServer, type TestServer } from '../../../support/test-server';
import { seedAcoes } from './support';

/** Issue 33: model portfolios and the rebalance plan, through the real server and simulated terminals. */

const TOKEN = 'modelos-test-token';
const MODELO = {
  nome: 'Equilibrado',
  itens: [
    { ticker: 'PETR4', peso: 30 },
    { ticker: 'VALE3', peso: 30 },
    { ticker: 'ITUB4', peso: 30 },
  ],
  caixa_alvo: 10,
  faixa: { tipo: 'absoluta', valor: 5 },
};

describe('modelos: model portfolios and the rebalance plan', () => {
  let server: TestServer;
  let fleet: SimFleet;
  let token: string;
  let clienteA: number;
  let clienteB: number;
  let desligado: number;

  beforeAll(async () => {
    fleet = await startFleet(['online', 'online'], { token: TOKEN });
    server = await startTestServer({
      MT5_AGENT_PORT: String(fleet.port),
      MT5_AGENT_TOKEN: TOKEN,
      MT5_TIMEOUT_MS: '2500',
      MT5_RECONCILE_SECONDS: '0',
    });
    token = await server.login();
    const { db } = server.database;
    const id = await seedAcoes(server);
    const rows = await db
      .insert(clientes)
      .values([
        { nome: 'A', codigo_xp: '1', percentual_patrimonio: '100', vm_private_ip: fleet.hosts[0] },
        { nome: 'B', codigo_xp: '2', percentual_patrimonio: '100', vm_private_ip: fleet.hosts[1] },
        {
          nome: 'C desligado',
          codigo_xp: '3',
          percentual_patrimonio: '100',
          vm_private_ip: fleet.deadHost,
        },
      ])
      .returning({ id: clientes.id });
    [clienteA, clienteB, desligado] = rows.map((r) => r.id) as [number, number, number];
    const [lote] = await db
      .insert(importLotes)
      .values({
        tipo: 'patrimonio',
        data_referencia: '2025-10-29',
        arquivo: 't.xlsx',
        linhas: 3,
        status: 'importado',
        username: 'teste',
      })
      .returning({ id: importLotes.id });
    // A: 28.000 of patrimony less 18.000 in open positions = 10.000 available; B and C: 100.000.
    await db.insert(patrimonios).values([
      { lote_id: lote!.id, data_referencia: '2025-10-29', codigo: '1', patrimonio: '28000.00' },
      { lote_id: lote!.id, data_referencia: '2025-10-29', codigo: '2', patrimonio: '100000.00' },
      { lote_id: lote!.id, data_referencia: '2025-10-29', codigo: '3', patrimonio: '100000.00' },
    ]);
    await db.insert(operacoes).values([
      {
        cliente_id: clienteA,
        acao_id: id('PETR4'),
        data_compra: '2025-01-02',
        preco_unitario: '40',
        quantidade: 300,
      },
      {
        cliente_id: clienteA,
        acao_id: id('VALE3'),
        data_compra: '2025-01-02',
        preco_unitario: '60',
        quantidade: 100,
      },
    ]);
    fleet.sims[0]!.terminal.setPosition('PETR4', 300, 40);
    fleet.sims[0]!.terminal.setPosition('VALE3', 100, 60);
  });
  afterAll(async () => {
    await server?.close();
    await fleet?.close();
  });

  const call = (method: string, path: string, json?: unknown) =>
    server.request(`/api${path}`, { method, token, ...(json === undefined ? {} : { json }) });

  it('creates, reads, lists, changes and deletes a model, each write audited', async () => {
    const res = await call('POST', '/modelos/', MODELO);
    expect(res.status).toBe(201);
    const criado = (await res.json()) as { id: number };
    expect(criado).toEqual({ id: expect.any(Number), ...MODELO, clientes: [] });
    expect(await (await call('GET', `/modelos/${criado.id}/`)).json()).toEqual(criado);
    expect(await (await call('GET', '/modelos/')).json()).toEqual([criado]);
    const alterado = {
      ...MODELO,
      nome: 'Outro',
      caixa_alvo: 4,
      itens: [...MODELO.itens, { ticker: 'BBAS3', peso: 6 }],
    };
    const put = await call('PUT', `/modelos/${criado.id}/`, alterado);
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ id: criado.id, ...alterado, clientes: [] });
    expect((await call('DELETE', `/modelos/${criado.id}/`)).status).toBe(204);
    expect((await call('GET', `/modelos/${criado.id}/`)).status).toBe(404);
    const log = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'modelo'));
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses weights that do not sum to 100, a bad ticker and a repeated name, changing nothing', async () => {
    const soma = await call('POST', '/modelos/', { ...MODELO, caixa_alvo: 9.99 });
    expect(soma.status).toBe(400);
    expect(((await soma.json()) as { campos: Record<string, string> }).campos).toEqual({
      itens: 'Os pesos e o caixa-alvo somam 99,99 %; devem somar exatamente 100 %.',
    });
    const ticker = await call('POST', '/modelos/', {
      ...MODELO,
      itens: [{ ticker: 'PETR4F', peso: 90 }],
    });
    expect(ticker.status).toBe(400);
    expect(((await ticker.json()) as { campos: Record<string, string> }).campos).toHaveProperty(
      'itens.0.ticker',
    );
    expect(await server.database.db.select().from(modelos)).toEqual([]);
    const primeiro = await call('POST', '/modelos/', { ...MODELO, nome: 'Único' });
    const repetido = await call('POST', '/modelos/', { ...MODELO, nome: 'único' });
    expect(repetido.status).toBe(409);
    expect((await repetido.json()) as unknown).toEqual({
      detail: 'Já existe um modelo com esse nome.',
    });
    const { id } = (await primeiro.json()) as { id: number };
    expect((await call('DELETE', `/modelos/${id}/`)).status).toBe(204);
  });

  it("keeps the client's model; a followed model is not deleted (409 naming its clients)", async () => {
    const { id } = (await (await call('POST', '/modelos/', MODELO)).json()) as { id: number };
    const cliente = (await (await call('GET', `/clientes/${clienteA}/`)).json()) as Record<
      string,
      unknown
    >;
    expect(cliente.modelo).toBeNull();
    const { id: _id, mt5_token_proprio: _t, ...corpo } = cliente;
    const sem = await call('PUT', `/clientes/${clienteA}/`, { ...corpo, modelo: 999999 });
    expect(sem.status).toBe(400);
    expect(((await sem.json()) as { campos: unknown }).campos).toEqual({
      modelo: 'Modelo não encontrado.',
    });
    for (const c of [clienteA, clienteB, desligado]) {
      const atual = (await (await call('GET', `/clientes/${c}/`)).json()) as Record<
        string,
        unknown
      >;
      const { id: _i, mt5_token_proprio: _p, ...resto } = atual;
      const res = await call('PUT', `/clientes/${c}/`, { ...resto, modelo: id });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { modelo: number }).modelo).toBe(id);
    }
    const lista = (await (await call('GET', '/clientes/')).json()) as Array<{ modelo: number }>;
    expect(lista.map((c) => c.modelo)).toEqual([id, id, id]);
    const del = await call('DELETE', `/modelos/${id}/`);
    expect(del.status).toBe(409);
    expect(((await del.json()) as { detail: string }).detail).toBe(
      'O modelo é seguido por A, B, C desligado: troque o modelo desses clientes antes de excluí-lo.',
    );
    expect((await call('GET', `/modelos/${id}/`)).status).toBe(200);
  });

  it('plans the worked examples A and B and leaves out the client whose terminal is off', async () => {
    const [modelo] = (await (await call('GET', '/modelos/')).json()) as Array<{ id: number }>;
    const res = await call('POST', `/modelos/${modelo!.id}/rebalancear/validar/`, {
      modo: 'completo',
    });
    expect(res.status).toBe(200);
    const { itens } = (await res.json()) as { itens: Array<Record<string, unknown>> };
    const [a, b, c] = itens;
    expect(a).toMatchObject({
      cliente: clienteA,
      valor_total: 28000,
      excluido: false,
      caixa_depois: 2800,
      ordens: [
        {
          ticker: 'PETR4',
          lado: 'venda',
          quantidade: 90,
          legs: [{ symbol: 'PETR4F', quantidade: 90 }],
        },
        {
          ticker: 'VALE3',
          lado: 'compra',
          quantidade: 40,
          legs: [{ symbol: 'VALE3F', quantidade: 40 }],
        },
        {
          ticker: 'ITUB4',
          lado: 'compra',
          quantidade: 240,
          legs: [
            { symbol: 'ITUB4', quantidade: 200 },
            { symbol: 'ITUB4F', quantidade: 40 },
          ],
        },
      ],
    });
    expect(b).toMatchObject({
      cliente: clienteB,
      excluido: false,
      caixa_depois: 10005,
      ordens: [
        { ticker: 'PETR4', lado: 'compra', quantidade: 750 },
        { ticker: 'VALE3', lado: 'compra', quantidade: 500 },
        { ticker: 'ITUB4', lado: 'compra', quantidade: 857 },
      ],
    });
    expect(c).toMatchObject({
      cliente: desligado,
      excluido: true,
      ordens: [],
      motivo: 'O terminal MT5 do cliente não está online.',
    });
  });

  it('answers 404 for an unknown model and 400 for an unknown client', async () => {
    expect(
      (await call('POST', '/modelos/999999/rebalancear/validar/', { modo: 'completo' })).status,
    ).toBe(404);
    const [modelo] = (await (await call('GET', '/modelos/')).json()) as Array<{ id: number }>;
    const res = await call('POST', `/modelos/${modelo!.id}/rebalancear/validar/`, {
      modo: 'completo',
      clientes: [999999],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { campos: unknown }).campos).toEqual({
      'clientes.0': 'Cliente não encontrado.',
    });
  });
});
