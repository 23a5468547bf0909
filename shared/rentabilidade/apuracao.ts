import { checkPeriodo, credit, readEntradas, type Entradas, type Movimento } from './entradas';
import { sessionCloses, type Fechamentos } from './fechamentos';
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
  patrimonio: Float64Array;
  compras: Float64Array;
  vendas: Float64Array;
  proventos: Float64Array;
  /** Every ticker held or moved during the period. */
  tickers: Map<string, ResultadoTicker>;
}

interface Estado {
  ticker: string;
  /** Quantity held, at the quantities' scale. */
  q: number;
  /** q × 10^(escala − eQ − closes' scale): times a close's digits, the position's value. */
  qv: number;
  /** Its close at `anterior` (0) and at each session (j + 1), NaN before its first (fechamentos.ts). */
  fechamentos: Float64Array | undefined;
  /** Value at the last valued close, and the session's buys, sales and cash events. */
  v: number;
  b: number;
  s: number;
  d: number;
  /** The last trade's price: the value of a position that has no close yet. */
  preco: Exato | null;
  resultado: ResultadoTicker | null;
}

/**
 * Where the walk adds each ticker's results, times `f` (10^(its scale − the client's)): the client's own, or the
 * book's (buildLivro), which spares every client its per-ticker series.
 */
interface Destino {
  tickers: Map<string, ResultadoTicker>;
  f: number;
}

/** The walk's state: every ticker met, and those held or moved (the only ones a session visits). */
class Caminhada {
  readonly estados = new Map<string, Estado>();
  readonly ativos = new Set<Estado>();
  private readonly fatorV: number;
  private readonly eQ: number;
  private readonly escala: number;
  private readonly n: number;

  constructor(
    private readonly fechamentos: Fechamentos,
    private readonly periodo: Periodo,
    entradas: Entradas,
    private readonly destino: Destino,
  ) {
    this.eQ = entradas.eQ;
    this.escala = entradas.escala;
    this.n = periodo.sessoes.length;
    this.fatorV = pow10Number(this.escala - this.eQ - fechamentos.escala);
  }

  state(ticker: string): Estado {
    let st = this.estados.get(ticker);
    if (!st) {
      const serie = this.fechamentos.series.get(ticker);
      st = {
        ticker,
        q: 0,
        qv: 0,
        fechamentos: serie && sessionCloses(serie, this.periodo),
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
    if (!st.resultado) {
      const { tickers } = this.destino;
      st.resultado = tickers.get(st.ticker) ?? null;
      if (!st.resultado)
        tickers.set(st.ticker, (st.resultado = { por_sessao: null, valor_final: 0 }));
    }
    this.ativos.add(st);
  }

  move(m: Movimento): Estado {
    const st = this.state(m.ticker);
    st.q = checked(st.q + m.q);
    st.qv = checked(st.q * this.fatorV);
    if (m.preco) st.preco = m.preco;
    return st;
  }

  /** The position's value at the last close up to session j (0: `anterior`; or at its last trade's price when none). */
  value(st: Estado, j: number): number {
    if (st.q === 0) return 0;
    const fechamento = st.fechamentos ? st.fechamentos[j]! : NaN;
    if (fechamento === fechamento) return checked(st.qv * fechamento); // not NaN: there is a close
    if (st.preco) {
      const p = st.preco;
      return checked(checked(st.q * p.m) * pow10Number(this.escala - this.eQ - p.e));
    }
    const data = j === 0 ? this.periodo.anterior : this.periodo.sessoes[j - 1]!;
    throw new RangeError(`Sem fechamento de ${st.ticker} até ${data} para avaliar a posição.`);
  }

  /** Values every ticker visited at the session's close and records its result: V of the session. */
  close(j: number): number {
    let total = 0;
    for (const st of this.ativos) {
      const v = this.value(st, j + 1);
      const resultado = checked(v - st.v - st.b + st.s + st.d);
      if (resultado !== 0) {
        const serie = (st.resultado!.por_sessao ??= new Float64Array(this.n));
        serie[j] = checked(serie[j]! + checked(resultado * this.destino.f));
      }
      st.v = v;
      st.b = st.s = st.d = 0;
      total = checked(total + v);
      if (st.q === 0 && v === 0) this.ativos.delete(st);
    }
    return total;
  }
}

/** No movement in a session: one shared empty list, not one per session. */
const NENHUM: readonly never[] = [];

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
  const c = new Caminhada(fechamentos, periodo, entradas, destino);
  for (const m of entradas.abertura) c.move(m);
  const patrimonio = new Float64Array(n + 1);
  for (const st of c.estados.values()) {
    if (st.q === 0) continue;
    st.v = c.value(st, 0);
    patrimonio[0] = checked(patrimonio[0]! + st.v);
    c.activate(st);
  }
  const compras = new Float64Array(n);
  const vendas = new Float64Array(n);
  const proventos = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    // Cash events first: they are paid on the shares held at the previous close, before the session's trades.
    let d = 0;
    for (const credito of entradas.creditos[j] ?? NENHUM) {
      const st = c.state(credito.ticker);
      const valor = credit(credito, st.q, eQ, escala);
      if (valor === 0) continue;
      st.d = checked(st.d + valor);
      d = checked(d + valor);
      c.activate(st);
    }
    let b = 0;
    let s = 0;
    for (const m of entradas.movimentos[j] ?? NENHUM) {
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
    patrimonio[j + 1] = c.close(j);
  }
  for (const st of c.estados.values()) {
    const r = st.resultado;
    if (r) r.valor_final = checked(r.valor_final + checked(st.v * destino.f));
  }
  const { tickers } = destino;
  return { sessoes, anterior, escala, patrimonio, compras, vendas, proventos, tickers };
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
