import { checkPeriodo, credit, readEntradas, type Entradas, type Posicao } from './entradas';
import { sessionCloses, type Fechamentos } from './fechamentos';
import * as fixo from './fixo';
import type { Exato } from './fixo';
import type { Carteira, Periodo } from './tipos';

// Bound once: the loaders (tsx, vitest) turn named imports into getters that V8 does not inline in the per-session
// loops below (a third of the book's time, measured).
const { checked, pow10Number } = fixo;

/**
 * The money of a period, exact (docs/rentabilidade.md): per session the value held at the close (V), the buys (B),
 * the sales (S) and the cash events (D), and per ticker its result of each session. Each ticker walked on its own
 * over the sessions it is held or moved: O(sessions × tickers held + movements). Every amount is an integer count
 * of 10^-escala reais (fixo.ts).
 */

export interface ResultadoTicker {
  /** V_i,t − V_i,t−1 − B_i,t + S_i,t + D_i,t per session (null: 0 every session). */
  por_sessao: Float64Array | null;
  /** V_i at the last session's close (at the opening when the period has no session). */
  valor_final: number;
}

export interface Apuracao extends Periodo {
  /** Decimal places of every amount below. */
  escala: number;
  /** V at the close of `anterior`, then at each session's: n + 1 values. */
  patrimonio: Float64Array;
  compras: Float64Array;
  vendas: Float64Array;
  proventos: Float64Array;
  /** Every ticker held or moved during the period. */
  tickers: Map<string, ResultadoTicker>;
}

/**
 * Where the walk adds each ticker's results, times `f` (10^(its scale − the client's)): the client's own, or the
 * book's (buildLivro), which spares every client its per-ticker series.
 */
interface Destino {
  tickers: Map<string, ResultadoTicker>;
  f: number;
}

/** What every ticker of one client's walk shares: the period, the scales, and the client's money per session. */
interface Contexto {
  fechamentos: Fechamentos;
  periodo: Periodo;
  n: number;
  eQ: number;
  escala: number;
  /** 10^(escala − eQ − closes' scale): a quantity times it, times a close's digits, is the position's value. */
  fatorV: number;
  destino: Destino;
  patrimonio: Float64Array;
  compras: Float64Array;
  vendas: Float64Array;
  proventos: Float64Array;
}

/** The ticker's line of results in the destination (made when the ticker is first held or moved). */
function resultadoDe(destino: Destino, ticker: string): ResultadoTicker {
  let r = destino.tickers.get(ticker);
  if (!r) destino.tickers.set(ticker, (r = { por_sessao: null, valor_final: 0 }));
  return r;
}

/**
 * A position of q (≠ 0) valued where its series has no close up to session j (0: `anterior`): at its last trade's
 * price, else an error.
 */
function valueWithoutClose(x: Contexto, ticker: string, q: number, preco: Exato | null, j: number) {
  if (preco) return checked(checked(q * preco.m) * pow10Number(x.escala - x.eQ - preco.e));
  const data = j === 0 ? x.periodo.anterior : x.periodo.sessoes[j - 1]!;
  throw new RangeError(`Sem fechamento de ${ticker} até ${data} para avaliar a posição.`);
}

/**
 * One ticker of one client over the period: its value at each close it is held (V_i), added to the client's V,
 * its result of each session (V_i,t − V_i,t−1 − B_i,t + S_i,t + D_i,t) added to the destination's, and its buys,
 * sales and cash events to the client's. Between two sessions with movements or cash events the quantity is
 * constant, so those sessions are one tight loop over the closes; the sessions it is not held are not visited.
 */
function walkPosicao(p: Posicao, x: Contexto): void {
  const { n, destino, patrimonio } = x;
  const f = destino.f;
  const serie = x.fechamentos.series.get(p.ticker);
  // A ticker without any close: every read NaN (valued at its last trade's price).
  const closes = serie ? sessionCloses(serie, x.periodo) : new Float64Array(n + 1).fill(NaN);
  let q = 0;
  let preco: Exato | null = null;
  for (const m of p.abertura) {
    q = checked(q + m.q);
    if (m.preco) preco = m.preco;
  }
  let qv = checked(q * x.fatorV);
  let resultado: ResultadoTicker | null = null;
  let v = 0;
  if (q !== 0) {
    const c = closes[0]!;
    v = c === c ? checked(qv * c) : valueWithoutClose(x, p.ticker, q, preco, 0);
    patrimonio[0] = checked(patrimonio[0]! + v);
    resultado = resultadoDe(destino, p.ticker);
  }
  const { movimentos, creditos } = p;
  let im = 0;
  let ic = 0;
  for (let j = 0; j < n; j++) {
    const proxima = Math.min(
      im < movimentos.length ? movimentos[im]!.sessao : n,
      ic < creditos.length ? creditos[ic]!.sessao : n,
    );
    if (q !== 0) {
      // Held, nothing moves: V_i,t at each close, its change the session's result.
      let porSessao = resultado!.por_sessao;
      for (; j < proxima; j++) {
        const c = closes[j + 1]!;
        const vj = c === c ? checked(qv * c) : valueWithoutClose(x, p.ticker, q, preco, j + 1);
        const r = checked(vj - v);
        if (r !== 0) {
          porSessao ??= resultado!.por_sessao = new Float64Array(n);
          porSessao[j] = checked(porSessao[j]! + checked(r * f));
        }
        patrimonio[j + 1] = checked(patrimonio[j + 1]! + vj);
        v = vj;
      }
    } else j = proxima; // not held: V_i = 0 and no result until something happens
    if (j >= n) break;
    // Cash events first: paid on the shares held at the previous close, before the session's trades.
    let tocado = q !== 0;
    let d = 0;
    for (; ic < creditos.length && creditos[ic]!.sessao === j; ic++) {
      const valor = credit(creditos[ic]!, q, x.eQ, x.escala);
      if (valor === 0) continue;
      d = checked(d + valor);
      x.proventos[j] = checked(x.proventos[j]! + valor);
      tocado = true;
    }
    let b = 0;
    let s = 0;
    for (; im < movimentos.length && movimentos[im]!.sessao === j; im++) {
      const m = movimentos[im]!;
      q = checked(q + m.q);
      qv = checked(q * x.fatorV);
      if (m.preco) preco = m.preco;
      b = checked(b + m.compra);
      s = checked(s + m.venda);
      tocado = true;
    }
    if (!tocado) continue;
    x.compras[j] = checked(x.compras[j]! + b);
    x.vendas[j] = checked(x.vendas[j]! + s);
    resultado ??= resultadoDe(destino, p.ticker);
    const c = closes[j + 1]!;
    const vj =
      q === 0 ? 0 : c === c ? checked(qv * c) : valueWithoutClose(x, p.ticker, q, preco, j + 1);
    const r = checked(vj - v - b + s + d);
    if (r !== 0) {
      const porSessao = (resultado.por_sessao ??= new Float64Array(n));
      porSessao[j] = checked(porSessao[j]! + checked(r * f));
    }
    patrimonio[j + 1] = checked(patrimonio[j + 1]! + vj);
    v = vj;
  }
  if (resultado) resultado.valor_final = checked(resultado.valor_final + checked(v * f));
}

/** One client's walk over the period, its tickers' results added to `destino`'s. */
function walk(
  entradas: Entradas,
  periodo: Periodo,
  fechamentos: Fechamentos,
  destino: Destino,
): Apuracao {
  const { sessoes, anterior } = periodo;
  const n = sessoes.length;
  const { eQ, escala } = entradas;
  // One buffer for the four series (a typed array's own buffer costs more to make than to fill).
  const memoria = new Float64Array(4 * n + 1);
  const x: Contexto = {
    fechamentos,
    periodo,
    n,
    eQ,
    escala,
    fatorV: pow10Number(escala - eQ - fechamentos.escala),
    destino,
    patrimonio: memoria.subarray(0, n + 1),
    compras: memoria.subarray(n + 1, 2 * n + 1),
    vendas: memoria.subarray(2 * n + 1, 3 * n + 1),
    proventos: memoria.subarray(3 * n + 1),
  };
  for (const p of entradas.posicoes) walkPosicao(p, x);
  const { patrimonio, compras, vendas, proventos } = x;
  return {
    sessoes,
    anterior,
    escala,
    patrimonio,
    compras,
    vendas,
    proventos,
    tickers: destino.tickers,
  };
}

/** V, B, S, D per session and each ticker's daily result, for one client over one period. */
export function buildApuracao(
  carteira: Carteira,
  periodo: Periodo,
  fechamentos: Fechamentos,
): Apuracao {
  checkPeriodo(periodo);
  const entradas = readEntradas(carteira, periodo, fechamentos.escala);
  return walk(entradas, periodo, fechamentos, { tickers: new Map(), f: 1 });
}

/**
 * The book of clients over one period at once: each client's V, B, S, D (its `tickers` left empty: the control
 * panel's row needs only the period's figures) and the book as one portfolio, its tickers' results added as each
 * client is walked. The same figures as buildApuracao per client then sumApuracoes, without a series per client
 * and ticker.
 */
export function buildLivro(
  carteiras: readonly Carteira[],
  periodo: Periodo,
  fechamentos: Fechamentos,
): { clientes: Apuracao[]; livro: Apuracao } {
  checkPeriodo(periodo);
  const todas = carteiras.map((c) => readEntradas(c, periodo, fechamentos.escala));
  let escala = 2;
  for (const e of todas) escala = Math.max(escala, e.escala);
  const tickers = new Map<string, ResultadoTicker>();
  const clientes = todas.map((e) => ({
    ...walk(e, periodo, fechamentos, { tickers, f: pow10Number(escala - e.escala) }),
    tickers: new Map<string, ResultadoTicker>(),
  }));
  return { clientes, livro: { ...sumMoney(clientes, periodo, escala), tickers } };
}

/** alvo[j] += parcela[j] × f for every j, exact (checked); f = 1 spares the product. */
function addScaled(alvo: Float64Array, parcela: Float64Array, f: number): void {
  if (f === 1) for (let j = 0; j < alvo.length; j++) alvo[j] = checked(alvo[j]! + parcela[j]!);
  else for (let j = 0; j < alvo.length; j++) alvo[j] = checked(alvo[j]! + checked(parcela[j]! * f));
}

/** The clients' V, B, S, D summed per session, at `escala` (at least each client's). */
function sumMoney(lista: readonly Apuracao[], periodo: Periodo, escala: number) {
  const n = periodo.sessoes.length;
  const soma = {
    ...periodo,
    escala,
    patrimonio: new Float64Array(n + 1),
    compras: new Float64Array(n),
    vendas: new Float64Array(n),
    proventos: new Float64Array(n),
  };
  for (const a of lista) {
    if (!samePeriod(a, periodo))
      throw new RangeError('Todas as carteiras do livro devem ter o mesmo período.');
    const f = pow10Number(escala - a.escala);
    addScaled(soma.patrimonio, a.patrimonio, f);
    addScaled(soma.compras, a.compras, f);
    addScaled(soma.vendas, a.vendas, f);
    addScaled(soma.proventos, a.proventos, f);
  }
  return soma;
}

function samePeriod(a: Periodo, periodo: Periodo): boolean {
  if (a.anterior !== periodo.anterior || a.sessoes.length !== periodo.sessoes.length) return false;
  if (a.sessoes === periodo.sessoes) return true;
  return a.sessoes.every((s, i) => s === periodo.sessoes[i]);
}

/**
 * The book as one portfolio: the clients' V, B, S, D summed per session, and their tickers' results summed. Every
 * client must have been walked over the same period.
 */
export function sumApuracoes(lista: readonly Apuracao[], periodo: Periodo): Apuracao {
  checkPeriodo(periodo);
  const n = periodo.sessoes.length;
  let escala = 2;
  for (const a of lista) escala = Math.max(escala, a.escala);
  const livro: Apuracao = { ...sumMoney(lista, periodo, escala), tickers: new Map() };
  for (const a of lista) {
    const f = pow10Number(escala - a.escala);
    for (const [ticker, r] of a.tickers) {
      let alvo = livro.tickers.get(ticker);
      if (!alvo) livro.tickers.set(ticker, (alvo = { por_sessao: null, valor_final: 0 }));
      alvo.valor_final = checked(alvo.valor_final + checked(r.valor_final * f));
      if (r.por_sessao) addScaled((alvo.por_sessao ??= new Float64Array(n)), r.por_sessao, f);
    }
  }
  return livro;
}
