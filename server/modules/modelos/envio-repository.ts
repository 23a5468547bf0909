import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  acoes,
  operacoes,
  orderGroups,
  orderLegs,
  rebalanceamentoClientes,
  rebalanceamentos,
} from '../../db/schema';

/** A rebalance sent (issue 33) and its clients' held buys: the rows of server/db/tables/rebalanceamentos.ts. */

export type RebalanceamentoRow = typeof rebalanceamentos.$inferSelect;
export type RebalanceamentoClienteRow = typeof rebalanceamentoClientes.$inferSelect;

export async function selectRebalanceamentoByKey(
  db: Db,
  scope: string,
  key: string,
): Promise<RebalanceamentoRow | undefined> {
  const [row] = await db
    .select()
    .from(rebalanceamentos)
    .where(
      and(eq(rebalanceamentos.idempotency_scope, scope), eq(rebalanceamentos.idempotency_key, key)),
    )
    .limit(1);
  return row;
}

export async function insertRebalanceamento(
  tx: Tx,
  row: typeof rebalanceamentos.$inferInsert,
  clientes: ReadonlyArray<Omit<RebalanceamentoClienteRow, 'rebalanceamento_id' | 'liberado_em'>>,
): Promise<void> {
  await tx.insert(rebalanceamentos).values(row);
  if (clientes.length) {
    await tx
      .insert(rebalanceamentoClientes)
      .values(clientes.map((c) => ({ ...c, rebalanceamento_id: row.id })));
  }
}

/** The rebalances with a client still held, oldest first (the release job's round). */
export async function selectRebalanceamentosRetidos(db: Db): Promise<RebalanceamentoRow[]> {
  return db
    .selectDistinct({ r: rebalanceamentos })
    .from(rebalanceamentos)
    .innerJoin(
      rebalanceamentoClientes,
      eq(rebalanceamentoClientes.rebalanceamento_id, rebalanceamentos.id),
    )
    .where(isNull(rebalanceamentoClientes.liberado_em))
    .orderBy(asc(rebalanceamentos.created_at), asc(rebalanceamentos.id))
    .then((rows) => rows.map((x) => x.r));
}

/** The rebalance's clients still held. */
export function selectClientesRetidos(db: Db, id: string): Promise<RebalanceamentoClienteRow[]> {
  return db
    .select()
    .from(rebalanceamentoClientes)
    .where(
      and(
        eq(rebalanceamentoClientes.rebalanceamento_id, id),
        isNull(rebalanceamentoClientes.liberado_em),
      ),
    )
    .orderBy(asc(rebalanceamentoClientes.cliente_id));
}

/** The once-only mark of a client's release: true when this transaction set it. */
export async function claimCliente(tx: Tx, id: string, cliente: number): Promise<boolean> {
  const rows = await tx
    .update(rebalanceamentoClientes)
    .set({ liberado_em: sql`now()` })
    .where(
      and(
        eq(rebalanceamentoClientes.rebalanceamento_id, id),
        eq(rebalanceamentoClientes.cliente_id, cliente),
        isNull(rebalanceamentoClientes.liberado_em),
      ),
    )
    .returning({ cliente: rebalanceamentoClientes.cliente_id });
  return rows.length > 0;
}

export interface VendaDoLote {
  cliente_id: number;
  ticker: string;
  state: string;
  /** Shares sold (the legs' fills). */
  vendidas: number;
  volume: number;
}

/** The sale lote's groups: each client's sales, their state and what filled. */
export async function selectVendasDoLote(db: Db, loteId: string): Promise<VendaDoLote[]> {
  return db
    .select({
      cliente_id: orderGroups.cliente_id,
      ticker: orderGroups.ticker_base,
      state: orderGroups.state,
      vendidas: sql<number>`coalesce(sum(${orderLegs.volume_filled}), 0)::int`,
      volume: sql<number>`coalesce(sum(${orderLegs.volume}), 0)::int`,
    })
    .from(orderGroups)
    .leftJoin(orderLegs, eq(orderLegs.group_id, orderGroups.id))
    .where(eq(orderGroups.lote_id, loteId))
    .groupBy(orderGroups.id);
}

/** The clients' open operations of these stocks, largest first (a sale takes as few as it can). */
export function selectOperacoesAbertas(db: Db, clientes: readonly number[], tickers: string[]) {
  if (!clientes.length || !tickers.length) return Promise.resolve([]);
  return db
    .select({
      id: operacoes.id,
      cliente_id: operacoes.cliente_id,
      ticker: acoes.ticker,
      quantidade: operacoes.quantidade,
    })
    .from(operacoes)
    .innerJoin(acoes, eq(acoes.id, operacoes.acao_id))
    .where(
      and(
        inArray(operacoes.cliente_id, [...clientes]),
        inArray(acoes.ticker, tickers),
        isNull(operacoes.data_venda),
        gt(operacoes.quantidade, 0),
      ),
    )
    .orderBy(desc(operacoes.quantidade), asc(operacoes.id));
}

/** The stocks' ids, by ticker (those not registered are missing). */
export async function selectAcaoIds(db: Db, tickers: string[]): Promise<Map<string, number>> {
  if (!tickers.length) return new Map();
  const rows = await db
    .select({ id: acoes.id, ticker: acoes.ticker })
    .from(acoes)
    .where(inArray(acoes.ticker, tickers));
  return new Map(rows.map((r) => [r.ticker, r.id]));
}
