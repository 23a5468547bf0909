import { describe, expect, it } from 'vitest';
import {
  buildApuracao,
  indexFechamentos,
  measurePeriodo,
  measureRentabilidade,
  prepareReferencias,
  type Negocio,
} from '../../../shared/rentabilidade';
import { reference, type Historia } from './referencia';
import { sessoesDesde } from './mercado';
import { random } from '../../../server/bench/random';

const TICKERS = ['AAAA3', 'BBBB4', 'CCCC11'];

/**
 * A history over ~3 months: trades before and during the period (some dated on weekends), partial and total sales,
 * a 1:2 split with raw closes and quantities, dividends and JCP per share and net amounts, missing closes, a CDI
 * rate not yet published.
 */
function history(seed: number): Historia {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const { anterior, sessoes: todas } = sessoesDesde('2023-10-02', 20 + Math.floor(rnd() * 60));
  const inicio = 5 + Math.floor(rnd() * 10);
  const datas = [anterior, ...todas];
  const h: Historia = {
    anterior: datas[inicio]!,
    sessoes: datas.slice(inicio + 1),
    fechamentos: [],
    negocios: [],
    ajustes: [],
    proventos: [],
    cdi: [],
    ibov: [],
  };
  const preco = new Map(TICKERS.map((t) => [t, 10 + rnd() * 40]));
  const qtd = new Map(TICKERS.map((t) => [t, 0]));
  const desdobra = pick(TICKERS);
  const diaDoDesdobramento = inicio + 1 + Math.floor(rnd() * (datas.length - inicio - 1));
  let ibov = 100000 + rnd() * 30000;
  datas.forEach((data, j) => {
    for (const t of TICKERS) {
      // Proventos first: paid on the holdings of the previous close.
      if (j > 0 && qtd.get(t)! > 0 && rnd() < 0.06) {
        h.proventos.push(
          rnd() < 0.3
            ? { ticker: t, data_ex: data, valor_liquido: (rnd() * 80).toFixed(2) }
            : {
                ticker: t,
                data_ex: data,
                valor_por_acao: (rnd() * 0.9).toFixed(4),
                ...(rnd() < 0.5 ? { aliquota_ir: '0.15' } : {}),
              },
        );
      }
      if (t === desdobra && j === diaDoDesdobramento) {
        h.ajustes.push({ ticker: t, data, variacao: qtd.get(t)! });
        qtd.set(t, qtd.get(t)! * 2);
        preco.set(t, preco.get(t)! / 2);
      }
      preco.set(t, preco.get(t)! * (1 + (rnd() - 0.5) * 0.06));
      const p = preco.get(t)!;
      if (j === 0 || rnd() > 0.07)
        h.fechamentos.push({ ticker: t, data, fechamento: p.toFixed(2) });
      if (rnd() < 0.25) {
        // A trade dated on the Saturday before the session now and then: it counts in this session.
        const dia =
          j > 0 && rnd() < 0.15 && new Date(`${data}T00:00:00Z`).getUTCDay() === 1
            ? addDays(data, -2)
            : data;
        const q = qtd.get(t)!;
        const negocio: Negocio =
          q > 0 && rnd() < 0.45
            ? {
                ticker: t,
                data: dia,
                lado: 'venda',
                quantidade: rnd() < 0.3 ? q : Math.ceil(q * rnd()),
                preco: (p * (1 + (rnd() - 0.5) * 0.02)).toFixed(2),
              }
            : {
                ticker: t,
                data: dia,
                lado: 'compra',
                quantidade: 100 * (1 + Math.floor(rnd() * 5)),
                preco: (p * (1 + (rnd() - 0.5) * 0.02)).toFixed(2),
              };
        if (rnd() < 0.7) negocio.custos = (rnd() * 12).toFixed(2);
        qtd.set(t, q + (negocio.lado === 'compra' ? 1 : -1) * Number(negocio.quantidade));
        h.negocios.push(negocio);
      }
    }
    ibov *= 1 + (rnd() - 0.5) * 0.04;
    h.ibov.push({ data, fechamento: ibov.toFixed(2) });
    if (j > inicio && j < datas.length - 1)
      h.cdi.push({ data, taxa: (0.04 + rnd() * 0.015).toFixed(6) });
  });
  return h;
}

function addDays(data: string, dias: number): string {
  const d = new Date(`${data}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

const close = (x: number | null, y: { toNumber(): number } | null) => {
  if (y === null) return expect(x).toBeNull();
  expect(x).not.toBeNull();
  expect(Math.abs(x! - y.toNumber())).toBeLessThan(1e-9);
};

describe('random histories against a straightforward re-implementation', () => {
  for (let seed = 1; seed <= 25; seed++) {
    it(`history ${seed}: every session, month and period figure within 1e-9`, () => {
      const h = history(seed);
      const periodo = { anterior: h.anterior, sessoes: h.sessoes };
      const carteira = { negocios: h.negocios, ajustes: h.ajustes, proventos: h.proventos };
      const apuracao = buildApuracao(carteira, periodo, indexFechamentos(h.fechamentos));
      const referencias = prepareReferencias(periodo, h.cdi, h.ibov);
      const r = measureRentabilidade(apuracao, referencias);
      // The control panel's light path gives the same period figures.
      expect(measurePeriodo(apuracao, referencias)).toEqual(r.periodo);
      const e = reference(h);
      expect(r.serie.map((s) => s.patrimonio)).toEqual(e.patrimonio);
      expect(r.serie.map((s) => s.compras)).toEqual(e.compras);
      expect(r.serie.map((s) => s.vendas)).toEqual(e.vendas);
      expect(r.serie.map((s) => s.proventos)).toEqual(e.proventos);
      r.serie.forEach((s, j) => {
        close(s.retorno_dia, e.retornos[j]!);
        close(s.acumulado, e.acumulados[j]!);
        close(s.cdi_acumulado, e.cdi[j]!);
        close(s.ibov_acumulado, e.ibov[j]!);
      });
      expect(r.meses.map((m) => m.mes)).toEqual(e.meses.map((m) => m.mes));
      r.meses.forEach((m, i) => {
        close(m.retorno, e.meses[i]!.retorno);
        close(m.cdi, e.meses[i]!.cdi);
        close(m.ibov, e.meses[i]!.ibov);
      });
      close(r.periodo.retorno, e.acumulados.at(-1)!);
      close(r.periodo.cdi, e.cdi.at(-1)!);
      close(r.periodo.ibov, e.ibov.at(-1)!);
      close(r.periodo.volatilidade, e.volatilidade);
      close(r.periodo.max_drawdown, e.drawdown);
      close(r.periodo.percentual_cdi, e.acumulados.at(-1)!.dividedBy(e.cdi.at(-1)!));
      expect(r.contribuicao.map((c) => c.ticker).sort()).toEqual([...e.contribuicao.keys()].sort());
      for (const c of r.contribuicao) {
        const esperado = e.contribuicao.get(c.ticker)!;
        expect(c.resultado).toBe(esperado.resultado.toDecimalPlaces(2, 4).toNumber());
        close(c.pontos, esperado.pontos);
      }
      // The money-weighted return is a root of its equation: F(R) ≈ 0, and R within 1e-9 of it.
      if (r.periodo.retorno_mwr !== null) {
        const { f, df, escala } = e.mwr(r.periodo.retorno_mwr);
        expect(Math.abs(f)).toBeLessThan(1e-9 * escala);
        expect(Math.abs(f / df)).toBeLessThan(1e-9);
      }
    });
  }
});

describe('the random histories', () => {
  it('exercise every case the formula has: not a vacuous comparison', () => {
    const historias = Array.from({ length: 25 }, (_, i) => history(i + 1));
    const contagem = (f: (h: Historia) => number) => historias.reduce((a, h) => a + f(h), 0);
    const zerou = (h: Historia) => {
      const q = new Map<string, number>();
      let vezes = 0;
      for (const g of h.negocios) {
        const depois =
          (q.get(g.ticker) ?? 0) + (g.lado === 'compra' ? 1 : -1) * Number(g.quantidade);
        if (g.lado === 'venda' && depois === 0 && g.data > h.anterior) vezes++;
        q.set(g.ticker, depois);
      }
      return vezes;
    };
    const semFechamento = (h: Historia) =>
      h.sessoes.filter((s) =>
        TICKERS.some((t) => !h.fechamentos.some((f) => f.ticker === t && f.data === s)),
      ).length;
    expect(
      contagem(
        (h) => h.ajustes.filter((a) => a.data > h.anterior && Number(a.variacao) > 0).length,
      ),
    ).toBeGreaterThan(5);
    expect(contagem(zerou)).toBeGreaterThan(5);
    expect(
      contagem(
        (h) =>
          h.negocios.filter((g) => g.data > h.anterior && new Date(g.data).getUTCDay() === 6)
            .length,
      ),
    ).toBeGreaterThan(5);
    expect(contagem((h) => h.negocios.filter((g) => g.data <= h.anterior).length)).toBeGreaterThan(
      25,
    );
    expect(
      contagem(
        (h) => h.proventos.filter((p) => 'aliquota_ir' in p && p.data_ex > h.anterior).length,
      ),
    ).toBeGreaterThan(5);
    expect(
      contagem(
        (h) => h.proventos.filter((p) => 'valor_liquido' in p && p.data_ex > h.anterior).length,
      ),
    ).toBeGreaterThan(5);
    expect(contagem(semFechamento)).toBeGreaterThan(25);
    expect(
      contagem((h) => h.sessoes.length - h.cdi.filter((c) => c.data > h.anterior).length),
    ).toBeGreaterThanOrEqual(25);
  });
});
