import type { RegraLote } from '../contract';
import { Decimal } from './decimal';
import { formatMoney } from './format';

/** A client's quantity in a lote, or why it is zero. */
export interface Dimensionamento {
  quantidade: number;
  motivo: string | null;
}

const nenhuma = (motivo: string): Dimensionamento => ({ quantidade: 0, motivo });

/**
 * How many shares a client buys in a lote (issue 16), decimal-exact: a percentage of its valor disponível, a fixed
 * amount in reais (never more than its valor disponível), or a fixed number of shares. Amounts become whole shares
 * at the reference price, rounded down, so that quantidade × preço never exceeds the amount: the % and fixed-value
 * rules never order more than the client's valor disponível.
 *
 * `disponivel` is the exact numeric text (or number) of server-design §4; null when the client has no patrimony.
 */
export function dimensionar(
  regra: RegraLote,
  valor: number,
  disponivel: Decimal.Value | null,
  preco: number,
): Dimensionamento {
  if (regra === 'quantidade_fixa') {
    return Number.isInteger(valor) && valor > 0
      ? { quantidade: valor, motivo: null }
      : nenhuma('Informe uma quantidade inteira maior que zero.');
  }
  if (!(preco > 0)) return nenhuma('Sem preço de referência para dimensionar a ordem.');
  if (disponivel === null)
    return nenhuma('Sem patrimônio importado: valor disponível desconhecido.');
  const livre = new Decimal(disponivel);
  if (!livre.greaterThan(0)) return nenhuma('Sem valor disponível.');
  const montante =
    regra === 'percentual_disponivel'
      ? livre.times(valor).dividedBy(100)
      : Decimal.min(livre, new Decimal(valor));
  const quantidade = montante.dividedToIntegerBy(preco).toNumber();
  if (quantidade <= 0) {
    const reais = montante.toDecimalPlaces(2, Decimal.ROUND_DOWN).toNumber();
    return nenhuma(`${formatMoney(reais)} não compram nenhuma ação a ${formatMoney(preco)}.`);
  }
  return { quantidade, motivo: null };
}

/** quantidade × preço, to the cent (what the grid and the totals show). */
export function valorEstimado(quantidade: number, preco: number): number {
  return new Decimal(preco).times(quantidade).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}

/** Totals of many amounts, exactly (a sum of floats drifts by fractions of a cent over hundreds of rows). */
export function somaExata(valores: ReadonlyArray<number | null>): number {
  return valores
    .reduce<Decimal>((sum, v) => (v === null ? sum : sum.plus(v)), new Decimal(0))
    .toNumber();
}
