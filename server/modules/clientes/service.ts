import { CLIENTE_NAO_ENCONTRADO, type Cliente, type ClienteInput } from '../../../contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/http-error';
import { checkAllStatuses } from '../../lib/mt5-agent/status';
import {
  countLive,
  deleteClienteRows,
  insertCliente,
  lockCliente,
  selectCliente,
  selectClientes,
  selectHistory,
  selectStatusTargets,
  toCliente,
  updateClienteRow,
} from './repository';

export async function listClientes(db: Db): Promise<Cliente[]> {
  return (await selectClientes(db)).map(toCliente);
}

export async function getCliente(db: Db, id: number): Promise<Cliente> {
  const row = await selectCliente(db, id);
  if (!row) throw notFound(CLIENTE_NAO_ENCONTRADO);
  return toCliente(row);
}

export function createCliente(db: Db, username: string, input: ClienteInput): Promise<Cliente> {
  return db.transaction(async (tx) => {
    const created = toCliente(await insertCliente(tx, input));
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

export function updateCliente(
  db: Db,
  username: string,
  id: number,
  input: ClienteInput,
): Promise<Cliente> {
  return db.transaction(async (tx) => {
    const before = await lockCliente(tx, id);
    if (!before) throw notFound(CLIENTE_NAO_ENCONTRADO);
    const after = toCliente(await updateClienteRow(tx, id, input));
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
    if (!before) throw notFound(CLIENTE_NAO_ENCONTRADO);
    const live = await countLive(tx, id);
    const reasons: string[] = [];
    if (live.abertas > 0) {
      reasons.push(
        live.abertas === 1
          ? 'tem 1 operação posicionada'
          : `tem ${live.abertas} operações posicionadas`,
      );
    }
    if (live.em_andamento > 0) reasons.push('tem ordem MT5 em andamento');
    if (reasons.length) {
      throw conflict(
        `Não é possível deletar o cliente: ${reasons.join(' e ')}. Encerre as posições e aguarde as ordens antes de deletar.`,
      );
    }

    const { groups, legs, operations } = await selectHistory(tx, id);
    await deleteClienteRows(tx, id);
    await audit(tx, [
      ...groups.map((g) => ({
        username,
        action: 'delete',
        entity: 'order_group',
        entityId: g.id,
        before: { ...g, legs: legs.filter((l) => l.group_id === g.id) },
      })),
      ...operations.map((o) => ({
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

/** Every client's MT5 status, asked of the agents side by side. */
export async function clientesStatus(db: Db, config: Config) {
  return checkAllStatuses(await selectStatusTargets(db), config.mt5);
}
