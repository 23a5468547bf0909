import { and, eq, inArray, sql } from 'drizzle-orm';
import { isEventoDeAcoes, type TipoEventoEmDinheiro } from '../../../contract';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/query';
import { eventosCorporativos, operacoes, proventos } from '../../db/schema';
import {
  quantidadeNaVespera,
  valoresDoProvento,
  type AplicacaoDeAcoes,
  type Posicao,
} from '../../../shared/eventos';

/** What applying and undoing corporate events (aplicacao.ts) read and write of the operations they reach. */

export type EventoRow = typeof eventosCorporativos.$inferSelect;

/** The event, locked for the rest of the transaction. */
export async function lockEvento(tx: Tx, id: number): Promise<EventoRow | undefined> {
  const [row] = await tx
    .select()
    .from(eventosCorporativos)
    .where(eq(eventosCorporativos.id, id))
    .for('update');
  return row;
}

export interface Aberta extends Posicao {
  id: number;
  ticker: string;
}

/**
 * The operations an event reaches, locked: bought before data_ex and still open at the close before it (open now,
 * or sold on data_ex or later), with a quantity; not yet reached by it; and, when `criadasAte` is given, written
 * before that moment (an event edited in force reaches the operations it reached, never the ones written after
 * it came into force, which were entered in post-event terms).
 */
export async function operacoesAlcancadas(
  tx: Tx,
  evento: EventoRow,
  criadasAte: Date | null,
): Promise<Aberta[]> {
  const jaAlcancada = isEventoDeAcoes(evento.tipo)
    ? sql`exists (select 1 from eventos_aplicacoes ap where ap.evento_id = ${evento.id} and ap.operacao_id = o.id)`
    : sql`exists (select 1 from proventos pv where pv.evento_id = ${evento.id} and pv.operacao_id = o.id)`;
  return queryRows<Aberta>(
    tx,
    sql`select o.id, o.quantidade, o.preco_unitario::text as preco_unitario,
          o.valor_alvo::text as valor_alvo, o.valor_stop::text as valor_stop, a.ticker
        from operacoes o join acoes a on a.id = o.acao_id
        where o.acao_id = ${evento.acao_id}
          and o.data_compra < ${evento.data_ex}
          and (o.data_venda is null or o.data_venda >= ${evento.data_ex})
          and o.quantidade is not null and o.quantidade > 0
          ${criadasAte ? sql`and o.created_at <= ${criadasAte.toISOString()}` : sql``}
          and not ${jaAlcancada}
        order by o.id
        for update of o`,
  );
}

interface AplicacaoRow extends AplicacaoDeAcoes {
  id: number;
  evento_id: number;
  operacao_id: number;
  preco_antes: string | null;
  alvo_antes: string | null;
  quantidade_depois: number;
  preco_depois: string | null;
  alvo_depois: string | null;
  stop_antes: string | null;
  stop_depois: string | null;
}

/** The share events applied to some operations, each operation's in the order they were applied. */
export async function aplicacoesDe(tx: Tx, operacaoIds: readonly number[]) {
  const porOperacao = new Map<number, AplicacaoRow[]>();
  if (operacaoIds.length === 0) return porOperacao;
  const rows = await queryRows<AplicacaoRow>(
    tx,
    sql`select ap.id, ap.evento_id, ap.operacao_id, e.data_ex, e.fator::text as fator,
          ap.quantidade_antes, ap.preco_antes::text as preco_antes, ap.alvo_antes::text as alvo_antes,
          ap.quantidade_depois, ap.preco_depois::text as preco_depois, ap.alvo_depois::text as alvo_depois,
          ap.stop_antes::text as stop_antes, ap.stop_depois::text as stop_depois
        from eventos_aplicacoes ap join eventos_corporativos e on e.id = ap.evento_id
        where ap.operacao_id = any(string_to_array(${operacaoIds.join(',')}, ',')::int[])
        order by ap.operacao_id, ap.id`,
  );
  for (const r of rows) {
    const lista = porOperacao.get(r.operacao_id) ?? [];
    lista.push(r);
    porOperacao.set(r.operacao_id, lista);
  }
  return porOperacao;
}

export async function writePosicao(tx: Tx, id: number, p: Posicao) {
  await tx
    .update(operacoes)
    .set({
      quantidade: p.quantidade,
      preco_unitario: p.preco_unitario,
      valor_alvo: p.valor_alvo,
      valor_stop: p.valor_stop,
      updated_at: new Date(),
    })
    .where(eq(operacoes.id, id));
}

export const posicaoAudit = (p: Posicao) => ({
  quantidade: p.quantidade,
  preco_unitario: p.preco_unitario,
  valor_alvo: p.valor_alvo,
  valor_stop: p.valor_stop,
});

/**
 * The cash events an operation received, their quantity computed again: a share event applied or undone before a
 * cash event's data_ex changes the shares held then.
 */
export async function recomputeProventos(tx: Tx, operacaoIds: readonly number[]): Promise<void> {
  if (operacaoIds.length === 0) return;
  const rows = await queryRows<{
    evento_id: number;
    operacao_id: number;
    tipo: TipoEventoEmDinheiro;
    data_ex: string;
    data_pagamento: string;
    valor_por_acao: string;
    quantidade_provento: number;
    quantidade_atual: number;
  }>(
    tx,
    sql`select pv.evento_id, pv.operacao_id, e.tipo, e.data_ex, e.valor_por_acao::text as valor_por_acao,
          coalesce(e.data_pagamento, e.data_ex)::text as data_pagamento,
          pv.quantidade as quantidade_provento, o.quantidade as quantidade_atual
        from proventos pv
        join eventos_corporativos e on e.id = pv.evento_id
        join operacoes o on o.id = pv.operacao_id
        where pv.operacao_id = any(string_to_array(${operacaoIds.join(',')}, ',')::int[])`,
  );
  const aplicacoes = await aplicacoesDe(tx, operacaoIds);
  for (const r of rows) {
    const quantidade = quantidadeNaVespera(
      r.quantidade_atual,
      aplicacoes.get(r.operacao_id) ?? [],
      r.data_ex,
    );
    if (quantidade === r.quantidade_provento) continue;
    await tx
      .update(proventos)
      .set({
        quantidade,
        ...valoresDoProvento(r.tipo, quantidade, r.valor_por_acao, r.data_pagamento),
      })
      .where(and(eq(proventos.evento_id, r.evento_id), eq(proventos.operacao_id, r.operacao_id)));
  }
}

export async function clientesDe(tx: Tx, operacaoIds: readonly number[]): Promise<number[]> {
  if (operacaoIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ cliente: operacoes.cliente_id })
    .from(operacoes)
    .where(inArray(operacoes.id, [...operacaoIds]));
  return rows.map((r) => r.cliente).sort((a, b) => a - b);
}
