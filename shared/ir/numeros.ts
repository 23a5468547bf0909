import { Decimal as BaseDecimal } from '../decimal';
import { formatMoney } from '../format';

/**
 * The tax engine's exact arithmetic. 40 significant digits keep an average cost of a billion reais over a billion
 * shares with more than 20 decimals, far past the 8 the issue asks; every rounding the rules call for is explicit.
 */
export const Dec = BaseDecimal.clone({ precision: 40, rounding: BaseDecimal.ROUND_HALF_UP });
export type Dec = BaseDecimal;
type Num = BaseDecimal.Value;

export const ZERO = new Dec(0);

/** To the cent, half up: every figure of a month at its end (issue 29, rule 6). */
export const cents = (v: Num): Dec => new Dec(v).toDecimalPlaces(2, Dec.ROUND_HALF_UP);

/** Money as the output carries it: '1234.50', '-12.00'. */
export const moneyText = (v: Num): string => cents(v).toFixed(2);

/** The average cost as shown: 6 places, half up. */
export const averageText = (v: Num): string =>
  new Dec(v).toDecimalPlaces(6, Dec.ROUND_HALF_UP).toFixed(6);

export const minDec = (a: Dec, b: Dec): Dec => (a.lessThan(b) ? a : b);
export const maxDec = (a: Dec, b: Dec): Dec => (a.greaterThan(b) ? a : b);

/** a × num ÷ den exactly as far as the precision goes; den > 0. */
export const share = (a: Num, num: Num, den: Num): Dec => new Dec(a).times(num).dividedBy(den);

/** For avisos: 'R$ 1.234,56'. A message's figure only, never a computation's input. */
export const brl = (v: Num): string => formatMoney(cents(v).toNumber());
