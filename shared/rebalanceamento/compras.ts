import { Decimal } from '../decimal';
import { splitLegs } from '../legs';
import type { OrdemPlano } from './tipos';

/** The default `valor_minimo` (R$): a trade worth less is dropped. */
export const VALOR_MINIMO_PADRAO = 100;

/** A buy to size: its ticker, price and deficit (target − current, R$). */
export interface Deficit {
  ticker: string;
  preco: Decimal;
  deficit: Decimal;
}

export interface Compra {
  ticker: string;
  preco: Decimal;
  quantidade: number;
}

/**
 * Spreads `verba` (R$) over deficits in proportion to them, each capped at its own deficit: budget = verba ×
 * deficit / Σ deficits, never above the deficit (issue 33's so_compra rule; completo and faixas use it too when the
 * cash after the sales cannot pay every buy). Whole shares: ⌊budget / price⌋; a buy under `valorMinimo` is
 * dropped. `reduzidas` says whether the money, not the deficits, bounded some buy.
 */
export function sizeBuys(
  deficits: readonly Deficit[],
  verba: Decimal,
  valorMinimo: Decimal,
): { compras: Compra[]; reduzidas: boolean } {
  const soma = deficits.reduce((s, d) => s.plus(d.deficit), new Decimal(0));
  const cheia = verba.greaterThanOrEqualTo(soma);
  let reduzidas = false;
  const compras: Compra[] = [];
  for (const d of deficits) {
    const inteira = d.deficit.dividedToIntegerBy(d.preco).toNumber();
    // ⌊verba × deficit / Σ / price⌋ as one integer division: exact, no rounding of the budget first.
    const quantidade = cheia
      ? inteira
      : Decimal.max(verba, 0).times(d.deficit).dividedToIntegerBy(soma.times(d.preco)).toNumber();
    const vale = (q: number) => q > 0 && !d.preco.times(q).lessThan(valorMinimo);
    // Reduced: a buy the deficit alone would have made came out smaller for want of money.
    if (quantidade < inteira && vale(inteira)) reduzidas = true;
    if (vale(quantidade)) compras.push({ ticker: d.ticker, preco: d.preco, quantidade });
  }
  return { compras, reduzidas };
}

export interface OpcoesRedimensionamento {
  /** R$; default 100. */
  valor_minimo?: Decimal.Value;
}

function priceOf(
  precos: ReadonlyMap<string, Decimal.Value> | Readonly<Record<string, Decimal.Value>>,
  ticker: string,
): Decimal {
  const value =
    precos instanceof Map
      ? (precos as ReadonlyMap<string, Decimal.Value>).get(ticker)
      : (precos as Readonly<Record<string, Decimal.Value>>)[ticker];
  const preco = value === undefined ? null : new Decimal(value);
  // The plumbing sizes each planned buy at its quote: a buy without one is its bug, never a silent zero.
  if (preco === null || !preco.isFinite() || !preco.greaterThan(0)) {
    throw new Error(`Sem cotação de ${ticker} para redimensionar a compra.`);
  }
  return preco;
}

/**
 * The buys of a client re-sized on the money its sales actually raised (issue 33's second lote): when the planned
 * buys, at `precos`, cost more than `caixaDisponivel` (what they may spend now: the client's valor disponível once
 * every sale of it ended, less the plan's `caixa_depois`, so that a sale raising less cuts the buys by as much and
 * one raising more does not grow them), each gets caixaDisponivel × its cost / the total cost,
 * in whole shares (⌊budget / price⌋, never more than planned), split again into round lot + fractional; one under
 * `valor_minimo` is dropped. When the money is enough the buys are kept as planned. Sales among `compras` are
 * ignored (left out of the answer).
 */
export function resizeBuys(
  compras: readonly OrdemPlano[],
  caixaDisponivel: Decimal.Value,
  precos: ReadonlyMap<string, Decimal.Value> | Readonly<Record<string, Decimal.Value>>,
  opcoes: OpcoesRedimensionamento = {},
): OrdemPlano[] {
  const valorMinimo = new Decimal(opcoes.valor_minimo ?? VALOR_MINIMO_PADRAO);
  const disponivel = new Decimal(caixaDisponivel);
  const planejadas = compras
    .filter((c) => c.lado === 'compra' && c.quantidade > 0)
    .map((c) => ({ ticker: c.ticker, quantidade: c.quantidade, preco: priceOf(precos, c.ticker) }));
  const custo = planejadas.reduce((s, c) => s.plus(c.preco.times(c.quantidade)), new Decimal(0));
  if (!disponivel.greaterThan(0)) return [];
  const basta = disponivel.greaterThanOrEqualTo(custo);
  const resultado: OrdemPlano[] = [];
  for (const c of planejadas) {
    // Budget / price = disponivel × q × price / custo / price = ⌊q × disponivel / custo⌋, one exact division.
    const quantidade = basta
      ? c.quantidade
      : Math.min(c.quantidade, disponivel.times(c.quantidade).dividedToIntegerBy(custo).toNumber());
    if (quantidade <= 0 || c.preco.times(quantidade).lessThan(valorMinimo)) continue;
    resultado.push({
      ticker: c.ticker,
      lado: 'compra',
      quantidade,
      legs: splitLegs(c.ticker, quantidade),
    });
  }
  return resultado;
}
