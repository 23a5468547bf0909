import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperacaoSchema, type ApiError, type Operacao } from '../../../../contract';
import { auditLog, operacoes } from '../../../../server/db/schema';
import { startCarteiraServer, type CarteiraServer } from './fixtures';

/** An operation's costs (brokerage plus B3 fees) for the income tax (issue 29). */
describe('operacoes/: custos_compra and custos_venda', () => {
  let s: CarteiraServer;
  let cliente: number;
  let petr: number;
  beforeAll(async () => {
    s = await startCarteiraServer();
    cliente = await s.novoCliente({ nome: 'Iara' });
    petr = await s.acaoId('PETR3');
  });
  afterAll(() => s.close());

  const base = () => ({
    cliente,
    acao: petr,
    data_compra: '2026-03-02',
    preco_unitario: 30,
    quantidade: 100,
    data_venda: null,
    preco_venda_unitario: null,
    valor_alvo: null,
  });
  const counts = async () => {
    const { db } = s.database;
    const [ops] = await db.select({ n: count() }).from(operacoes);
    const [audits] = await db.select({ n: count() }).from(auditLog);
    return { ops: ops!.n, audits: audits!.n };
  };

  it('stores, answers, lists, edits and audits the costs; absent they are zero', async () => {
    const semCustos = await s.json<Operacao>('/api/operacoes/', { method: 'POST', json: base() });
    expect(semCustos.status).toBe(201);
    expect(semCustos.body).toMatchObject({ custos_compra: 0, custos_venda: 0 });

    const created = await s.json<Operacao>('/api/operacoes/', {
      method: 'POST',
      json: { ...base(), custos_compra: 2.5 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ custos_compra: 2.5, custos_venda: 0 });

    const sold = await s.json<Operacao>(`/api/operacoes/${created.body.id}/`, {
      method: 'PATCH',
      json: { data_venda: '2026-03-20', preco_venda_unitario: 35, custos_venda: 3.01 },
    });
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({ custos_compra: 2.5, custos_venda: 3.01 });

    const list = await s.json<Operacao[]>(`/api/operacoes/?cliente=${cliente}`);
    const listed = list.body.find((o) => o.id === created.body.id)!;
    expect(OperacaoSchema.strict().parse(listed)).toMatchObject({
      custos_compra: 2.5,
      custos_venda: 3.01,
    });
    expect(list.body.find((o) => o.id === semCustos.body.id)).toMatchObject({
      custos_compra: 0,
      custos_venda: 0,
    });

    const [trail] = await s.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(created.body.id)))
      .orderBy(auditLog.id)
      .offset(1);
    expect(trail!.after).toMatchObject({ custos_compra: 2.5, custos_venda: 3.01 });
  });

  it.each([
    [{ custos_compra: -0.01 }, 'custos_compra', 'Informe os custos em reais, zero ou mais.'],
    [{ custos_venda: -1 }, 'custos_venda', 'Informe os custos em reais, zero ou mais.'],
    [{ custos_compra: '2,50' }, 'custos_compra', 'Informe os custos em reais, zero ou mais.'],
    [{ custos_compra: 1.005 }, 'custos_compra', 'Use no máximo 2 casas decimais (centavos).'],
    [{ custos_venda: 1e13 }, 'custos_venda', 'No máximo 1.000.000.000.000.'],
  ])('refuses %j with 400 and its message, changing nothing', async (change, campo, message) => {
    const before = await counts();
    const res = await s.json<ApiError>('/api/operacoes/', {
      method: 'POST',
      json: { ...base(), ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body.campos?.[campo]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses negative costs in a PATCH, keeping the stored ones', async () => {
    const { body: op } = await s.json<Operacao>('/api/operacoes/', {
      method: 'POST',
      json: { ...base(), custos_compra: 1.2 },
    });
    const res = await s.json<ApiError>(`/api/operacoes/${op.id}/`, {
      method: 'PATCH',
      json: { custos_compra: -3 },
    });
    expect(res.status).toBe(400);
    expect(res.body.campos).toEqual({ custos_compra: 'Informe os custos em reais, zero ou mais.' });
    const [stored] = await s.database.db.select().from(operacoes).where(eq(operacoes.id, op.id));
    expect(stored!.custos_compra).toBe('1.20');
  });
});
