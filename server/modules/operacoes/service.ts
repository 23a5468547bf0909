import {
  CLIENTE_NAO_ENCONTRADO,
  DATA_VENDA_ANTES_DA_COMPRA,
  OPERACAO_NAO_ENCONTRADA,
  type Operacao,
  type OperacaoInput,
  type OperacaoPatch,
} from '../../../contract';
import { todayIso } from '../../../shared/dates';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { conflict, invalidFields, notFound } from '../../lib/http-error';
import { getOperacao, listOperacoesJson } from '../carteira';
import { RawJson } from '../../lib/route';
import { acaoExists } from '../acoes';
import { clienteExists } from '../clientes';
import {
  deleteOperacaoRow,
  insertOperacao,
  lockOperacao,
  manualRow,
  orderInFlight,
  toInput,
  updateOperacaoRow,
} from './repository';

/** The stock and the client must exist, and a sale cannot precede the purchase (after a PATCH merge too). */
async function checkOperacao(tx: Db | Tx, op: OperacaoInput): Promise<void> {
  const campos: Record<string, string> = {};
  const [cliente, acao] = await Promise.all([
    clienteExists(tx, op.cliente),
    acaoExists(tx, op.acao),
  ]);
  if (!cliente) campos.cliente = CLIENTE_NAO_ENCONTRADO;
  if (!acao) campos.acao = 'Ação não encontrada.';
  if (op.data_compra && op.data_venda && op.data_venda < op.data_compra) {
    campos.data_venda = DATA_VENDA_ANTES_DA_COMPRA;
  }
  if (Object.keys(campos).length) throw invalidFields(campos);
}

/** One client's operations, as the JSON the database builds (an unknown client is a 404, not an empty list). */
export async function listOperacoes(db: Db, clienteId: number): Promise<RawJson<Operacao[]>> {
  const json = await listOperacoesJson(db, clienteId, todayIso());
  if (json === '[]' && !(await clienteExists(db, clienteId))) {
    throw notFound(CLIENTE_NAO_ENCONTRADO);
  }
  return new RawJson(json);
}

export const ORDEM_EM_ANDAMENTO =
  'A operação tem uma ordem MT5 em andamento: aguarde a ordem terminar (ou resolva-a) antes de alterar ou excluir.';

/**
 * An operation with a sale resting at the terminal is not the book's to change: when the sale fills it realises
 * exactly the quantity it was sent for. Called under the operation's row lock, which the sale's creation takes too.
 */
async function refuseWhileInFlight(tx: Tx, id: number): Promise<void> {
  if (await orderInFlight(tx, id)) throw conflict(ORDEM_EM_ANDAMENTO);
}

const answer = async (db: Db, id: number) => (await getOperacao(db, id, todayIso()))!;

export async function createOperacao(
  db: Db,
  username: string,
  op: OperacaoInput,
): Promise<Operacao> {
  const id = await db.transaction(async (tx) => {
    await checkOperacao(tx, op);
    const created = await insertOperacao(tx, manualRow(op));
    await audit(tx, {
      username,
      action: 'create',
      entity: 'operacao',
      entityId: created,
      after: op,
    });
    return created;
  });
  return answer(db, id);
}

export async function updateOperacao(
  db: Db,
  username: string,
  id: number,
  patch: OperacaoPatch,
): Promise<Operacao> {
  await db.transaction(async (tx) => {
    const row = await lockOperacao(tx, id);
    if (!row) throw notFound(OPERACAO_NAO_ENCONTRADA);
    await refuseWhileInFlight(tx, id);
    const before = toInput(row);
    const after: OperacaoInput = { ...before, ...patch };
    await checkOperacao(tx, after);
    await updateOperacaoRow(tx, id, after);
    await audit(tx, {
      username,
      action: 'update',
      entity: 'operacao',
      entityId: id,
      before,
      after,
    });
  });
  return answer(db, id);
}

export async function deleteOperacao(db: Db, username: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockOperacao(tx, id))) throw notFound(OPERACAO_NAO_ENCONTRADA);
    await refuseWhileInFlight(tx, id);
    const removed = await deleteOperacaoRow(tx, id);
    if (!removed) throw notFound(OPERACAO_NAO_ENCONTRADA);
    await audit(tx, {
      username,
      action: 'delete',
      entity: 'operacao',
      entityId: id,
      before: removed,
    });
  });
}
