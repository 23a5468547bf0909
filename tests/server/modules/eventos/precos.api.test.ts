import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../../server/db/query';
import { acoes } from '../../../../server/db/schema';
import { serieAjustada } from '../../../../server/lib/precos/serie';
import { writeBarras } from '../../../../server/lib/precos/store';
import { analyze, type Analise, type Serie } from '../../../../server/modules/recomendacoes/engine';
import { readDemoPrecos } from '../../../../server/seed/demo-precos';
import { startTestServer, type TestServer } from '../../../support/test-server';

/**
 * A stock that split 1:2 ten sessions before its last one, stored as traded (COTAHIST): every price before the
 * split twice what it is in today's terms. Built from a real adjusted history (the bundled WEGE3), so the series
 * in today's terms is known independently of the adjustment code: the real prices, with the volumes before the
 * split doubled (a traded share then is two now).
 */
const reais = readDemoPrecos({ tickers: ['WEGE3'] });
const D = reais.length - 10;
const DATA_EX = reais[D]!.data;
const dobro = (p: string) => (Number(p) * 2).toFixed(4);

const serieEmTermosDeHoje: Serie = {
  abertura: Float64Array.from(reais, (b) => Number(b.abertura)),
  maxima: Float64Array.from(reais, (b) => Number(b.maxima)),
  minima: Float64Array.from(reais, (b) => Number(b.minima)),
  fechamento: Float64Array.from(reais, (b) => Number(b.fechamento)),
  volume: Float64Array.from(reais, (b, i) => (i < D ? 2 * b.volume : b.volume)),
};

describe('recommendations over a stock with a split inside its windows', () => {
  let s: TestServer;
  let token: string;
  let acaoId: number;

  beforeAll(async () => {
    s = await startTestServer();
    token = await s.login();
    const [row] = await s.database.db
      .insert(acoes)
      .values({ ticker: 'DESD3', empresa: 'Desdobra', setor: 'Teste' })
      .returning({ id: acoes.id });
    acaoId = row!.id;
    await writeBarras(
      s.database.db,
      reais.map((b, i) => ({
        acao_id: acaoId,
        data: b.data,
        abertura: i < D ? dobro(b.abertura) : b.abertura,
        maxima: i < D ? dobro(b.maxima) : b.maxima,
        minima: i < D ? dobro(b.minima) : b.minima,
        fechamento: i < D ? dobro(b.fechamento) : b.fechamento,
        volume: b.volume,
      })),
      { fonte: 'cotahist', ajustado_ate: null },
    );
  });
  afterAll(() => s?.close());

  const recompute = async () => {
    const res = await s.request('/api/recomendacoes/', { method: 'POST', token });
    expect(res.status).toBe(200);
    const [row] = await queryRows<Record<string, string | number | boolean>>(
      s.database.db,
      sql`select * from recomendacoes where acao_id = ${acaoId}`,
    );
    return row!;
  };

  /** The stored row against the method's analysis: exact, but for the 4 places of the price columns. */
  const comoOMetodo = (a: Analise) => ({
    preco_compra: a.preco_compra.toFixed(4),
    alvo_sugerido: (Math.round(a.alvo_sugerido * 10_000) / 10_000).toFixed(4),
    min: a.MIN.toFixed(4),
    max: a.MAX.toFixed(4),
    percentual_estimado: a.percentual_estimado,
    probabilidade: a.probabilidade,
    vezes_atingiu_alvo_1m: a.vezes_atingiu_alvo_1m,
    cruza_medias: a.cruza_medias,
    obv_cres: a.obv_cres,
    vol_acima_media: a.vol_acima_media,
    wma602: a.wma602,
    amplitude: a.AMPLITUDE,
    amp_axf: a.AMP_AxF,
    amp_mxxmn: a.AMP_MXxMN,
    a_x_f: a.A_x_F,
    alvo: a.ALVO,
    alta: a.ALTA,
    baixa: a.BAIXA,
  });
  const armazenada = (row: Record<string, string | number | boolean>) => {
    const n = (k: string) => Number(row[k]);
    return {
      preco_compra: row.preco_compra,
      alvo_sugerido: row.alvo_sugerido,
      min: row.min,
      max: row.max,
      percentual_estimado: n('percentual_estimado'),
      probabilidade: n('probabilidade'),
      vezes_atingiu_alvo_1m: row.vezes_atingiu_alvo_1m,
      cruza_medias: row.cruza_medias,
      obv_cres: row.obv_cres,
      vol_acima_media: row.vol_acima_media,
      wma602: row.wma602,
      amplitude: n('amplitude'),
      amp_axf: n('amp_axf'),
      amp_mxxmn: n('amp_mxxmn'),
      a_x_f: n('a_x_f'),
      alvo: n('alvo'),
      alta: row.alta,
      baixa: row.baixa,
    };
  };

  it('without the event the engine sees a crash; with it, the recommendation equals the method on the series in today’s terms', async () => {
    const esperada = comoOMetodo(analyze(serieEmTermosDeHoje)!);
    const semEvento = armazenada(await recompute());
    // The window's lowest low is today's, its highest high a doubled pre-split one.
    expect(semEvento.max).not.toBe(esperada.max);
    expect(semEvento).not.toEqual(esperada);

    const criado = await s.request('/api/eventos-corporativos/', {
      method: 'POST',
      token,
      json: { acao: acaoId, tipo: 'desdobramento', data_ex: DATA_EX, fator: 2 },
    });
    expect(criado.status).toBe(201);
    expect(armazenada(await recompute())).toEqual(esperada);

    // The series every other reader gets (history charts) is the same one.
    const serie = await serieAjustada(s.database.db, acaoId);
    expect(serie.map((b) => Number(b.fechamento))).toEqual([...serieEmTermosDeHoje.fechamento]);
    expect(serie.map((b) => b.volume)).toEqual([...serieEmTermosDeHoje.volume]);
    const ultimas = await serieAjustada(s.database.db, acaoId, {
      de: reais.at(-3)!.data,
      ate: reais.at(-2)!.data,
    });
    expect(ultimas.map((b) => b.data)).toEqual([reais.at(-3)!.data, reais.at(-2)!.data]);
  });
});
