import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderGroups, orderLegs } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { LegPlan } from '../../../shared/legs';

type NewGroup = Omit<typeof orderGroups.$inferInsert, 'id' | 'idempotency_key' | 'created_by'>;

export async function findByKey(db: Db, clienteId: number, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: orderGroups.id })
    .from(orderGroups)
    .where(and(eq(orderGroups.cliente_id, clienteId), eq(orderGroups.idempotency_key, key)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Stores a group and its legs (state pending) in one transaction, before anything reaches the terminal.
 * Each leg's client_order_id is `{group_id}:{leg}`. When two submits with one Idempotency-Key race, the
 * loser answers the winner's group; `onConflict` turns any other unique violation into its answer.
 */
export async function storeGroup(
  db: Db,
  group: NewGroup,
  legs: LegPlan[],
  idempotencyKey: string | null,
  username: string,
  onConflict: () => Promise<void> = async () => undefined,
): Promise<{ groupId: string; created: boolean }> {
  const id = crypto.randomUUID();
  try {
    await db.transaction(async (tx) => {
      const row = { ...group, id, idempotency_key: idempotencyKey, created_by: username };
      await tx.insert(orderGroups).values(row);
      const legRows = legs.map((leg, i) => ({
        group_id: id,
        leg: i + 1,
        symbol: leg.symbol,
        volume: leg.quantidade,
        client_order_id: `${id}:${i + 1}`,
      }));
      await tx.insert(orderLegs).values(legRows);
      await audit(tx, {
        username,
        action: 'create',
        entity: 'order_group',
        entityId: id,
        after: { ...row, legs: legRows },
      });
    });
  } catch (err) {
    const raced = idempotencyKey ? await findByKey(db, group.cliente_id, idempotencyKey) : null;
    if (raced) return { groupId: raced, created: false };
    await onConflict();
    throw err;
  }
  return { groupId: id, created: true };
}
