import { sql, type SQL } from 'drizzle-orm';
import type { EstadoOrdem } from '../../../contract';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import { auditLog, clientes, operacoes, orderGroups, orderLegs } from '../../db/schema';
import { AVISO } from './status';

export interface HistoricoFiltro {
  cliente?: number | undefined;
  acao?: string | undefined;
  estado?: EstadoOrdem | undefined;
  /** São Paulo calendar dates, both included. */
  de?: string | undefined;
  ate?: string | undefined;
  /** The last row of the previous page: (created_at to the microsecond, id). */
  depoisDe?: { em: string; id: string } | undefined;
  limite: number;
}

/** A timestamp column as ISO 8601 in UTC (both constants, never input). */
const utc = (column: string, format: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', '${format}')`);
const ISO_MS = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
/** The cursor keeps created_at to the microsecond: a millisecond would skip or repeat rows created together. */
const ISO_US = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

/**
 * One order group as the contract's JSON (the history's row), built by the database from the group `g`: its legs
 * in order, the client's name, the aviso of legs in doubt (the status answer's sentence, from the same pieces),
 * the operation it created (a buy) or sells (a sale), and its costs (the terminal's from its legs, the B3 fees the
 * rest of what finalizacao recorded).
 */
const ordemJson = sql`json_build_object(
  'group_id', g.id,
  'lote_id', g.lote_id,
  'cliente', g.cliente_id,
  'nome', coalesce(nullif(trim(c.nome), ''), 'Cliente ' || c.id),
  'acao', g.ticker_base,
  'lado', g.lado,
  'execucao', g.execucao,
  'preco', g.preco::float8,
  'tp', g.tp::float8,
  'estado', g.state,
  'criado_em', ${utc('g.created_at', ISO_MS)},
  'criado_por', g.created_by,
  'legs', coalesce(l.legs, '[]'::json),
  'concluido_em', ${utc('g.completed_at', ISO_MS)},
  'erro', g.erro,
  'aviso', case when g.state in ('pending', 'sent') and l.duvidas is not null
    then ${AVISO.inicio}::text || l.duvidas || ${AVISO.fim}::text end,
  'operacao_id', case when g.lado = 'venda' then g.operacao_id
    else (select o.id from ${operacoes} o where o.order_group_id = g.id) end,
  'custos', case when g.custos is not null then json_build_object(
    'corretagem', l.commission::float8,
    'taxas', l.fee::float8,
    'taxas_b3', greatest(g.custos - l.commission - l.fee, 0)::float8,
    'total', g.custos::float8) end)`;

const legsJoin = sql`left join lateral (
    select json_agg(json_build_object(
        'symbol', x.symbol,
        'volume', x.volume,
        'volume_exec', x.volume_filled,
        'preco_medio', x.price_avg::float8,
        'estado', x.state,
        'retcode', x.retcode,
        'retcode_desc', x.retcode_desc,
        'ticket', x.ticket,
        'broker_comment', x.broker_comment,
        'retcode_external', x.retcode_external,
        'problema', x.problema) order by x.leg) as legs,
      string_agg(x.symbol || ' (' || coalesce(x.problema, ${AVISO.semResposta}::text) || ')', '; '
        order by x.leg) filter (where x.state = 'unknown') as duvidas,
      sum(x.commission) as commission,
      sum(x.fee) as fee
    from ${orderLegs} x where x.group_id = g.id) l on true`;

/**
 * A page of the history as the answer's JSON text, newest first by (created_at, id), with only the filters asked
 * for in the statement so that each one walks its own index from the cursor. One row more than the page tells
 * whether there is a next page; the cursor is the page's last row.
 */
export function historicoStatement(f: HistoricoFiltro): SQL {
  const where: SQL[] = [];
  if (f.cliente !== undefined) where.push(sql`cliente_id = ${f.cliente}`);
  if (f.acao !== undefined) where.push(sql`ticker_base = ${f.acao}`);
  if (f.estado !== undefined) where.push(sql`state = ${f.estado}`);
  if (f.de !== undefined) {
    where.push(sql`created_at >= (${f.de}::date::timestamp at time zone 'America/Sao_Paulo')`);
  }
  if (f.ate !== undefined) {
    where.push(
      sql`created_at < ((${f.ate}::date + 1)::timestamp at time zone 'America/Sao_Paulo')`,
    );
  }
  if (f.depoisDe !== undefined) {
    where.push(sql`(created_at, id) < (${f.depoisDe.em}::timestamptz, ${f.depoisDe.id}::uuid)`);
  }
  const filtro = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  return sql`
    with candidatas as (
      select * from ${orderGroups} ${filtro}
      order by created_at desc, id desc
      limit ${f.limite + 1}
    ), pagina as (
      select * from candidatas order by created_at desc, id desc limit ${f.limite}
    )
    select json_build_object(
      'results', coalesce(
        (select json_agg(${ordemJson} order by g.created_at desc, g.id desc)
          from pagina g join ${clientes} c on c.id = g.cliente_id ${legsJoin}),
        '[]'::json),
      'next_cursor', case when (select count(*) from candidatas) > ${f.limite} then
        (select ${utc('created_at', ISO_US)} || '_' || id from pagina
          order by created_at, id limit 1) end
    )::text as json`;
}

/** One group as the history's row (parsed by the caller), or undefined. */
export async function selectOrdemJson(db: Db, groupId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ json: string }>(
    db,
    sql`select ${ordemJson}::text as json
        from ${orderGroups} g join ${clientes} c on c.id = g.cliente_id ${legsJoin}
        where g.id = ${groupId}::uuid`,
  );
  return row?.json;
}

export interface AuditRow {
  em: string;
  username: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
}

/** The audit entries of a group and of its legs (`{group_id}:{leg}`), oldest first. */
export function selectAuditoriaDaOrdem(
  db: Db,
  groupId: string,
  clientOrderIds: string[],
): Promise<AuditRow[]> {
  const legs = clientOrderIds.length
    ? sql` or (entity = 'order_leg' and entity_id in (${sql.join(
        clientOrderIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`
    : sql``;
  return queryRows<AuditRow>(
    db,
    sql`select ${utc('at', ISO_MS)} as em, username, action, entity, entity_id, before, after
        from ${auditLog}
        where (entity = 'order_group' and entity_id = ${groupId})${legs}
        order by at, id`,
  );
}

/** The client_order_ids of a group's legs. */
export async function selectClientOrderIds(db: Db, groupId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select client_order_id as id from ${orderLegs} where group_id = ${groupId}::uuid order by leg`,
  );
  return rows.map((r) => r.id);
}
