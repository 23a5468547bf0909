import {
  MODELO_NAO_ENCONTRADO,
  MODELO_NOME_EM_USO,
  modeloSeguido,
  type Modelo,
  type ModeloInput,
} from '../../../contract';
import { validateModelo } from '../../../shared/rebalanceamento';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { conflict, invalidFields, notFound } from '../../lib/http-error';
import {
  deleteModeloRow,
  insertModelo,
  lockModelo,
  nomeEmUso,
  nomesDosSeguidores,
  selectModelos,
  updateModeloRow,
} from './repository';

/** The model's own rules (shared/rebalanceamento): each failure under its field, nothing written. */
function checkModelo(input: ModeloInput): void {
  const campos = validateModelo(input);
  if (campos) throw invalidFields(campos);
}

export function listModelos(db: Db): Promise<Modelo[]> {
  return selectModelos(db);
}

async function oneModelo(db: Db | Tx, id: number): Promise<Modelo> {
  const [modelo] = await selectModelos(db, id);
  if (!modelo) throw notFound(MODELO_NAO_ENCONTRADO);
  return modelo;
}

export const getModelo = (db: Db, id: number) => oneModelo(db, id);

export function createModelo(db: Db, username: string, input: ModeloInput): Promise<Modelo> {
  checkModelo(input);
  return db.transaction(async (tx) => {
    if (await nomeEmUso(tx, input.nome)) throw conflict(MODELO_NOME_EM_USO);
    const id = await insertModelo(tx, input);
    const criado = await oneModelo(tx, id);
    await audit(tx, { username, action: 'create', entity: 'modelo', entityId: id, after: criado });
    return criado;
  });
}

export function updateModelo(
  db: Db,
  username: string,
  id: number,
  input: ModeloInput,
): Promise<Modelo> {
  checkModelo(input);
  return db.transaction(async (tx) => {
    if (!(await lockModelo(tx, id))) throw notFound(MODELO_NAO_ENCONTRADO);
    if (await nomeEmUso(tx, input.nome, id)) throw conflict(MODELO_NOME_EM_USO);
    const antes = await oneModelo(tx, id);
    await updateModeloRow(tx, id, input);
    const depois = await oneModelo(tx, id);
    await audit(tx, {
      username,
      action: 'update',
      entity: 'modelo',
      entityId: id,
      before: antes,
      after: depois,
    });
    return depois;
  });
}

/** A model no client follows is deleted with its stocks; one followed is refused (409) naming its clients. */
export async function deleteModelo(db: Db, username: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockModelo(tx, id))) throw notFound(MODELO_NAO_ENCONTRADO);
    const seguidores = await nomesDosSeguidores(tx, id);
    if (seguidores.length) throw conflict(modeloSeguido(seguidores));
    const antes = await oneModelo(tx, id);
    await deleteModeloRow(tx, id);
    await audit(tx, { username, action: 'delete', entity: 'modelo', entityId: id, before: antes });
  });
}
