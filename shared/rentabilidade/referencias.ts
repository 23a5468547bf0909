import { checkPeriodo } from './entradas';
import { DD_UM, ddAdd, ddDivide, ddMinusOne, ddMul, type DD } from './dd';
import { mantissa, pow10Number, splitDecimal, type Valor } from './fixo';
import type { Periodo } from './tipos';

/**
 * The benchmarks over a period's sessions, computed once per request and shared by every client measured over that
 * period (docs/rentabilidade.md, "Benchmarks"): daily growth factors chained in double-double.
 */

export interface TaxaCdi {
  data: string;
  /** Percent a day, as the Banco Central's SGS series 12 gives it (0.055131 is 0.055131 % a day). */
  taxa: Valor;
}

export interface FechamentoIndice {
  data: string;
  fechamento: Valor;
}

/** A benchmark's growth from the period's start, per session and per month. */
export interface Referencia {
  /** Accumulated return at each session's close (null: not known yet at that session). */
  acumulado: Array<number | null>;
  /** Return of each month of the period (its sessions in the period), null when unknown at its last session. */
  meses: Map<string, number | null>;
  /** Return of the whole period (null when unknown at its last session). */
  periodo: number | null;
}

export interface Referencias extends Periodo {
  /** null: no CDI rate at all. */
  cdi: Referencia | null;
  ibov: Referencia;
  /** What was estimated or is missing, in Portuguese for the screens. */
  avisos: string[];
}

const ordered = <T extends { data: string }>(linhas: Iterable<T>): T[] =>
  [...linhas].sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0));

const few = (datas: string[]) =>
  datas.length <= 3
    ? datas.join(', ')
    : `${datas.slice(0, 3).join(', ')} e mais ${datas.length - 3}`;

/**
 * Chains daily factors (null: the benchmark is not known yet at that session; it starts at the first known one)
 * per session, per month and over the period.
 */
function chain(
  sessoes: readonly string[],
  fatores: ReadonlyArray<DD | null>,
  base: boolean,
): Referencia {
  const acumulado: Array<number | null> = [];
  const meses = new Map<string, number | null>();
  let total: DD | null = base ? DD_UM : null;
  let mes: DD | null = null;
  for (let j = 0; j < sessoes.length; j++) {
    const chave = sessoes[j]!.slice(0, 7);
    if (j === 0 || chave !== sessoes[j - 1]!.slice(0, 7))
      mes = base || total !== null ? DD_UM : null;
    const f = fatores[j] ?? null;
    if (f !== null) {
      total = total === null ? DD_UM : ddMul(total, f);
      mes = mes === null ? DD_UM : ddMul(mes, f);
    }
    acumulado.push(f === null || total === null ? null : ddMinusOne(total));
    meses.set(chave, f === null || mes === null ? null : ddMinusOne(mes));
  }
  const ultimo =
    fatores.length === 0 ? (base ? DD_UM : null) : fatores[fatores.length - 1] ? total : null;
  return { acumulado, meses, periodo: ultimo === null ? null : ddMinusOne(ultimo) };
}

/**
 * 1 + rate/100 per session. A session without its rate (the Banco Central publishes a day's rate on the next
 * business day) takes the last rate before it, or the first after it when there is none, and is reported.
 */
function cdi(sessoes: readonly string[], linhas: Iterable<TaxaCdi>, avisos: string[]) {
  const taxas = ordered(linhas);
  if (taxas.length === 0) {
    if (sessoes.length > 0) avisos.push('Sem taxas do CDI para o período: o CDI não é mostrado.');
    return null;
  }
  const fatores: DD[] = [];
  const estimadas: string[] = [];
  let i = -1;
  for (const s of sessoes) {
    while (i + 1 < taxas.length && taxas[i + 1]!.data <= s) i++;
    const linha = taxas[Math.max(i, 0)]!;
    if (linha.data !== s) estimadas.push(s);
    const casas = splitDecimal(linha.taxa).fracao.length;
    // rate % a day = digits / 10^(places + 2): an exact quotient of two doubles, in double-double.
    fatores.push(ddAdd(DD_UM, ddDivide(mantissa(linha.taxa, casas), pow10Number(casas + 2))));
  }
  if (estimadas.length > 0) {
    avisos.push(
      `CDI estimado pela taxa do dia útil mais próximo em ${few(estimadas)} (taxa ainda não publicada).`,
    );
  }
  return chain(sessoes, fatores, true);
}

/** close_t / close_t−1 per session, a close carried forward over sessions without one. */
function ibov(periodo: Periodo, linhas: Iterable<FechamentoIndice>, avisos: string[]): Referencia {
  const ordenados = ordered(linhas);
  const escala = ordenados.reduce(
    (e, l) => Math.max(e, splitDecimal(l.fechamento).fracao.length),
    0,
  );
  const fechamentos = ordenados.map((l) => ({
    data: l.data,
    valor: mantissa(l.fechamento, escala),
  }));
  let i = -1;
  const upTo = (data: string) => {
    while (i + 1 < fechamentos.length && fechamentos[i + 1]!.data <= data) i++;
    return i;
  };
  const base = upTo(periodo.anterior);
  let anterior = base >= 0 ? fechamentos[base]!.valor : null;
  const fatores: Array<DD | null> = [];
  const lacunas: string[] = [];
  for (const s of periodo.sessoes) {
    const k = upTo(s);
    if (k < 0) {
      fatores.push(null);
      continue;
    }
    if (fechamentos[k]!.data !== s) lacunas.push(s);
    const atual = fechamentos[k]!.valor;
    fatores.push(anterior === null || anterior === 0 ? DD_UM : ddDivide(atual, anterior));
    anterior = atual;
  }
  const primeiro = fatores.findIndex((f) => f !== null);
  if (periodo.sessoes.length > 0 && primeiro < 0) {
    avisos.push('Sem fechamentos do Ibovespa para o período: o Ibovespa não é mostrado.');
  } else if (base < 0 && primeiro >= 0) {
    avisos.push(
      `Ibovespa medido a partir de ${periodo.sessoes[primeiro]!}, seu primeiro fechamento.`,
    );
  }
  if (lacunas.length > 0) {
    avisos.push(`Ibovespa sem fechamento em ${few(lacunas)}: vale o último fechamento anterior.`);
  }
  return chain(periodo.sessoes, fatores, base >= 0);
}

/** The CDI and Ibovespa of a period's sessions. */
export function prepareReferencias(
  periodo: Periodo,
  taxasCdi: Iterable<TaxaCdi>,
  fechamentosIbov: Iterable<FechamentoIndice>,
): Referencias {
  checkPeriodo(periodo);
  const avisos: string[] = [];
  return {
    sessoes: periodo.sessoes,
    anterior: periodo.anterior,
    cdi: cdi(periodo.sessoes, taxasCdi, avisos),
    ibov: ibov(periodo, fechamentosIbov, avisos),
    avisos,
  };
}
