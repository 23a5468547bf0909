import Decimal from 'decimal.js';
import type { Ajuste, Negocio, Provento } from '../../../shared/rentabilidade';

/**
 * A straightforward re-implementation of docs/rentabilidade.md for the property test: every quantity recomputed
 * from the whole history at every session, every sum and ratio in 50-digit decimals. Slow and obvious on purpose.
 */

const D = Decimal.clone({ precision: 50 });
type Dec = Decimal;

export interface Historia {
  anterior: string;
  sessoes: string[];
  fechamentos: Array<{ ticker: string; data: string; fechamento: string }>;
  negocios: Negocio[];
  ajustes: Ajuste[];
  proventos: Provento[];
  cdi: Array<{ data: string; taxa: string }>;
  ibov: Array<{ data: string; fechamento: string }>;
}

export interface Esperado {
  patrimonio: number[];
  compras: number[];
  vendas: number[];
  proventos: number[];
  retornos: Dec[];
  acumulados: Dec[];
  cdi: Dec[];
  ibov: Dec[];
  meses: Array<{ mes: string; retorno: Dec; cdi: Dec; ibov: Dec }>;
  volatilidade: Dec | null;
  drawdown: Dec;
  /** Tickers held at some close of the period (its opening included) or with money in it. */
  contribuicao: Map<string, { resultado: Dec; pontos: Dec }>;
  /** F(R) of the money-weighted equation, and its derivative in R, for any R. */
  mwr: (r: number) => { f: number; df: number; escala: number };
}

const centavos = (x: Dec) => x.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();

export function reference(h: Historia): Esperado {
  const datas = [h.anterior, ...h.sessoes];
  const n = h.sessoes.length;
  const tickers = [
    ...new Set([...h.negocios.map((g) => g.ticker), ...h.ajustes.map((a) => a.ticker)]),
  ];
  const hold = (t: string, j: number) => {
    let q = new D(0);
    for (const g of h.negocios) {
      if (g.ticker === t && g.data <= datas[j]!)
        q = q.plus(g.lado === 'compra' ? g.quantidade : new D(g.quantidade).neg());
    }
    for (const a of h.ajustes) if (a.ticker === t && a.data <= datas[j]!) q = q.plus(a.variacao);
    return q;
  };
  const close = (t: string, j: number) => {
    let c: string | null = null;
    for (const f of h.fechamentos) if (f.ticker === t && f.data <= datas[j]!) c = f.fechamento;
    if (c === null)
      for (const g of h.negocios) if (g.ticker === t && g.data <= datas[j]!) c = String(g.preco);
    return new D(c!);
  };
  const value = (t: string, j: number) => {
    const q = hold(t, j);
    return q.isZero() ? new D(0) : q.times(close(t, j));
  };
  const inSession = (data: string, j: number) => data > datas[j - 1]! && data <= datas[j]!;
  const flows = (t: string | null, j: number) => {
    let b = new D(0);
    let s = new D(0);
    let d = new D(0);
    for (const g of h.negocios) {
      if ((t !== null && g.ticker !== t) || !inSession(g.data, j)) continue;
      const bruto = new D(g.preco).times(g.quantidade);
      if (g.lado === 'compra') b = b.plus(bruto).plus(g.custos ?? 0);
      else s = s.plus(bruto).minus(g.custos ?? 0);
    }
    for (const p of h.proventos) {
      if ((t !== null && p.ticker !== t) || !inSession(p.data_ex, j)) continue;
      if ('valor_liquido' in p) d = d.plus(p.valor_liquido);
      else {
        const q = hold(p.ticker, j - 1);
        if (q.lte(0)) continue;
        const brutoP = q.times(p.valor_por_acao).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
        const retido = brutoP.times(p.aliquota_ir ?? 0).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
        d = d.plus(brutoP.minus(retido));
      }
    }
    return { b, s, d };
  };

  const V = datas.map((_, j) => tickers.reduce((a, t) => a.plus(value(t, j)), new D(0)));
  const F = datas.map((_, j) =>
    j === 0 ? { b: new D(0), s: new D(0), d: new D(0) } : flows(null, j),
  );
  const retornos: Dec[] = [];
  const acumulados: Dec[] = [];
  const pesos: Dec[] = [];
  let w = new D(1);
  for (let j = 1; j <= n; j++) {
    const den = V[j - 1]!.plus(F[j]!.b);
    const r = den.isZero() ? new D(0) : V[j]!.plus(F[j]!.s).plus(F[j]!.d).dividedBy(den).minus(1);
    pesos.push(den.isZero() ? new D(0) : w.dividedBy(den));
    w = w.times(r.plus(1));
    retornos.push(r);
    acumulados.push(w.minus(1));
  }
  const cdiDia = h.sessoes.map((s) => {
    let taxa = h.cdi[0]!.taxa;
    for (const c of h.cdi) if (c.data <= s) taxa = c.taxa;
    return new D(taxa).dividedBy(100);
  });
  const ibovAte = (data: string) => {
    let c = h.ibov[0]!.fechamento;
    for (const l of h.ibov) if (l.data <= data) c = l.fechamento;
    return new D(c);
  };
  const ibovDia = h.sessoes.map((s, j) => ibovAte(s).dividedBy(ibovAte(datas[j]!)).minus(1));
  const chain = (rs: Dec[]) => rs.reduce((a, r) => a.times(r.plus(1)), new D(1)).minus(1);
  const prefix = (rs: Dec[]) => rs.map((_, j) => chain(rs.slice(0, j + 1)));
  const meses = [...new Set(h.sessoes.map((s) => s.slice(0, 7)))].map((mes) => {
    const js = h.sessoes.flatMap((s, j) => (s.startsWith(mes) ? [j] : []));
    const of = (rs: Dec[]) => chain(js.map((j) => rs[j]!));
    return { mes, retorno: of(retornos), cdi: of(cdiDia), ibov: of(ibovDia) };
  });
  const contribuicao = new Map<string, { resultado: Dec; pontos: Dec }>();
  for (const t of tickers) {
    let resultado = new D(0);
    let pontos = new D(0);
    let presente = !hold(t, 0).isZero();
    for (let j = 1; j <= n; j++) {
      const f = flows(t, j);
      presente ||= !hold(t, j).isZero() || !f.b.plus(f.s).isZero() || !f.d.isZero();
      const x = value(t, j)
        .minus(value(t, j - 1))
        .minus(f.b)
        .plus(f.s)
        .plus(f.d);
      resultado = resultado.plus(x);
      pontos = pontos.plus(x.times(pesos[j - 1]!));
    }
    if (presente) contribuicao.set(t, { resultado, pontos });
  }
  let pico = new D(1);
  let drawdown = new D(0);
  for (const a of acumulados) {
    const wealth = a.plus(1);
    if (wealth.gt(pico)) pico = wealth;
    drawdown = Decimal.min(drawdown, wealth.dividedBy(pico).minus(1));
  }
  const media = retornos.reduce((a, r) => a.plus(r), new D(0)).dividedBy(n);
  const variancia = retornos
    .reduce((a, r) => a.plus(r.minus(media).pow(2)), new D(0))
    .dividedBy(n - 1);
  const brutos = datas.map((_, t) => {
    let c = t === 0 ? V[0]! : F[t]!.s.plus(F[t]!.d).neg();
    c = t < n ? c.plus(F[t + 1]!.b) : c.minus(V[n]!);
    return { t, c: c.toNumber() };
  });
  const com = brutos.filter((b) => b.c !== 0);
  const [t0, t1] = [com[0]?.t ?? 0, com.at(-1)?.t ?? n];
  const fluxos = com.map(({ t, c }) => ({ peso: (t1 - t) / (t1 - t0), valor: c }));
  return {
    patrimonio: V.slice(1).map(centavos),
    compras: F.slice(1).map((f) => centavos(f.b)),
    vendas: F.slice(1).map((f) => centavos(f.s)),
    proventos: F.slice(1).map((f) => centavos(f.d)),
    retornos,
    acumulados,
    cdi: prefix(cdiDia),
    ibov: prefix(ibovDia),
    meses,
    volatilidade: n < 2 ? null : variancia.sqrt().times(new D(252).sqrt()),
    drawdown,
    contribuicao,
    mwr: (r) => {
      let f = 0;
      let df = 0;
      let escala = 0;
      for (const { peso, valor } of fluxos) {
        f += valor * (1 + r) ** peso;
        df += valor * peso * (1 + r) ** (peso - 1);
        escala += Math.abs(valor);
      }
      return { f, df, escala };
    },
  };
}
