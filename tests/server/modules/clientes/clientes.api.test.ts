import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acoes,
  auditLog,
  clientes,
  operacoes,
  orderGroups,
  orderLegs,
} from '../../../../server/db/schema';
import { startTestServer, TEST_USER, type TestServer } from '../../../support/test-server';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login();
});
afterAll(() => server.close());

const full = {
  nome: 'Ana Beatriz Carvalho',
  email: 'ana.carvalho@gmail.com',
  documento: '52601815906',
  telefone: '11987451236',
  codigo_xp: '2847163',
  percentual_patrimonio: 12.5,
  vm: 'VM-MT5-01',
  vm_ip: '203.0.113.11',
  vm_private_ip: '10.20.0.11',
};

async function call(method: string, path: string, json?: unknown) {
  const res = await server.request(path, { method, token, json });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const auditRows = (entity: string, id: number | string) =>
  server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entity_id, String(id))))
    .orderBy(auditLog.id);

describe('clientes CRUD', () => {
  it('creates, reads, lists, updates and deletes a client, auditing each write', async () => {
    const created = await call('POST', '/api/clientes/', full);
    expect(created.status).toBe(201);
    const id = created.body!.id as number;
    expect(created.body).toEqual({ id, ...full, mt5_token_proprio: false, modelo: null });

    expect(await call('GET', `/api/clientes/${id}/`)).toEqual({ status: 200, body: created.body });
    const list = await call('GET', '/api/clientes/');
    expect(list.body).toContainEqual(created.body);

    const changed = { ...full, nome: 'Ana B. Carvalho', percentual_patrimonio: 7.25, vm_ip: '' };
    const updated = await call('PUT', `/api/clientes/${id}/`, changed);
    expect(updated).toEqual({
      status: 200,
      body: {
        ...full,
        id,
        nome: 'Ana B. Carvalho',
        percentual_patrimonio: 7.25,
        vm_ip: null,
        mt5_token_proprio: false,
        modelo: null,
      },
    });

    expect((await call('DELETE', `/api/clientes/${id}/`)).status).toBe(204);
    expect((await call('GET', `/api/clientes/${id}/`)).status).toBe(404);

    const rows = await auditRows('cliente', id);
    expect(rows.map((r) => [r.action, r.username])).toEqual([
      ['create', TEST_USER.username],
      ['update', TEST_USER.username],
      ['delete', TEST_USER.username],
    ]);
    expect(rows[1]!.before).toMatchObject({ nome: full.nome, percentual_patrimonio: 12.5 });
    expect(rows[1]!.after).toMatchObject({ nome: 'Ana B. Carvalho', vm_ip: null });
    expect(rows[2]!.before).toMatchObject({ id, nome: 'Ana B. Carvalho' });
  });

  it('needs no field: blanks become null and the percent 0', async () => {
    const created = await call('POST', '/api/clientes/', {
      nome: '  ',
      email: '',
      percentual_patrimonio: null,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      nome: null,
      email: null,
      documento: null,
      percentual_patrimonio: 0,
      vm_private_ip: null,
    });
    const empty = await call('POST', '/api/clientes/', {});
    expect(empty.body).toMatchObject({ percentual_patrimonio: 0, nome: null });
  });

  it('accepts the paths without the trailing slash', async () => {
    const created = await call('POST', '/api/clientes', { nome: 'Sem barra' });
    expect(created.status).toBe(201);
    expect((await call('GET', `/api/clientes/${created.body!.id as number}`)).status).toBe(200);
  });

  it('asks for a token', async () => {
    const res = await server.request('/api/clientes/');
    expect(res.status).toBe(401);
  });
});

describe('clientes validation', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['email without @', { email: 'ana.gmail.com' }, 'email', 'Digite um email válido'],
    ['email with a space', { email: 'ana carvalho@gmail.com' }, 'email', 'Digite um email válido'],
    [
      'percent above 100',
      { percentual_patrimonio: 100.01 },
      'percentual_patrimonio',
      'Informe um número entre 0 e 100.',
    ],
    [
      'negative percent',
      { percentual_patrimonio: -1 },
      'percentual_patrimonio',
      'Informe um número entre 0 e 100.',
    ],
    [
      'percent with 3 decimals',
      { percentual_patrimonio: 10.125 },
      'percentual_patrimonio',
      'Use no máximo 2 casas decimais.',
    ],
    [
      'percent that is not a number',
      { percentual_patrimonio: 'dez' },
      'percentual_patrimonio',
      'Informe um número entre 0 e 100.',
    ],
    // The wire takes numbers: the form reads '7,25' before sending it.
    [
      'percent as text, even a number’s',
      { percentual_patrimonio: '7,25' },
      'percentual_patrimonio',
      'Informe um número entre 0 e 100.',
    ],
    [
      'blank percent text',
      { percentual_patrimonio: '' },
      'percentual_patrimonio',
      'Informe um número entre 0 e 100.',
    ],
    ['bad IPv4', { vm_ip: '10.0.0.256' }, 'vm_ip', 'Digite um IP válido (IPv4 ou IPv6).'],
    [
      'bad private IP',
      { vm_private_ip: 'vm-01.local' },
      'vm_private_ip',
      'Digite um IP válido (IPv4 ou IPv6).',
    ],
    ['name too long', { nome: 'x'.repeat(201) }, 'nome', 'No máximo 200 caracteres.'],
  ];

  it.each(cases)(
    'answers 400 with campos for %s, and stores nothing',
    async (_, body, field, message) => {
      const before = await server.database.db.$count(clientes);
      const res = await call('POST', '/api/clientes/', { ...full, ...body });
      expect(res.status).toBe(400);
      expect(res.body!.campos).toEqual({ [field]: message });
      expect(res.body!.detail).toContain(message);
      expect(await server.database.db.$count(clientes)).toBe(before);
    },
  );

  it('accepts IPv6 addresses and validates the update the same way', async () => {
    const created = await call('POST', '/api/clientes/', {
      vm_ip: '2001:db8::10',
      vm_private_ip: 'fd00::11',
    });
    expect(created.body).toMatchObject({ vm_ip: '2001:db8::10', vm_private_ip: 'fd00::11' });
    const id = created.body!.id as number;
    const bad = await call('PUT', `/api/clientes/${id}/`, { email: 'sem arroba' });
    expect(bad.status).toBe(400);
    expect((await call('GET', `/api/clientes/${id}/`)).body).toMatchObject({
      vm_ip: '2001:db8::10',
    });
  });

  it('answers 404 for an unknown id and 400 for an id that is not a number', async () => {
    for (const [method, body] of [['GET'], ['PUT', {}], ['DELETE']] as const) {
      const res = await call(method, '/api/clientes/999999/', body);
      expect(res).toEqual({ status: 404, body: { detail: 'Cliente não encontrado.' } });
    }
    expect((await call('GET', '/api/clientes/abc/')).status).toBe(400);
  });
});

describe('DELETE clientes/{id}/', () => {
  async function clientWithHistory() {
    const { db } = server.database;
    const created = await call('POST', '/api/clientes/', {
      nome: `Cliente ${crypto.randomUUID()}`,
    });
    const id = created.body!.id as number;
    const [acao] = await db
      .insert(acoes)
      .values({ ticker: `T${crypto.randomInt(1000, 9999)}3` })
      .returning();
    const [realised] = await db
      .insert(operacoes)
      .values({
        cliente_id: id,
        acao_id: acao!.id,
        data_compra: '2025-01-10',
        preco_unitario: '10.5000',
        quantidade: 100,
        data_venda: '2025-02-10',
        preco_venda_unitario: '12.0000',
      })
      .returning();
    return { id, acaoId: acao!.id, realisedId: realised!.id };
  }

  it('refuses with 409 while a position is open, and deletes nothing', async () => {
    const { db } = server.database;
    const { id, acaoId } = await clientWithHistory();
    await db.insert(operacoes).values({
      cliente_id: id,
      acao_id: acaoId,
      data_compra: '2025-03-01',
      preco_unitario: '20.0000',
      quantidade: 50,
    });
    const res = await call('DELETE', `/api/clientes/${id}/`);
    expect(res.status).toBe(409);
    expect(res.body!.detail).toBe(
      'Não é possível deletar o cliente: tem 1 operação posicionada. Encerre as posições e aguarde as ordens antes de deletar.',
    );
    expect((await call('GET', `/api/clientes/${id}/`)).status).toBe(200);
    expect(await db.$count(operacoes, eq(operacoes.cliente_id, id))).toBe(2);
    expect((await auditRows('cliente', id)).map((r) => r.action)).toEqual(['create']);
  });

  it('refuses with 409 while an MT5 order is in flight', async () => {
    const { db } = server.database;
    const { id } = await clientWithHistory();
    await db.insert(orderGroups).values({
      id: crypto.randomUUID(),
      cliente_id: id,
      lado: 'compra',
      ticker_base: 'PETR4',
      execucao: 'mercado',
      state: 'sent',
      created_by: TEST_USER.username,
    });
    const res = await call('DELETE', `/api/clientes/${id}/`);
    expect(res.status).toBe(409);
    expect(res.body!.detail).toContain('tem ordem MT5 em andamento');
  });

  it('deletes the client with its realised operations and finished orders, keeping them in the audit log', async () => {
    const { db } = server.database;
    const { id, realisedId } = await clientWithHistory();
    const groupId = crypto.randomUUID();
    await db.insert(orderGroups).values({
      id: groupId,
      cliente_id: id,
      lado: 'venda',
      ticker_base: 'PETR4',
      execucao: 'mercado',
      state: 'completed',
      operacao_id: realisedId,
      created_by: TEST_USER.username,
    });
    await db.insert(orderLegs).values({
      group_id: groupId,
      leg: 1,
      symbol: 'PETR4',
      volume: 100,
      client_order_id: `${groupId}:1`,
      state: 'filled',
      volume_filled: 100,
    });

    expect((await call('DELETE', `/api/clientes/${id}/`)).status).toBe(204);
    expect(await db.$count(operacoes, eq(operacoes.cliente_id, id))).toBe(0);
    expect(await db.$count(orderGroups, eq(orderGroups.cliente_id, id))).toBe(0);
    expect(await db.$count(orderLegs, eq(orderLegs.group_id, groupId))).toBe(0);

    const [operacao] = await auditRows('operacao', realisedId);
    expect(operacao).toMatchObject({
      action: 'delete',
      username: TEST_USER.username,
      before: { id: realisedId, cliente_id: id, quantidade: 100, data_venda: '2025-02-10' },
    });
    const [group] = await auditRows('order_group', groupId);
    expect(group!.before).toMatchObject({ id: groupId, legs: [{ symbol: 'PETR4', volume: 100 }] });
    expect((await auditRows('cliente', id)).map((r) => r.action)).toEqual(['create', 'delete']);
  });
});
