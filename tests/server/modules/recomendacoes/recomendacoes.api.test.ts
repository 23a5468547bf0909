import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recomendacao, RecomendacaoDisponivel } from '../../../../contract';
import { queryRows } from '../../../../server/db/query';
import { acoes, auditLog, clientes, operacoes } from '../../../../server/db/schema';
import { analyze } from '../../../../server/modules/recomendacoes/engine';
import { startTestServer, type TestServer } from '../../../support/test-server';

const START = '2023-01-01';
const DAYS = 400;
const LAST = '2024-02-04'; // START + 399 days

/**
 * Synthetic histories, one bar a calendar day: a steady climb (every target reached), a steady fall (none),
 * a zig-zag (some), a stock with too little history and one that stopped trading before the last session.
 */
async function seed(s: TestServer) {
  const ids = await s.database.db
    .insert(acoes)
    .values(
      ['SOBE3', 'DESC3', 'ZIGZ3', 'CURT3', 'PARO3'].map((ticker) => ({
        ticker,
        empresa: `Empresa ${ticker}`,
        setor: 'Teste',
      })),
    )
    .returning({ id: acoes.id, ticker: acoes.ticker });
  const id = Object.fromEntries(ids.map((r) => [r.ticker, r.id])) as Record<string, number>;
  const bars = (acao: number, close: string, from: number, to: number) =>
    s.database.db.execute(sql`
      insert into precos_diarios (acao_id, data, abertura, maxima, minima, fechamento, volume)
      select ${acao}::int, ${START}::date + g, c * 0.998, c * 1.004, c * 0.994, c, 1000 + (g % 7) * 100
      from (select g, (${sql.raw(close)}) as c from generate_series(${from}::int, ${to}::int) g) x`);
  await bars(id.SOBE3!, '10 * power(1.003, g)', 0, DAYS - 1);
  await bars(id.DESC3!, '50 * power(0.997, g)', 0, DAYS - 1);
  await bars(id.ZIGZ3!, '20 + 2 * sin(g / 3.0)', 0, DAYS - 1);
  await bars(id.CURT3!, '10 * power(1.003, g)', DAYS - 200, DAYS - 1);
  await bars(id.PARO3!, '10 * power(1.003, g)', 0, DAYS - 2);
  return id;
}

describe('recommendations API', () => {
  let s: TestServer;
  let token: string;
  let id: Record<string, number>;

  beforeAll(async () => {
    s = await startTestServer();
    token = await s.login();
    id = await seed(s);
  });
  afterAll(() => s?.close());

  const get = async <T>(path: string) => {
    const res = await s.request(path, { token });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };

  it('needs a token', async () => {
    expect((await s.request('/api/recomendacoes/')).status).toBe(401);
    expect((await s.request('/api/recomendacoes/', { method: 'POST' })).status).toBe(401);
  });

  it('lists nothing before the first recompute', async () => {
    expect(await get('/api/recomendacoes/')).toEqual([]);
  });

  it('recomputes for the latest session and says how many, for which date', async () => {
    const res = await s.request('/api/recomendacoes/', { method: 'POST', token });
    expect(res.status).toBe(200);
    // SOBE3 and ZIGZ3 pass; DESC3 is analysed but fails; CURT3 (200 sessions) and PARO3 (stale) are not.
    expect(await res.json()).toEqual({
      message: '2 recomendações para 04/02/2024 (3 ações analisadas).',
    });
    const [entry] = await s.database.db
      .select()
      .from(auditLog)
      .where(sql`action = 'recalcular'`);
    expect(entry).toMatchObject({ username: 'operador', entity: 'recomendacoes', entity_id: LAST });
  });

  it('lists the latest set best first, every column as the method computes it, rounded in the answer', async () => {
    const list = await get<Recomendacao[]>('/api/recomendacoes/');
    expect(list.map((r) => r.ticker)).toEqual(['SOBE3', 'ZIGZ3']);
    expect(list[0]!.probabilidade).toBeGreaterThanOrEqual(list[1]!.probabilidade);

    for (const r of list) {
      // Independently: read the stock's bars with a plain query and run the (unit-tested) method on them.
      const bars = await queryRows<Record<string, string>>(
        s.database.db,
        sql`select abertura, maxima, minima, fechamento, volume from precos_diarios p
            join acoes a on a.id = p.acao_id where a.ticker = ${r.ticker} order by data`,
      );
      const col = (k: string) => Float64Array.from(bars, (b) => Number(b[k]));
      const a = analyze({
        abertura: col('abertura'),
        maxima: col('maxima'),
        minima: col('minima'),
        fechamento: col('fechamento'),
        volume: col('volume'),
      })!;
      const r2 = (x: number) => Math.round(x * 100) / 100;
      const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
      expect(r).toEqual({
        ticker: r.ticker,
        empresa: `Empresa ${r.ticker}`,
        setor: 'Teste',
        data: LAST,
        preco_compra: r4(a.preco_compra),
        alvo_sugerido: r4(a.alvo_sugerido),
        percentual_estimado: r2(a.percentual_estimado),
        probabilidade: r2(a.probabilidade),
        vezes_atingiu_alvo_1m: a.vezes_atingiu_alvo_1m,
        cruza_medias: a.cruza_medias,
        obv_cres: a.obv_cres,
        vol_acima_media: a.vol_acima_media,
        wma602: a.wma602,
        MIN: r4(a.MIN),
        MAX: r4(a.MAX),
        AMPLITUDE: r2(a.AMPLITUDE),
        AMP_AxF: r2(a.AMP_AxF),
        AMP_MXxMN: r2(a.AMP_MXxMN),
        A_x_F: r2(a.A_x_F),
        ALVO: r2(a.ALVO),
        ALTA: a.ALTA,
        BAIXA: a.BAIXA,
      });
    }
    expect(list[0]).toMatchObject({
      ticker: 'SOBE3',
      probabilidade: 100,
      vezes_atingiu_alvo_1m: 250,
    });
  });

  it('recomputing again replaces that date’s rows instead of adding to them', async () => {
    await s.request('/api/recomendacoes/', { method: 'POST', token });
    const [row] = await queryRows<{ n: number }>(
      s.database.db,
      sql`select count(*)::int as n from recomendacoes`,
    );
    expect(row!.n).toBe(3);
    expect((await get<Recomendacao[]>('/api/recomendacoes/')).length).toBe(2);
  });

  it('recomendacoes-disponiveis leaves out the stocks the client holds open, not the ones sold', async () => {
    const [cliente] = await s.database.db
      .insert(clientes)
      .values({ nome: 'Ana' })
      .returning({ id: clientes.id });
    const base = {
      cliente_id: cliente!.id,
      data_compra: '2024-01-10',
      preco_unitario: '10',
      quantidade: 100,
    };
    await s.database.db.insert(operacoes).values([
      { ...base, acao_id: id.SOBE3! },
      { ...base, acao_id: id.ZIGZ3!, data_venda: '2024-01-20', preco_venda_unitario: '11' },
    ]);
    const list = await get<RecomendacaoDisponivel[]>(
      `/api/clientes/${cliente!.id}/recomendacoes-disponiveis/`,
    );
    const all = await get<Recomendacao[]>('/api/recomendacoes/');
    const zig = all.find((r) => r.ticker === 'ZIGZ3')!;
    expect(list).toEqual([
      {
        acao_id: id.ZIGZ3,
        ticker: 'ZIGZ3',
        empresa: 'Empresa ZIGZ3',
        preco_compra: zig.preco_compra,
        alvo_sugerido: zig.alvo_sugerido,
        probabilidade: zig.probabilidade,
        MIN: zig.MIN,
        MAX: zig.MAX,
      },
    ]);
  });

  it('recomendacoes-disponiveis: 404 for an unknown client, 400 for a bad id', async () => {
    const missing = await s.request('/api/clientes/999999/recomendacoes-disponiveis/', { token });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: 'Cliente não encontrado.' });
    expect(
      (await s.request('/api/clientes/abc/recomendacoes-disponiveis/', { token })).status,
    ).toBe(400);
  });
});

// With the defaults (≥ 50 %, > 0 %), SOBE3 (100 %, 2.01 %) and ZIGZ3 (81.2 %, 1.23 %) pass.
describe.each([
  ['a higher minimum estimate', { RECOMENDACAO_PROB_MIN: '0', RECOMENDACAO_ESTIMADO_MIN: '1.5' }],
  [
    'a higher minimum probability',
    { RECOMENDACAO_PROB_MIN: '90', RECOMENDACAO_ESTIMADO_MIN: '-100' },
  ],
])('thresholds from the configuration: %s', (_name, env) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer(env);
    token = await s.login();
  });
  afterAll(() => s?.close());

  it('with no price history the recompute says so and lists nothing', async () => {
    const res = await s.request('/api/recomendacoes/', { method: 'POST', token });
    expect(await res.json()).toEqual({
      message: 'Sem histórico de preços: nenhuma recomendação calculada.',
    });
    expect(await (await s.request('/api/recomendacoes/', { token })).json()).toEqual([]);
  });

  it('leaves only the stock that passes it', async () => {
    await seed(s);
    const res = await s.request('/api/recomendacoes/', { method: 'POST', token });
    expect(await res.json()).toEqual({
      message: '1 recomendação para 04/02/2024 (3 ações analisadas).',
    });
    const list = (await (
      await s.request('/api/recomendacoes/', { token })
    ).json()) as Recomendacao[];
    expect(list.map((r) => r.ticker)).toEqual(['SOBE3']);
  });
});
