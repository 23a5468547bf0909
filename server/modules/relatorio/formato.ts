import { DASH, formatNumber, MESES } from '../../../shared/format';

/** How the report writes what it shows, in pt-BR: the figures come as the API answers them (fractions, reais). */

const NBSP = '\u00a0';

/** 0.0123 → '1,23 %' (a no-break space before the sign, so that it never wraps alone). */
export function percentual(fracao: number | null | undefined, casas = 2): string {
  if (fracao === null || fracao === undefined || !Number.isFinite(fracao)) return DASH;
  return `${formatNumber(fracao * 100, casas)}${NBSP}%`;
}

/** 'Jan' … 'Dez': the grid's columns and the chart's axis. */
export const MESES_CURTOS = MESES.map((m) => m.slice(0, 3));

export { mesCurto, mesPorExtenso } from '../../../shared/format';
export { ultimoDiaDoMes as ultimoDia } from '../../../shared/ir';
