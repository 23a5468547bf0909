import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Evento, Operacao, Provento } from '../../../../contract';
import { acoes, auditLog, eventosCorporativos } from '../../../../server/db/schema';
import { startCarteiraServer, type CarteiraServer } from '../operacoes/fixtures';

/** A bonus's declared cost, a cash event's payment date and JCP's rate by that date (issue 29). */
describe('eventos-corporativos/: custo_atribuido and data_pagamento', () => {
  let s: CarteiraServer;
  let cliente: number;
  let acao: number;
  beforeAll(async () => {
    s = await startCarteiraServer();
    cliente = await s.novoCliente({ nome: 'Júlia' });
    const [row] = await s.database.db
      .insert(acoes)
      .values({ ticker: 'JCPT3', empresa: 'Empresa de teste' })
      .returning({ id: acoes.id });
    acao = row!.id;
    const op = await s.json<Operacao>('/api/operacoes/', {
      method: 'POST',
      json: {
        cliente,
        acao,
        data_compra: '2025-01-02',
        preco_unitario: 10,
        quantidade: 300,
        data_venda: null,
        preco_venda_unitario: null,
        valor_alvo: null,
      },
    });
    expect(op.status).toBe(201);
  });
  afterAll(() => s.close());

  const post = (json: Record<string, unknown>) =>
    s.json<Evento & ApiError>('/api/eventos-corporativos/', {
      method: 'POST',
      json: { acao, fator: null, valor_por_acao: null, ...json },
    });
  const counts = async () => {
    const { db } = s.database;
    const [e] = await db.select({ n: count() }).from(eventosCorporativos);
    const [a] = await db.select({ n: count() }).from(auditLog);
    return { eventos: e!.n, audits: a!.n };
  };
  const proventos = async () =>
    (await s.json<Provento[]>(`/api/clientes/${cliente}/proventos/`)).body;

  it('withholds JCP at 15 % when paid up to 2025-12-31 and at 17.5 % from 2026-01-01', async () => {
    const jcp2025 = await post({ tipo: 'jcp', data_ex: '2025-12-01', valor_por_acao: 0.4567 });
    expect(jcp2025.status).toBe(201);
    // Without a payment date, paid on data_ex.
    expect(jcp2025.body).toMatchObject({ data_pagamento: '2025-12-01', custo_atribuido: null });
    // Ex in 2025, paid in 2026: the payment date sets the rate.
    const jcp2026 = await post({
      tipo: 'jcp',
      data_ex: '2025-12-22',
      data_pagamento: '2026-01-15',
      valor_por_acao: 0.4567,
    });
    expect(jcp2026.status).toBe(201);
    expect(jcp2026.body.data_pagamento).toBe('2026-01-15');
    const dividendo = await post({ tipo: 'dividendo', data_ex: '2025-12-22', valor_por_acao: 0.1 });
    expect(dividendo.body.data_pagamento).toBe('2025-12-22');

    const pagos = await proventos();
    const de = (id: number) => pagos.find((p) => p.evento === id);
    // 300 × 0.4567 = 137.01: 15 % is 20.55 (net 116.46), 17.5 % is 23.98 (net 113.03).
    expect(de(jcp2025.body.id)).toMatchObject({ valor_bruto: 137.01, valor_liquido: 116.46 });
    expect(de(jcp2026.body.id)).toMatchObject({ valor_bruto: 137.01, valor_liquido: 113.03 });
    expect(de(dividendo.body.id)).toMatchObject({ valor_bruto: 30, valor_liquido: 30 });

    // Moving the payment back into 2025 gives back the 15 %.
    const editado = await s.json<Evento>(`/api/eventos-corporativos/${jcp2026.body.id}/`, {
      method: 'PUT',
      json: {
        acao,
        tipo: 'jcp',
        data_ex: '2025-12-22',
        data_pagamento: '2025-12-30',
        fator: null,
        valor_por_acao: 0.4567,
      },
    });
    expect(editado.status).toBe(200);
    expect((await proventos()).find((p) => p.evento === jcp2026.body.id)).toMatchObject({
      valor_liquido: 116.46,
    });
  });

  it('says in PROVENTOS when one company’s dividends in a month of 2026 pass R$ 50,000.00', async () => {
    // 300 shares: 200.00 a share is 60,000.00; 100.00 is 30,000.00.
    const acima = await post({ tipo: 'dividendo', data_ex: '2026-03-02', valor_por_acao: 200 });
    const abaixo = await post({ tipo: 'dividendo', data_ex: '2026-04-01', valor_por_acao: 100 });
    const em2025 = await post({
      tipo: 'dividendo',
      data_ex: '2025-11-03',
      valor_por_acao: 200,
    });
    // Paid in the same month as `acima`: the month's total for the company is 90,000.00.
    const mesmoMes = await post({
      tipo: 'dividendo',
      data_ex: '2026-02-20',
      data_pagamento: '2026-03-20',
      valor_por_acao: 100,
    });
    const pagos = await proventos();
    const de = (id: number) => pagos.find((p) => p.evento === id)!;
    const aviso =
      'Dividendos de Empresa de teste em 03/2026: R$ 90.000,00, acima de R$ 50.000,00: ' +
      'R$ 9.000,00 (10 %) retidos na fonte sobre o total (informativo).';
    expect(de(acima.body.id)).toMatchObject({ valor_liquido: 60000, aviso });
    expect(de(mesmoMes.body.id)).toMatchObject({ data_pagamento: '2026-03-20', aviso });
    expect(de(abaixo.body.id).aviso).toBeNull();
    expect(de(em2025.body.id).aviso).toBeNull();
  });

  it('keeps a bonus’s declared cost per new share, and lists it', async () => {
    const bonus = await post({
      tipo: 'bonificacao',
      data_ex: '2026-02-02',
      fator: 1.3,
      custo_atribuido: 5,
    });
    expect(bonus.status).toBe(201);
    expect(bonus.body).toMatchObject({ custo_atribuido: 5, data_pagamento: null });
    const lista = await s.json<Evento[]>(`/api/eventos-corporativos/?acao=${acao}`);
    expect(lista.body.find((e) => e.id === bonus.body.id)).toMatchObject({ custo_atribuido: 5 });
  });

  it.each([
    [
      { tipo: 'dividendo', data_ex: '2026-03-02', valor_por_acao: 1, custo_atribuido: 2 },
      'custo_atribuido',
      'Só uma bonificação tem custo atribuído: deixe-o em branco.',
    ],
    [
      { tipo: 'bonificacao', data_ex: '2026-03-02', fator: 1.1, custo_atribuido: -1 },
      'custo_atribuido',
      'Informe o custo por ação nova, em reais, zero ou mais.',
    ],
    [
      { tipo: 'desdobramento', data_ex: '2026-03-02', fator: 2, data_pagamento: '2026-03-10' },
      'data_pagamento',
      'Desdobramentos, grupamentos e bonificações não têm data de pagamento: deixe-a em branco.',
    ],
    [
      { tipo: 'jcp', data_ex: '2026-03-02', valor_por_acao: 1, data_pagamento: '2026-03-01' },
      'data_pagamento',
      'A data de pagamento não pode ser anterior à data ex.',
    ],
    [
      { tipo: 'jcp', data_ex: '2026-03-02', valor_por_acao: 1, data_pagamento: '2026-02-30' },
      'data_pagamento',
      'Informe uma data válida.',
    ],
  ])('refuses %j with 400 and its message, changing nothing', async (json, campo, message) => {
    const before = await counts();
    const res = await post(json);
    expect(res.status).toBe(400);
    expect(res.body.campos?.[campo]).toBe(message);
    expect(await counts()).toEqual(before);
  });
});
