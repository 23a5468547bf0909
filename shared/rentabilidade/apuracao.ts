import { checkPeriodo, credit, readEntradas, type Movimento } from './entradas';
import { lastAtOrBefore, type Fechamentos, type SerieFechamentos } from './fechamentos';
import * as fixo from './fixo';
import type { Exato } from './fixo';
import type { Carteira, Periodo } from './tipos';

// Bound once: the loaders (tsx, vitest) turn named imports into getters that V8 does not inline in the per-session
// loops below (a third of the book's time, measured).
const { checked, pow10Number } = fixo;

/**
 * The money of a period, exact (docs/rentabilidade.md): per session the value held at the close (V), the buys (B),
 * the sales (S) and the cash events (D), and per ticker its result of each session. One walk over the sessions,
 * visiting only the tickers held or moved: O(sessions × tickers held + movements). Every amount is an integer
 * count of 10^-escala reais (fixo.ts).
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
  patrimonio: number[];
  compras: number[];
  vendas: number[];
  proventos: number[];
  /** Every ticker held or moved during the period. */
  tickers: Map<string, ResultadoTicker>;
}

interface Estado {
  ticker: string;
  /** Quantity held, at the quantities' scale. */
  q: number;
  /** q × 10^(escala − eQ − closes' scale): times a close's digits, the position's value. */
  qv: number;
  serie: SerieFechamentos | undefined;
  /** Index of the last close at or before the last valued session; −2 before the first valuation. */
  cursor: number;
  /** Value at the last valued close, and the session's buys, sales and cash events. */
  v: number;
  b: number;
  s: number;
  d: number;
  /** The last trade's price: the value of a position that has no close yet. */
  preco: Exato | null;
  resultado: ResultadoTicker | null;
}

/** The walk's state: every ticker met, and those held or moved (the only ones a session visits). */
class Caminhada {
  readonly estados = new Map<string, Estado>();
  readonly ativos = new Set<Estado>();
  readonly tickers = new Map<string, ResultadoTicker>();
  private readonly fatorV: number;

  constructor(
    private readonly fechamentos: Fechamentos,
    private readonly eQ: number,
    private readonly escala: number,
    private readonly n: number,
  ) {
    this.fatorV = pow10Number(escala - eQ - fechamentos.escala);
  }

  state(ticker: string): Estado {
    let st = this.estados.get(ticker);
    if (!st) {
      const serie = this.fechamentos.series.get(ticker);
      st = {
        ticker,
        q: 0,
        qv: 0,
        serie,
        cursor: -2,
        v: 0,
        b: 0,
        s: 0,
        d: 0,
        preco: null,
        resultado: null,
      };
      this.estados.set(ticker, st);
    }
    return st;
  }

  activate(st: Estado): void {
    if (!st.resultado)
      this.tickers.set(st.ticker, (st.resultado = { por_sessao: null, valor_final: 0 }));
    this.ativos.add(st);
  }

  move(m: Movimento): Estado {
    const st = this.state(m.ticker);
    st.q = checked(st.q + m.q);
    st.qv = checked(st.q * this.fatorV);
    if (m.preco) st.preco = m.preco;
    return st;
  }

  /** The position's value at the last close on or before `data` (or at its last trade's price when none). */
  value(st: Estado, data: string): number {
    if (st.q === 0) return 0;
    const serie = st.serie;
    if (serie) {
      if (st.cursor === -2) st.cursor = lastAtOrBefore(serie.datas, data);
      else
        while (st.cursor + 1 < serie.datas.length && serie.datas[st.cursor + 1]! <= data)
          st.cursor++;
      if (st.cursor >= 0) return checked(st.qv * serie.valores[st.cursor]!);
    }
    if (st.preco) {
      const p = st.preco;
      return checked(checked(st.q * p.m) * pow10Number(this.escala - this.eQ - p.e));
    }
    throw new RangeError(`Sem fechamento de ${st.ticker} até ${data} para avaliar a posição.`);
  }

  /** Values every ticker visited at the session's close and records its result: V of the session. */
  close(j: number, data: string): number {
    let total = 0;
    for (const st of this.ativos) {
      const v = this.value(st, data);
      const resultado = checked(v - st.v - st.b + st.s + st.d);
      if (resultado !== 0) (st.resultado!.por_sessao ??= new Float64Array(this.n))[j] = resultado;
      st.v = v;
      st.b = st.s = st.d = 0;
      total = checked(total + v);
      if (st.q === 0 && v === 0) this.ativos.delete(st);
    }
    return total;
  }
}

/** V, B, S, D per session and each ticker's daily result, for one client over one period. */
export function buildApuracao(
  carteira: Carteira,
  periodo: Periodo,
  fechamentos: Fechamentos,
): Apuracao {
  checkPeriodo(periodo);
  const { sessoes, anterior } = periodo;
  const n = sessoes.length;
  const { eQ, escala, ...entradas } = readEntradas(carteira, periodo, fechamentos.escala);
  const c = new Caminhada(fechamentos, eQ, escala, n);
  for (const m of entradas.abertura) c.move(m);
  const patrimonio: number[] = [0];
  for (const st of c.estados.values()) {
    if (st.q === 0) continue;
    st.v = c.value(st, anterior);
    patrimonio[0] = checked(patrimonio[0]! + st.v);
    c.activate(st);
  }
  const compras: number[] = new Array(n);
  const vendas: number[] = new Array(n);
  const proventos: number[] = new Array(n);
  for (let j = 0; j < n; j++) {
    // Cash events first: they are paid on the shares held at the previous close, before the session's trades.
    let d = 0;
    for (const credito of entradas.creditos[j] ?? []) {
      const st = c.state(credito.ticker);
      const valor = credit(credito, st.q, eQ, escala);
      if (valor === 0) continue;
      st.d = checked(st.d + valor);
      d = checked(d + valor);
      c.activate(st);
    }
    let b = 0;
    let s = 0;
    for (const m of entradas.movimentos[j] ?? []) {
      const st = c.move(m);
      st.b = checked(st.b + m.compra);
      st.s = checked(st.s + m.venda);
      b = checked(b + m.compra);
      s = checked(s + m.venda);
      c.activate(st);
    }
    compras[j] = b;
    vendas[j] = s;
    proventos[j] = d;
    patrimonio.push(c.close(j, sessoes[j]!));
  }
  for (const st of c.estados.values()) if (st.resultado) st.resultado.valor_final = st.v;
  return { sessoes, anterior, escala, patrimonio, compras, vendas, proventos, tickers: c.tickers };
}

/**
 * The book as one portfolio: the clients' V, B, S, D summed per session, and their tickers' results summed. Every
 * client must have been walked over the same period.
 */
export function sumApuracoes(lista: readonly Apuracao[], periodo: Periodo): Apuracao {
  checkPeriodo(periodo);
  const n = periodo.sessoes.length;
  const escala = lista.reduce((e, a) => Math.max(e, a.escala), 2);
  const livro: Apuracao = {
    ...periodo,
    escala,
    patrimonio: new Array<number>(n + 1).fill(0),
    compras: new Array<number>(n).fill(0),
    vendas: new Array<number>(n).fill(0),
    proventos: new Array<number>(n).fill(0),
    tickers: new Map(),
  };
  for (const a of lista) {
    const mesmas =
      a.anterior === periodo.anterior &&
      a.sessoes.length === n &&
      a.sessoes.every((s, i) => s === periodo.sessoes[i]);
    if (!mesmas) throw new RangeError('Todas as carteiras do livro devem ter o mesmo período.');
    const f = pow10Number(escala - a.escala);
    const add = (alvo: { [j: number]: number; length: number }, parcela: ArrayLike<number>) => {
      for (let j = 0; j < alvo.length; j++) alvo[j] = checked(alvo[j]! + checked(parcela[j]! * f));
    };
    add(livro.patrimonio, a.patrimonio);
    add(livro.compras, a.compras);
    add(livro.vendas, a.vendas);
    add(livro.proventos, a.proventos);
    for (const [ticker, r] of a.tickers) {
      let alvo = livro.tickers.get(ticker);
      if (!alvo) livro.tickers.set(ticker, (alvo = { por_sessao: null, valor_final: 0 }));
      alvo.valor_final = checked(alvo.valor_final + checked(r.valor_final * f));
      if (r.por_sessao) add((alvo.por_sessao ??= new Float64Array(n)), r.por_sessao);
    }
  }
  return livro;
}
