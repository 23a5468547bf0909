import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/query';
import { recomendacoes } from '../../db/schema';
import { adjustSerie, type EventoDeAcoes } from '../../lib/precos/ajuste';
import { eventosDeAcoesVigentes, tiposDeAcoes } from '../../lib/precos/serie';
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
const textArray = (text: string) => (text.length <= 2 ? [] : text.slice(1, -1).split(','));

interface HistoricoRow {
  acao_id: number;
  abertura: string;
  maxima: string;
  minima: string;
  fechamento: string;
  volume: string;
  /** Each bar's reference date, only for stocks with share events in force (server/lib/precos/ajuste.ts). */
  referencia: string | null;
}

/** A stock with share events in force: its bars through the one adjustment every reader uses. */
function serieAjustadaDe(r: HistoricoRow, eventos: EventoDeAcoes[]): Serie {
  const [abertura, maxima, minima, fechamento, volume, referencia] = [
    r.abertura,
    r.maxima,
    r.minima,
    r.fechamento,
    r.volume,
    r.referencia!,
  ].map(textArray) as [string[], string[], string[], string[], string[], string[]];
  const barras = adjustSerie(
    referencia.map((data, i) => ({
      data,
      ajustado_ate: null,
      abertura: abertura[i]!,
      maxima: maxima[i]!,
      minima: minima[i]!,
      fechamento: fechamento[i]!,
      volume: Number(volume[i]),
    })),
    eventos,
  );
  const coluna = (pick: (b: (typeof barras)[number]) => string | number) =>
    Float64Array.from(barras, (b) => Number(pick(b)));
  return {
    abertura: coluna((b) => b.abertura),
    maxima: coluna((b) => b.maxima),
    minima: coluna((b) => b.minima),
    fechamento: coluna((b) => b.fechamento),
    volume: coluna((b) => b.volume),
  };
}

/**
 * Every stock that traded on `data`, with its last `sessoes` bars up to it, in ONE query, in today's terms (the
 * adjusted series of server/lib/precos/ajuste.ts). Reading rows is the real cost (on PGlite far more than on
 * PostgreSQL), so each stock comes back as one row of numeric arrays in text form (numeric's text output is much
 * cheaper than float8's), and only the sessions the method can use; the bars' reference dates come only for the
 * few stocks a share event in force adjusts.
 */
export async function loadHistorico(
  db: Db,
  data: string,
  sessoes: number = PARAMETROS.minSessoes,
): Promise<Array<{ acao_id: number; serie: Serie }>> {
  const rows = await queryRows<HistoricoRow>(
    db,
    sql`select a.id as acao_id, h.*
        from acoes a
        cross join lateral (
          select array_agg(x.abertura order by x.data)::text as abertura,
            array_agg(x.maxima order by x.data)::text as maxima,
            array_agg(x.minima order by x.data)::text as minima,
            array_agg(x.fechamento order by x.data)::text as fechamento,
            array_agg(x.volume order by x.data)::text as volume,
            case when exists (
              select 1 from eventos_corporativos e
              where e.acao_id = a.id and e.tipo in (${tiposDeAcoes}) and e.aplicado_em is not null
            ) then array_agg(greatest(x.data, coalesce(x.ajustado_ate, x.data)) order by x.data)::text
            end as referencia
          from (
            select p.data, p.abertura, p.maxima, p.minima, p.fechamento, p.volume, p.ajustado_ate
            from precos_diarios p
            where p.acao_id = a.id and p.data <= ${data}
            order by p.data desc
            limit ${sessoes}
          ) x
        ) h
        where exists (select 1 from precos_diarios d where d.acao_id = a.id and d.data = ${data})
        order by a.id`,
  );
  const ajustadas = rows.filter((r) => r.referencia !== null).map((r) => r.acao_id);
  const eventos = ajustadas.length
    ? await eventosDeAcoesVigentes(db, ajustadas)
    : new Map<number, EventoDeAcoes[]>();
  return rows.map((r) => ({
    acao_id: r.acao_id,
    serie:
      r.referencia !== null
        ? serieAjustadaDe(r, eventos.get(r.acao_id) ?? [])
        : {
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
export async function selectLinhas(db: Db, limites: Limites, clienteId?: number): Promise<Linha[]> {
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
