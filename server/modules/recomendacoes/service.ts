import { sql } from 'drizzle-orm';
import type { Recomendacao, RecomendacaoDisponivel } from '../../../contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import { recomendacoes } from '../../db/schema';
import { audit } from '../../lib/audit';
import { price, toNumber } from '../../../shared/decimal';
import { PARAMETROS, analisar, type Analise, type Serie } from './engine';

export type Limites = Config['recomendacao'];

/** The latest session with any price: the date a recompute is for. */
export async function ultimaSessao(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ data: string | null }>(
    db,
    sql`select max(data) as data from precos_diarios`,
  );
  return row?.data ?? null;
}

const parseArray = (text: string) =>
  text.length <= 2 ? new Float64Array(0) : Float64Array.from(text.slice(1, -1).split(','), Number);

/**
 * Every stock that traded on `data`, with its last `sessoes` bars up to it, in ONE query. Reading rows is the
 * real cost (on PGlite far more than on PostgreSQL), so each stock comes back as one row of numeric arrays in
 * text form (numeric's text output is much cheaper than float8's), and only the sessions the method can use.
 */
export async function carregarHistorico(
  db: Db,
  data: string,
  sessoes: number = PARAMETROS.minSessoes,
): Promise<Array<{ acao_id: number; serie: Serie }>> {
  const rows = await queryRows<{
    acao_id: number;
    abertura: string;
    maxima: string;
    minima: string;
    fechamento: string;
    volume: string;
  }>(
    db,
    sql`select a.id as acao_id, h.*
        from acoes a
        cross join lateral (
          select array_agg(x.abertura order by x.data)::text as abertura,
            array_agg(x.maxima order by x.data)::text as maxima,
            array_agg(x.minima order by x.data)::text as minima,
            array_agg(x.fechamento order by x.data)::text as fechamento,
            array_agg(x.volume order by x.data)::text as volume
          from (
            select p.data, p.abertura, p.maxima, p.minima, p.fechamento, p.volume
            from precos_diarios p
            where p.acao_id = a.id and p.data <= ${data}
            order by p.data desc
            limit ${sessoes}
          ) x
        ) h
        where exists (select 1 from precos_diarios d where d.acao_id = a.id and d.data = ${data})
        order by a.id`,
  );
  return rows.map((r) => ({
    acao_id: r.acao_id,
    serie: {
      abertura: parseArray(r.abertura),
      maxima: parseArray(r.maxima),
      minima: parseArray(r.minima),
      fechamento: parseArray(r.fechamento),
      volume: parseArray(r.volume),
    },
  }));
}

const passa = (a: Analise, limites: Limites) =>
  a.probabilidade >= limites.probabilidadeMin && a.percentual_estimado > limites.estimadoMin;

export interface Recalculo {
  data: string | null;
  analisadas: number;
  recomendadas: number;
}

/**
 * Recomputes every stock on the latest session and replaces that date's rows in one transaction. Every stock
 * analysed is stored (the thresholds filter when listing), so the latest set is this date's even when no stock
 * passes them.
 */
export async function recalcular(db: Db, limites: Limites, username: string): Promise<Recalculo> {
  const data = await ultimaSessao(db);
  if (!data) return { data: null, analisadas: 0, recomendadas: 0 };
  const historico = await carregarHistorico(db, data);
  const linhas: Array<typeof recomendacoes.$inferInsert> = [];
  let recomendadas = 0;
  for (const { acao_id, serie } of historico) {
    const a = analisar(serie);
    if (!a) continue;
    if (passa(a, limites)) recomendadas++;
    linhas.push({
      data,
      acao_id,
      preco_compra: String(a.preco_compra),
      alvo_sugerido: String(a.alvo_sugerido),
      percentual_estimado: String(a.percentual_estimado),
      probabilidade: String(a.probabilidade),
      vezes_atingiu_alvo_1m: a.vezes_atingiu_alvo_1m,
      cruza_medias: a.cruza_medias,
      obv_cres: a.obv_cres,
      vol_acima_media: a.vol_acima_media,
      wma602: a.wma602,
      min: String(a.MIN),
      max: String(a.MAX),
      amplitude: String(a.AMPLITUDE),
      amp_axf: String(a.AMP_AxF),
      amp_mxxmn: String(a.AMP_MXxMN),
      a_x_f: String(a.A_x_F),
      alvo: String(a.ALVO),
      alta: a.ALTA,
      baixa: a.BAIXA,
    });
  }
  await db.transaction(async (tx) => {
    await tx.delete(recomendacoes).where(sql`${recomendacoes.data} = ${data}`);
    // 20 columns a row: 1,000 rows a statement stays far below PostgreSQL's 65,535 parameters.
    for (let i = 0; i < linhas.length; i += 1000) {
      await tx.insert(recomendacoes).values(linhas.slice(i, i + 1000));
    }
    await audit(tx, {
      username,
      action: 'recalcular',
      entity: 'recomendacoes',
      entityId: data,
      after: { analisadas: linhas.length, recomendadas },
    });
  });
  return { data, analisadas: linhas.length, recomendadas };
}

interface Linha {
  acao_id: number;
  ticker: string;
  empresa: string | null;
  setor: string | null;
  data: string;
  preco_compra: string;
  alvo_sugerido: string;
  percentual_estimado: string;
  probabilidade: string;
  vezes_atingiu_alvo_1m: number;
  cruza_medias: boolean;
  obv_cres: boolean;
  vol_acima_media: boolean;
  wma602: boolean;
  min: string;
  max: string;
  amplitude: string;
  amp_axf: string;
  amp_mxxmn: string;
  a_x_f: string;
  alvo: string;
  alta: number;
  baixa: number;
}

/** The latest set that passes the thresholds, best first; without the stocks `clienteId` holds open. */
async function selecionar(db: Db, limites: Limites, clienteId?: number): Promise<Linha[]> {
  const semAbertas =
    clienteId === undefined
      ? sql``
      : sql`and not exists (select 1 from operacoes o
              where o.cliente_id = ${clienteId} and o.acao_id = r.acao_id and o.data_venda is null)`;
  return queryRows<Linha>(
    db,
    sql`select r.*, a.ticker, a.empresa, a.setor
        from recomendacoes r
        join acoes a on a.id = r.acao_id
        where r.data = (select max(data) from recomendacoes)
          and r.probabilidade >= ${limites.probabilidadeMin}
          and r.percentual_estimado > ${limites.estimadoMin}
          ${semAbertas}
        order by r.probabilidade desc, r.percentual_estimado desc, a.ticker`,
  );
}

const pct = (value: string) => toNumber(value, 2)!;

export async function listar(db: Db, limites: Limites): Promise<Recomendacao[]> {
  const linhas = await selecionar(db, limites);
  return linhas.map((r) => ({
    ticker: r.ticker,
    empresa: r.empresa,
    setor: r.setor,
    data: r.data,
    preco_compra: price(r.preco_compra)!,
    alvo_sugerido: price(r.alvo_sugerido)!,
    percentual_estimado: pct(r.percentual_estimado),
    probabilidade: pct(r.probabilidade),
    vezes_atingiu_alvo_1m: r.vezes_atingiu_alvo_1m,
    cruza_medias: r.cruza_medias,
    obv_cres: r.obv_cres,
    vol_acima_media: r.vol_acima_media,
    wma602: r.wma602,
    MIN: price(r.min)!,
    MAX: price(r.max)!,
    AMPLITUDE: pct(r.amplitude),
    AMP_AxF: pct(r.amp_axf),
    AMP_MXxMN: pct(r.amp_mxxmn),
    A_x_F: pct(r.a_x_f),
    ALVO: pct(r.alvo),
    ALTA: r.alta,
    BAIXA: r.baixa,
  }));
}

export async function listarDisponiveis(
  db: Db,
  limites: Limites,
  clienteId: number,
): Promise<RecomendacaoDisponivel[]> {
  const linhas = await selecionar(db, limites, clienteId);
  return linhas.map((r) => ({
    acao_id: r.acao_id,
    ticker: r.ticker,
    empresa: r.empresa,
    preco_compra: price(r.preco_compra)!,
    alvo_sugerido: price(r.alvo_sugerido)!,
    probabilidade: pct(r.probabilidade),
  }));
}

export async function clienteExiste(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from clientes where id = ${id}`);
  return rows.length > 0;
}
