import { Decimal } from '../../../shared/decimal';
import type {
  Ajuste,
  Carteira,
  Classificacao,
  FechamentoIndice,
  Fechamentos,
  Negocio,
  Periodo,
  ProventoLiquido,
} from '../../../shared/rentabilidade';
import { adjustPreco, fatorPendente, type EventoDeAcoes } from '../../lib/precos/ajuste';
import { measurable, operationAsTraded } from './operacao';
import type {
  AcaoLida,
  AplicacaoLida,
  EventoDeAcoesLido,
  FechamentosLidos,
  OperacaoLida,
  ProventoLido,
} from './repository';

/**
 * The rows read as the engine's inputs (docs/rentabilidade.md), in one terms: quantities and closes as traded.
 * An operation is a buy as it was made, a quantity change on the data_ex of each share event that reached it, and
 * its sale (operacao.ts); its proventos are the net amounts the product paid. The closes a source had already
 * adjusted for share events (Yahoo's, the demo's) are taken back to the prices as traded.
 */

export interface Historico {
  carteiras: Map<number, Carteira & { negocios: Negocio[]; ajustes: Ajuste[] }>;
  /** Operations that cannot be measured (no quantity or price, a sale without its price): left out, and said. */
  foraDoCalculo: number;
}

/** No events, no applications: one shared empty list. */
const NADA: readonly never[] = [];

function carteiraDe(historico: Historico, clienteId: number) {
  let c = historico.carteiras.get(clienteId);
  if (!c) historico.carteiras.set(clienteId, (c = { negocios: [], ajustes: [], proventos: [] }));
  return c;
}

/** Each client's trades, quantity changes and proventos. */
export function readHistorico(
  tickers: ReadonlyMap<number, string>,
  leitura: {
    operacoes: readonly OperacaoLida[];
    aplicacoes: readonly AplicacaoLida[];
    eventos: readonly EventoDeAcoesLido[];
    proventos: readonly ProventoLido[];
  },
): Historico {
  const h: Historico = { carteiras: new Map(), foraDoCalculo: 0 };
  const eventos = porAcaoLido(leitura.eventos);
  const aplicacoes = new Map<number, AplicacaoLida[]>();
  for (const a of leitura.aplicacoes) {
    let lista = aplicacoes.get(a.operacao_id);
    if (!lista) aplicacoes.set(a.operacao_id, (lista = []));
    lista.push(a);
  }
  for (const o of leitura.operacoes) {
    const ticker = tickers.get(o.acao_id);
    if (ticker === undefined || !measurable(o)) {
      h.foraDoCalculo++;
      continue;
    }
    const c = carteiraDe(h, o.cliente_id);
    operationAsTraded(o, ticker, eventos.get(o.acao_id) ?? NADA, aplicacoes.get(o.id) ?? NADA, c);
  }
  for (const p of leitura.proventos) {
    const ticker = tickers.get(p.acao_id);
    if (!ticker) continue;
    const provento: ProventoLiquido = { ticker, data_ex: p.data_ex, valor_liquido: p.valor };
    (carteiraDe(h, p.cliente_id).proventos as ProventoLiquido[]).push(provento);
  }
  return h;
}

/** The events by stock, in data_ex order as read. */
function porAcaoLido(eventos: readonly EventoDeAcoesLido[]) {
  const mapa = new Map<number, EventoDeAcoesLido[]>();
  for (const e of eventos) {
    let lista = mapa.get(e.acao_id);
    if (!lista) mapa.set(e.acao_id, (lista = []));
    lista.push(e);
  }
  return mapa;
}

const porAcao = (eventos: readonly EventoDeAcoesLido[]) => {
  const mapa = new Map<number, EventoDeAcoes[]>();
  for (const e of eventos) {
    let lista = mapa.get(e.acao_id);
    if (!lista) mapa.set(e.acao_id, (lista = []));
    lista.push({ data_ex: e.data_ex, fator: e.fator });
  }
  return mapa;
};

/** A stock's closes, oldest first (its last one before the period, then the period's). */
export interface SerieLida {
  acao_id: number;
  datas: string[];
  fechamentos: string[];
  /** Per close, the later day its source had adjusted it to ('' : none); null: nothing to take back. */
  ajustados: string[] | null;
}

export const splitFechamentos = (lidos: readonly FechamentosLidos[]): SerieLida[] =>
  lidos.map((l) => ({
    acao_id: l.acao_id,
    datas: l.datas.split(','),
    fechamentos: l.fechamentos.split(','),
    ajustados: l.ajustados === null ? null : l.ajustados.split(','),
  }));

/** The product of the factors of the share events in (data, ajustadoAte] (1: none). */
function fatorJaAplicado(lista: readonly EventoDeAcoes[], data: string, ajustadoAte: string) {
  let fator = new Decimal(1);
  for (const e of lista)
    if (e.data_ex > data && e.data_ex <= ajustadoAte) fator = fator.times(e.fator);
  return fator;
}

/** A stored price (numeric(18,4) text: always 4 places) as an integer count of 10^-4 reais. */
function digits4(texto: string): number {
  const ponto = texto.indexOf('.');
  if (ponto < 0) return Number(texto) * 10_000;
  return Number(texto.slice(0, ponto) + texto.slice(ponto + 1, ponto + 5).padEnd(4, '0'));
}

/**
 * The closes as the engine indexes them (shared/rentabilidade's Fechamentos): per stock its days in order and its
 * closes as traded, as integer counts of 10^-4 reais (every stored price has 4 places). A close its source adjusted
 * up to a later day is multiplied back by the factors of the share events in (its session, that day], to 4 places.
 * Built here from the per-stock lists rather than by indexFechamentos from one object per close: the 50,000 closes
 * of 40 stocks over five years in a few milliseconds.
 */
export function fechamentosOf(
  tickers: ReadonlyMap<number, string>,
  series: readonly SerieLida[],
  eventos: readonly EventoDeAcoesLido[],
): Fechamentos {
  const mapa = porAcao(eventos);
  const porTicker = new Map<string, { datas: string[]; valores: number[] }>();
  for (const s of series) {
    const ticker = tickers.get(s.acao_id);
    if (!ticker) continue;
    const lista = s.ajustados === null ? undefined : mapa.get(s.acao_id);
    const valores = new Array<number>(s.datas.length);
    for (let i = 0; i < s.datas.length; i++) {
      let fechamento = s.fechamentos[i]!;
      const ajustadoAte = lista ? s.ajustados![i]! : '';
      if (ajustadoAte !== '') {
        const fator = fatorJaAplicado(lista!, s.datas[i]!, ajustadoAte);
        if (!fator.eq(1)) {
          fechamento = fator.times(fechamento).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
        }
      }
      valores[i] = digits4(fechamento);
    }
    porTicker.set(ticker, { datas: s.datas, valores });
  }
  return { escala: 4, series: porTicker };
}

/** The Ibovespa's stand-in (IBOV_TICKER): its closes in today's terms, so that a split is no fall of the index. */
export function benchmarkCloses(
  serie: SerieLida,
  eventos: readonly EventoDeAcoesLido[],
): FechamentoIndice[] {
  const lista = porAcao(eventos).get(serie.acao_id) ?? [];
  return serie.datas.map((data, i) => {
    const ajustadoAte = serie.ajustados?.[i] || data;
    return {
      data,
      fechamento: adjustPreco(serie.fechamentos[i]!, fatorPendente(ajustadoAte, lista)),
    };
  });
}

function addDays(iso: string, dias: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** Index of the first element ≥ `chave` in an ascending array (length when none). */
function firstAtOrAfter(datas: readonly string[], chave: string): number {
  let lo = 0;
  let hi = datas.length;
  while (lo < hi) {
    const meio = (lo + hi) >>> 1;
    if (datas[meio]! < chave) lo = meio + 1;
    else hi = meio;
  }
  return lo;
}

/** Whether `a`'s days from `i` up to `ate` are exactly `b`. */
const sameDays = (a: readonly string[], i: number, b: readonly string[], ate: string) => {
  if (a.length - i < b.length) return false;
  for (let k = 0; k < b.length; k++) if (a[i + k] !== b[k]) return false;
  return a.length - i === b.length || a[i + b.length]! > ate;
};

/**
 * The period's sessions: every day in [de, ate] that a stock read or the Ibovespa has a close for; the session
 * before is the last such day before `de` (without any, the day before `de`). `listas`: each stock's days in
 * ascending order. Most stocks trade every session: a list equal to the first full one is not walked day by day.
 */
export function buildPeriodo(
  de: string,
  ate: string,
  listas: ReadonlyArray<readonly string[]>,
): Periodo {
  const dias = new Set<string>();
  let anterior: string | null = null;
  let base: string[] = [];
  for (const datas of listas) {
    const i = firstAtOrAfter(datas, de);
    if (i > 0 && (anterior === null || datas[i - 1]! > anterior)) anterior = datas[i - 1]!;
    if (base.length > 0 && sameDays(datas, i, base, ate)) continue;
    let k = i;
    for (; k < datas.length && datas[k]! <= ate; k++) dias.add(datas[k]!);
    if (k - i > base.length) base = datas.slice(i, k);
  }
  const sessoes = [...dias].sort();
  return { sessoes, anterior: anterior ?? addDays(de, -1) };
}

export function classify(acoes: readonly AcaoLida[]): Map<string, Classificacao> {
  return new Map(acoes.map((a) => [a.ticker, { setor: a.setor, classe: a.classe }]));
}
