import { DASH, formatNumber } from '../../../shared/format';

/** How the report writes what it shows, in pt-BR: the figures come as the API answers them (fractions, reais). */

const NBSP = '\u00a0';

/** 0.0123 → '1,23 %' (a no-break space before the sign, so that it never wraps alone). */
export function percentual(fracao: number | null | undefined, casas = 2): string {
  if (fracao === null || fracao === undefined || !Number.isFinite(fracao)) return DASH;
  return `${formatNumber(fracao * 100, casas)}${NBSP}%`;
}

const MESES = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
] as const;

/** 'Jan' … 'Dez': the grid's columns and the chart's axis. */
export const MESES_CURTOS = MESES.map((m) => m.slice(0, 3));

/** '2026-03' → 'Março de 2026'. */
export const mesPorExtenso = (mes: string) =>
  `${MESES[Number(mes.slice(5, 7)) - 1]} de ${mes.slice(0, 4)}`;

/** '2026-03' → '03/2026'. */
export const mesCurto = (mes: string) => `${mes.slice(5, 7)}/${mes.slice(0, 4)}`;

/** The last day of a month: '2026-02' → '2026-02-28'. */
export function ultimoDia(mes: string): string {
  const [ano, m] = [Number(mes.slice(0, 4)), Number(mes.slice(5, 7))];
  return new Date(Date.UTC(ano, m, 0)).toISOString().slice(0, 10);
}
