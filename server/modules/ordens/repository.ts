import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Lado } from '../../../contract';
import type { Db, Tx } from '../../db/client';
import { acoes, clientes, operacoes, orderGroups, orderLegs } from '../../db/schema';
import { HttpError } from '../../lib/http-error';

export type Group = typeof orderGroups.$inferSelect;
export type Leg = typeof orderLegs.$inferSelect;

/** An Idempotency-Key as the order flow keeps it: the key, the route it was sent to, the request's hash. */
export interface Idempotency {
  key: string;
  scope: string;
  hash: string;
}

export const IDEMPOTENCY_REUSED =
  'Esta Idempotency-Key já foi usada para outra ordem: cada ordem nova precisa de uma chave nova.';

/**
 * The key of a request: the same key, route and request are a retry of one intent; the hash is of the request as
 * the contract parsed it, with its keys sorted, so the order of fields in the JSON does not matter.
 */
export function idempotencyOf(
  key: string | null,
  scope: string,
  request: unknown,
): Idempotency | null {
  if (!key) return null;
  const canonical = JSON.stringify(request, (_k, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
  return { key, scope, hash: crypto.createHash('sha256').update(canonical).digest('hex') };
}

/** Where a client's agent is and what it is called with (agent.ts's resolveAgent). */
export const agentAddress = {
  vm_ip: clientes.vm_ip,
  vm_private_ip: clientes.vm_private_ip,
  mt5_token: clientes.mt5_token,
};

/** What the order flow needs of a client: its name and its agent's address. */
export async function selectClienteVm(db: Db, id: number) {
  const [row] = await db
    .select({
      id: clientes.id,
      nome: clientes.nome,
      ...agentAddress,
    })
    .from(clientes)
    .where(eq(clientes.id, id))
    .limit(1);
  return row;
}

/** The client's operation with its ticker (for a sale). */
export async function selectOperacaoDoCliente(db: Db, clienteId: number, operacaoId: number) {
  const [row] = await db
    .select({
      id: operacoes.id,
      acao_id: operacoes.acao_id,
      quantidade: operacoes.quantidade,
      data_venda: operacoes.data_venda,
      ticker: acoes.ticker,
    })
    .from(operacoes)
    .innerJoin(acoes, eq(acoes.id, operacoes.acao_id))
    .where(and(eq(operacoes.id, operacaoId), eq(operacoes.cliente_id, clienteId)))
    .limit(1);
  return row;
}

export async function sellInFlight(db: Db, operacaoId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderGroups.id })
    .from(orderGroups)
    .where(
      and(
        eq(orderGroups.operacao_id, operacaoId),
        eq(orderGroups.lado, 'venda'),
        sql`${orderGroups.state} in ('pending', 'sent')`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The group a retried request already created, or null; the same key with another request is a 422. */
export async function findByKey(
  db: Db,
  clienteId: number,
  idem: Idempotency | null,
): Promise<string | null> {
  if (!idem) return null;
  const [row] = await db
    .select({ id: orderGroups.id, hash: orderGroups.idempotency_hash })
    .from(orderGroups)
    .where(
      and(
        eq(orderGroups.cliente_id, clienteId),
        eq(orderGroups.idempotency_scope, idem.scope),
        eq(orderGroups.idempotency_key, idem.key),
      ),
    )
    .limit(1);
  if (!row) return null;
  // A key stored before hashes were kept has none: its retry is taken on trust, as it was then.
  if (row.hash !== null && row.hash !== idem.hash) throw new HttpError(422, IDEMPOTENCY_REUSED);
  return row.id;
}

export async function selectGroup(db: Db, groupId: string): Promise<Group | undefined> {
  const [row] = await db.select().from(orderGroups).where(eq(orderGroups.id, groupId));
  return row;
}

/** The client's group of that side (another client's id, or a buy asked as a sale, is not found). */
export async function selectGroupDoCliente(
  db: Db,
  clienteId: number,
  groupId: string,
  lado: Lado,
): Promise<Group | undefined> {
  const [row] = await db
    .select()
    .from(orderGroups)
    .where(
      and(
        eq(orderGroups.id, groupId),
        eq(orderGroups.cliente_id, clienteId),
        eq(orderGroups.lado, lado),
      ),
    )
    .limit(1);
  return row;
}

/** The group, locked until the transaction ends: its completion is applied by one caller only. */
export async function lockGroup(tx: Tx, groupId: string): Promise<Group | undefined> {
  const [row] = await tx
    .select()
    .from(orderGroups)
    .where(eq(orderGroups.id, groupId))
    .for('update');
  return row;
}

/** The states a group is in flight in: every other state is final and never left. */
export const GROUP_IN_FLIGHT = ['pending', 'sent'] as const;

/**
 * Moves a group from one of the states `from` to another, and answers whether it did: a compare-and-set, so a
 * caller acting on a stale copy (another sync, another instance, a person resolving it meanwhile) changes nothing,
 * and a final state is never left.
 */
export async function transitionGroup(
  db: Db | Tx,
  groupId: string,
  from: ReadonlyArray<Group['state']>,
  set: Partial<Group> & { state: Group['state'] },
): Promise<boolean> {
  const rows = await db
    .update(orderGroups)
    .set({ ...set, updated_at: new Date() })
    .where(and(eq(orderGroups.id, groupId), inArray(orderGroups.state, [...from])))
    .returning({ id: orderGroups.id });
  return rows.length > 0;
}

export function selectLegs(db: Db | Tx, groupId: string): Promise<Leg[]> {
  return db
    .select()
    .from(orderLegs)
    .where(eq(orderLegs.group_id, groupId))
    .orderBy(asc(orderLegs.leg));
}

/**
 * Updates a leg if it is still as `leg` was read (state, ticket, filled volume): a compare-and-set, so an answer
 * that arrives after another caller has moved the leg on (a fill recorded meanwhile) is dropped, never written
 * over it. Answers whether it wrote.
 */
export async function updateLeg(tx: Tx, leg: Leg, set: Partial<Leg>): Promise<boolean> {
  const rows = await tx
    .update(orderLegs)
    .set({ ...set, updated_at: new Date() })
    .where(
      and(
        eq(orderLegs.group_id, leg.group_id),
        eq(orderLegs.leg, leg.leg),
        eq(orderLegs.state, leg.state),
        eq(orderLegs.volume_filled, leg.volume_filled),
        leg.ticket === null ? isNull(orderLegs.ticket) : eq(orderLegs.ticket, leg.ticket),
      ),
    )
    .returning({ leg: orderLegs.leg });
  return rows.length > 0;
}

/** The operation a buy group created, if it has one (a group applied already). */
export async function operacaoDoGroup(tx: Tx, groupId: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: operacoes.id })
    .from(operacoes)
    .where(eq(operacoes.order_group_id, groupId))
    .limit(1);
  return row?.id;
}

export async function updateOperacao(
  tx: Tx,
  id: number,
  set: Partial<typeof operacoes.$inferInsert>,
): Promise<void> {
  await tx.update(operacoes).set(set).where(eq(operacoes.id, id));
}

/**
 * Groups still in flight, oldest first (the background reconciler finishes what nobody polls). A lote's groups are
 * left to the lote's own reconciler, which asks their terminals many at a time.
 */
export function groupsInFlight(db: Db, limit = 50) {
  return db
    .select({ id: orderGroups.id, cliente_id: orderGroups.cliente_id, lado: orderGroups.lado })
    .from(orderGroups)
    .where(sql`${orderGroups.state} in ('pending', 'sent') and ${orderGroups.lote_id} is null`)
    .orderBy(asc(orderGroups.created_at))
    .limit(limit);
}
