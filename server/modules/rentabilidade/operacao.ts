import { Decimal } from '../../../shared/decimal';
import type { Ajuste, Negocio } from '../../../shared/rentabilidade';
import type { AplicacaoLida, EventoDeAcoesLido, OperacaoLida } from './repository';

/**
 * An operation as it was traded, for the engine, which measures in quantities and closes as traded: a buy, the
 * quantity each share event added on its data_ex, and the sale once sold.
 *
 * The book holds an operation in the terms of the share events that reached it (decision 0007): each event in force
 * on its stock with data_compra < data_ex, unless it was sold before data_ex, whether the event adjusted it (an
 * eventos_aplicacoes row) or it was written afterwards in post-event terms (a partial sale's remainder, an old
 * position typed from today's custody statement). The income tax reads buys by the same rule
 * (server/modules/ir/compra.ts).
 * - Adjusted by exactly those events and unchanged since: bought with the values before the first, exactly.
 * - Otherwise: its values undone by the events' factors (quantity ÷ Π fator, rounded, at least 1; the price keeps
 *   the total cost, to the 4 places prices are stored with).
 * Between the buy and today's quantity, each event's quantity is the previous one × its factor, the fraction floored
 * away as the events do (shared/eventos ajustarPosicao); the last one is the book's quantity. A sale is of the
 * quantity the book holds, at the price it was sold at: both in the terms of the events before it.
 */

export interface Negociada {
  negocios: Negocio[];
  ajustes: Ajuste[];
}

/** The events an operation's book values are in the terms of, oldest first (`eventos`: its stock's, in order). */
export function eventsReaching(
  o: Pick<OperacaoLida, 'data_compra' | 'data_venda'>,
  eventos: readonly EventoDeAcoesLido[],
): EventoDeAcoesLido[] {
  return eventos.filter(
    (e) => o.data_compra < e.data_ex && (o.data_venda === null || e.data_ex <= o.data_venda),
  );
}

function buyAsMade(
  o: { quantidade: number; preco: string },
  alcancaram: readonly EventoDeAcoesLido[],
  aplicacoes: readonly AplicacaoLida[],
): { quantidade: number; preco: string } {
  if (alcancaram.length === 0) return o;
  const primeira = aplicacoes[0];
  const ultima = aplicacoes[aplicacoes.length - 1];
  const exata =
    primeira !== undefined &&
    ultima !== undefined &&
    primeira.preco_antes !== null &&
    aplicacoes.length === alcancaram.length &&
    alcancaram.every((e) => aplicacoes.some((a) => a.evento_id === e.id)) &&
    ultima.quantidade_depois === o.quantidade &&
    ultima.preco_depois === o.preco;
  if (exata) return { quantidade: primeira.quantidade_antes, preco: primeira.preco_antes! };
  const fator = alcancaram.reduce((f, e) => f.times(e.fator), new Decimal(1));
  const quantidade = Decimal.max(
    1,
    new Decimal(o.quantidade).dividedBy(fator).toDecimalPlaces(0, Decimal.ROUND_HALF_UP),
  );
  const preco = new Decimal(o.preco)
    .times(o.quantidade)
    .dividedBy(quantidade)
    .toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  return { quantidade: quantidade.toNumber(), preco: preco.toFixed(4) };
}

/** Whether an operation can be measured: it has a quantity and a price, and a sale has its price. */
export const measurable = (o: OperacaoLida): boolean =>
  o.quantidade !== null &&
  o.preco !== null &&
  o.quantidade > 0 &&
  (o.data_venda === null || o.preco_venda !== null);

/**
 * The operation as traded (`eventos`: the share events in force on its stock, by data_ex; `aplicacoes`: those applied
 * to it, in order), added to `destino` (a client's history: no lists of its own per operation); null when it cannot
 * be measured (no quantity or price, sold without a price).
 */
export function operationAsTraded(
  o: OperacaoLida,
  ticker: string,
  eventos: readonly EventoDeAcoesLido[],
  aplicacoes: readonly AplicacaoLida[],
  destino: Negociada = { negocios: [], ajustes: [] },
): Negociada | null {
  if (!measurable(o)) return null;
  const quantidade = o.quantidade!;
  const preco = o.preco!;
  const alcancaram = eventos.length === 0 ? eventos : eventsReaching(o, eventos);
  const compra = buyAsMade({ quantidade, preco }, alcancaram, aplicacoes);
  const { negocios, ajustes } = destino;
  negocios.push({
    ticker,
    data: o.data_compra,
    lado: 'compra',
    quantidade: compra.quantidade,
    preco: compra.preco,
    custos: o.custos_compra,
  });
  let antes = compra.quantidade;
  alcancaram.forEach((e, i) => {
    const depois =
      i === alcancaram.length - 1
        ? quantidade
        : new Decimal(antes).times(e.fator).floor().toNumber();
    if (depois !== antes) ajustes.push({ ticker, data: e.data_ex, variacao: depois - antes });
    antes = depois;
  });
  if (o.data_venda !== null) {
    negocios.push({
      ticker,
      data: o.data_venda,
      lado: 'venda',
      quantidade,
      preco: o.preco_venda!,
      custos: o.custos_venda,
    });
  }
  return destino;
}
