import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Cliente, ClienteInput } from '../../../src/contract';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/query';
import { clientes, operacoes, orderGroups, orderLegs } from '../../db/schema';
import { audit } from '../../lib/audit';
import { toNumber } from '../../lib/decimal';
import { conflict, notFound } from '../../lib/http-error';

type ClienteRow = typeof clientes.$inferSelect;

const NOT_FOUND = 'Cliente não encontrado.';

/** A row as the contract shows it: numeric percent as a JSON number, no timestamps. */
export function toCliente(row: ClienteRow): Cliente {
  return {
    id: row.id,
    nome: row.nome,
    email: row.email,
    documento: row.documento,
    telefone: row.telefone,
    codigo_xp: row.codigo_xp,
    percentual_patrimonio: toNumber(row.percentual_patrimonio, 2) ?? 0,
    vm: row.vm,
    vm_ip: row.vm_ip,
    vm_private_ip: row.vm_private_ip,
  };
}

// numeric(5,2) takes exact decimal text; the contract has already limited the value to 2 places.
const toRow = (input: ClienteInput) => ({
  ...input,
  percentual_patrimonio: input.percentual_patrimonio.toFixed(2),
});

export async function listClientes(db: Db): Promise<Cliente[]> {
  const rows = await db
    .select()
    .from(clientes)
    .orderBy(sql`lower(${clientes.nome}) asc nulls last`, asc(clientes.id));
  return rows.map(toCliente);
}

export async function getCliente(db: Db, id: number): Promise<Cliente> {
  const [row] = await db.select().from(clientes).where(eq(clientes.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return toCliente(row);
}

export async function createCliente(
  db: Db,
  username: string,
  input: ClienteInput,
): Promise<Cliente> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(clientes).values(toRow(input)).returning();
    const created = toCliente(row!);
    await audit(tx, {
      username,
      action: 'create',
      entity: 'cliente',
      entityId: created.id,
      after: created,
    });
    return created;
  });
}

export async function updateCliente(
  db: Db,
  username: string,
  id: number,
  input: ClienteInput,
): Promise<Cliente> {
  return db.transaction(async (tx) => {
    const before = await lockCliente(tx, id);
    const [row] = await tx
      .update(clientes)
      .set({ ...toRow(input), updated_at: sql`now()` })
      .where(eq(clientes.id, id))
      .returning();
    const after = toCliente(row!);
    await audit(tx, {
      username,
      action: 'update',
      entity: 'cliente',
      entityId: id,
      before: toCliente(before),
      after,
    });
    return after;
  });
}

/**
 * Deletes a client with its realised operations and finished order groups, all audited, in one
 * transaction. Refused (409) while something is still live: an open position, or an MT5 order in flight.
 */
export async function deleteCliente(db: Db, username: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    // The row lock makes a concurrent insert of an operation or order for this client wait for us (its
    // foreign key needs the row), so nothing new can slip in between the check and the delete.
    const before = await lockCliente(tx, id);
    const [open] = await queryRows<{ abertas: number; em_andamento: number }>(
      tx,
      sql`select
            (select count(*)::int from ${operacoes}
              where ${operacoes.cliente_id} = ${id} and ${operacoes.data_venda} is null) as abertas,
            (select count(*)::int from ${orderGroups}
              where ${orderGroups.cliente_id} = ${id} and ${orderGroups.state} in ('pending', 'sent')) as em_andamento`,
    );
    const reasons: string[] = [];
    if (open && open.abertas > 0) {
      reasons.push(
        open.abertas === 1
          ? 'tem 1 operação posicionada'
          : `tem ${open.abertas} operações posicionadas`,
      );
    }
    if (open && open.em_andamento > 0) reasons.push('tem ordem MT5 em andamento');
    if (reasons.length) {
      throw conflict(
        `Não é possível deletar o cliente: ${reasons.join(' e ')}. Encerre as posições e aguarde as ordens antes de deletar.`,
      );
    }

    const groups = await tx.select().from(orderGroups).where(eq(orderGroups.cliente_id, id));
    const legs = groups.length
      ? await tx
          .select()
          .from(orderLegs)
          .where(
            inArray(
              orderLegs.group_id,
              groups.map((g) => g.id),
            ),
          )
      : [];
    const realised = await tx.select().from(operacoes).where(eq(operacoes.cliente_id, id));
    // Order groups point at operations; they go first (their legs cascade).
    if (groups.length) await tx.delete(orderGroups).where(eq(orderGroups.cliente_id, id));
    if (realised.length) await tx.delete(operacoes).where(eq(operacoes.cliente_id, id));
    await tx.delete(clientes).where(eq(clientes.id, id));

    await audit(tx, [
      ...groups.map((g) => ({
        username,
        action: 'delete',
        entity: 'order_group',
        entityId: g.id,
        before: { ...g, legs: legs.filter((l) => l.group_id === g.id) },
      })),
      ...realised.map((o) => ({
        username,
        action: 'delete',
        entity: 'operacao',
        entityId: o.id,
        before: o,
      })),
      { username, action: 'delete', entity: 'cliente', entityId: id, before: toCliente(before) },
    ]);
  });
}

async function lockCliente(tx: Tx, id: number): Promise<ClienteRow> {
  const [row] = await tx.select().from(clientes).where(eq(clientes.id, id)).for('update');
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The addresses the status check needs, for every client. */
export function listStatusTargets(db: Db) {
  return db
    .select({ id: clientes.id, vm_ip: clientes.vm_ip, vm_private_ip: clientes.vm_private_ip })
    .from(clientes)
    .orderBy(asc(clientes.id));
}
