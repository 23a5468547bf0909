import { firstAtOrAfter } from './fechamentos';
import { parseFixo, pow10, rescale, roundScale, safeNumber, type Fixo } from './fixo';
import type { Carteira, Periodo } from './tipos';

/**
 * A client's history read for one period (docs/rentabilidade.md): every trade, quantity change and cash event read
 * exactly, placed in the session it counts in (a date that is not a session counts in the next one; up to the
 * session before the period, it only makes the opening holdings), at the scales they all need.
 */

/** A change of quantity (signed), with the money of a trade. */
export interface Movimento {
  ticker: string;
  q: number;
  compra: number;
  venda: number;
  preco: Fixo | null;
}

/** A cash event: its net amount when given, else its value per share and withholding. */
export interface Credito {
  ticker: string;
  liquido: number | null;
  valor: Fixo;
  aliquota: Fixo | null;
}

export interface Entradas {
  abertura: Movimento[];
  movimentos: Array<Movimento[] | undefined>;
  creditos: Array<Credito[] | undefined>;
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

type Bruto = {
  ticker: string;
  data: string;
  q: Fixo;
  p: Fixo | null;
  c: Fixo | null;
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
  for (const g of carteira.negocios) {
    const c = g.custos === undefined ? null : parseFixo(g.custos);
    const p = parseFixo(g.preco);
    brutos.push({
      ticker: g.ticker,
      data: g.data,
      q: parseFixo(g.quantidade),
      p,
      c,
      venda: g.lado === 'venda',
    });
  }
  for (const a of carteira.ajustes ?? []) {
    brutos.push({
      ticker: a.ticker,
      data: a.data,
      q: parseFixo(a.variacao),
      p: null,
      c: null,
      venda: false,
    });
  }
  const eQ = brutos.reduce((e, b) => Math.max(e, b.q.e), 0);
  let escala = Math.max(2, eQ + escalaFechamentos);
  for (const b of brutos) escala = Math.max(escala, eQ + (b.p?.e ?? 0), b.c?.e ?? 0);
  const creditos: Array<{ data: string; dado: boolean; c: Credito }> = [];
  for (const p of carteira.proventos ?? []) {
    const dado = 'valor_liquido' in p;
    const valor = parseFixo(dado ? p.valor_liquido : p.valor_por_acao);
    const aliquota = !dado && p.aliquota_ir !== undefined ? parseFixo(p.aliquota_ir) : null;
    if (dado) escala = Math.max(escala, valor.e);
    creditos.push({
      data: p.data_ex,
      dado,
      c: { ticker: p.ticker, liquido: null, valor, aliquota },
    });
  }
  const e: Entradas = {
    abertura: [],
    movimentos: new Array(n),
    creditos: new Array(n),
    eQ,
    escala,
  };
  for (const b of brutos) {
    const j = sessao(b.data);
    if (j >= n) continue;
    const q = safeNumber(rescale(b.q, eQ));
    const m: Movimento = { ticker: b.ticker, q: b.venda ? -q : q, compra: 0, venda: 0, preco: b.p };
    if (b.p && j >= 0) {
      const bruto = rescale({ m: b.q.m * b.p.m, e: b.q.e + b.p.e }, escala);
      const custos = b.c ? rescale(b.c, escala) : 0n;
      if (b.venda) m.venda = safeNumber(bruto - custos);
      else m.compra = safeNumber(bruto + custos);
    }
    if (j < 0) e.abertura.push(m);
    else (e.movimentos[j] ??= []).push(m);
  }
  for (const { data, dado, c } of creditos) {
    const j = sessao(data);
    if (j < 0 || j >= n) continue;
    if (dado) c.liquido = safeNumber(rescale(c.valor, escala));
    (e.creditos[j] ??= []).push(c);
  }
  return e;
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
