import { Decimal } from './decimal';
import { formatInteger, formatMoney } from './format';

/**
 * What the operator reads of a client's buys of a stock still in flight (issue 26, item 5), in the server's
 * answers and the mocks' alike: one wording everywhere.
 */

export interface EmVooResumo {
  quantidade: number;
  /** Reais; null when a price is not known (a market order while the terminal cannot be asked). */
  valor: Decimal.Value | null;
}

/** 'Já há uma compra de PETR4 em andamento para este cliente (100 ações, R$ 3.000,00).' */
export function resumoEmVoo(ticker: string, compras: readonly EmVooResumo[]): string {
  const quantidade = compras.reduce((sum, c) => sum + c.quantidade, 0);
  const valores = compras.map((c) => c.valor);
  const conhecido = valores.every((v) => v !== null);
  const valor = conhecido
    ? `, ${formatMoney(
        valores
          .reduce<Decimal>((sum, v) => sum.plus(v!), new Decimal(0))
          .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
          .toNumber(),
      )}`
    : '';
  const quantas = compras.length === 1 ? 'uma compra' : `${compras.length} compras`;
  const acoes = `${formatInteger(quantidade)} ${quantidade === 1 ? 'ação' : 'ações'}`;
  return `Já há ${quantas} de ${ticker} em andamento para este cliente (${acoes}${valor}).`;
}

/** The single buy's validar: the warning before the operator sends another. Null without any. */
export function avisoCompraEmVoo(ticker: string, compras: readonly EmVooResumo[]): string | null {
  if (!compras.length) return null;
  return `${resumoEmVoo(ticker, compras)} Confira o histórico de ordens; enviar outra compra pede confirmação.`;
}

/** The lote's validar: the warning of a client whose valor disponível already counts them. Null without any. */
export function avisoLoteEmVoo(ticker: string, compras: readonly EmVooResumo[]): string | null {
  if (!compras.length) return null;
  return `${resumoEmVoo(ticker, compras)} O valor disponível já desconta o que está em andamento.`;
}

/** The 409 of a create that would send another buy of the stock without the operator's confirmation. */
export function recusaEmVoo(ticker: string, compras: readonly EmVooResumo[]): string {
  const quais = compras.length === 1 ? 'a compra' : 'as compras';
  return (
    `${resumoEmVoo(ticker, compras)} Confira o histórico de ordens; para comprar assim mesmo, ` +
    `confirme ${quais} em andamento.`
  );
}

/** Names for a message: the first ten in alphabetical order, then how many more. */
function nomesDe(nomes: readonly string[]): string {
  const sorted = [...nomes].sort((a, b) => a.localeCompare(b, 'pt-BR'));
  const rest = sorted.length - 10;
  return sorted.slice(0, 10).join(', ') + (rest > 0 ? ` e mais ${rest}` : '');
}

/** The lote's 409: `porCliente` is each refused client's name and its own `recusaEmVoo`. */
export function recusaLoteEmVoo(
  ticker: string,
  porCliente: ReadonlyArray<{ nome: string; motivo: string }>,
): string {
  if (porCliente.length === 1) return `${porCliente[0]!.nome}: ${porCliente[0]!.motivo}`;
  return (
    `${porCliente.length} clientes já têm compra de ${ticker} em andamento ` +
    `(${nomesDe(porCliente.map((c) => c.nome))}). Confira o histórico de ordens; para comprar assim mesmo, ` +
    'confirme as compras em andamento.'
  );
}

/**
 * A client's valor disponível less its buys in flight whose value is known (a market order the terminal could not
 * price is not subtracted), as exact text; null when the valor disponível is unknown.
 */
export function deductEmVoo(
  disponivel: Decimal.Value | null,
  compras: ReadonlyArray<Pick<EmVooResumo, 'valor'>>,
): string | null {
  if (disponivel === null) return null;
  return compras
    .reduce<Decimal>(
      (livre, c) => (c.valor === null ? livre : livre.minus(c.valor)),
      new Decimal(disponivel),
    )
    .toFixed();
}
