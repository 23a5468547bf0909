import { and, eq, ne, sql } from 'drizzle-orm';
import { isEventoDeAcoes, type EventoInputParsed } from '../../../contract';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/query';
import { eventosCorporativos } from '../../db/schema';

export interface EventoListRow {
  id: number;
  acao: number;
  acao_nome: string;
  tipo: EventoInputParsed['tipo'];
  data_ex: string;
  fator: string | null;
  valor_por_acao: string | null;
  custo_atribuido: string | null;
  data_pagamento: string | null;
  fonte: 'yahoo' | 'manual';
  aplicado_em: Date | string | null;
  operacoes: number;
}

/** Events with their stock and how many operations each reached, latest data_ex first. */
export async function selectEventos(
  db: Db | Tx,
  filtro: { acao?: number; id?: number },
): Promise<EventoListRow[]> {
  return queryRows<EventoListRow>(
    db,
    sql`select e.id, e.acao_id as acao, a.ticker as acao_nome, e.tipo, e.data_ex,
          e.fator::text as fator, e.valor_por_acao::text as valor_por_acao, e.fonte, e.aplicado_em,
          e.custo_atribuido::text as custo_atribuido,
          case when e.tipo in ('dividendo', 'jcp')
            then coalesce(e.data_pagamento, e.data_ex)::text end as data_pagamento,
          ((select count(*) from eventos_aplicacoes ap where ap.evento_id = e.id)
            + (select count(*) from proventos pv where pv.evento_id = e.id))::int as operacoes
        from eventos_corporativos e join acoes a on a.id = e.acao_id
        where true
          ${filtro.acao === undefined ? sql`` : sql`and e.acao_id = ${filtro.acao}`}
          ${filtro.id === undefined ? sql`` : sql`and e.id = ${filtro.id}`}
        order by e.data_ex desc, e.id desc`,
  );
}

const toRow = (e: EventoInputParsed) => ({
  acao_id: e.acao,
  tipo: e.tipo,
  data_ex: e.data_ex,
  fator: e.fator === null ? null : String(e.fator),
  valor_por_acao: e.valor_por_acao === null ? null : String(e.valor_por_acao),
  custo_atribuido: e.custo_atribuido == null ? null : String(e.custo_atribuido),
  // A cash event is paid on data_ex unless stated: stored, so that the JCP rate reads one column.
  data_pagamento: isEventoDeAcoes(e.tipo) ? null : (e.data_pagamento ?? e.data_ex),
});

/** The new event, or undefined when the stock already has one of that type on that date. */
export async function insertEvento(tx: Tx, e: EventoInputParsed) {
  const [row] = await tx
    .insert(eventosCorporativos)
    .values({ ...toRow(e), fonte: 'manual' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Another event of the stock with that type and date (an edit must not make a duplicate). */
export async function duplicado(tx: Tx, e: EventoInputParsed, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: eventosCorporativos.id })
    .from(eventosCorporativos)
    .where(
      and(
        eq(eventosCorporativos.acao_id, e.acao),
        eq(eventosCorporativos.tipo, e.tipo),
        eq(eventosCorporativos.data_ex, e.data_ex),
        ne(eventosCorporativos.id, id),
      ),
    );
  return Boolean(row);
}

/** An edited event is a person's: fonte manual (Yahoo never overrides it), out of force until applied again. */
export async function updateEventoRow(tx: Tx, id: number, e: EventoInputParsed) {
  const [row] = await tx
    .update(eventosCorporativos)
    .set({ ...toRow(e), fonte: 'manual', aplicado_em: null, updated_at: new Date() })
    .where(eq(eventosCorporativos.id, id))
    .returning();
  return row!;
}

export async function deleteEventoRow(tx: Tx, id: number) {
  const [row] = await tx
    .delete(eventosCorporativos)
    .where(eq(eventosCorporativos.id, id))
    .returning();
  return row;
}
