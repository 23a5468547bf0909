import { Decimal } from './decimal';

/**
 * Results in reais (issue 34, item 3): a position's result at today's quote and the totals rows of POSICIONADAS
 * and REALIZADAS, in the portfolio and in the control panel. In decimals, rounded once to the cent at the end, so
 * that a total is the sum the advisor would make of the rows (no binary drift over 10,000 positions).
 */

type Valor = number | null | undefined;

const temValor = (v: Valor): v is number => v !== null && v !== undefined;

/** An open position's figures: what it cost, how many shares, today's quote. */
export interface Aberta {
  valor_total_compra: Valor;
  quantidade: Valor;
  preco_atual: Valor;
}

/** A realised operation's figures. */
export interface Realizada {
  valor_total_compra: Valor;
  valor_total_venda: Valor;
}

const centavos = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();

/** What the position is worth at today's quote (null without a quote or a quantity). */
function valorAtualExato(p: Aberta): Decimal | null {
  if (!temValor(p.preco_atual) || !temValor(p.quantidade)) return null;
  return new Decimal(p.preco_atual).times(p.quantidade);
}

/** Resultado (R$): the position at today's quote less what it cost; null when either is unknown. */
export function resultadoAberto(p: Aberta): number | null {
  const atual = valorAtualExato(p);
  if (atual === null || !temValor(p.valor_total_compra)) return null;
  return centavos(atual.minus(p.valor_total_compra));
}

/** The percentage `resultado` is of `base`, or null for an empty base. */
const percentual = (resultado: Decimal, base: Decimal) =>
  base.isZero() ? null : resultado.div(base).times(100).toDecimalPlaces(2).toNumber();

export interface TotaisAbertas {
  /** Every position's cost. */
  comprado: number;
  /** The quoted positions at today's quote. */
  valorAtual: number | null;
  /** The quoted positions' result (their value less their cost). */
  resultado: number | null;
  /** The result over the quoted positions' cost: each position weighs what it cost. */
  variacao: number | null;
  /** Positions without a quote, left out of the value, the result and the variation. */
  semCotacao: number;
}

/** The POSICIONADAS totals row of the rows shown (the filters' rows, in the control panel). */
export function totaisAbertas(rows: readonly Aberta[]): TotaisAbertas {
  let comprado = new Decimal(0);
  let compradoCotado = new Decimal(0);
  let atual = new Decimal(0);
  let cotadas = 0;
  for (const p of rows) {
    if (temValor(p.valor_total_compra)) comprado = comprado.plus(p.valor_total_compra);
    const valor = valorAtualExato(p);
    if (valor === null || !temValor(p.valor_total_compra)) continue;
    cotadas += 1;
    atual = atual.plus(valor);
    compradoCotado = compradoCotado.plus(p.valor_total_compra);
  }
  const resultado = atual.minus(compradoCotado);
  return {
    comprado: centavos(comprado),
    valorAtual: cotadas ? centavos(atual) : null,
    resultado: cotadas ? centavos(resultado) : null,
    variacao: cotadas ? percentual(resultado, compradoCotado) : null,
    semCotacao: rows.length - cotadas,
  };
}

export interface TotaisRealizadas {
  comprado: number;
  vendido: number;
  resultado: number;
  /** The result over the cost of what was sold. */
  percentual: number | null;
}

/** The REALIZADAS totals row: what was bought and sold, the result and its percentage of the cost. */
export function totaisRealizadas(rows: readonly Realizada[]): TotaisRealizadas {
  let comprado = new Decimal(0);
  let vendido = new Decimal(0);
  let base = new Decimal(0);
  for (const op of rows) {
    if (temValor(op.valor_total_compra)) comprado = comprado.plus(op.valor_total_compra);
    if (temValor(op.valor_total_venda)) vendido = vendido.plus(op.valor_total_venda);
    // The result counts the operations whose both sides are known, as Valor Resultado does.
    if (temValor(op.valor_total_compra) && temValor(op.valor_total_venda)) {
      base = base.plus(op.valor_total_compra);
    }
  }
  const resultado = rows.reduce(
    (acc, op) =>
      temValor(op.valor_total_compra) && temValor(op.valor_total_venda)
        ? acc.plus(op.valor_total_venda).minus(op.valor_total_compra)
        : acc,
    new Decimal(0),
  );
  return {
    comprado: centavos(comprado),
    vendido: centavos(vendido),
    resultado: centavos(resultado),
    percentual: percentual(resultado, base),
  };
}
