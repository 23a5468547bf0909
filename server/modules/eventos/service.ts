import {
  EVENTO_DUPLICADO,
  EVENTO_NAO_ENCONTRADO,
  type Evento,
  type EventoInputParsed,
} from '../../../contract';
import { todayIso } from '../../../shared/dates';
import { toNumber } from '../../../shared/decimal';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { applyEvento, undoEvento } from './aplicacao';
import { avisoDataEx, vizinhosDaDataEx } from './conferencia';
import { lockEvento, type EventoRow } from './posicoes';
import { conflict, invalidFields, notFound } from '../../lib/http-error';
import { acaoExists } from '../acoes';
import {
  deleteEventoRow,
  duplicado,
  insertEvento,
  selectEventos,
  updateEventoRow,
  type EventoListRow,
} from './repository';

const toEvento = (r: EventoListRow, aviso: string | null = null): Evento => ({
  id: r.id,
  acao: r.acao,
  acao_nome: r.acao_nome,
  tipo: r.tipo,
  data_ex: r.data_ex,
  fator: toNumber(r.fator, 10),
  valor_por_acao: toNumber(r.valor_por_acao, 10),
  custo_atribuido: toNumber(r.custo_atribuido, 10),
  data_pagamento: r.data_pagamento,
  fonte: r.fonte,
  aplicado_em: r.aplicado_em === null ? null : new Date(r.aplicado_em).toISOString(),
  operacoes: r.operacoes,
  aviso_data_ex: aviso,
});

/** The events, each share event whose data ex the price history contradicts saying so (conferencia.ts). */
async function comAvisos(db: Db, rows: EventoListRow[]): Promise<Evento[]> {
  const vizinhos = await vizinhosDaDataEx(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toEvento(r, avisoDataEx(r, vizinhos.get(r.id))));
}

export async function listEventos(db: Db, acao?: number): Promise<Evento[]> {
  return comAvisos(db, await selectEventos(db, acao === undefined ? {} : { acao }));
}

async function answer(db: Db, id: number): Promise<Evento> {
  const [evento] = await comAvisos(db, await selectEventos(db, { id }));
  return evento!;
}

async function checkAcao(tx: Tx, e: EventoInputParsed) {
  if (!(await acaoExists(tx, e.acao))) throw invalidFields({ acao: 'Ação não encontrada.' });
}

const auditado = (e: EventoRow) => ({
  acao: e.acao_id,
  tipo: e.tipo,
  data_ex: e.data_ex,
  fator: e.fator,
  valor_por_acao: e.valor_por_acao,
  custo_atribuido: e.custo_atribuido,
  data_pagamento: e.data_pagamento,
  fonte: e.fonte,
});

/** A new event; when its data_ex has come (São Paulo's today), applied in the same transaction. */
export async function createEvento(
  db: Db,
  username: string,
  input: EventoInputParsed,
  hoje = todayIso(),
): Promise<Evento> {
  const id = await db.transaction(async (tx) => {
    await checkAcao(tx, input);
    const criado = await insertEvento(tx, input);
    if (!criado) throw conflict(EVENTO_DUPLICADO);
    await audit(tx, {
      username,
      action: 'create',
      entity: 'evento_corporativo',
      entityId: criado.id,
      after: auditado(criado),
    });
    if (criado.data_ex <= hoje) await applyEvento(tx, criado, username);
    return criado.id;
  });
  return answer(db, id);
}

/**
 * An edit undoes what the event did and applies it again as it now reads, in one transaction. An event that was in
 * force keeps reaching only the operations written before it came into force.
 */
export async function updateEvento(
  db: Db,
  username: string,
  id: number,
  input: EventoInputParsed,
  hoje = todayIso(),
): Promise<Evento> {
  await db.transaction(async (tx) => {
    const antes = await lockEvento(tx, id);
    if (!antes) throw notFound(EVENTO_NAO_ENCONTRADO);
    await checkAcao(tx, input);
    if (await duplicado(tx, input, id)) throw conflict(EVENTO_DUPLICADO);
    await undoEvento(tx, antes, username);
    const depois = await updateEventoRow(tx, id, input);
    await audit(tx, {
      username,
      action: 'update',
      entity: 'evento_corporativo',
      entityId: id,
      before: auditado(antes),
      after: auditado(depois),
    });
    if (depois.data_ex <= hoje) await applyEvento(tx, depois, username, antes.aplicado_em);
  });
  return answer(db, id);
}

/** Deleting an event undoes it: the operations it adjusted get their values back, its proventos go. */
export async function deleteEvento(db: Db, username: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const evento = await lockEvento(tx, id);
    if (!evento) throw notFound(EVENTO_NAO_ENCONTRADO);
    await undoEvento(tx, evento, username);
    await deleteEventoRow(tx, id);
    await audit(tx, {
      username,
      action: 'delete',
      entity: 'evento_corporativo',
      entityId: id,
      before: auditado(evento),
    });
  });
}
