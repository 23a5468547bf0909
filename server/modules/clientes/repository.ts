import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Cliente, ClienteInput } from '../../../contract';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/query';
import {
  clientes,
  modeloClientes,
  modelos,
  operacoes,
  orderGroups,
  orderLegs,
} from '../../db/schema';
import { toNumber } from '../../../shared/decimal';

export type ClienteRow = typeof clientes.$inferSelect;

/** A row as the contract shows it: numeric percent as a JSON number, no timestamps; the model it follows. */
export function toCliente(row: ClienteRow, modelo: number | null): Cliente {
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
    mt5_token_proprio: row.mt5_token !== null,
    modelo,
  };
}

/** What the input writes: numeric(5,2) takes exact decimal text (the contract has limited it to 2 places); the
 * token arrives already sealed, and undefined leaves the stored one. */
const toRow = (
  { mt5_token: _plain, modelo: _modelo, ...input }: ClienteInput,
  sealed: string | null | undefined,
) => ({
  ...input,
  percentual_patrimonio: input.percentual_patrimonio.toFixed(2),
  ...(sealed === undefined ? {} : { mt5_token: sealed }),
});

export function selectClientes(db: Db): Promise<Array<ClienteRow & { modelo: number | null }>> {
  return db
    .select({ ...getTableColumns(clientes), modelo: modeloClientes.modelo_id })
    .from(clientes)
    .leftJoin(modeloClientes, eq(modeloClientes.cliente_id, clientes.id))
    .orderBy(sql`lower(${clientes.nome}) asc nulls last`, asc(clientes.id));
}

/** Whether the client exists: the one lookup every module asks. */
export async function clienteExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, id));
  return Boolean(row);
}

export async function selectCliente(db: Db | Tx, id: number): Promise<ClienteRow | undefined> {
  const [row] = await db.select().from(clientes).where(eq(clientes.id, id));
  return row;
}

/** The model the client follows (issue 33), null when none. */
export async function selectModeloDoCliente(db: Db | Tx, id: number): Promise<number | null> {
  const [row] = await db
    .select({ modelo: modeloClientes.modelo_id })
    .from(modeloClientes)
    .where(eq(modeloClientes.cliente_id, id));
  return row?.modelo ?? null;
}

/**
 * Writes the model the client follows: undefined leaves it, null follows none. False when the model does not
 * exist (its row is locked for share, so a concurrent delete of the model waits or is refused by the key).
 */
export async function writeModeloDoCliente(
  tx: Tx,
  id: number,
  modelo: number | null | undefined,
): Promise<boolean> {
  if (modelo === undefined) return true;
  if (modelo === null) {
    await tx.delete(modeloClientes).where(eq(modeloClientes.cliente_id, id));
    return true;
  }
  const [existe] = await tx
    .select({ id: modelos.id })
    .from(modelos)
    .where(eq(modelos.id, modelo))
    .for('share');
  if (!existe) return false;
  await tx
    .insert(modeloClientes)
    .values({ cliente_id: id, modelo_id: modelo })
    .onConflictDoUpdate({ target: modeloClientes.cliente_id, set: { modelo_id: modelo } });
  return true;
}

/** The client's row, locked until the transaction ends. */
export async function lockCliente(tx: Tx, id: number): Promise<ClienteRow | undefined> {
  const [row] = await tx.select().from(clientes).where(eq(clientes.id, id)).for('update');
  return row;
}

export async function insertCliente(
  tx: Tx,
  input: ClienteInput,
  sealed: string | null | undefined,
): Promise<ClienteRow> {
  const [row] = await tx.insert(clientes).values(toRow(input, sealed)).returning();
  return row!;
}

export async function updateClienteRow(
  tx: Tx,
  id: number,
  input: ClienteInput,
  sealed: string | null | undefined,
): Promise<ClienteRow> {
  const [row] = await tx
    .update(clientes)
    .set({ ...toRow(input, sealed), updated_at: sql`now()` })
    .where(eq(clientes.id, id))
    .returning();
  return row!;
}

/** What keeps a client from being deleted: open operations and MT5 order groups in flight. */
export async function countLive(tx: Tx, id: number) {
  const [row] = await queryRows<{ abertas: number; em_andamento: number }>(
    tx,
    sql`select
          (select count(*)::int from ${operacoes}
            where ${operacoes.cliente_id} = ${id} and ${operacoes.data_venda} is null) as abertas,
          (select count(*)::int from ${orderGroups}
            where ${orderGroups.cliente_id} = ${id} and ${orderGroups.state} in ('pending', 'sent')) as em_andamento`,
  );
  return row ?? { abertas: 0, em_andamento: 0 };
}

/** Everything a client leaves behind: its order groups (with their legs) and its operations. */
export async function selectHistory(tx: Tx, id: number) {
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
  const operations = await tx.select().from(operacoes).where(eq(operacoes.cliente_id, id));
  return { groups, legs, operations };
}

export async function deleteClienteRows(tx: Tx, id: number): Promise<void> {
  // Order groups point at operations; they go first (their legs cascade).
  await tx.delete(orderGroups).where(eq(orderGroups.cliente_id, id));
  await tx.delete(operacoes).where(eq(operacoes.cliente_id, id));
  await tx.delete(clientes).where(eq(clientes.id, id));
}

/** The addresses the status check needs, for every client. */
export function selectStatusTargets(db: Db) {
  return db
    .select({
      id: clientes.id,
      vm_ip: clientes.vm_ip,
      vm_private_ip: clientes.vm_private_ip,
      mt5_token: clientes.mt5_token,
    })
    .from(clientes)
    .orderBy(asc(clientes.id));
}
