import { Decimal } from '../../../../shared/decimal';

/** A price or quantity the form holds: undefined while empty, NaN while the text is not a number. */
const usable = (n: number | null | undefined): n is number =>
  n !== null && n !== undefined && Number.isFinite(n) && n > 0;

/** Quantity × price to the cent, decimal-exact; null while either is unknown. */
export function totalEstimado(
  quantidade: number | null | undefined,
  preco: number | null | undefined,
): number | null {
  if (!usable(quantidade) || !usable(preco)) return null;
  return new Decimal(preco).times(quantidade).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}

export interface EstimativaVenda {
  /** What the sale would bring in. */
  valor: number | null;
  /** Against what the operation cost. */
  resultado: number | null;
  percentual: number | null;
}

/** A sale of the operation's whole quantity at `preco` (the limit price, else today's quote). */
export function estimativaVenda(
  quantidade: number | null | undefined,
  preco: number | null | undefined,
  valorCompra: number | null | undefined,
): EstimativaVenda {
  const valor = totalEstimado(quantidade, preco);
  if (valor === null || !usable(valorCompra)) return { valor, resultado: null, percentual: null };
  const resultado = new Decimal(valor).minus(valorCompra);
  return {
    valor,
    resultado: resultado.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
    percentual: resultado
      .dividedBy(valorCompra)
      .times(100)
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
      .toNumber(),
  };
}
