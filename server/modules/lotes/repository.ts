import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/query';
import { acoes, clientes, operacoes, orderGroups, orderLegs, orderLotes } from '../../db/schema';
import { agentAddress, type Group, type Leg } from '../ordens';

export type Lote = typeof orderLotes.$inferSelect;
export type NewLote = typeof orderLotes.$inferInsert;

const nome = sql<string>`coalesce(nullif(trim(${clientes.nome}), ''), 'Cliente ' || ${clientes.id})`;

/** What a lote needs of each client: its name and its agent's address, by name. */
export function selectClientesLote(db: Db, ids?: readonly number[]) {
  return db
    .select({
      id: clientes.id,
      nome,
      ...agentAddress,
    })
    .from(clientes)
    .where(ids ? inArray(clientes.id, [...ids]) : undefined)
    .orderBy(sql`lower(${nome})`, asc(clientes.id));
}

/** The clients whose book holds the stock open. */
export async function clientesComPosicao(db: Db, ticker: string): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ id: operacoes.cliente_id })
    .from(operacoes)
    .innerJoin(acoes, eq(acoes.id, operacoes.acao_id))
    .where(and(eq(acoes.ticker, ticker), isNull(operacoes.data_venda)));
  return new Set(rows.map((r) => r.id));
}

export async function selectLoteByKey(
  db: Db,
  scope: string,
  key: string,
): Promise<Pick<Lote, 'id' | 'idempotency_hash'> | undefined> {
  const [row] = await db
    .select({ id: orderLotes.id, idempotency_hash: orderLotes.idempotency_hash })
    .from(orderLotes)
    .where(and(eq(orderLotes.idempotency_scope, scope), eq(orderLotes.idempotency_key, key)))
    .limit(1);
  return row;
}

export async function selectLote(db: Db, id: string): Promise<Lote | undefined> {
  const [row] = await db.select().from(orderLotes).where(eq(orderLotes.id, id)).limit(1);
  return row;
}

export type LoteGroup = Group & { nome: string };

/** The lote's groups with their clients' names, by name. */
export function selectGroupsOfLote(db: Db, loteId: string): Promise<LoteGroup[]> {
  return db
    .select({ group: orderGroups, nome })
    .from(orderGroups)
    .innerJoin(clientes, eq(clientes.id, orderGroups.cliente_id))
    .where(eq(orderGroups.lote_id, loteId))
    .orderBy(sql`lower(${nome})`, asc(orderGroups.created_at), asc(orderGroups.id))
    .then((rows) => rows.map((r) => ({ ...r.group, nome: r.nome })));
}

/** Every leg of these groups, in one query. */
export async function selectLegsOfGroups(db: Db, groupIds: string[]): Promise<Map<string, Leg[]>> {
  const byGroup = new Map<string, Leg[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .select()
    .from(orderLegs)
    .where(inArray(orderLegs.group_id, groupIds))
    .orderBy(asc(orderLegs.group_id), asc(orderLegs.leg));
  for (const leg of rows) byGroup.get(leg.group_id)?.push(leg);
  return byGroup;
}

/** Lotes with a group still in flight (the reconciler finishes them). */
export async function lotesInFlight(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: orderGroups.lote_id })
    .from(orderGroups)
    .where(and(isNotNull(orderGroups.lote_id), sql`${orderGroups.state} in ('pending', 'sent')`));
  return rows.map((r) => r.id!);
}

export interface LoteResumoRow {
  id: string;
  lado: 'compra' | 'venda';
  ticker_base: string;
  execucao: 'mercado' | 'limite';
  created_at: Date | string;
  created_by: string;
  clientes: number;
  executadas: number;
  parciais: number;
  falhas: number;
  em_andamento: number;
  aguardando: boolean;
}

/**
 * The newest lotes with their groups counted by outcome, in one query: executed in full, ended with something
 * filled, ended with nothing filled, still in flight.
 */
export function listLotesResumo(db: Db, limit: number): Promise<LoteResumoRow[]> {
  return queryRows<LoteResumoRow>(
    db,
    sql`select l.id, l.lado, l.ticker_base, l.execucao, l.created_at, l.created_by, l.aguardando,
          count(distinct g.cliente_id)::int as clientes,
          count(g.id) filter (where g.state = 'completed')::int as executadas,
          count(g.id) filter (where g.state in ('failed', 'resolved') and f.filled > 0)::int as parciais,
          count(g.id) filter (where g.state in ('failed', 'resolved') and f.filled = 0)::int as falhas,
          count(g.id) filter (where g.state in ('pending', 'sent'))::int as em_andamento
        from (select * from order_lotes order by created_at desc, id limit ${limit}) l
        left join order_groups g on g.lote_id = l.id
        left join lateral (
          select coalesce(sum(volume_filled), 0) as filled from order_legs where group_id = g.id
        ) f on true
        group by l.id, l.lado, l.ticker_base, l.execucao, l.created_at, l.created_by, l.aguardando
        order by l.created_at desc, l.id`,
  );
}

/** The operations a sale lote names, with their stock and their client's name and agent's address. */
export function selectOperacoesVenda(db: Db, ids: readonly number[]) {
  return db
    .select({
      id: operacoes.id,
      cliente_id: operacoes.cliente_id,
      acao_id: operacoes.acao_id,
      quantidade: operacoes.quantidade,
      data_venda: operacoes.data_venda,
      ticker: acoes.ticker,
      nome,
      ...agentAddress,
    })
    .from(operacoes)
    .innerJoin(acoes, eq(acoes.id, operacoes.acao_id))
    .innerJoin(clientes, eq(clientes.id, operacoes.cliente_id))
    .where(inArray(operacoes.id, [...ids]));
}

/** The operations, locked until the transaction ends, in id order (two lotes lock in the same order). */
export function lockOperacoes(tx: Tx, ids: readonly number[]) {
  return tx
    .select({
      id: operacoes.id,
      quantidade: operacoes.quantidade,
      data_venda: operacoes.data_venda,
    })
    .from(operacoes)
    .where(inArray(operacoes.id, [...ids]))
    .orderBy(asc(operacoes.id))
    .for('update');
}

/** Of these operations, those with a sale in flight. */
export async function operacoesComVendaEmAndamento(
  db: Db | Tx,
  ids: readonly number[],
): Promise<Set<number>> {
  const rows = await db
    .select({ id: orderGroups.operacao_id })
    .from(orderGroups)
    .where(
      and(
        inArray(orderGroups.operacao_id, [...ids]),
        eq(orderGroups.lado, 'venda'),
        sql`${orderGroups.state} in ('pending', 'sent')`,
      ),
    );
  return new Set(rows.map((r) => r.id!));
}
