/**
 * Calendar dates as yyyy-mm-dd text, in the São Paulo exchange's calendar (America/Sao_Paulo).
 * Pure helpers shared by the SPA and the server.
 */

const saoPaulo = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

export function todayIso(now: Date = new Date()): string {
  return saoPaulo.format(now);
}

/** Whole days from one yyyy-mm-dd date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A real calendar date in yyyy-mm-dd (rejects 2025-02-30). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** 'dd/mm/aaaa' → 'aaaa-mm-dd', or null when it is not a real date in that form. */
export function isoFromBr(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isRealDate(iso) ? iso : null;
}

/**
 * What a date field shows as it is typed: digits only, the slashes put in ('01102025' → '01/10/2025'); a pasted
 * 'aaaa-mm-dd' is turned around. At most 8 digits.
 */
export function maskBrDate(text: string): string {
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/.exec(text);
  const d = (iso ? `${iso[3]}${iso[2]}${iso[1]}` : text).replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}
