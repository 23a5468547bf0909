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
