import { describe, expect, it } from 'vitest';
import { chained, compra, compute, sessoesDesde, venda, type Mercado } from './mercado';

// r_t = (V_t + S_t + D_t) / (V_t−1 + B_t) − 1 on hand-made cases (docs/rentabilidade.md, "The daily return").

const periodo4 = sessoesDesde('2024-01-01', 4); // anterior 2024-01-01, sessions 01-02 … 01-05
const [s1, s2, s3, s4] = periodo4.sessoes as [string, string, string, string];
const ANTES = '2023-12-01'; // a trade before the period: it only makes the opening holdings

const mercado = (fechamentos: Mercado['fechamentos'], extra: Partial<Mercado> = {}): Mercado => ({
  ...periodo4,
  fechamentos,
  ...extra,
});

describe('buy and hold', () => {
  const m = mercado({ PETR4: [null, 10.5, 11, 12, 12.5] });

  it('a position bought at p and held earns close_end / p − 1', () => {
    const r = compute(m, { negocios: [compra('PETR4', s1, 100, '10.20')] });
    expect(r.periodo.retorno).toBeCloseTo(12.5 / 10.2 - 1, 14);
    expect(r.serie.at(-1)!.acumulado).toBeCloseTo(12.5 / 10.2 - 1, 14);
    // The buy earns from its price, not from the previous close: the first day is 10.5 / 10.2.
    expect(r.serie[0]!.retorno_dia).toBeCloseTo(10.5 / 10.2 - 1, 14);
    expect(r.serie[0]).toMatchObject({
      data: s1,
      patrimonio: 1050,
      compras: 1020,
      vendas: 0,
      proventos: 0,
    });
  });

  it('costs are part of the buy: they lower the return', () => {
    const r = compute(m, { negocios: [compra('PETR4', s1, 100, '10.20', '4.90')] });
    expect(r.periodo.retorno).toBeCloseTo(1250 / 1024.9 - 1, 14);
    expect(r.serie[0]!.compras).toBe(1024.9);
    expect(r.contribuicao).toEqual([
      { ticker: 'PETR4', resultado: 225.1, pontos: expect.closeTo(1250 / 1024.9 - 1, 14) },
    ]);
  });

  it('one contribution and nothing else: the money-weighted return is the same', () => {
    const r = compute(m, { negocios: [compra('PETR4', s1, 100, '10.20', '4.90')] });
    expect(r.periodo.retorno_mwr).toBeCloseTo(1250 / 1024.9 - 1, 12);
    // Bought mid-period: measured from the money's first day, not over the days before it.
    const depois = compute(m, { negocios: [compra('PETR4', s3, 100, '11.00')] });
    expect(depois.periodo.retorno).toBeCloseTo(12.5 / 11 - 1, 14);
    expect(depois.periodo.retorno_mwr).toBeCloseTo(12.5 / 11 - 1, 12);
  });
});

describe('a sale mid-period', () => {
  it('the part sold earns its price over the previous close; the rest goes on', () => {
    const m = mercado({ VALE3: [10, 11, 12, 13, 13] });
    const r = compute(m, {
      negocios: [compra('VALE3', ANTES, 100, 9), venda('VALE3', s2, 40, '12.30', '2')],
    });
    // s1: 1100/1000; s2: (60 × 12 + 40 × 12.30 − 2) / 1100; s3: 60 × 13 / 720; s4: flat.
    const esperado = [0.1, 1210 / 1100 - 1, 780 / 720 - 1, 0];
    expect(r.serie.map((s) => s.retorno_dia)).toEqual(esperado.map((x) => expect.closeTo(x, 14)));
    expect(r.serie[1]).toMatchObject({ patrimonio: 720, vendas: 490, compras: 0 });
    expect(r.periodo.retorno).toBeCloseTo(chained(...esperado), 14);
    // In reais: V_end − V_start − B + S = 780 − 1000 + 490.
    expect(r.contribuicao[0]!.resultado).toBe(270);
  });
});

describe('a cash event', () => {
  const m = mercado({ ITUB4: [20, 20, 19.5, 19.5, 19.5] });
  const jcp = { ticker: 'ITUB4', data_ex: s2, valor_por_acao: '0.50', aliquota_ir: '0.15' };

  it('is paid on its data_ex, net of withholding, for the shares held at the previous close', () => {
    const r = compute(m, { negocios: [compra('ITUB4', ANTES, 100, 18)], proventos: [jcp] });
    // Gross 50.00, withholding 7.50, net 42.50: the price's fall on data_ex is offset by it.
    expect(r.serie[1]).toMatchObject({ data: s2, proventos: 42.5, patrimonio: 1950 });
    expect(r.serie[1]!.retorno_dia).toBeCloseTo(1992.5 / 2000 - 1, 15);
    expect(r.contribuicao[0]!.resultado).toBe(-7.5);
  });

  it('shares bought on data_ex do not get it; shares sold on data_ex do', () => {
    const comprou = compute(m, {
      negocios: [compra('ITUB4', ANTES, 100, 18), compra('ITUB4', s2, 100, '19.50')],
      proventos: [jcp],
    });
    expect(comprou.serie[1]!.proventos).toBe(42.5);
    const vendeu = compute(m, {
      negocios: [compra('ITUB4', ANTES, 100, 18), venda('ITUB4', s2, 100, '19.50')],
      proventos: [jcp],
    });
    expect(vendeu.serie[1]).toMatchObject({ proventos: 42.5, vendas: 1950, patrimonio: 0 });
    expect(vendeu.serie[1]!.retorno_dia).toBeCloseTo(1992.5 / 2000 - 1, 15);
  });

  it('a dividend without withholding, and an amount given already net, count the same way', () => {
    const dividendo = compute(m, {
      negocios: [compra('ITUB4', ANTES, 100, 18)],
      proventos: [{ ticker: 'ITUB4', data_ex: s2, valor_por_acao: '0.425' }],
    });
    const liquido = compute(m, {
      negocios: [compra('ITUB4', ANTES, 100, 18)],
      proventos: [{ ticker: 'ITUB4', data_ex: s2, valor_liquido: '42.50' }],
    });
    expect(dividendo.serie[1]!.proventos).toBe(42.5);
    expect(liquido.serie).toEqual(dividendo.serie);
  });

  it('nothing held at the previous close: nothing paid', () => {
    const r = compute(m, { negocios: [compra('ITUB4', s2, 100, '19.50')], proventos: [jcp] });
    expect(r.serie[1]!.proventos).toBe(0);
  });
});

describe('a split in the period', () => {
  it('with raw quantities and raw closes, the return is the same as in adjusted terms', () => {
    // 1:2 split with data_ex s2: 100 shares become 200, the raw close halves.
    const bruto = compute(mercado({ BBAS3: [20, 21, 10.5, 11, 11.2] }), {
      negocios: [compra('BBAS3', ANTES, 100, 18)],
      ajustes: [{ ticker: 'BBAS3', data: s2, variacao: 100 }],
    });
    const ajustado = compute(mercado({ BBAS3: [10, 10.5, 10.5, 11, 11.2] }), {
      negocios: [compra('BBAS3', ANTES, 200, 9)],
    });
    expect(bruto.serie[1]!.retorno_dia).toBe(0);
    expect(bruto.serie.map((s) => s.acumulado)).toEqual(ajustado.serie.map((s) => s.acumulado));
    expect(bruto.periodo.retorno).toBeCloseTo(11.2 / 10 - 1, 14);
  });
});

describe('a client who sold everything and bought again later', () => {
  it('the days out count as 0, whatever the price did', () => {
    const m = mercado({ WEGE3: [10, 11, 15, 5, 6.6] });
    const r = compute(m, {
      negocios: [
        compra('WEGE3', ANTES, 100, 9),
        venda('WEGE3', s1, 100, 11),
        compra('WEGE3', s4, 10, 6),
      ],
    });
    expect(r.serie.map((s) => s.retorno_dia)).toEqual([
      expect.closeTo(0.1, 15),
      0,
      0,
      expect.closeTo(0.1, 15),
    ]);
    expect(r.serie.map((s) => s.acumulado)).toEqual([
      expect.closeTo(0.1, 15),
      expect.closeTo(0.1, 15),
      expect.closeTo(0.1, 15),
      expect.closeTo(0.21, 15),
    ]);
    expect(r.serie[2]).toMatchObject({ patrimonio: 0, compras: 0, vendas: 0 });
  });

  it('the money-weighted return runs from the first money to the last: days out at the ends do not count', () => {
    const m = mercado({ WEGE3: [10, 11, 15, 5, 6.6] });
    const saiu = compute(m, {
      negocios: [compra('WEGE3', ANTES, 100, 9), venda('WEGE3', s1, 100, 11)],
    });
    expect(saiu.periodo.retorno_mwr).toBeCloseTo(0.1, 12);
    const entrou = compute(m, { negocios: [compra('WEGE3', s4, 10, 6)] });
    expect(entrou.periodo.retorno_mwr).toBeCloseTo(0.1, 12);
    // Out in the middle, the rate compounds over the gap too (what an internal rate is): 1.1 a session, 4 sessions.
    const voltou = compute(m, {
      negocios: [
        compra('WEGE3', ANTES, 100, 9),
        venda('WEGE3', s1, 100, 11),
        compra('WEGE3', s4, 10, 6),
      ],
    });
    expect(voltou.periodo.retorno_mwr).toBeCloseTo(1.1 ** 4 - 1, 12);
  });
});

describe('a month with no sessions held', () => {
  it('returns 0, against a CDI that kept running', () => {
    const [jan, fev, mar] = ['2024-01-31', '2024-02-15', '2024-03-01'];
    const m: Mercado = {
      anterior: '2024-01-30',
      sessoes: [jan, fev, mar],
      fechamentos: { ABEV3: [10, 11, 30, 12] },
      cdi: ['0.04', '0.04', '0.04'],
    };
    const r = compute(m, {
      negocios: [
        compra('ABEV3', '2024-01-02', 100, 10),
        venda('ABEV3', jan, 100, 11),
        compra('ABEV3', mar, 10, 10),
      ],
    });
    expect(r.meses).toEqual([
      {
        mes: '2024-01',
        retorno: expect.closeTo(0.1, 15),
        cdi: 0.0004,
        ibov: null,
        percentual_cdi: expect.closeTo(250, 10),
      },
      { mes: '2024-02', retorno: 0, cdi: 0.0004, ibov: null, percentual_cdi: 0 },
      {
        mes: '2024-03',
        retorno: expect.closeTo(0.2, 15),
        cdi: 0.0004,
        ibov: null,
        percentual_cdi: expect.closeTo(500, 10),
      },
    ]);
  });
});

describe('nothing ever held', () => {
  it('every return is 0 and there is no money-weighted rate', () => {
    const r = compute(mercado({ PETR4: [10, 11, 12, 13, 14] }), { negocios: [] });
    expect(
      r.serie.every((s) => s.retorno_dia === 0 && s.acumulado === 0 && s.patrimonio === 0),
    ).toBe(true);
    expect(r.periodo).toMatchObject({
      retorno: 0,
      retorno_mwr: null,
      volatilidade: 0,
      max_drawdown: 0,
    });
    expect(r.contribuicao).toEqual([]);
    expect(r.alocacao).toEqual({ setores: [], classes: [] });
  });

  it('a period without sessions is empty, not an error', () => {
    const r = compute(
      { anterior: '2024-01-01', sessoes: [], fechamentos: { PETR4: [10] } },
      {
        negocios: [compra('PETR4', '2023-12-01', 100, 9)],
      },
    );
    expect(r.serie).toEqual([]);
    expect(r.meses).toEqual([]);
    expect(r.periodo).toMatchObject({
      retorno: 0,
      retorno_mwr: null,
      volatilidade: null,
      max_drawdown: 0,
    });
    expect(r.alocacao.classes).toEqual([{ classe: null, valor: 1000, peso: 1 }]);
  });
});
