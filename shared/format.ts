/** pt-BR formatting: numbers with 2 decimals, dates dd/mm/aaaa, a dash for what is missing. */

export const DASH = '—';

const numberFormats = new Map<number, Intl.NumberFormat>();
function numberFormat(decimals: number): Intl.NumberFormat {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('pt-BR', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    numberFormats.set(decimals, format);
  }
  return format;
}

const isMissing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || Number.isNaN(value);

/** 1234.5 → '1.234,50'. */
export function formatNumber(value: number | null | undefined, decimals = 2): string {
  return isMissing(value) ? DASH : numberFormat(decimals).format(value);
}

/** 1234.5 → 'R$ 1.234,50'. */
export function formatMoney(value: number | null | undefined): string {
  return isMissing(value) ? DASH : `R$ ${numberFormat(2).format(value)}`;
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

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** An instant (ISO 8601) as São Paulo's date and time: '2025-03-07T17:04:05Z' → '07/03/2025 14:04:05'. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return DASH;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date).replace(', ', ' ');
}
