/** pt-BR formatting: numbers with 2 decimals, dates dd/mm/aaaa, a dash for what is missing. */

export const DASH = '—';

const numberFormats = new Map<string, Intl.NumberFormat>();
/** `decimals` places, or between `decimals` and `maxDecimals` (a price's 4 places shown only when it has them). */
function numberFormat(decimals: number, maxDecimals = decimals): Intl.NumberFormat {
  const key = `${decimals}-${maxDecimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('pt-BR', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: maxDecimals,
    });
    numberFormats.set(key, format);
  }
  return format;
}

const isMissing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || Number.isNaN(value);

/** 1234.5 → '1.234,50'. */
export function formatNumber(value: number | null | undefined, decimals = 2): string {
  return isMissing(value) ? DASH : numberFormat(decimals).format(value);
}

/**
 * The one BRL formatter, for both sides: 1234.5 → 'R$ 1.234,50'; -8713.14 → '-R$ 8.713,14' (the sign before the
 * currency, as banks print it). A price keeps its places up to `maxDecimals` (38.1234 → 'R$ 38,1234' with 4).
 */
export function formatMoney(value: number | null | undefined, maxDecimals = 2): string {
  if (isMissing(value)) return DASH;
  const text = numberFormat(2, Math.max(2, maxDecimals)).format(Math.abs(value));
  return value < 0 && text !== '0,00' ? `-R$ ${text}` : `R$ ${text}`;
}

/** 12.345 → '12,35%'. */
export function formatPercent(value: number | null | undefined, decimals = 2): string {
  return isMissing(value) ? DASH : `${numberFormat(decimals).format(value)}%`;
}

/** 1500 → '1.500' (quantities of shares). */
export function formatInteger(value: number | null | undefined): string {
  return isMissing(value) ? DASH : numberFormat(0).format(value);
}

/** '2025-03-07' → '07/03/2025'. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return DASH;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

const digits = (value: string) => value.replace(/\D/g, '');

/** Formats 11 digits as a CPF and 14 as a CNPJ; anything else is shown as typed. */
export function formatDocumento(value: string | null | undefined): string {
  if (!value) return DASH;
  const d = digits(value);
  if (d.length === 11) return d.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (d.length === 14) return d.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return value;
}

/** Brazilian phone numbers: (11) 98765-4321, (11) 3456-7890, with or without the +55 country code. */
export function formatTelefone(value: string | null | undefined): string {
  if (!value) return DASH;
  let d = digits(value);
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) d = d.slice(2);
  if (d.length === 11) return d.replace(/^(\d{2})(\d{5})(\d{4})$/, '($1) $2-$3');
  if (d.length === 10) return d.replace(/^(\d{2})(\d{4})(\d{4})$/, '($1) $2-$3');
  return value;
}

const instantFormat = (seconds: boolean) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  });
const dateTimeFormat = instantFormat(true);
const minuteFormat = instantFormat(false);

function formatInstant(value: string | null | undefined, format: Intl.DateTimeFormat): string {
  if (!value) return DASH;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format.format(date).replace(', ', ' ');
}

/** An instant (ISO 8601) as São Paulo's date and time: '2025-03-07T17:04:05Z' → '07/03/2025 14:04:05'. */
export function formatDateTime(value: string | null | undefined): string {
  return formatInstant(value, dateTimeFormat);
}

/** An instant (ISO 8601) as São Paulo's date and time to the minute: '2025-10-29T20:00:00Z' → '29/10/2025 17:00'. */
export function formatDateTimeMinutes(value: string | null | undefined): string {
  return formatInstant(value, minuteFormat);
}

/** The months' names, January first: the month written out in the screens and in the monthly report. */
export const MESES = [
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

/** '2026-03' → 'Março de 2026'. */
export const mesPorExtenso = (mes: string) =>
  `${MESES[Number(mes.slice(5, 7)) - 1]} de ${mes.slice(0, 4)}`;

/** '2026-03' → '03/2026'. */
export const mesCurto = (mes: string) => `${mes.slice(5, 7)}/${mes.slice(0, 4)}`;
