import type { CompraEmVoo } from '../../contract';
import { recusaEmVoo, recusaLoteEmVoo } from '../../shared/compras-em-voo';
import { valorEstimado } from '../../shared/lotes';
import { mockQuote } from './carteira';
import { findMockCliente } from './clientes';

/**
 * The mock's buys in flight (issue 26, item 5), single or in a lote, as the server keeps them: the validations show
 * them (a lote sizes from what they leave), and a second buy of the stock for the client asks for
 * confirmar_compra_em_voo. The words are the server's (shared/compras-em-voo).
 */
interface Registro {
  /** Which mock stored it: resetting that mock forgets its orders, these with them. */
  origem: 'ordens' | 'lotes';
  cliente: number;
  ticker: string;
  compra: CompraEmVoo;
  /** Until the mock order has ended (executed, refused or canceled). */
  emVoo: () => boolean;
}
let registros: Registro[] = [];

export function resetComprasEmVooMock(origem: Registro['origem']) {
  registros = registros.filter((r) => r.origem !== origem);
}

/** A buy the mock follows as in flight, valued at its limit price or else the stock's quote. */
export function registrarCompraMock(
  r: Omit<Registro, 'compra'> & { group_id: string; quantidade: number; preco?: number },
) {
  const at = r.preco ?? mockQuote(r.ticker);
  const valor = at === undefined ? null : valorEstimado(r.quantidade, at);
  const compra = { group_id: r.group_id, quantidade: r.quantidade, valor };
  registros.push({
    origem: r.origem,
    cliente: r.cliente,
    ticker: r.ticker,
    emVoo: r.emVoo,
    compra,
  });
}

/** The client's buys of the stock still in flight, oldest first. */
export const comprasEmVooMock = (cliente: number, ticker: string): CompraEmVoo[] =>
  registros
    .filter((r) => r.cliente === cliente && r.ticker === ticker && r.emVoo())
    .map((r) => r.compra);

/** The server's 409 of a single buy when another of the stock is in flight; null when none is. */
export function recusaCompraMock(cliente: number, ticker: string) {
  const compras = comprasEmVooMock(cliente, ticker);
  return compras.length
    ? ({ status: 409, body: { detail: recusaEmVoo(ticker, compras) } } as never)
    : null;
}

/** The server's 409 of a lote when some client already has a buy of the stock in flight; null when none has. */
export function recusaLoteMock({
  ticker_base: ticker,
  itens,
}: {
  ticker_base: string;
  itens: Array<{ cliente: number }>;
}) {
  const recusados = itens.flatMap(({ cliente }, i) => {
    const compras = comprasEmVooMock(cliente, ticker);
    const nome = findMockCliente(cliente)?.nome ?? `Cliente ${cliente}`;
    return compras.length ? [{ i, nome, motivo: recusaEmVoo(ticker, compras) }] : [];
  });
  if (!recusados.length) return null;
  const campos = Object.fromEntries(recusados.map((r) => [`itens.${r.i}.cliente`, r.motivo]));
  return { status: 409, body: { detail: recusaLoteEmVoo(ticker, recusados), campos } } as never;
}
