import { Decimal } from '../../../shared/decimal';
import type { AplicacaoIrRow, EventoIrRow, OperacaoIrRow } from './leitura';

/**
 * An operation's buy as it was made, for the tax engine, which applies the share events to the position itself
 * (shared/ir). The book holds every operation in the terms of the share events that reached it (decision 0007):
 * each event in force on its asset with data_compra < data_ex, unless it was sold before data_ex — whether the
 * event adjusted it (an eventos_aplicacoes row) or it was written afterwards in post-event terms (a partial sale's
 * remainder, an old position typed from today's custody statement).
 *
 * - Adjusted by exactly those events and unchanged since: the values before the first (exact, as bought).
 * - Otherwise (written after an event, partly sold or edited since): its values undone by those events' factors —
 *   quantity ÷ Π fator, price × Π fator; when the quantity does not come out whole (a fraction floored away, a
 *   partial sale of an odd number), it is rounded and the price keeps the total cost.
 */

export interface CompraFeita {
  quantidade: number;
  preco: string;
}

/** The events in force on the operation's asset that its book values are in the terms of, oldest first. */
export function eventosQueAlcancaram(
  o: Pick<OperacaoIrRow, 'data_compra' | 'data_venda'>,
  eventosDoAtivo: readonly EventoIrRow[],
): EventoIrRow[] {
  const compra = o.data_compra;
  if (compra === null || eventosDoAtivo.length === 0) return [];
  return eventosDoAtivo.filter(
    (e) => compra < e.data_ex && (o.data_venda === null || e.data_ex <= o.data_venda),
  );
}

const PRECO_CASAS = 12;

/** The buy as made, from the book's operation; null when it has no quantity or price. */
export function compraFeita(
  o: OperacaoIrRow,
  eventosDoAtivo: readonly EventoIrRow[],
  aplicacoes: readonly AplicacaoIrRow[],
): CompraFeita | null {
  if (o.quantidade === null || o.preco_unitario === null || o.quantidade <= 0) return null;
  const eventos = eventosQueAlcancaram(o, eventosDoAtivo);
  if (eventos.length === 0) return { quantidade: o.quantidade, preco: o.preco_unitario };
  const primeira = aplicacoes[0];
  const ultima = aplicacoes.at(-1);
  const exata =
    primeira !== undefined &&
    ultima !== undefined &&
    primeira.preco_antes !== null &&
    aplicacoes.length === eventos.length &&
    eventos.every((e) => aplicacoes.some((a) => a.evento_id === e.id)) &&
    ultima.quantidade_depois === o.quantidade &&
    ultima.preco_depois === o.preco_unitario;
  if (exata) return { quantidade: primeira.quantidade_antes, preco: primeira.preco_antes! };
  const fator = eventos.reduce((f, e) => f.times(e.fator), new Decimal(1));
  const total = new Decimal(o.preco_unitario).times(o.quantidade);
  const quantidade = Decimal.max(
    1,
    new Decimal(o.quantidade).dividedBy(fator).toDecimalPlaces(0, Decimal.ROUND_HALF_UP),
  );
  return {
    quantidade: quantidade.toNumber(),
    preco: total
      .dividedBy(quantidade)
      .toDecimalPlaces(PRECO_CASAS, Decimal.ROUND_HALF_UP)
      .toFixed(),
  };
}
