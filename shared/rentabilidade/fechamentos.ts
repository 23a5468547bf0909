import { checked, splitDecimal, type Valor } from './fixo';
import type { Periodo } from './tipos';

/**
 * The closes every portfolio is valued with, indexed once per request and shared by all the clients of the book:
 * per ticker its dates in order and its closes as digits at one common scale.
 */

export interface LinhaFechamento {
  ticker: string;
  data: string;
  fechamento: Valor;
}

export interface SerieFechamentos {
  datas: string[];
  /** Closes as exact integer counts of 10^-escala reais (`Fechamentos.escala`). */
  valores: number[];
}

export interface Fechamentos {
  escala: number;
  series: ReadonlyMap<string, SerieFechamentos>;
}

/** Index of the last element ≤ `chave` in an ascending array (−1 when none). */
export function lastAtOrBefore(datas: readonly string[], chave: string): number {
  let lo = 0;
  let hi = datas.length;
  while (lo < hi) {
    const meio = (lo + hi) >>> 1;
    if (datas[meio]! <= chave) lo = meio + 1;
    else hi = meio;
  }
  return lo - 1;
}

/** Index of the first element ≥ `chave` in an ascending array (length when none). */
export function firstAtOrAfter(datas: readonly string[], chave: string): number {
  let lo = 0;
  let hi = datas.length;
  while (lo < hi) {
    const meio = (lo + hi) >>> 1;
    if (datas[meio]! < chave) lo = meio + 1;
    else hi = meio;
  }
  return lo;
}

/** The closes by ticker (rows in any order; a date given twice keeps the last row). */
export function indexFechamentos(linhas: Iterable<LinhaFechamento>): Fechamentos {
  const brutas = new Map<string, Array<{ data: string; inteiro: string; fracao: string }>>();
  let escala = 0;
  for (const l of linhas) {
    const { inteiro, fracao } = splitDecimal(l.fechamento);
    if (fracao.length > escala) escala = fracao.length;
    let lista = brutas.get(l.ticker);
    if (!lista) brutas.set(l.ticker, (lista = []));
    lista.push({ data: l.data, inteiro, fracao });
  }
  const series = new Map<string, SerieFechamentos>();
  for (const [ticker, lista] of brutas) {
    let ordenada = true;
    for (let i = 1; i < lista.length && ordenada; i++)
      ordenada = lista[i - 1]!.data < lista[i]!.data;
    if (!ordenada) lista.sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0));
    const datas: string[] = [];
    const valores: number[] = [];
    for (const { data, inteiro, fracao } of lista) {
      const valor = checked(Number(inteiro + fracao.padEnd(escala, '0'))) + 0;
      if (datas.length > 0 && datas[datas.length - 1] === data) valores[valores.length - 1] = valor;
      else {
        datas.push(data);
        valores.push(valor);
      }
    }
    series.set(ticker, { datas, valores });
  }
  return { escala, series };
}

/** Each series' closes per session of the last period asked (a request measures every client over one period). */
const porSessao = new WeakMap<SerieFechamentos, Periodo & { valores: Float64Array }>();

/**
 * The series' last close at or before `anterior` (index 0) and each session (j + 1), NaN before its first close:
 * computed once per series and period and shared by every client of the book, so that valuing a position is one
 * read, not a search among dates.
 */
export function sessionCloses(serie: SerieFechamentos, periodo: Periodo): Float64Array {
  const guardado = porSessao.get(serie);
  if (guardado && guardado.sessoes === periodo.sessoes && guardado.anterior === periodo.anterior)
    return guardado.valores;
  const { sessoes, anterior } = periodo;
  const valores = new Float64Array(sessoes.length + 1);
  let i = lastAtOrBefore(serie.datas, anterior);
  valores[0] = i >= 0 ? serie.valores[i]! : NaN;
  for (let j = 0; j < sessoes.length; j++) {
    const data = sessoes[j]!;
    while (i + 1 < serie.datas.length && serie.datas[i + 1]! <= data) i++;
    valores[j + 1] = i >= 0 ? serie.valores[i]! : NaN;
  }
  porSessao.set(serie, { sessoes, anterior, valores });
  return valores;
}
