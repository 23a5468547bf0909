import type { Barra, Operacao } from '../../../contract';
import { formatDate, formatMoney } from '../../../shared/format';

/**
 * What a price chart shows besides the prices, and the pure steps from the history to what the chart library
 * draws (kept apart from the library, which loads only when a chart opens).
 */

export type TipoGrafico = 'candles' | 'linha';

export const PERIODOS = ['1M', '3M', '6M', '1A', 'tudo'] as const;
export type Periodo = (typeof PERIODOS)[number];
export const PERIODO_ROTULO: Record<Periodo, string> = {
  '1M': '1M',
  '3M': '3M',
  '6M': '6M',
  '1A': '1A',
  tudo: 'Tudo',
};
const MESES_DO_PERIODO: Record<Exclude<Periodo, 'tudo'>, number> = {
  '1M': 1,
  '3M': 3,
  '6M': 6,
  '1A': 12,
};

/** A trade on the chart: an arrow at its session and price. */
export interface MarcaGrafico {
  tipo: 'compra' | 'venda';
  data: string;
  preco: number;
}

/** A price drawn across the chart: the target and the stop, the current quote, a recommendation's MIN and MAX. */
export interface LinhaGrafico {
  tipo: 'alvo' | 'stop' | 'atual' | 'min' | 'max';
  rotulo: string;
  preco: number;
}

/** What a chart is opened on: a stock, and what to draw over its prices. */
export interface Grafico {
  ticker: string;
  /** One line under the title saying what the marks are (the position, the recommendation). */
  descricao: string;
  marcas: MarcaGrafico[];
  linhas: LinhaGrafico[];
}

export const CORES = {
  alta: '#16a34a',
  baixa: '#dc2626',
  linha: '#a97625',
  compra: '#2563eb',
  venda: '#7c3aed',
  alvo: '#c5922f',
  stop: '#b91c1c',
  atual: '#0f766e',
  min: '#dc2626',
  max: '#16a34a',
} as const;

/** A position as the grids have it (a portfolio's operation, a control-panel row). */
export interface PosicaoGrafico {
  ticker: string;
  data_compra: string | null;
  preco_compra: number | null;
  data_venda?: string | null;
  preco_venda?: number | null;
  valor_alvo: number | null;
  /** The stop (issue 31); the grids without one leave it out. */
  valor_stop?: number | null;
}

/** A position (open or realised): its buy, its sale, its target and its stop. */
export function graficoDaPosicao(p: PosicaoGrafico): Grafico {
  const marcas: MarcaGrafico[] = [];
  const partes: string[] = [];
  if (p.data_compra && p.preco_compra !== null) {
    marcas.push({ tipo: 'compra', data: p.data_compra, preco: p.preco_compra });
    partes.push(`Compra em ${formatDate(p.data_compra)} a ${formatMoney(p.preco_compra)}`);
  }
  if (p.data_venda && p.preco_venda !== null && p.preco_venda !== undefined) {
    marcas.push({ tipo: 'venda', data: p.data_venda, preco: p.preco_venda });
    partes.push(`Venda em ${formatDate(p.data_venda)} a ${formatMoney(p.preco_venda)}`);
  }
  const linhas: LinhaGrafico[] = [];
  if (p.valor_alvo !== null) {
    linhas.push({ tipo: 'alvo', rotulo: 'Alvo', preco: p.valor_alvo });
    partes.push(`Alvo ${formatMoney(p.valor_alvo)}`);
  }
  if (p.valor_stop !== null && p.valor_stop !== undefined) {
    linhas.push({ tipo: 'stop', rotulo: 'Stop', preco: p.valor_stop });
    partes.push(`Stop ${formatMoney(p.valor_stop)}`);
  }
  return { ticker: p.ticker, descricao: partes.join(' · '), marcas, linhas };
}

/** A portfolio's operation. */
export const graficoDaOperacao = (op: Operacao): Grafico =>
  graficoDaPosicao({
    ticker: op.acao_nome,
    data_compra: op.data_compra,
    preco_compra: op.preco_unitario,
    data_venda: op.data_venda,
    preco_venda: op.preco_venda_unitario,
    valor_alvo: op.valor_alvo,
    valor_stop: op.valor_stop,
  });

/** A recommendation: its window's MIN and MAX, and the suggested sale price (ALVO applied to the price). */
export function graficoDaRecomendacao(r: {
  ticker: string;
  MIN: number;
  MAX: number;
  alvo_sugerido: number;
  ALVO?: number;
}): Grafico {
  const alvo = r.ALVO === undefined ? '' : ` (${formatPercentual(r.ALVO)})`;
  return {
    ticker: r.ticker,
    descricao: `MIN ${formatMoney(r.MIN)} · MAX ${formatMoney(r.MAX)} · ALVO ${formatMoney(r.alvo_sugerido)}${alvo}`,
    marcas: [],
    linhas: [
      { tipo: 'max', rotulo: 'MAX', preco: r.MAX },
      { tipo: 'min', rotulo: 'MIN', preco: r.MIN },
      { tipo: 'alvo', rotulo: 'ALVO', preco: r.alvo_sugerido },
    ],
  };
}

const formatPercentual = (v: number) =>
  `${v.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;

/** The session a trade is drawn on: its own, or the first after it (a trade on a day without a bar). */
export function sessaoDaMarca(barras: readonly Barra[], data: string): string | null {
  // Bars are oldest first: the first at or after the date, by binary search.
  let lo = 0;
  let hi = barras.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (barras[mid]!.data < data) lo = mid + 1;
    else hi = mid;
  }
  // Before the first stored session or after the last there is no bar to put it on.
  if (lo === barras.length || (lo === 0 && barras[0]!.data !== data)) return null;
  return barras[lo]!.data;
}

/** The first session of a period ending at the last bar; null for the whole history. */
export function inicioDoPeriodo(barras: readonly Barra[], periodo: Periodo): string | null {
  const ultima = barras.at(-1);
  if (periodo === 'tudo' || !ultima) return null;
  const [ano, mes, dia] = ultima.data.split('-').map(Number) as [number, number, number];
  // The same day N months before, clamped to the month's end (31/03 − 1M = 28/02).
  const alvoMes = new Date(Date.UTC(ano, mes - 1 - MESES_DO_PERIODO[periodo], 1));
  const fimDoMes = new Date(
    Date.UTC(alvoMes.getUTCFullYear(), alvoMes.getUTCMonth() + 1, 0),
  ).getUTCDate();
  alvoMes.setUTCDate(Math.min(dia, fimDoMes));
  const inicio = alvoMes.toISOString().slice(0, 10);
  return inicio <= barras[0]!.data ? null : inicio;
}

const MESES = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** The chart library's time (business-day text, {year, month, day} or a UTC timestamp) as yyyy-mm-dd. */
export function isoDoTempo(
  time: string | number | { year: number; month: number; day: number },
): string {
  if (typeof time === 'string') return time;
  if (typeof time === 'number') return new Date(time * 1000).toISOString().slice(0, 10);
  const dois = (n: number) => String(n).padStart(2, '0');
  return `${time.year}-${dois(time.month)}-${dois(time.day)}`;
}

/** Time-axis labels in pt-BR: the year, 'out/25' for a month, '29/10' for a day. */
export function rotuloDoEixo(iso: string, escala: 'ano' | 'mes' | 'dia'): string {
  const [ano, mes, dia] = iso.split('-') as [string, string, string];
  if (escala === 'ano') return ano;
  if (escala === 'mes') return `${MESES[Number(mes) - 1]}/${ano.slice(2)}`;
  return `${dia}/${mes}`;
}
