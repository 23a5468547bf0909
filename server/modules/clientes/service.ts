import { CLIENTE_NAO_ENCONTRADO, type Cliente, type ClienteInput } from '../../../contract';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { conflict, invalidFields, notFound } from '../../lib/http-error';
import { isAllowedHost, sealToken } from '../../lib/mt5-agent/access';
import {
  countLive,
  deleteClienteRows,
  insertCliente,
  lockCliente,
  selectCliente,
  selectClientes,
  selectHistory,
  selectModeloDoCliente,
  toCliente,
  updateClienteRow,
  writeModeloDoCliente,
} from './repository';

export async function listClientes(db: Db): Promise<Cliente[]> {
  return (await selectClientes(db)).map((row) => toCliente(row, row.modelo));
}

export async function getCliente(db: Db, id: number): Promise<Cliente> {
  const row = await selectCliente(db, id);
  if (!row) throw notFound(CLIENTE_NAO_ENCONTRADO);
  return toCliente(row, await selectModeloDoCliente(db, id));
}

/**
 * The address the server will call (the private one, else the public one) must be in MT5_AGENT_NETWORKS: the
 * agent token is never sent anywhere else.
 */
function checkAddress(config: Config, input: ClienteInput): void {
  const field = input.vm_private_ip ? 'vm_private_ip' : input.vm_ip ? 'vm_ip' : null;
  if (field && !isAllowedHost(config.mt5.networks, input[field]!)) {
    throw invalidFields({
      [field]: `O IP deve estar numa das redes dos agentes MT5 (${config.mt5.networksText}).`,
    });
  }
}

/** The token as the database keeps it: sealed; null removes it; undefined leaves it as it is. */
function sealed(config: Config, input: ClienteInput): string | null | undefined {
  if (typeof input.mt5_token !== 'string') return input.mt5_token;
  if (!config.mt5.tokenKey) {
    throw invalidFields({
      mt5_token:
        'O servidor não tem chave para guardar tokens por cliente: configure MT5_TOKEN_KEY (ou use o token comum).',
    });
  }
  return sealToken(config.mt5.tokenKey, input.mt5_token);
}

/** The model the client follows (issue 33); one that does not exist is the field's 400, nothing written. */
async function followModelo(tx: Tx, id: number, modelo: number | null | undefined) {
  if (!(await writeModeloDoCliente(tx, id, modelo))) {
    throw invalidFields({ modelo: 'Modelo não encontrado.' });
  }
}

/** What the audit log keeps of a token: whether it was set or removed, never the token. */
const audited = (input: ClienteInput, cliente: Cliente) => ({
  ...cliente,
  ...(input.mt5_token === undefined
    ? {}
    : { mt5_token: input.mt5_token === null ? 'removido' : 'definido' }),
});

export function createCliente(
  db: Db,
  config: Config,
  username: string,
  input: ClienteInput,
): Promise<Cliente> {
  checkAddress(config, input);
  const token = sealed(config, input);
  return db.transaction(async (tx) => {
    const row = await insertCliente(tx, input, token);
    await followModelo(tx, row.id, input.modelo);
    const created = toCliente(row, input.modelo ?? null);
    await audit(tx, {
      username,
      action: 'create',
      entity: 'cliente',
      entityId: created.id,
      after: audited(input, created),
    });
    return created;
  });
}

export function updateCliente(
  db: Db,
  config: Config,
  username: string,
  id: number,
  input: ClienteInput,
): Promise<Cliente> {
  checkAddress(config, input);
  const token = sealed(config, input);
  return db.transaction(async (tx) => {
    const before = await lockCliente(tx, id);
    if (!before) throw notFound(CLIENTE_NAO_ENCONTRADO);
    const modeloAntes = await selectModeloDoCliente(tx, id);
    await followModelo(tx, id, input.modelo);
    const after = toCliente(
      await updateClienteRow(tx, id, input, token),
      input.modelo === undefined ? modeloAntes : input.modelo,
    );
    await audit(tx, {
      username,
      action: 'update',
      entity: 'cliente',
      entityId: id,
      before: toCliente(before, modeloAntes),
      after: audited(input, after),
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
    const modelo = await selectModeloDoCliente(tx, id);
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
      {
        username,
        action: 'delete',
        entity: 'cliente',
        entityId: id,
        before: toCliente(before, modelo),
      },
    ]);
  });
}
