import type { LegPlan } from '../../../shared/legs';
import type { Db, Tx } from '../../db/client';
import { orderGroups, orderLegs, orderLotes } from '../../db/schema';
import { audit, type AuditEntry } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import type { Idempotency } from './repository';

/**
 * Storing orders before any reaches a terminal, in one transaction: a single buy or sale is one group without a
 * lote; a lote is the lote's row and one group per client or operation. Each group's legs are `{group_id}:{leg}`
 * (the client order id the agent sees), all pending; everything is audited in the same transaction.
 */

export type GroupRow = typeof orderGroups.$inferInsert & { id: string };
export type LoteRow = typeof orderLotes.$inferInsert & { id: string };

/** A group to store: its row (id and key included) and its legs. */
export interface GroupPlan {
  row: GroupRow;
  legs: readonly LegPlan[];
  /** What the operator confirmed to send it, kept in the group's audit entry (a single order's). */
  confirmado?: Record<string, unknown> | undefined;
}

/** A group's row from what the order says, with its new id, its Idempotency-Key (if any) and who created it. */
export function groupRow(
  order: Omit<
    GroupRow,
    'id' | 'idempotency_key' | 'idempotency_scope' | 'idempotency_hash' | 'created_by'
  >,
  idem: Idempotency | null,
  username: string,
  id: string = crypto.randomUUID(),
): GroupRow {
  return {
    ...order,
    id,
    idempotency_key: idem?.key ?? null,
    idempotency_scope: idem?.scope ?? null,
    idempotency_hash: idem?.hash ?? null,
    created_by: username,
  };
}

export interface StoreRequest {
  /** The lote the groups make, if any, and what the operator confirmed to send it (kept in its audit entry). */
  lote?: { row: LoteRow; confirmado?: Record<string, unknown> | undefined } | undefined;
  groups: readonly GroupPlan[];
  username: string;
  /** Checked inside the transaction, before anything is written (a sale locks its operations here). */
  guard?: ((tx: Tx) => Promise<void>) | undefined;
  /**
   * After a write refused by a unique index: what the request's own retry stored meanwhile (two submits of one
   * Idempotency-Key racing; the loser answers the winner's), or null.
   */
  raced: () => Promise<string | null>;
  /** Turns any other unique violation into its answer (a sale's one-in-flight index lost a race). */
  onConflict?: (() => Promise<void>) | undefined;
}

/** Answers whether this call stored the orders, or the id of what a racing retry stored. */
export async function storeGroups(
  db: Db,
  req: StoreRequest,
): Promise<{ created: true } | { created: false; id: string }> {
  const legs = req.groups.flatMap((g) =>
    g.legs.map((leg, i) => ({
      group_id: g.row.id,
      leg: i + 1,
      symbol: leg.symbol,
      volume: leg.quantidade,
      client_order_id: `${g.row.id}:${i + 1}`,
    })),
  );
  const entries: AuditEntry[] = req.groups.map((g) => ({
    username: req.username,
    action: 'create',
    entity: 'order_group',
    entityId: g.row.id,
    after: {
      ...g.row,
      legs: legs.filter((l) => l.group_id === g.row.id),
      ...(g.confirmado && { confirmado: g.confirmado }),
    },
  }));
  if (req.lote) {
    const { row, confirmado } = req.lote;
    entries.unshift({
      username: req.username,
      action: 'create',
      entity: 'order_lote',
      entityId: row.id,
      after: { ...row, grupos: req.groups.map((g) => g.row.id), ...(confirmado && { confirmado }) },
    });
  }
  try {
    await db.transaction(async (tx) => {
      await req.guard?.(tx);
      if (req.lote) await tx.insert(orderLotes).values(req.lote.row);
      await tx.insert(orderGroups).values(req.groups.map((g) => g.row));
      await tx.insert(orderLegs).values(legs);
      await audit(tx, entries);
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const raced = await req.raced();
    if (raced) return { created: false, id: raced };
    await req.onConflict?.();
    throw err;
  }
  return { created: true };
}
