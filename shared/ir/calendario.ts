/**
 * The DARF's calendar: months as 'AAAA-MM', days as 'AAAA-MM-DD', business days as the banks that collect a DARF
 * keep them. The tax on a month's net gains is paid by the last business day of the following month (IN RFB
 * 1.585/2015, ganhos líquidos; docs/imposto-de-renda.md, "Vencimento"). National holidays are few and fixed by
 * law, the movable ones follow Easter, so a table computed here beats a dependency: it is tested year by year.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A UTC date's 'AAAA-MM-DD'. */
const isoOf = (d: Date) => d.toISOString().slice(0, 10);
const utc = (ano: number, mes: number, dia: number) => new Date(Date.UTC(ano, mes - 1, dia));

/**
 * Easter Sunday of a Gregorian year (the anonymous algorithm published by Meeus, after Butcher, 1876): exact for
 * every year from 1583 on.
 */
export function pascoa(ano: number): string {
  const a = ano % 19;
  const b = Math.floor(ano / 100);
  const c = ano % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31);
  const dia = ((h + l - 7 * m + 114) % 31) + 1;
  return `${ano}-${pad(mes)}-${pad(dia)}`;
}

/** A date n days from an 'AAAA-MM-DD'. */
export function addDays(data: string, n: number): string {
  const d = new Date(`${data}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return isoOf(d);
}

/**
 * National holidays (Lei 662/1949 with Lei 6.802/1980, Lei 10.607/2002 and Lei 14.759/2023 — Consciência Negra
 * on 20/11 from 2024), Good Friday, and Carnival's Monday and Tuesday, when the banks do not open. 31/12 too: the
 * banks open no counter that day (Febraban), and the Receita's agenda sets December's due dates on the 30th or
 * earlier. Corpus Christi (also bank-closed) is never the last business day of a month (it falls on a Thursday
 * between 21/05 and 24/06), so it is listed for completeness only.
 */
export function feriados(ano: number): ReadonlySet<string> {
  const fixos = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '12-25', '12-31'];
  if (ano >= 2024) fixos.push('11-20');
  const p = pascoa(ano);
  return new Set([
    ...fixos.map((md) => `${ano}-${md}`),
    addDays(p, -48), // Carnival Monday
    addDays(p, -47), // Carnival Tuesday
    addDays(p, -2), // Good Friday
    addDays(p, 60), // Corpus Christi
  ]);
}

const feriadosCache = new Map<number, ReadonlySet<string>>();
const feriadosDe = (ano: number) => {
  let f = feriadosCache.get(ano);
  if (!f) {
    f = feriados(ano);
    feriadosCache.set(ano, f);
  }
  return f;
};

/** Monday to Friday and not a holiday above. */
export function isDiaUtil(data: string): boolean {
  const semana = new Date(`${data}T00:00:00Z`).getUTCDay();
  if (semana === 0 || semana === 6) return false;
  return !feriadosDe(Number(data.slice(0, 4))).has(data);
}

/** 'AAAA-MM' → its last day, 'AAAA-MM-DD' (the DARF's período de apuração). */
export function ultimoDiaDoMes(mes: string): string {
  const [ano, m] = mes.split('-').map(Number) as [number, number];
  return isoOf(utc(ano, m + 1, 0));
}

/** The month after 'AAAA-MM'. */
export function proximoMes(mes: string): string {
  const [ano, m] = mes.split('-').map(Number) as [number, number];
  return m === 12 ? `${ano + 1}-01` : `${ano}-${pad(m + 1)}`;
}

/** The last business day of a month. */
export function ultimoDiaUtil(mes: string): string {
  let dia = ultimoDiaDoMes(mes);
  while (!isDiaUtil(dia)) dia = addDays(dia, -1);
  return dia;
}

const vencimentos = new Map<string, string>();

/** The due date of a month's DARF 6015: the last business day of the following month. */
export function vencimentoDarf(mes: string): string {
  // Asked for every month of every client's ledger: each month's date is worked out once.
  let v = vencimentos.get(mes);
  if (v === undefined) {
    v = ultimoDiaUtil(proximoMes(mes));
    if (vencimentos.size > 10_000) vencimentos.clear();
    vencimentos.set(mes, v);
  }
  return v;
}

/** Every month from one 'AAAA-MM' to another, both included. */
export function mesesEntre(de: string, ate: string): string[] {
  const meses: string[] = [];
  for (let m = de; m <= ate; m = proximoMes(m)) meses.push(m);
  return meses;
}
