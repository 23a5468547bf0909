import { firstAtOrAfter } from './fechamentos';
import {
  checked,
  parseExato,
  parseExatoInto,
  parseFixo,
  pow10,
  pow10Number,
  rescale,
  roundScale,
  safeNumber,
  type Exato,
  type Fixo,
  type Valor,
} from './fixo';
import type { Carteira, Negocio, Periodo } from './tipos';

/**
 * A client's history read for one period (docs/rentabilidade.md): every trade, quantity change and cash event read
 * exactly, placed in the session it counts in (a date that is not a session counts in the next one; up to the
 * session before the period, it only makes the opening holdings), at the scales they all need.
 */

/** A change of quantity (signed), with the money of a trade, in its session (−1: before the period). */
export interface Movimento {
  ticker: string;
  sessao: number;
  q: number;
  compra: number;
  venda: number;
  preco: Exato | null;
}

/** A cash event in its session: its net amount when given, else its value per share and withholding. */
export interface Credito {
  sessao: number;
  liquido: number | null;
  valor: Fixo;
  aliquota: Fixo | null;
}

/**
 * One ticker's movements and cash events. `abertura`: those up to `anterior`, as read; `movimentos` and `creditos`:
 * the period's, by session, in the order read within a session (the last trade's price is the one read last).
 */
export interface Posicao {
  ticker: string;
  abertura: Movimento[];
  movimentos: Movimento[];
  creditos: Credito[];
}

export interface Entradas {
  /** Each ticker met, in the order first read. */
  posicoes: Posicao[];
  /** Decimal places of the quantities and of the money. */
  eQ: number;
  escala: number;
}

export function checkPeriodo({ sessoes, anterior }: Periodo): void {
  for (let i = 0; i < sessoes.length; i++) {
    if (sessoes[i]! <= (i === 0 ? anterior : sessoes[i - 1]!)) {
      throw new RangeError('As sessões devem vir em ordem crescente, depois da sessão anterior.');
    }
  }
}

/** A trade or quantity change as read: the quantity's and the costs' digits and places (ce −1: no costs). */
type Bruto = {
  ticker: string;
  sessao: number;
  qm: number;
  qe: number;
  p: Exato | null;
  cm: number;
  ce: number;
  venda: boolean;
};

/** Every movement read exactly, placed in its session (−1: before the period), at the scales they all need. */
export function readEntradas(
  carteira: Carteira,
  periodo: Periodo,
  escalaFechamentos: number,
): Entradas {
  const { sessoes, anterior } = periodo;
  const n = sessoes.length;
  const ultima = n === 0 ? anterior : sessoes[n - 1]!;
  const sessao = (data: string) =>
    data <= anterior ? -1 : data > ultima ? n : firstAtOrAfter(sessoes, data);
  const brutos: Bruto[] = [];
  let eQ = 0;
  let escalaPreco = 0;
  let escala = 2;
  // The quantity and the costs read into one reused pair each (thousands of trades: no pair per value).
  const q = { m: 0, e: 0 };
  const c = { m: 0, e: 0 };
  const add = (ticker: string, s: number, quantidade: Valor, venda: boolean, g: Negocio | null) => {
    if (s >= n) return;
    const lq = parseExatoInto(quantidade, q);
    const p = g ? parseExato(g.preco) : null;
    const lc = g && g.custos !== undefined ? parseExatoInto(g.custos, c) : null;
    eQ = Math.max(eQ, lq.e);
    if (p) escalaPreco = Math.max(escalaPreco, p.e);
    if (lc) escala = Math.max(escala, lc.e);
    brutos.push({
      ticker,
      sessao: s,
      qm: lq.m,
      qe: lq.e,
      p,
      cm: lc ? lc.m : 0,
      ce: lc ? lc.e : -1,
      venda,
    });
  };
  for (const g of carteira.negocios)
    add(g.ticker, sessao(g.data), g.quantidade, g.lado === 'venda', g);
  for (const a of carteira.ajustes ?? []) add(a.ticker, sessao(a.data), a.variacao, false, null);
  const creditos: Array<{ ticker: string; dado: boolean; valor: Fixo; c: Credito }> = [];
  for (const p of carteira.proventos ?? []) {
    const j = sessao(p.data_ex);
    if (j < 0 || j >= n) continue;
    const dado = 'valor_liquido' in p;
    const valor = parseFixo(dado ? p.valor_liquido : p.valor_por_acao);
    const aliquota = !dado && p.aliquota_ir !== undefined ? parseFixo(p.aliquota_ir) : null;
    if (dado) escala = Math.max(escala, valor.e);
    creditos.push({
      ticker: p.ticker,
      dado,
      valor,
      c: { sessao: j, liquido: null, valor, aliquota },
    });
  }
  escala = Math.max(escala, eQ + escalaFechamentos, eQ + escalaPreco);
  const posicoes = new Map<string, Posicao>();
  const posicao = (ticker: string) => {
    let p = posicoes.get(ticker);
    if (!p) posicoes.set(ticker, (p = { ticker, abertura: [], movimentos: [], creditos: [] }));
    return p;
  };
  // The period's movements by session first (in the order read within one), then each ticker's in session order.
  const porSessao: Array<Movimento[] | undefined> = new Array(n);
  for (const b of brutos) {
    const qv = checked(b.qm * pow10Number(eQ - b.qe));
    const m: Movimento = {
      ticker: b.ticker,
      sessao: b.sessao,
      q: b.venda ? -qv : qv,
      compra: 0,
      venda: 0,
      preco: b.p,
    };
    if (b.p && b.sessao >= 0) {
      // price × quantity is exact below 2^53 (checked), then brought to the money's scale.
      const bruto = checked(checked(b.qm * b.p.m) * pow10Number(escala - b.qe - b.p.e));
      const custos = b.ce >= 0 ? checked(b.cm * pow10Number(escala - b.ce)) : 0;
      if (b.venda) m.venda = checked(bruto - custos);
      else m.compra = checked(bruto + custos);
    }
    if (b.sessao < 0) posicao(b.ticker).abertura.push(m);
    else (porSessao[b.sessao] ??= []).push(m);
  }
  for (const lista of porSessao)
    if (lista) for (const m of lista) posicao(m.ticker).movimentos.push(m);
  for (const { ticker, dado, valor, c } of creditos) {
    // A net amount is brought to the money's scale once that scale is known.
    if (dado) c.liquido = safeNumber(rescale(valor, escala));
    posicao(ticker).creditos.push(c);
  }
  for (const p of posicoes.values()) sortBySession(p.creditos);
  return { posicoes: [...posicoes.values()], eQ, escala };
}

/** In session order, keeping the order read within a session (a stable sort; most lists come sorted). */
function sortBySession(lista: Array<{ sessao: number }>): void {
  for (let i = 1; i < lista.length; i++) {
    if (lista[i - 1]!.sessao > lista[i]!.sessao) {
      lista.sort((a, b) => a.sessao - b.sessao);
      return;
    }
  }
}

/**
 * A cash event's net amount: from the shares held at the previous close, gross to the cent (half up), then the
 * withholding on the gross to the cent, as the product pays proventos (shared/eventos.ts); or as given.
 */
export function credit(c: Credito, q: number, eQ: number, escala: number): number {
  if (c.liquido !== null) return c.liquido;
  if (q <= 0) return 0;
  const bruto = roundScale(BigInt(q) * c.valor.m, eQ + c.valor.e, 2);
  const retido = c.aliquota ? roundScale(bruto * c.aliquota.m, 2 + c.aliquota.e, 2) : 0n;
  return safeNumber((bruto - retido) * pow10(escala - 2));
}
