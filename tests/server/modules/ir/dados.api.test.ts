import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../../contract';
import { auditLog, irSaldosIniciais, irVendasExternas } from '../../../../server/db/schema';
import { selectSaldosIniciais, selectVendasExternas } from '../../../../server/modules/ir';
import { startCarteiraServer, type CarteiraServer } from '../operacoes/fixtures';

/** What the income tax needs beyond the book (issue 29): a year's opening carries, sales made elsewhere. */
describe('clientes/{id}/ir/: saldos and vendas-externas', () => {
  let s: CarteiraServer;
  let cliente: number;
  beforeAll(async () => {
    s = await startCarteiraServer();
    cliente = await s.novoCliente({ nome: 'Helena' });
  });
  afterAll(() => s.close());

  const counts = async () => {
    const { db } = s.database;
    const [a] = await db.select({ n: count() }).from(irSaldosIniciais);
    const [b] = await db.select({ n: count() }).from(irVendasExternas);
    const [c] = await db.select({ n: count() }).from(auditLog);
    return { saldos: a!.n, vendas: b!.n, audits: c!.n };
  };
  const saldos = {
    ano: 2026,
    prejuizo_comum: 1500,
    prejuizo_day_trade: 0,
    prejuizo_fii: 250.5,
    irrf_a_compensar: 1.25,
  };
  const put = (path: string, json: unknown) =>
    s.json<Record<string, unknown> & ApiError>(path, { method: 'PUT', json });

  it('stores a year’s opening carries, replaces them on a second PUT, and audits both', async () => {
    const res = await put(`/api/clientes/${cliente}/ir/saldos/`, saldos);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(saldos);
    const outra = await put(`/api/clientes/${cliente}/ir/saldos/`, {
      ...saldos,
      prejuizo_comum: 1000,
    });
    expect(outra.body.prejuizo_comum).toBe(1000);
    const rows = await selectSaldosIniciais(s.database.db, cliente);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ano: 2026, prejuizo_comum: '1000.00', prejuizo_fii: '250.50' });
    const trail = await s.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, 'ir_saldos'))
      .orderBy(auditLog.id);
    expect(trail.map((t) => t.action)).toEqual(['create', 'update']);
  });

  it('stores a month’s sales made elsewhere, replacing them, audited', async () => {
    const res = await put(`/api/clientes/${cliente}/ir/vendas-externas/2026-03/`, { valor: 12000 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mes: '2026-03', valor: 12000 });
    await put(`/api/clientes/${cliente}/ir/vendas-externas/2026-03/`, { valor: 8000.1 });
    expect(await selectVendasExternas(s.database.db, cliente)).toEqual([
      { mes: '2026-03', valor: '8000.10' },
    ]);
    const trail = await s.database.db
      .select({ action: auditLog.action, before: auditLog.before })
      .from(auditLog)
      .where(eq(auditLog.entity, 'ir_venda_externa'))
      .orderBy(auditLog.id);
    expect(trail).toEqual([
      { action: 'create', before: null },
      { action: 'update', before: { valor: '12000.00' } },
    ]);
  });

  it.each([
    ['saldos/', { ...saldos, ano: 1999 }, 'ano', 'Informe o ano (aaaa), de 2000 a 2999.'],
    ['saldos/', { ...saldos, ano: 2026.5 }, 'ano', 'Informe o ano (aaaa), de 2000 a 2999.'],
    [
      'saldos/',
      { ...saldos, prejuizo_comum: -1 },
      'prejuizo_comum',
      'Informe um valor em reais, zero ou mais.',
    ],
    [
      'saldos/',
      { ...saldos, irrf_a_compensar: 0.001 },
      'irrf_a_compensar',
      'Use no máximo 2 casas decimais (centavos).',
    ],
    ['saldos/', { ano: 2026 }, 'prejuizo_fii', 'Informe um valor em reais, zero ou mais.'],
    [
      'vendas-externas/2026-03/',
      { valor: -5 },
      'valor',
      'Informe um valor em reais, zero ou mais.',
    ],
    ['vendas-externas/2026-13/', { valor: 5 }, 'mes', 'Informe o mês como aaaa-mm (ex.: 2026-03).'],
    ['vendas-externas/03-2026/', { valor: 5 }, 'mes', 'Informe o mês como aaaa-mm (ex.: 2026-03).'],
  ])(
    'refuses %s %j with 400 and its message, changing nothing',
    async (path, json, campo, message) => {
      const before = await counts();
      const res = await put(`/api/clientes/${cliente}/ir/${path}`, json);
      expect(res.status).toBe(400);
      expect(res.body.campos?.[campo]).toBe(message);
      expect(await counts()).toEqual(before);
    },
  );

  it('answers 404 for an unknown client and 401 without a token', async () => {
    const before = await counts();
    expect((await put('/api/clientes/999999/ir/saldos/', saldos)).status).toBe(404);
    expect(
      (await put('/api/clientes/999999/ir/vendas-externas/2026-03/', { valor: 1 })).status,
    ).toBe(404);
    expect(await counts()).toEqual(before);
    const res = await s.request(`/api/clientes/${cliente}/ir/saldos/`, {
      method: 'PUT',
      json: saldos,
    });
    expect(res.status).toBe(401);
  });
});
