import { eq, sql } from 'drizzle-orm';
import { isEventoDeAcoes, MAX_QUANTIDADE, type TipoEventoEmDinheiro } from '../../../contract';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/query';
import { eventosAplicacoes, eventosCorporativos, proventos } from '../../db/schema';
import { audit, type AuditEntry } from '../../lib/audit';
import { conflict } from '../../lib/http-error';
import {
  ajustarPosicao,
  quantidadeNaVespera,
  reaplicar,
  valoresDoProvento,
  type Posicao,
} from '../../../shared/eventos';
import {
  aplicacoesDe,
  clientesDe,
  writePosicao,
  lockEvento,
  operacoesAlcancadas,
  posicaoAudit,
  recomputeProventos,
  type Aberta,
  type EventoRow,
} from './posicoes';
import { refuseWhileSelling } from './vendas-em-voo';

/**
 * Corporate events on positions (docs/decisions/0007-eventos-corporativos.md): applied once when their data_ex has
 * come, recorded per operation with the values before and after, undone exactly, each inside the caller's
 * transaction (which holds the event's row lock). Shared by the events' routes, their daily job and the Yahoo
 * history refresh, which finds events too.
 */

const SEM_ESPACO = (ticker: string, id: number) =>
  `O ajuste deixaria a operação ${id} (${ticker}) com mais de ${MAX_QUANTIDADE.toLocaleString('pt-BR')} ações.`;

export interface Aplicado {
  operacoes: number;
  clientes: number[];
}

/**
 * Applies an event whose data_ex has come to the operations it reaches, once, and puts it in force (`aplicado_em`):
 * share events adjust each operation, cash events pay each one. An event already in force is left as it is, so
 * applying twice changes nothing. `emVigorDesde` keeps the moment of an edited event that was already in force.
 * A share event reaching an operation with an MT5 sale in flight is refused (409, VendaEmVooError) before anything
 * is written, under the operations' row locks.
 */
export async function applyEvento(
  tx: Tx,
  evento: EventoRow,
  username: string,
  emVigorDesde: Date | null = null,
): Promise<Aplicado> {
  if (evento.aplicado_em !== null) return { operacoes: 0, clientes: [] };
  const alcancadas = await operacoesAlcancadas(tx, evento, emVigorDesde);
  const ids = alcancadas.map((o) => o.id);
  const entradas: AuditEntry[] = [];
  if (isEventoDeAcoes(evento.tipo)) {
    await refuseWhileSelling(tx, ids);
    for (const op of alcancadas) {
      const { depois, fracao } = ajustarPosicao(op, evento.fator!);
      if (depois.quantidade > MAX_QUANTIDADE) throw conflict(SEM_ESPACO(op.ticker, op.id));
      await writePosicao(tx, op.id, depois);
      await tx.insert(eventosAplicacoes).values({
        evento_id: evento.id,
        operacao_id: op.id,
        quantidade_antes: op.quantidade,
        preco_antes: op.preco_unitario,
        alvo_antes: op.valor_alvo,
        quantidade_depois: depois.quantidade,
        preco_depois: depois.preco_unitario,
        alvo_depois: depois.valor_alvo,
        stop_antes: op.valor_stop,
        stop_depois: depois.valor_stop,
        fracao,
      });
      entradas.push({
        username,
        action: 'ajuste_evento',
        entity: 'operacao',
        entityId: op.id,
        before: posicaoAudit(op),
        after: { ...posicaoAudit(depois), evento: evento.id, fracao },
      });
    }
    await recomputeProventos(tx, ids);
  } else {
    const aplicacoes = await aplicacoesDe(tx, ids);
    const linhas = alcancadas.map((op) => {
      const quantidade = quantidadeNaVespera(
        op.quantidade,
        aplicacoes.get(op.id) ?? [],
        evento.data_ex,
      );
      const tipo = evento.tipo as TipoEventoEmDinheiro;
      return {
        evento_id: evento.id,
        operacao_id: op.id,
        quantidade,
        ...valoresDoProvento(
          tipo,
          quantidade,
          evento.valor_por_acao!,
          evento.data_pagamento ?? evento.data_ex,
        ),
      };
    });
    if (linhas.length) await tx.insert(proventos).values(linhas);
    entradas.push(
      ...linhas.map((l) => ({
        username,
        action: 'create',
        entity: 'provento',
        entityId: `${l.evento_id}/${l.operacao_id}`,
        after: l,
      })),
    );
  }
  const desde = emVigorDesde ?? new Date();
  await tx
    .update(eventosCorporativos)
    .set({ aplicado_em: desde })
    .where(eq(eventosCorporativos.id, evento.id));
  entradas.push({
    username,
    action: 'aplicar',
    entity: 'evento_corporativo',
    entityId: evento.id,
    after: { aplicado_em: desde.toISOString(), operacoes: ids },
  });
  await audit(tx, entradas);
  return { operacoes: ids.length, clientes: await clientesDe(tx, ids) };
}

const mesmaPosicao = (a: Posicao, b: Posicao) =>
  a.quantidade === b.quantidade &&
  a.preco_unitario === b.preco_unitario &&
  a.valor_alvo === b.valor_alvo &&
  a.valor_stop === b.valor_stop;

/**
 * Takes an event out of force: each operation it adjusted gets back the values it would hold without it (the
 * other events replayed from the values before the first), its proventos are deleted. An operation changed since
 * its last adjustment (edited, partly sold) cannot be told apart from the event's doing: the whole undo is refused
 * with a 409 naming it, and nothing changes; so is the undo of an operation with an MT5 sale in flight.
 */
export async function undoEvento(tx: Tx, evento: EventoRow, username: string): Promise<Aplicado> {
  if (evento.aplicado_em === null) return { operacoes: 0, clientes: [] };
  const entradas: AuditEntry[] = [];
  let ids: number[];
  if (isEventoDeAcoes(evento.tipo)) {
    ids = await undoAjustes(tx, evento, username, entradas);
  } else {
    const removidos = await tx
      .delete(proventos)
      .where(eq(proventos.evento_id, evento.id))
      .returning();
    ids = removidos.map((p) => p.operacao_id);
    entradas.push(
      ...removidos.map((p) => ({
        username,
        action: 'delete',
        entity: 'provento',
        entityId: `${p.evento_id}/${p.operacao_id}`,
        before: p,
      })),
    );
  }
  await tx
    .update(eventosCorporativos)
    .set({ aplicado_em: null })
    .where(eq(eventosCorporativos.id, evento.id));
  entradas.push({
    username,
    action: 'desfazer',
    entity: 'evento_corporativo',
    entityId: evento.id,
    before: { aplicado_em: evento.aplicado_em.toISOString(), operacoes: ids },
  });
  await audit(tx, entradas);
  return { operacoes: ids.length, clientes: await clientesDe(tx, ids) };
}

/**
 * A share event's undo: every operation it adjusted, locked, written back as the other events leave it (their
 * records replayed), its own records deleted; the audit entries go to `entradas`. Answers the operations.
 */
async function undoAjustes(
  tx: Tx,
  evento: EventoRow,
  username: string,
  entradas: AuditEntry[],
): Promise<number[]> {
  const atuais = await queryRows<Aberta>(
    tx,
    sql`select o.id, o.quantidade, o.preco_unitario::text as preco_unitario,
          o.valor_alvo::text as valor_alvo, o.valor_stop::text as valor_stop, a.ticker
        from operacoes o join acoes a on a.id = o.acao_id
        where o.id in (select operacao_id from eventos_aplicacoes where evento_id = ${evento.id})
        order by o.id
        for update of o`,
  );
  const ids = atuais.map((o) => o.id);
  await refuseWhileSelling(tx, ids);
  const aplicacoes = await aplicacoesDe(tx, ids);
  const mudadas = atuais.filter((op) => {
    const ultima = aplicacoes.get(op.id)!.at(-1)!;
    return !mesmaPosicao(op, {
      quantidade: ultima.quantidade_depois,
      preco_unitario: ultima.preco_depois,
      valor_alvo: ultima.alvo_depois,
      valor_stop: ultima.stop_depois,
    });
  });
  if (mudadas.length) {
    const quais = mudadas.map((o) => `${o.id} (${o.ticker})`).join(', ');
    throw conflict(
      `O evento ajustou operações que mudaram depois do ajuste: ${quais}. ` +
        'Desfazê-lo apagaria essas mudanças: corrija ou exclua essas operações antes.',
    );
  }
  for (const op of atuais) {
    const todas = aplicacoes.get(op.id)!;
    const primeira = todas[0]!;
    const inicial: Posicao = {
      quantidade: primeira.quantidade_antes,
      preco_unitario: primeira.preco_antes,
      valor_alvo: primeira.alvo_antes,
      valor_stop: primeira.stop_antes,
    };
    const restantes = todas.filter((a) => a.evento_id !== evento.id);
    const passos = reaplicar(
      inicial,
      restantes.map((a) => a.fator),
    );
    const final = passos.at(-1)?.depois ?? inicial;
    await writePosicao(tx, op.id, final);
    for (const [i, a] of restantes.entries()) {
      const passo = passos[i]!;
      await tx
        .update(eventosAplicacoes)
        .set({
          quantidade_antes: passo.antes.quantidade,
          preco_antes: passo.antes.preco_unitario,
          alvo_antes: passo.antes.valor_alvo,
          quantidade_depois: passo.depois.quantidade,
          preco_depois: passo.depois.preco_unitario,
          alvo_depois: passo.depois.valor_alvo,
          stop_antes: passo.antes.valor_stop,
          stop_depois: passo.depois.valor_stop,
          fracao: passo.fracao,
        })
        .where(eq(eventosAplicacoes.id, a.id));
    }
    entradas.push({
      username,
      action: 'desfazer_evento',
      entity: 'operacao',
      entityId: op.id,
      before: posicaoAudit(op),
      after: { ...posicaoAudit(final), evento: evento.id },
    });
  }
  await tx.delete(eventosAplicacoes).where(eq(eventosAplicacoes.evento_id, evento.id));
  await recomputeProventos(tx, ids);
  return ids;
}

/**
 * The daily job's work: every event whose data_ex has come (São Paulo's `hoje`) and is not yet in force, oldest
 * first, each in its own transaction under its row lock (another instance running the same job finds it applied).
 * An event that cannot be applied (one that would adjust an operation under a sale resting at the terminal, until
 * the sale ends) is logged and retried next time; the others go on.
 */
export async function applyPendentes(
  db: Db,
  hoje: string,
  log: (evento: number, err: unknown) => void,
): Promise<number> {
  const pendentes = await db
    .select({ id: eventosCorporativos.id })
    .from(eventosCorporativos)
    .where(
      sql`${eventosCorporativos.aplicado_em} is null and ${eventosCorporativos.data_ex} <= ${hoje}`,
    )
    .orderBy(eventosCorporativos.data_ex, eventosCorporativos.id);
  let aplicados = 0;
  for (const { id } of pendentes) {
    try {
      await db.transaction(async (tx) => {
        const evento = await lockEvento(tx, id);
        if (!evento || evento.aplicado_em !== null || evento.data_ex > hoje) return;
        await applyEvento(tx, evento, 'sistema');
        aplicados++;
      });
    } catch (err) {
      log(id, err);
    }
  }
  return aplicados;
}
