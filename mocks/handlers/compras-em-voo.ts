import type { CompraEmVoo } from '../../contract';
import { recusaEmVoo, recusaLoteEmVoo } from '../../shared/compras-em-voo';
import { Decimal } from '../../shared/decimal';
import { somaExata, valorEstimado } from '../../shared/lotes';
import { mockQuote } from './carteira';
import { findMockCliente } from './clientes';

/**
 * The mock's buys in flight (issue 26, item 5), single or in a lote, as the server keeps them: the validars show
 * them (a lote sizes from what they leave), and a second buy of the stock for the client asks for
 * confirmar_compra_em_voo.
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
  compra: Omit<Registro, 'compra'> & { group_id: string; quantidade: number; preco?: number },
) {
  const { group_id, quantidade, preco, ...registro } = compra;
  const at = preco ?? mockQuote(registro.ticker);
  registros.push({
    ...registro,
    compra: {
      group_id,
      quantidade,
      valor: at === undefined ? null : valorEstimado(quantidade, at),
    },
  });
}

/** The client's buys of the stock still in flight, oldest first. */
export function comprasEmVooMock(cliente: number, ticker: string): CompraEmVoo[] {
  return registros
    .filter((r) => r.cliente === cliente && r.ticker === ticker && r.emVoo())
    .map((r) => r.compra);
}

/** The valor disponível less the buys in flight whose value is known. */
export function disponivelMenosEmVoo(
  disponivel: number | null,
  compras: readonly CompraEmVoo[],
): number | null {
  if (disponivel === null) return null;
  return new Decimal(disponivel).minus(somaExata(compras.map((c) => c.valor))).toNumber();
}

/** The server's 409 of a single buy when another of the stock is in flight; null when none is. */
export function recusaCompraMock(cliente: number, ticker: string) {
  const compras = comprasEmVooMock(cliente, ticker);
  return compras.length
    ? ({ status: 409, body: { detail: recusaEmVoo(ticker, compras) } } as never)
    : null;
}

/** The server's 409 of a lote when some client already has a buy of the stock in flight; null when none has. */
export function recusaLoteMock(body: { ticker_base: string; itens: Array<{ cliente: number }> }) {
  const campos: Record<string, string> = {};
  const porCliente: Array<{ nome: string; motivo: string }> = [];
  body.itens.forEach((item, i) => {
    const compras = comprasEmVooMock(item.cliente, body.ticker_base);
    if (!compras.length) return;
    const motivo = recusaEmVoo(body.ticker_base, compras);
    campos[`itens.${i}.cliente`] = motivo;
    porCliente.push({
      nome: findMockCliente(item.cliente)?.nome ?? `Cliente ${item.cliente}`,
      motivo,
    });
  });
  if (!porCliente.length) return null;
  const detail = recusaLoteEmVoo(body.ticker_base, porCliente);
  return { status: 409, body: { detail, campos } } as never;
}
