import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperacaoSchema, type ApiError, type Operacao } from '../../../../contract';
import { daysBetween, todayIso } from '../../../../shared/dates';
import { auditLog, operacoes } from '../../../../server/db/schema';
import { startCarteiraServer, type CarteiraServer } from './fixtures';

describe('operacoes/: CRUD, server-computed fields, validation', () => {
  let s: CarteiraServer;
  let cliente: number;
  let petr: number;
  beforeAll(async () => {
    s = await startCarteiraServer();
    cliente = await s.novoCliente({ nome: 'Marta' });
    petr = await s.acaoId('PETR3');
  });
  afterAll(() => s.close());

  const counts = async () => {
    const { db } = s.database;
    const [ops] = await db.select({ n: count() }).from(operacoes);
    const [audits] = await db.select({ n: count() }).from(auditLog);
    return { ops: ops!.n, audits: audits!.n };
  };

  it('creates, lists, realises, edits and deletes an operation, auditing each write', async () => {
    const created = await s.json<Operacao>('/api/operacoes/', {
      method: 'POST',
      json: {
        cliente,
        acao: petr,
        data_compra: '2025-03-10',
        preco_unitario: 12.3456,
        quantidade: 3,
        data_venda: null,
        preco_venda_unitario: null,
        valor_alvo: 13.5,
      },
    });
    expect(created.status).toBe(201);
    const op = created.body;
    expect(op).toMatchObject({
      cliente,
      acao: petr,
      acao_nome: 'PETR3',
      preco_unitario: 12.3456,
      quantidade: 3,
      valor_total_compra: 37.04,
      valor_total_venda: null,
      valor_alvo: 13.5,
      dias_posicionado: daysBetween('2025-03-10', todayIso()),
    });

    const list = await s.json<Operacao[]>(`/api/operacoes/?cliente=${cliente}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([op]);
    // The list is built as JSON by the database: it must still be exactly the contract's shape.
    expect(list.body.map((o) => OperacaoSchema.strict().parse(o))).toEqual(list.body);

    const sold = await s.json<Operacao>(`/api/operacoes/${op.id}/`, {
      method: 'PATCH',
      json: { data_venda: '2025-04-01', preco_venda_unitario: 14.005 },
    });
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({
      data_venda: '2025-04-01',
      preco_venda_unitario: 14.005,
      valor_total_venda: 42.02,
      dias_posicionado: 22,
      valor_total_compra: 37.04,
    });

    const edited = await s.json<Operacao>(`/api/operacoes/${op.id}`, {
      method: 'PATCH',
      json: { quantidade: 100, valor_alvo: null },
    });
    expect(edited.body).toMatchObject({
      quantidade: 100,
      valor_total_compra: 1234.56,
      valor_alvo: null,
    });

    const removed = await s.request(`/api/operacoes/${op.id}/`, {
      method: 'DELETE',
      token: s.token,
    });
    expect(removed.status).toBe(204);
    expect((await s.json(`/api/operacoes/${op.id}/`, { method: 'DELETE' })).status).toBe(404);
    expect((await s.json<Operacao[]>(`/api/operacoes/?cliente=${cliente}`)).body).toEqual([]);

    const trail = await s.database.db
      .select({ action: auditLog.action, username: auditLog.username })
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(op.id)));
    expect(trail).toEqual([
      { action: 'create', username: 'operador' },
      { action: 'update', username: 'operador' },
      { action: 'update', username: 'operador' },
      { action: 'delete', username: 'operador' },
    ]);
  });

  it('accepts empty numeric and date values as null', async () => {
    const res = await s.json<Operacao>('/api/operacoes/', {
      method: 'POST',
      json: {
        cliente,
        acao: petr,
        data_compra: null,
        preco_unitario: null,
        quantidade: null,
        data_venda: null,
        preco_venda_unitario: null,
        valor_alvo: null,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      data_compra: null,
      valor_total_compra: null,
      valor_total_venda: null,
      dias_posicionado: null,
    });
  });

  const base = () => ({
    cliente,
    acao: petr,
    data_compra: '2025-05-02',
    preco_unitario: 10,
    quantidade: 100,
    data_venda: null,
    preco_venda_unitario: null,
    valor_alvo: null,
  });

  it.each([
    ['quantidade', { quantidade: 0 }],
    ['quantidade', { quantidade: -5 }],
    ['quantidade', { quantidade: 1.5 }],
    ['quantidade', { quantidade: '10' }],
    ['preco_unitario', { preco_unitario: 0 }],
    ['preco_unitario', { preco_unitario: -1 }],
    ['preco_venda_unitario', { preco_venda_unitario: -0.01 }],
    ['valor_alvo', { valor_alvo: 0 }],
    ['data_compra', { data_compra: '2025-02-30' }],
    ['data_compra', { data_compra: '02/05/2025' }],
    ['data_venda', { data_venda: '2025-13-01' }],
    ['data_venda', { data_venda: '2025-05-01' }],
    ['cliente', { cliente: 999_999 }],
    ['acao', { acao: 999_999 }],
    ['acao', { acao: null }],
  ])('refuses a bad %s (%j) with 400 and campos, changing nothing', async (campo, change) => {
    const before = await counts();
    const res = await s.json<ApiError>('/api/operacoes/', {
      method: 'POST',
      json: { ...base(), ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toEqual(expect.any(String));
    expect(Object.keys(res.body.campos ?? {})).toContain(campo);
    expect(await counts()).toEqual(before);
  });

  it('checks a PATCH against the stored operation: a sale before the purchase is a 400', async () => {
    const { body: op } = await s.json<Operacao>('/api/operacoes/', {
      method: 'POST',
      json: base(),
    });
    const before = await counts();
    const res = await s.json<ApiError>(`/api/operacoes/${op.id}/`, {
      method: 'PATCH',
      json: { data_venda: '2025-05-01', preco_venda_unitario: 11 },
    });
    expect(res.status).toBe(400);
    expect(res.body.campos).toEqual({
      data_venda: 'A data de venda não pode ser anterior à data de compra.',
    });
    expect(await counts()).toEqual(before);
    const [stored] = await s.database.db.select().from(operacoes).where(eq(operacoes.id, op.id));
    expect(stored!.data_venda).toBeNull();
  });

  it('answers 404 for an unknown operation or client and 400 without a client', async () => {
    expect((await s.json('/api/operacoes/999999/', { method: 'PATCH', json: {} })).status).toBe(
      404,
    );
    expect((await s.json('/api/operacoes/?cliente=999999')).status).toBe(404);
    const missing = await s.json<ApiError>('/api/operacoes/');
    expect(missing.status).toBe(400);
    expect(missing.body.campos).toHaveProperty('cliente');
  });

  it('needs a token', async () => {
    const res = await s.request(`/api/operacoes/?cliente=${cliente}`);
    expect(res.status).toBe(401);
  });

  it('lists the stock universe by ticker', async () => {
    const res = await s.json<Array<{ ticker: string; empresa: string | null }>>('/api/acoes/');
    const tickers = res.body.map((a) => a.ticker);
    expect(tickers).toEqual([...tickers].sort());
    expect(res.body.find((a) => a.ticker === 'PETR3')).toMatchObject({
      empresa: expect.any(String),
    });
    expect(tickers.length).toBeGreaterThanOrEqual(42);
  });
});
