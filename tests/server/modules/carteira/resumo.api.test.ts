import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operacao, ResumoCliente } from '../../../../contract';
import { daysBetween, todayIso } from '../../../../shared/dates';
import { importLotes, patrimonios } from '../../../../server/db/schema';
import { loadDemoCarteiras } from '../../../../server/seed/demo-carteiras';
import {
  independentFigures,
  startCarteiraServer,
  type CarteiraServer,
} from '../operacoes/fixtures';

describe('clientes/{id}/resumo/', () => {
  let s: CarteiraServer;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    s = await startCarteiraServer();
    ids.ana = await s.novoCliente({ nome: 'Ana', codigo_xp: '111', percentual_patrimonio: '20' });
    ids.bia = await s.novoCliente({ nome: 'Bia', codigo_xp: '222', percentual_patrimonio: '0' });
    ids.caio = await s.novoCliente({
      nome: 'Caio',
      codigo_xp: '333',
      percentual_patrimonio: '35.5',
    });
    // The demo portfolios: stocks with and without a stored price (only five tickers have history here).
    await loadDemoCarteiras(s.database.db);
    ids.vazio = await s.novoCliente({ nome: 'Sem nada', percentual_patrimonio: '10' });
    // An older and a newer patrimony for Ana: the newer one counts.
    const db = s.database.db;
    const [lote] = await db
      .insert(importLotes)
      .values({
        tipo: 'patrimonio',
        data_referencia: '2020-01-31',
        arquivo: 't.xlsx',
        linhas: 1,
        status: 'importado',
        username: 't',
      })
      .returning();
    await db.insert(patrimonios).values([
      { lote_id: lote!.id, data_referencia: '2020-01-31', codigo: '111', patrimonio: '1.00' },
      { lote_id: lote!.id, data_referencia: '2030-01-31', codigo: '111', patrimonio: '812345.67' },
    ]);
  });
  afterAll(() => s.close());

  it('equals an independent computation for every client of a seeded portfolio', async () => {
    const hoje = todayIso();
    const expected = await independentFigures(s, hoje);
    expect(expected.ops.length).toBeGreaterThan(20);
    const semCotacao = expected.ops.filter(
      (o) => o.data_venda === null && !expected.closes.has(o.ticker),
    );
    expect(semCotacao.length).toBeGreaterThan(0);
    for (const id of Object.values(ids)) {
      const res = await s.json<ResumoCliente>(`/api/clientes/${id}/resumo/`);
      expect(res.status).toBe(200);
      expect(res.body, `cliente ${id}`).toEqual(expected.perCliente.get(id));
    }
    expect((await s.json<ResumoCliente>(`/api/clientes/${ids.ana}/resumo/`)).body.patrimonio).toBe(
      812345.67,
    );
  });

  it('an empty client: zeros, no patrimony, no monthly return', async () => {
    const res = await s.json<ResumoCliente>(`/api/clientes/${ids.vazio}/resumo/`);
    expect(res.body).toEqual({
      patrimonio: null,
      percentual_patrimonio: 10,
      posicionadas: 0,
      valor_disponivel: null,
      realizadas: 0,
      posicionado: 0,
      dias_total: 0,
      rentabilidade_mensal: null,
      proventos_recebidos: 0,
    });
  });

  it('a zero percentual gives no monthly return; days count from the first purchase', async () => {
    const bia = (await s.json<ResumoCliente>(`/api/clientes/${ids.bia}/resumo/`)).body;
    expect(bia.rentabilidade_mensal).toBeNull();
    expect(bia.valor_disponivel).toBe(-bia.posicionadas!);
    const ops = (await s.json<Operacao[]>(`/api/operacoes/?cliente=${ids.bia}`)).body;
    const first = ops.map((o) => o.data_compra!).sort()[0]!;
    expect(bia.dias_total).toBe(daysBetween(first, todayIso()));
  });

  it('answers 404 for an unknown client', async () => {
    const res = await s.json<{ detail: string }>('/api/clientes/999999/resumo/');
    expect(res).toEqual({ status: 404, body: { detail: 'Cliente não encontrado.' } });
  });
});
