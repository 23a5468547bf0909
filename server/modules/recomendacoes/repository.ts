import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/query';
import { recomendacoes } from '../../db/schema';
import { PARAMETROS, type Serie } from './engine';

export type RecomendacaoRow = typeof recomendacoes.$inferInsert;

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

/** Replaces one date's recommendations (call inside the recompute's transaction). */
export async function replaceRecomendacoes(
  tx: Tx,
  data: string,
  linhas: RecomendacaoRow[],
): Promise<void> {
  await tx.delete(recomendacoes).where(sql`${recomendacoes.data} = ${data}`);
  // 20 columns a row: 1,000 rows a statement stays far below PostgreSQL's 65,535 parameters.
  for (let i = 0; i < linhas.length; i += 1000) {
    await tx.insert(recomendacoes).values(linhas.slice(i, i + 1000));
  }
}

export interface Limites {
  probabilidadeMin: number;
  estimadoMin: number;
}

export interface Linha {
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
export async function selecionar(db: Db, limites: Limites, clienteId?: number): Promise<Linha[]> {
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

export async function clienteExiste(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from clientes where id = ${id}`);
  return rows.length > 0;
}
