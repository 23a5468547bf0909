import { tickerBase } from './posicoes';
import type { OperacaoIr } from './tipos';

/** One asset's trades of one day: the unit the day-trade rule works on. */
export interface Sessao {
  data: string;
  base: string;
  ops: OperacaoIr[];
}

/** 'AAAA-MM-DD' (validated) as an increasing integer, from its character codes (no closure: a call per trade). */
function diaDe(data: string): number {
  const ano =
    data.charCodeAt(0) * 1000 +
    data.charCodeAt(1) * 100 +
    data.charCodeAt(2) * 10 +
    data.charCodeAt(3);
  const mes = data.charCodeAt(5) * 10 + data.charCodeAt(6);
  const dia = data.charCodeAt(8) * 10 + data.charCodeAt(9);
  // Each part offset by its digits' codes (48 × 1111, 48 × 11): a constant, so the order is kept.
  return ((ano - 53_328) * 13 + mes - 528) * 32 + dia - 528;
}

/** Above any diaDe (the year 9999's last day): how many day numbers a key must leave room for. */
const DIAS = 4_200_000;

/**
 * The trades up to `fim` in sessions, by date then asset, each session's trades in the order given. Each trade's
 * place is one number — (day, asset's rank, position) — so that the sort is a typed array's, without a comparison
 * function: a long ledger's sort was a fifth of its computation. Only when that number could pass 2^53 (millions
 * of trades in hundreds of assets) are the trades compared one by one, in the same order.
 */
export function sessionsOf(operacoes: readonly OperacaoIr[], fim: string): Sessao[] {
  const bases = new Map<string, string>();
  const base = new Array<string>(operacoes.length);
  for (let i = 0; i < operacoes.length; i++) {
    const ticker = operacoes[i]!.ticker;
    let b = bases.get(ticker);
    if (b === undefined) bases.set(ticker, (b = tickerBase(ticker)));
    base[i] = b;
  }
  const ordem = order(operacoes, base, fim, bases);
  const sessoes: Sessao[] = [];
  let atual: Sessao | null = null;
  for (let k = 0; k < ordem.length; k++) {
    const i = ordem[k]!;
    const o = operacoes[i]!;
    if (!atual || atual.data !== o.data || atual.base !== base[i]) {
      atual = { data: o.data, base: base[i]!, ops: [] };
      sessoes.push(atual);
    }
    atual.ops.push(o);
  }
  return sessoes;
}

/** The positions of the trades up to `fim`, by date, then base ticker, then position. */
function order(
  operacoes: readonly OperacaoIr[],
  base: readonly string[],
  fim: string,
  bases: ReadonlyMap<string, string>,
): ArrayLike<number> {
  const nomes = [...new Set(bases.values())].sort();
  const rank = new Map(nomes.map((b, r) => [b, r]));
  const n = operacoes.length;
  if (DIAS * nomes.length * n > Number.MAX_SAFE_INTEGER) return orderCompared(operacoes, base, fim);
  const chaves = new Float64Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const o = operacoes[i]!;
    if (o.data > fim) continue;
    chaves[m++] = (diaDe(o.data) * nomes.length + rank.get(base[i]!)!) * n + i;
  }
  const ordenadas = chaves.subarray(0, m).sort();
  // key mod n is the position: exact, every key being an integer below 2^53.
  return ordenadas.map((k) => k % n);
}

function orderCompared(
  operacoes: readonly OperacaoIr[],
  base: readonly string[],
  fim: string,
): number[] {
  const idx: number[] = [];
  for (let i = 0; i < operacoes.length; i++) if (operacoes[i]!.data <= fim) idx.push(i);
  return idx.sort((a, b) => {
    const da = operacoes[a]!.data;
    const db = operacoes[b]!.data;
    if (da !== db) return da < db ? -1 : 1;
    if (base[a] !== base[b]) return base[a]! < base[b]! ? -1 : 1;
    return a - b;
  });
}
