import { sql, type SQL } from 'drizzle-orm';
import { INICIO_ITENS_LIMITE, INICIO_PERTO_DO_STOP_PERCENTUAL } from '../../../contract';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';

/**
 * The home screen's reads (issue 34): each one statement that sums or counts in SQL and lists at most
 * INICIO_ITENS_LIMITE rows with the section's total beside them (`count(*) over ()`), so that the answer costs
 * the same whether one position or ten thousand need attention. No read depends on another: they run side by side.
 */

export type Instante = Date | string;
export const iso = (v: Instante) => new Date(v).toISOString();

/** Today's quotes as two texts the statement unnests into (ticker, preco) rows, the control panel's way. */
export interface Cotacoes {
  tickers: string;
  precos: string;
}

export function cotacoesSql(cotacoes: ReadonlyMap<string, number>): Cotacoes {
  return { tickers: [...cotacoes.keys()].join(','), precos: [...cotacoes.values()].join(',') };
}

const cotadas = (c: Cotacoes) =>
  sql`unnest(string_to_array(${c.tickers}, ','), string_to_array(${c.precos}, ',')::numeric[]) as q(ticker, preco)`;

const nomeCliente = sql`coalesce(nullif(trim(c.nome), ''), 'Cliente ' || c.id)`;
const LIMITE = INICIO_ITENS_LIMITE;

export interface ResultadoRow {
  dia: string;
  /** `dia` over the same positions' value at the reference, in %; null without any. */
  dia_percentual: string | null;
  posicoes: number;
  sem_cotacao: number;
  mes: string;
  vendas_mes: number;
}

/**
 * The book's result today and this month. Today's reference is the stock's last close before today (a position
 * bought today: its buy price); this month, each sale's value less its purchase, as REALIZADAS' Valor Resultado.
 */
export async function selectResultado(
  db: Db,
  c: Cotacoes,
  hoje: string,
  inicioMes: string,
): Promise<ResultadoRow> {
  const [row] = await queryRows<ResultadoRow>(
    db,
    sql`with abertas as (
          select o.acao_id, o.quantidade, o.preco_unitario, o.data_compra, q.preco
          from operacoes o join acoes a on a.id = o.acao_id left join ${cotadas(c)} on q.ticker = a.ticker
          where o.data_venda is null),
        anterior as (
          select h.acao_id, f.fechamento
          from (select distinct acao_id from abertas) h
          cross join lateral (select p.fechamento from precos_diarios p
            where p.acao_id = h.acao_id and p.data < ${hoje}::date order by p.data desc limit 1) f),
        ref as (
          select ab.quantidade, ab.preco,
            case when ab.data_compra = ${hoje}::date then ab.preco_unitario else an.fechamento end as base
          from abertas ab left join anterior an on an.acao_id = ab.acao_id),
        mes as (
          select coalesce(sum(round(preco_venda_unitario * quantidade, 2) - round(preco_unitario * quantidade, 2)), 0) as valor,
            count(*)::int as vendas
          from operacoes where data_venda between ${inicioMes}::date and ${hoje}::date)
        select round(coalesce(sum(quantidade * (preco - base)) filter (where ok), 0), 2)::text as dia,
          round(sum(quantidade * (preco - base)) filter (where ok)
            / nullif(sum(quantidade * base) filter (where ok), 0) * 100, 2)::text as dia_percentual,
          count(*)::int as posicoes,
          (count(*) filter (where not ok))::int as sem_cotacao,
          (select round(valor, 2)::text from mes) as mes,
          (select vendas from mes) as vendas_mes
        from (select *, (preco is not null and base is not null and quantidade is not null) as ok from ref) r`,
  );
  return row!;
}

export interface PosicaoRow {
  tipo: 'alvo' | 'stop';
  total: number;
  operacao: number;
  cliente: number;
  nome: string;
  ticker: string;
  quantidade: number | null;
  cotacao: string;
  nivel: string;
  distancia: string;
}

/**
 * Positions at or past their target (To Gain ≤ 0) and near their stop (the quote at most
 * INICIO_PERTO_DO_STOP_PERCENTUAL % above it), the nearest first: only the quoted stocks are read.
 */
export async function selectPosicoesAtencao(db: Db, c: Cotacoes): Promise<PosicaoRow[]> {
  const fator = 1 + INICIO_PERTO_DO_STOP_PERCENTUAL / 100;
  return queryRows<PosicaoRow>(
    db,
    sql`with cotadas as (
          select o.id, o.cliente_id, o.quantidade, o.valor_alvo, o.valor_stop, a.ticker, q.preco
          from ${cotadas(c)} join acoes a on a.ticker = q.ticker
          join operacoes o on o.acao_id = a.id and o.data_venda is null
          where o.valor_alvo is not null or o.valor_stop is not null),
        vistas as (
          select 'alvo' as tipo, id, cliente_id, quantidade, ticker, preco, valor_alvo as nivel,
            (valor_alvo / preco - 1) * 100 as distancia
          from cotadas where valor_alvo is not null and preco > 0 and preco >= valor_alvo
          union all
          select 'stop', id, cliente_id, quantidade, ticker, preco, valor_stop,
            (preco / valor_stop - 1) * 100
          from cotadas where valor_stop is not null and valor_stop > 0 and preco <= valor_stop * ${fator}),
        ordenadas as (
          select v.*, count(*) over (partition by tipo)::int as total,
            row_number() over (partition by tipo order by distancia, id) as n
          from vistas v)
        select s.tipo, s.total, s.id as operacao, s.cliente_id as cliente, ${nomeCliente} as nome, s.ticker,
          s.quantidade, round(s.preco, 4)::text as cotacao, s.nivel::text as nivel,
          round(s.distancia, 2)::text as distancia
        from ordenadas s join clientes c on c.id = s.cliente_id
        where s.n <= ${LIMITE} order by s.tipo, s.n`,
  );
}

export interface OrdemRow {
  total: number;
  id: string;
  cliente: number;
  nome: string;
  lado: 'compra' | 'venda';
  ticker: string;
  estado: 'pending' | 'sent';
  em_duvida: boolean;
  lote: string | null;
  criada_em: Instante;
}

const emDuvida = (g: SQL) =>
  sql`exists (select 1 from order_legs l where l.group_id = ${g} and l.state = 'unknown')`;

/**
 * Orders in flight: the single ones, and any order (a lote's too) with a leg whose outcome is unknown — the lote's
 * other orders are the lote's line. In doubt first, then the newest. From the groups' state index.
 */
export async function selectOrdens(db: Db): Promise<OrdemRow[]> {
  return queryRows<OrdemRow>(
    db,
    sql`with voo as (
          select g.id, g.cliente_id, g.lado, g.ticker_base, g.state, g.lote_id, g.created_at,
            ${emDuvida(sql`g.id`)} as em_duvida
          from order_groups g where g.state in ('pending', 'sent')),
        vistas as (select v.*, count(*) over ()::int as total from voo v where v.lote_id is null or v.em_duvida)
        select v.total, v.id::text as id, v.cliente_id as cliente, ${nomeCliente} as nome, v.lado,
          v.ticker_base as ticker, v.state as estado, v.em_duvida, v.lote_id::text as lote, v.created_at as criada_em
        from vistas v join clientes c on c.id = v.cliente_id
        order by v.em_duvida desc, v.created_at desc, v.id limit ${LIMITE}`,
  );
}

export interface LoteRow {
  total: number;
  id: string;
  lado: 'compra' | 'venda';
  ticker: string;
  em_voo: number;
  em_duvida: number;
  criado_em: Instante;
}

/** Lotes not finished (a client order still in flight), with how many of their orders are in flight and in doubt. */
export async function selectLotes(db: Db): Promise<LoteRow[]> {
  return queryRows<LoteRow>(
    db,
    sql`with abertos as (
          select l.id, l.lado, l.ticker_base, l.created_at,
            (count(g.id) filter (where g.state in ('pending', 'sent')))::int as em_voo,
            (count(g.id) filter (where g.state in ('pending', 'sent') and ${emDuvida(sql`g.id`)}))::int as em_duvida
          from order_lotes l left join order_groups g on g.lote_id = l.id
          where l.finished_at is null group by l.id)
        select count(*) over ()::int as total, id::text as id, lado, ticker_base as ticker, em_voo, em_duvida,
          created_at as criado_em
        from abertos order by em_duvida desc, created_at desc, id limit ${LIMITE}`,
  );
}

export interface TerminalRow {
  total: number;
  cliente: number;
  nome: string;
  status: string;
  detalhe: string | null;
  medido_em: Instante | null;
}

/**
 * Terminals whose last measured status (mt5_status, shared by every instance) is not online: those that fail
 * first (offline, timeout, error), then warnings, then clients without an address. Not yet measured: not listed.
 */
export async function selectTerminais(db: Db): Promise<TerminalRow[]> {
  return queryRows<TerminalRow>(
    db,
    sql`select count(*) over ()::int as total, s.cliente_id as cliente, ${nomeCliente} as nome, s.status,
          s.detail as detalhe, s.medido_em
        from mt5_status s join clientes c on c.id = s.cliente_id
        where s.status is not null and s.status <> 'online'
        order by case s.status when 'warning' then 1 when 'missing_ip' then 2 else 0 end, ${nomeCliente}, c.id
        limit ${LIMITE}`,
  );
}

export interface DivergenciaRow {
  total: number;
  alerta: number;
  cliente: number | null;
  nome: string | null;
  ticker: string | null;
  titulo: string;
  desde: Instante;
}

/** The divergences reconciliations found that are still open (the alerts' record of them), the oldest first. */
export async function selectDivergencias(db: Db): Promise<DivergenciaRow[]> {
  return queryRows<DivergenciaRow>(
    db,
    sql`select count(*) over ()::int as total, a.id as alerta, a.cliente_id as cliente,
          case when c.id is null then null else ${nomeCliente} end as nome, a.ticker, a.titulo, a.desde
        from alertas a left join clientes c on c.id = a.cliente_id
        where a.tipo = 'divergencia' and a.estado <> 'resolvido'
        order by a.desde, a.id limit ${LIMITE}`,
  );
}

export interface EventoRow {
  total: number;
  id: number;
  ticker: string;
  tipo: string;
  data_ex: string;
  clientes: number;
}

/** Corporate events of held stocks (an open operation) with their data ex from today to `ate`, the soonest first. */
export async function selectEventos(db: Db, hoje: string, ate: string): Promise<EventoRow[]> {
  return queryRows<EventoRow>(
    db,
    sql`with proximos as (
          select e.id, e.tipo, e.data_ex, e.acao_id from eventos_corporativos e
          where e.data_ex between ${hoje}::date and ${ate}::date),
        detentores as (
          select o.acao_id, count(distinct o.cliente_id)::int as clientes from operacoes o
          where o.data_venda is null and o.acao_id in (select acao_id from proximos) group by o.acao_id)
        select count(*) over ()::int as total, p.id, a.ticker, p.tipo, p.data_ex::text as data_ex, d.clientes
        from proximos p join detentores d on d.acao_id = p.acao_id join acoes a on a.id = p.acao_id
        order by p.data_ex, a.ticker, p.id limit ${LIMITE}`,
  );
}

export interface AlertaRow {
  total: number;
  id: number;
  alerta: number;
  tipo: string;
  titulo: string;
  criada_em: Instante;
}

/** The user's unread notifications (the bell's), the newest first, from their unread index. */
export async function selectAlertasNaoLidos(db: Db, username: string): Promise<AlertaRow[]> {
  return queryRows<AlertaRow>(
    db,
    sql`select count(*) over ()::int as total, n.id, n.alerta_id as alerta, n.tipo, n.titulo, n.created_at as criada_em
        from notificacoes n join users u on u.id = n.user_id
        where u.username = ${username} and not n.lida
        order by n.id desc limit ${LIMITE}`,
  );
}
