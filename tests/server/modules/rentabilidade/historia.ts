import Decimal from 'decimal.js';

/**
 * A generated history for the performance API tests (issue 30), and the figures it must give, computed here
 * straight from the formula in 40-digit decimals: lots as a person would type them, prices as traded
 * (a 1:2 split halves them), cash events paid per operation as the product pays them. Nothing here calls
 * shared/rentabilidade: it is the independent side of the comparison.
 *
 *   V_t = Σ quantity held at the close of t × close of t
 *   B_t = Σ buys of t (price × quantity + costs)      S_t = Σ sales of t (price × quantity − costs)
 *   D_t = Σ cash events with data_ex t, net, for the shares held at the close of the session before
 *   r_t = (V_t + S_t + D_t) / (V_t−1 + B_t) − 1   (0 when the denominator is 0);   acumulado = Π(1 + r) − 1
 */

export const D = Decimal.clone({ precision: 40 });
export type Dec = InstanceType<typeof D>;

export interface Lote {
  cliente: number;
  ticker: string;
  compra: string;
  /** As bought (before the split). */
  quantidade: number;
  preco: string;
  custos_compra: string;
  venda: string | null;
  /** As traded on the day of the sale (after the split, in its terms). */
  preco_venda: string | null;
  custos_venda: string;
}

export interface EventoDinheiro {
  ticker: string;
  tipo: 'dividendo' | 'jcp';
  data_ex: string;
  valor: string;
}

export interface Historia {
  /** Every session, oldest first; the first one is only ever an opening. */
  sessoes: string[];
  fechamentos: Map<string, Map<string, string>>;
  lotes: Lote[];
  desdobramento: { ticker: string; data_ex: string; fator: number };
  dinheiro: EventoDinheiro[];
  /** The CDI of every business day (weekdays, holidays included: the banks' calendar differs from B3's). */
  cdi: Map<string, string>;
}

export const TICKERS = ['TSTA3', 'TSTB4', 'TSTC3', 'TSTD3'] as const;
export const INDICE = 'BOVA11';
export const CLIENTES = 3;

/** B3 holidays of the period: weekdays without a session. */
const FERIADOS = new Set([
  '2024-01-01', '2024-02-12', '2024-02-13', '2024-03-29', '2024-05-01', '2024-05-30', '2024-11-15',
  '2024-11-20', '2024-12-24', '2024-12-25', '2024-12-31', '2025-01-01', '2025-03-03', '2025-03-04',
  '2025-04-18', '2025-04-21', '2025-05-01', '2025-06-19', '2025-11-20', '2025-12-24', '2025-12-25',
]); // prettier-ignore

function weekdays(de: string, ate: string): string[] {
  const dias: string[] = [];
  for (let d = new Date(`${de}T12:00:00Z`); d.toISOString().slice(0, 10) <= ate;) {
    const dia = d.getUTCDay();
    if (dia !== 0 && dia !== 6) dias.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return dias;
}

/** A small seeded generator (the same history at every run). */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

const cents = (n: number) => n.toFixed(2);

/** Two years of sessions (2024–2025), four stocks and an index ETF, three clients' lots, a split and cash events. */
export function generateHistoria(seed = 30): Historia {
  const rnd = random(seed);
  const sessoes = weekdays('2023-12-28', '2025-12-30').filter((d) => !FERIADOS.has(d));
  const split = { ticker: 'TSTA3', data_ex: '2024-09-02', fator: 2 };
  const fechamentos = new Map<string, Map<string, string>>();
  for (const ticker of [...TICKERS, INDICE]) {
    let preco = ticker === INDICE ? 120 : 15 + rnd.next() * 40;
    const serie = new Map<string, string>();
    for (const s of sessoes) {
      preco = Math.max(1, preco * (1 + (rnd.next() - 0.5) * 0.04));
      // TSTA3 traded at twice its later prices before its 1:2 split.
      const bruto = ticker === split.ticker && s < split.data_ex ? preco * 2 : preco;
      serie.set(s, cents(bruto));
    }
    fechamentos.set(ticker, serie);
  }
  const preco = (ticker: string, dia: string) =>
    cents(Number(fechamentos.get(ticker)!.get(dia)!) * (1 + (rnd.next() - 0.5) * 0.006));
  const lotes: Lote[] = [];
  for (let cliente = 0; cliente < CLIENTES; cliente++) {
    for (let n = 0; n < 22; n++) {
      const ticker = TICKERS[rnd.int(0, TICKERS.length - 1)]!;
      const i = rnd.int(1, sessoes.length - 10);
      const compra = sessoes[i]!;
      const quantidade = rnd.int(1, 30) * 100 + (rnd.next() < 0.3 ? rnd.int(1, 99) : 0);
      const lote = (q: number, venda: string | null): Lote => ({
        cliente,
        ticker,
        compra,
        quantidade: q,
        preco: preco(ticker, compra),
        custos_compra: cents(rnd.int(0, 2500) / 100),
        venda,
        preco_venda: venda === null ? null : preco(ticker, venda),
        custos_venda: venda === null ? '0.00' : cents(rnd.int(0, 2500) / 100),
      });
      const vendida = rnd.next() < 0.6 ? sessoes[rnd.int(i + 1, sessoes.length - 1)]! : null;
      if (vendida !== null && rnd.next() < 0.35 && quantidade >= 200) {
        // A partial sale: the book holds two operations of one buy, one sold, the rest kept or sold later.
        const parte = Math.floor(quantidade / 2);
        const resto = rnd.next() < 0.5 ? null : sessoes[rnd.int(i + 1, sessoes.length - 1)]!;
        lotes.push(lote(parte, vendida), lote(quantidade - parte, resto));
      } else lotes.push(lote(quantidade, vendida));
    }
  }
  const dinheiro: EventoDinheiro[] = [
    { ticker: 'TSTB4', tipo: 'dividendo', data_ex: '2024-04-15', valor: '0.37' },
    { ticker: 'TSTB4', tipo: 'dividendo', data_ex: '2025-04-14', valor: '0.5123' },
    { ticker: 'TSTC3', tipo: 'jcp', data_ex: '2024-12-16', valor: '0.8875' },
    { ticker: 'TSTC3', tipo: 'jcp', data_ex: '2025-06-16', valor: '0.4321' },
    { ticker: 'TSTA3', tipo: 'dividendo', data_ex: '2025-03-17', valor: '0.25' },
  ];
  const cdi = new Map<string, string>();
  for (const d of weekdays('2023-11-01', '2025-12-31')) {
    cdi.set(d, (0.04 + rnd.int(0, 15_000) / 1e6).toFixed(6));
  }
  return { sessoes, fechamentos, lotes, desdobramento: split, dinheiro, cdi };
}

/** What the API must answer for some clients (the book: all of them) over [de, ate]. */
export interface Esperado {
  anterior: string;
  /** V at the close of `anterior`. */
  inicial: Dec;
  serie: Array<{ data: string; V: Dec; B: Dec; S: Dec; D: Dec; r: Dec; acumulado: Dec }>;
  meses: Map<string, Dec>;
  cdi: Dec;
  ibov: Dec;
}

const round2 = (x: Dec) => x.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

export function expectedFor(h: Historia, clientes: number[], de: string, ate: string): Esperado {
  const lotes = h.lotes.filter((l) => clientes.includes(l.cliente));
  const inicio = h.sessoes.findIndex((s) => s >= de);
  const sessoes = h.sessoes.filter((s) => s >= de && s <= ate);
  const anterior = h.sessoes[inicio - 1]!;
  const { desdobramento: split } = h;
  /** Shares of a lot held at the close of `dia`. */
  const held = (l: Lote, dia: string) => {
    if (l.compra > dia || (l.venda !== null && l.venda <= dia)) return 0;
    const dividido = l.ticker === split.ticker && l.compra < split.data_ex && split.data_ex <= dia;
    return l.quantidade * (dividido ? split.fator : 1);
  };
  const close = (ticker: string, dia: string) => new D(h.fechamentos.get(ticker)!.get(dia)!);
  const value = (dia: string) =>
    lotes.reduce((v, l) => v.plus(close(l.ticker, dia).times(held(l, dia))), new D(0));
  const serie: Esperado['serie'] = [];
  const inicial = value(anterior);
  let antes = inicial;
  let w = new D(1);
  const meses = new Map<string, Dec>();
  for (const dia of sessoes) {
    let B = new D(0);
    let S = new D(0);
    let Dt = new D(0);
    for (const l of lotes) {
      if (l.compra === dia) B = B.plus(new D(l.preco).times(l.quantidade).plus(l.custos_compra));
      if (l.venda === dia) {
        // The shares held the session before (the split, if any, came before or on the sale).
        const q = l.ticker === split.ticker && l.compra < split.data_ex && split.data_ex <= dia
          ? l.quantidade * split.fator
          : l.quantidade; // prettier-ignore
        S = S.plus(new D(l.preco_venda!).times(q).minus(l.custos_venda));
      }
    }
    const vespera = h.sessoes[h.sessoes.indexOf(dia) - 1]!;
    for (const e of h.dinheiro.filter((x) => x.data_ex === dia)) {
      for (const l of lotes.filter((x) => x.ticker === e.ticker)) {
        const q = held(l, vespera);
        if (q === 0) continue;
        const bruto = round2(new D(e.valor).times(q));
        const retido = e.tipo === 'jcp' ? round2(bruto.times('0.15')) : new D(0);
        Dt = Dt.plus(bruto.minus(retido));
      }
    }
    const V = value(dia);
    const denominador = antes.plus(B);
    const r = denominador.isZero() ? new D(0) : V.plus(S).plus(Dt).dividedBy(denominador).minus(1);
    w = w.times(r.plus(1));
    const mes = dia.slice(0, 7);
    meses.set(mes, (meses.get(mes) ?? new D(1)).times(r.plus(1)));
    serie.push({ data: dia, V, B, S, D: Dt, r, acumulado: w.minus(1) });
    antes = V;
  }
  for (const [mes, f] of meses) meses.set(mes, f.minus(1));
  const cdi = sessoes.reduce(
    (f, s) => f.times(new D(h.cdi.get(s)!).dividedBy(100).plus(1)),
    new D(1),
  );
  const ultima = sessoes[sessoes.length - 1]!;
  return {
    anterior,
    inicial,
    serie,
    meses,
    cdi: cdi.minus(1),
    ibov: close(INDICE, ultima).dividedBy(close(INDICE, anterior)).minus(1),
  };
}
