import { sql } from 'drizzle-orm';
import { isEventoDeAcoes } from '../../../contract';
import { Decimal } from '../../../shared/decimal';
import { formatDate, formatMoney, formatPercent } from '../../../shared/format';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/query';
import { referencia } from '../../lib/precos/ajuste';

/**
 * Issue 34, rough edge 3: does a share event's data ex match the price history? On its data ex a split's price falls
 * by its factor (2: −50 %), a reverse split's rises: the close of the session before and the close on the data ex
 * show it. When the move between them is nearer to none than to what the factor implies, the date is likely wrong
 * (a day late or early, or another event's), and the event says so when saved and in the list.
 *
 * Only bars as traded tell: a bar its source had already adjusted for the event (Yahoo's, the bundled history's,
 * `ajustado_ate` on or after the data ex) is continuous across it whatever the date, so it is not judged; nor is an
 * event without a close on both sides of its date, or whose factor moves the price too little (a 10 % bonus is a
 * day's move) to tell by.
 */

/** Below this change of price (in either direction) a factor is not judged. */
const MOVIMENTO_MINIMO = new Decimal(1.25).ln();

interface Vizinhos {
  id: number;
  antes_data: string | null;
  antes: string | null;
  antes_ajustado_ate: string | null;
  depois_data: string | null;
  depois: string | null;
}

interface EventoConferido {
  id: number;
  tipo: string;
  data_ex: string;
  fator: string | null;
}

/** Why the data ex does not match the history, or null when it does (or the history cannot tell). */
export function avisoDataEx(e: EventoConferido, v: Vizinhos | undefined): string | null {
  if (!isEventoDeAcoes(e.tipo as never) || e.fator === null || !v) return null;
  if (v.antes === null || v.depois === null || v.antes_data === null || v.depois_data === null) {
    return null;
  }
  if (referencia(v.antes_data, v.antes_ajustado_ate) >= e.data_ex) return null;
  const fator = new Decimal(e.fator);
  const antes = new Decimal(v.antes);
  const depois = new Decimal(v.depois);
  if (fator.lte(0) || antes.lte(0) || depois.lte(0)) return null;
  const esperado = new Decimal(1).dividedBy(fator).ln();
  if (esperado.abs().lt(MOVIMENTO_MINIMO)) return null;
  const visto = depois.dividedBy(antes).ln();
  // Nearer to no move than to the factor's.
  if (visto.minus(esperado).abs().lte(visto.abs())) return null;
  const pct = (x: Decimal) => {
    const p = x.exp().minus(1).times(100).toDecimalPlaces(2).toNumber();
    return `${p > 0 ? '+' : ''}${formatPercent(p)}`;
  };
  return (
    `A data ex não confere com o histórico de preços: o fechamento foi de ${formatMoney(antes.toNumber())} em ` +
    `${formatDate(v.antes_data)} para ${formatMoney(depois.toNumber())} em ${formatDate(v.depois_data)} ` +
    `(${pct(visto)}), e o fator ${fator.toNumber().toLocaleString('pt-BR', { maximumFractionDigits: 10 })} ` +
    `implica ${pct(esperado)}. Confira a data ex.`
  );
}

/** Each share event's closes around its data ex: the last session before it and the first on or after it. */
export async function vizinhosDaDataEx(
  db: Db | Tx,
  ids: readonly number[],
): Promise<Map<number, Vizinhos>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<Vizinhos>(
    db,
    sql`select e.id,
          antes.data::text as antes_data, antes.fechamento::text as antes,
          antes.ajustado_ate::text as antes_ajustado_ate,
          depois.data::text as depois_data, depois.fechamento::text as depois
        from eventos_corporativos e
        left join lateral (
          select p.data, p.fechamento, p.ajustado_ate from precos_diarios p
          where p.acao_id = e.acao_id and p.data < e.data_ex order by p.data desc limit 1
        ) antes on true
        left join lateral (
          select p.data, p.fechamento from precos_diarios p
          where p.acao_id = e.acao_id and p.data >= e.data_ex order by p.data limit 1
        ) depois on true
        where e.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and e.tipo in ('desdobramento', 'grupamento', 'bonificacao')`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}
