import { and, eq, inArray } from 'drizzle-orm';
import type { OperacaoInput } from '../../../contract';
import type { Tx } from '../../db/client';
import { operacoes, orderGroups } from '../../db/schema';

export type OperacaoRow = typeof operacoes.$inferSelect;

const toRow = (op: OperacaoInput) => ({
  cliente_id: op.cliente,
  acao_id: op.acao,
  data_compra: op.data_compra,
  preco_unitario: op.preco_unitario === null ? null : String(op.preco_unitario),
  quantidade: op.quantidade,
  data_venda: op.data_venda,
  preco_venda_unitario: op.preco_venda_unitario === null ? null : String(op.preco_venda_unitario),
  valor_alvo: op.valor_alvo === null ? null : String(op.valor_alvo),
  valor_stop: op.valor_stop == null ? null : String(op.valor_stop),
  custos_compra: String(op.custos_compra ?? 0),
  custos_venda: String(op.custos_venda ?? 0),
});

/** A stored row back in the contract's input shape (what an update merges into). */
export const toInput = (row: OperacaoRow): OperacaoInput => ({
  cliente: row.cliente_id,
  acao: row.acao_id,
  data_compra: row.data_compra,
  preco_unitario: row.preco_unitario === null ? null : Number(row.preco_unitario),
  quantidade: row.quantidade,
  data_venda: row.data_venda,
  preco_venda_unitario: row.preco_venda_unitario === null ? null : Number(row.preco_venda_unitario),
  valor_alvo: row.valor_alvo === null ? null : Number(row.valor_alvo),
  valor_stop: row.valor_stop === null ? null : Number(row.valor_stop),
  custos_compra: Number(row.custos_compra),
  custos_venda: Number(row.custos_venda),
});

/** An operation as the contract's input writes it, typed by hand (origem manual). */
export const manualRow = (op: OperacaoInput) => ({ ...toRow(op), origem: 'manual' as const });

/** A new operation, typed by hand or written by a finished MT5 order; answers its id. */
export async function insertOperacao(
  tx: Tx,
  values: typeof operacoes.$inferInsert,
): Promise<number> {
  const [created] = await tx.insert(operacoes).values(values).returning({ id: operacoes.id });
  return created!.id;
}

/** The operation, locked until the transaction ends (an edit, a deletion, a sale's creation and its fill). */
export async function lockOperacao(tx: Tx, id: number): Promise<OperacaoRow | undefined> {
  const [row] = await tx.select().from(operacoes).where(eq(operacoes.id, id)).for('update');
  return row;
}

export async function updateOperacaoRow(tx: Tx, id: number, op: OperacaoInput): Promise<void> {
  await tx
    .update(operacoes)
    .set({ ...toRow(op), updated_at: new Date() })
    .where(eq(operacoes.id, id));
}

export async function deleteOperacaoRow(tx: Tx, id: number): Promise<OperacaoRow | undefined> {
  const [removed] = await tx.delete(operacoes).where(eq(operacoes.id, id)).returning();
  return removed;
}

/** An MT5 order still in flight for this operation (a sale resting at the terminal). */
export async function orderInFlight(tx: Tx, operacaoId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderGroups.id })
    .from(orderGroups)
    .where(
      and(eq(orderGroups.operacao_id, operacaoId), inArray(orderGroups.state, ['pending', 'sent'])),
    )
    .limit(1);
  return Boolean(row);
}
