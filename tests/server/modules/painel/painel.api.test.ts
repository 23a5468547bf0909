import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DashboardRvResponseSchema,
  type DashboardRvResponse,
  type PatrimonioDisponivel,
} from '../../../../contract';
import { daysBetween, todayIso } from '../../../../shared/dates';
import { Decimal } from '../../../../shared/decimal';
import { loadDemoCarteiras } from '../../../../server/seed/demo-carteiras';
import {
  independentFigures,
  startCarteiraServer,
  type CarteiraServer,
} from '../operacoes/fixtures';

describe('control panel figures: dashboard-rv/ and patrimonio-disponivel/', () => {
  let s: CarteiraServer;
  beforeAll(async () => {
    s = await startCarteiraServer();
    await s.novoCliente({ nome: 'Ana', codigo_xp: '111', percentual_patrimonio: '20' });
    await s.novoCliente({ nome: 'Bia', codigo_xp: '222', percentual_patrimonio: '0' });
    await s.novoCliente({ nome: null, codigo_xp: null, percentual_patrimonio: '15' });
    await loadDemoCarteiras(s.database.db);
    await s.novoCliente({ nome: 'Zeca', codigo_xp: '999', percentual_patrimonio: '50' });
  });
  afterAll(() => s.close());

  it('dashboard-rv lists every open position with its quote and lucro_percentual', async () => {
    const hoje = todayIso();
    const expected = await independentFigures(s, hoje);
    const res = await s.json<DashboardRvResponse>('/api/dashboard-rv/');
    expect(res.status).toBe(200);
    expect(DashboardRvResponseSchema.parse(res.body)).toEqual(res.body);
    const abertas = expected.ops.filter((o) => o.data_venda === null);
    expect(res.body.posicionadas).toHaveLength(abertas.length);
    const nomes = new Map(expected.clientes.map((c) => [c.id, c.nome ?? `Cliente ${c.id}`]));
    const byKey = new Map(
      res.body.posicionadas.map((p) => [`${p.cliente}|${p.acao}|${p.data_compra}`, p]),
    );
    let comCotacao = 0;
    for (const o of abertas) {
      const row = byKey.get(`${nomes.get(o.cliente_id)}|${o.ticker}|${o.data_compra}`);
      expect(row, `${o.ticker} ${o.data_compra}`).toBeDefined();
      const close = expected.closes.get(o.ticker);
      if (close) comCotacao++;
      expect(row).toMatchObject({
        preco_compra: Number(o.preco_unitario),
        quantidade: o.quantidade,
        valor_total_compra: expected.totalCompra(o)!.toNumber(),
        preco_atual: close ? close.toNumber() : null,
        lucro_percentual: close
          ? close
              .dividedBy(o.preco_unitario!)
              .minus(1)
              .times(100)
              .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
              .toNumber()
          : null,
        dias_posicionado: daysBetween(o.data_compra!, hoje),
      });
    }
    expect(comCotacao).toBeGreaterThan(0);
    expect(comCotacao).toBeLessThan(abertas.length);
    // The quotes' time: the newest stored close (29/10/2025) at the session's end, 17:00 in São Paulo.
    expect(res.body.cotacoes_em).toBe('2025-10-29T20:00:00.000Z');
  });

  it('patrimonio-disponivel answers one row per client with the summary figures', async () => {
    const expected = await independentFigures(s, todayIso());
    const res = await s.json<PatrimonioDisponivel[]>('/api/patrimonio-disponivel/');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(expected.clientes.length);
    for (const c of expected.clientes) {
      const figures = expected.perCliente.get(c.id)!;
      expect(res.body).toContainEqual({
        codigo: c.codigo_xp,
        nome: c.nome,
        patrimonio: figures.patrimonio,
        total_consolidado: figures.posicionadas,
        valor_disponivel: figures.valor_disponivel,
      });
    }
    const zeca = res.body.find((r) => r.nome === 'Zeca')!;
    expect(zeca).toEqual({
      codigo: '999',
      nome: 'Zeca',
      patrimonio: null,
      total_consolidado: 0,
      valor_disponivel: null,
    });
  });
});
