import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import { tiposDeAcoes } from '../../lib/precos/serie';

/**
 * What a performance answer reads (docs/rentabilidade.md), in a fixed number of statements whatever the number of
 * clients or operations: every close the portfolios need, read once (each stock's closes in the period and its last
 * close before it, one row per stock), the benchmarks and their refreshes; then the operations that still count
 * (open at the close before the period, or bought or sold in it), the share events applied to them and the
 * proventos summed per client, stock and day (in SQL).
 */

/** Whose operations: one client, or the whole book. */
export type Escopo = { cliente: number } | 'livro';

const operacoesDo = (escopo: Escopo, ate: string, o = sql.raw('o')): SQL =>
  escopo === 'livro'
    ? sql`${o}.data_compra <= ${ate}`
    : sql`${o}.cliente_id = ${escopo.cliente} and ${o}.data_compra <= ${ate}`;

export interface OperacaoLida {
  id: number;
  cliente_id: number;
  acao_id: number;
  data_compra: string;
  quantidade: number | null;
  preco: string | null;
  custos_compra: string;
  data_venda: string | null;
  preco_venda: string | null;
  custos_venda: string;
}

/**
 * An operation bought and sold by the close before the period (`anterior`) adds nothing to it (no shares at its
 * opening, no money in it): only the others are read.
 */
const contamNo = (anterior: string) => sql`(o.data_venda is null or o.data_venda > ${anterior})`;

/**
 * Every operation bought up to `ate` and not sold by `anterior`, as the book holds it (in the terms of the share
 * events that reached it).
 */
export function selectOperacoes(db: Db, escopo: Escopo, anterior: string, ate: string) {
  return queryRows<OperacaoLida>(
    db,
    sql`select o.id, o.cliente_id, o.acao_id, o.data_compra, o.quantidade, o.preco_unitario::text as preco,
          o.custos_compra::text as custos_compra, o.data_venda, o.preco_venda_unitario::text as preco_venda,
          o.custos_venda::text as custos_venda
        from operacoes o
        where ${operacoesDo(escopo, ate)} and ${contamNo(anterior)}`,
  );
}

export interface AplicacaoLida {
  operacao_id: number;
  evento_id: number;
  quantidade_antes: number;
  preco_antes: string | null;
  quantidade_depois: number;
  preco_depois: string | null;
}

/** The share events applied to those operations, with the values before and after, each operation's in order. */
export function selectAplicacoes(db: Db, escopo: Escopo, anterior: string, ate: string) {
  return queryRows<AplicacaoLida>(
    db,
    sql`select a.operacao_id, a.evento_id, a.quantidade_antes, a.preco_antes::text as preco_antes,
          a.quantidade_depois, a.preco_depois::text as preco_depois
        from eventos_aplicacoes a join operacoes o on o.id = a.operacao_id
        where ${operacoesDo(escopo, ate)} and ${contamNo(anterior)}
        order by a.operacao_id, a.id`,
  );
}

export interface ProventoLido {
  cliente_id: number;
  acao_id: number;
  data_ex: string;
  valor: string;
}

/** The proventos paid (net of withholding) whose data_ex is in (anterior, ate], summed per client, stock and day. */
export function selectProventos(db: Db, escopo: Escopo, anterior: string, ate: string) {
  return queryRows<ProventoLido>(
    db,
    sql`select o.cliente_id, e.acao_id, e.data_ex, sum(p.valor_liquido)::text as valor
        from proventos p
        join operacoes o on o.id = p.operacao_id
        join eventos_corporativos e on e.id = p.evento_id
        where ${operacoesDo(escopo, ate)} and e.data_ex > ${anterior} and e.data_ex <= ${ate}
        group by o.cliente_id, e.acao_id, e.data_ex`,
  );
}

/** The stocks the portfolios trade, and the Ibovespa's stand-in (IBOV_TICKER) when there is one. */
const acoesDo = (escopo: Escopo, ate: string, substituto: string | null): SQL =>
  sql`select distinct o.acao_id as id from operacoes o where ${operacoesDo(escopo, ate)}
      ${substituto === null ? sql`` : sql`union select id from acoes where ticker = ${substituto}`}`;

export interface AcaoLida {
  id: number;
  ticker: string;
  setor: string | null;
  classe: string | null;
}

export function selectAcoes(db: Db, escopo: Escopo, ate: string, substituto: string | null) {
  return queryRows<AcaoLida>(
    db,
    sql`select a.id, a.ticker, a.setor, a.classe from acoes a
        where a.id in (${acoesDo(escopo, ate, substituto)})`,
  );
}

/**
 * One stock's closes, oldest first, as three comma-separated lists (one row per stock: the embedded database hands
 * over one row of 1,000 closes ~6× faster than 1,000 rows).
 */
export interface FechamentosLidos {
  acao_id: number;
  datas: string;
  fechamentos: string;
  /**
   * Per close, the day up to which its source had already applied the share events (Yahoo, the demo) when later
   * than its session, else empty; null when the stock has no share event in force (nothing to take back).
   */
  ajustados: string | null;
}

/**
 * Each stock's closes in [de, ate] and its last close before `de`, read once for every portfolio. Each stock is
 * an index range scan of the prices' primary key, whatever the size of the table.
 */
export function selectFechamentos(
  db: Db,
  escopo: Escopo,
  periodo: { de: string; ate: string },
  substituto: string | null,
) {
  const { de, ate } = periodo;
  return queryRows<FechamentosLidos>(
    db,
    sql`with t as (${acoesDo(escopo, ate, substituto)})
        select t.id as acao_id,
          string_agg(p.data::text, ',' order by p.data) as datas,
          string_agg(p.fechamento::text, ',' order by p.data) as fechamentos,
          case when exists (
            select 1 from eventos_corporativos e
            where e.acao_id = t.id and e.tipo in (${tiposDeAcoes}) and e.aplicado_em is not null)
          then string_agg(case when p.ajustado_ate > p.data then p.ajustado_ate::text else '' end, ','
            order by p.data) end as ajustados
        from t cross join lateral (
          (select data, fechamento, ajustado_ate from precos_diarios
           where acao_id = t.id and data < ${de} order by data desc limit 1)
          union all
          (select data, fechamento, ajustado_ate from precos_diarios
           where acao_id = t.id and data >= ${de} and data <= ${ate})) p
        group by t.id`,
  );
}

export interface EventoDeAcoesLido {
  id: number;
  acao_id: number;
  data_ex: string;
  fator: string;
}

/**
 * The share events in force on the stocks read: the operations and the closes in their terms are taken back to
 * the values as traded.
 */
export function selectEventosDeAcoes(
  db: Db,
  escopo: Escopo,
  ate: string,
  substituto: string | null,
) {
  return queryRows<EventoDeAcoesLido>(
    db,
    sql`select id, acao_id, data_ex, fator::text as fator from eventos_corporativos
        where tipo in (${tiposDeAcoes}) and aplicado_em is not null
          and acao_id in (${acoesDo(escopo, ate, substituto)})
        order by acao_id, data_ex`,
  );
}

export interface TaxaLida {
  data: string;
  taxa: string;
  fonte: 'bcb' | 'selic';
}

/** The CDI of [de, ate] and of the last day before it (a first session without its rate takes that one). */
export function selectCdi(db: Db, de: string, ate: string) {
  return queryRows<TaxaLida>(
    db,
    sql`select data, taxa::text as taxa, fonte from cdi_diario where data >= ${de} and data <= ${ate}
        union all
        (select data, taxa::text, fonte from cdi_diario where data < ${de} order by data desc limit 1)`,
  );
}

export interface IndiceLido {
  data: string;
  fechamento: string;
}

/** An index's closes in [de, ate] and its last close before `de`. */
export function selectIndice(db: Db, indice: string, de: string, ate: string) {
  return queryRows<IndiceLido>(
    db,
    sql`select data, fechamento::text as fechamento from indices_diarios
        where indice = ${indice} and data >= ${de} and data <= ${ate}
        union all
        (select data, fechamento::text from indices_diarios
         where indice = ${indice} and data < ${de} order by data desc limit 1)`,
  );
}

export interface AtualizacaoLida {
  referencia: 'cdi' | 'ibov';
  tentativa_em: Date;
  erro: string | null;
  /** The last day stored. */
  ultimo_dia: string | null;
}

/** Each benchmark's last refresh, with the last day its table holds. */
export function selectAtualizacoes(db: Db, indice: string) {
  return queryRows<AtualizacaoLida>(
    db,
    sql`select r.referencia, r.tentativa_em, r.erro,
          case r.referencia
            when 'cdi' then (select max(data) from cdi_diario where fonte = 'bcb')
            else (select max(data) from indices_diarios where indice = ${indice}) end as ultimo_dia
        from referencias_atualizacoes r`,
  );
}

export interface ClienteLido {
  id: number;
  nome: string | null;
}

/** The clients measured: one (null when it does not exist) or every one, with the first day of their operations. */
export async function selectClientes(db: Db, escopo: Escopo) {
  const filtro = escopo === 'livro' ? sql`` : sql`where c.id = ${escopo.cliente}`;
  const [clientes, [inicio]] = await Promise.all([
    queryRows<ClienteLido>(db, sql`select c.id, c.nome from clientes c ${filtro} order by c.id`),
    queryRows<{ inicio: string | null }>(
      db,
      escopo === 'livro'
        ? sql`select min(data_compra) as inicio from operacoes`
        : sql`select min(data_compra) as inicio from operacoes where cliente_id = ${escopo.cliente}`,
    ),
  ]);
  return { clientes, inicio: inicio?.inicio ?? null };
}
