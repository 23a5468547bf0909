import { describe, expect, it } from 'vitest';
import {
  buildApuracao,
  indexFechamentos,
  measureRentabilidade,
  prepareReferencias,
  sumApuracoes,
  type Carteira,
} from '../../../shared/rentabilidade';
import { chained, compra, compute, sessoesDesde, venda, type Mercado } from './mercado';

const periodo4 = sessoesDesde('2024-01-01', 4);
const [s1, s2, s3] = periodo4.sessoes as [string, string, string, string];
const ANTES = '2023-12-01';

describe('time-weighted against money-weighted', () => {
  const m: Mercado = { ...periodo4, fechamentos: { PETR4: [10, 20, 10, 10, 10] } };

  it('a buy at the previous close or a sale at the close mid-way leave the time-weighted return as it was', () => {
    // Buys count from the start of their session, sales at its end: a buy at the previous close and a sale at the
    // session's close are pure deposits and withdrawals.
    const so = compute(m, { negocios: [compra('PETR4', ANTES, 10, 10)] });
    const comAporte = compute(m, {
      negocios: [compra('PETR4', ANTES, 10, 10), compra('PETR4', s2, 10, 20)],
    });
    const comResgate = compute(m, {
      negocios: [compra('PETR4', ANTES, 10, 10), venda('PETR4', s1, 5, 20)],
    });
    expect(so.periodo.retorno).toBe(0);
    expect(comAporte.serie.map((s) => s.acumulado)).toEqual(so.serie.map((s) => s.acumulado));
    expect(comResgate.serie.map((s) => s.acumulado)).toEqual(so.serie.map((s) => s.acumulado));
    // The money-weighted return sees that more money lived through the fall.
    expect(comAporte.periodo.retorno_mwr).toBeLessThan(-0.3);
    expect(comResgate.periodo.retorno_mwr).toBeGreaterThan(0);
  });

  it('by hand: 100 doubled, then 200 more put in before it halved', () => {
    // Two sessions. V0 = 100; s1 doubles (V1 = 200); s2 buys 200 at its start, and halves: V2 = 200.
    // TWR: 2 × 0.5 − 1 = 0. MWR: 100x² + 200x = 200, x = √3 − 1 a session, (√3 − 1)² − 1 = 3 − 2√3 a period.
    const dois: Mercado = {
      anterior: periodo4.anterior,
      sessoes: [s1, s2],
      fechamentos: { PETR4: [10, 20, 10] },
    };
    const r = compute(dois, {
      negocios: [compra('PETR4', ANTES, 10, 10), compra('PETR4', s2, 10, 20)],
    });
    expect(r.periodo.retorno).toBe(0);
    expect(r.periodo.retorno_mwr).toBeCloseTo(3 - 2 * Math.sqrt(3), 12);
  });
});

describe('the CDI and the Ibovespa', () => {
  const m: Mercado = {
    ...periodo4,
    fechamentos: { PETR4: [10, 10.1, 10.2, 10.3, 10.4] },
    cdi: ['0.05', '0.05', '0.04', '0.043739'],
    ibov: [120000, 121200, 119988, 125987.4, 126000],
  };
  const r = compute(m, { negocios: [compra('PETR4', ANTES, 100, 9)] });

  it('the CDI compounds its daily rates over the same sessions', () => {
    const fatores = [1.0005, 1.0005, 1.0004, 1.00043739];
    const acumulados = fatores.map((_, i) => fatores.slice(0, i + 1).reduce((a, b) => a * b) - 1);
    expect(r.serie.map((s) => s.cdi_acumulado)).toEqual(
      acumulados.map((x) => expect.closeTo(x, 15)),
    );
    expect(r.periodo.cdi).toBeCloseTo(acumulados[3]!, 15);
  });

  it('% do CDI is the period return over the CDI of the same sessions', () => {
    expect(r.periodo.percentual_cdi).toBeCloseTo(0.04 / r.periodo.cdi!, 12);
    expect(r.meses[0]!.percentual_cdi).toBeCloseTo(r.meses[0]!.retorno / r.meses[0]!.cdi!, 12);
  });

  it('the Ibovespa runs from the close before the first session to the last close', () => {
    expect(r.serie.map((s) => s.ibov_acumulado)).toEqual(
      [0.01, -0.0001, 125987.4 / 120000 - 1, 0.05].map((x) => expect.closeTo(x, 15)),
    );
    expect(r.periodo.ibov).toBeCloseTo(0.05, 15);
  });

  it("a day without the CDI's rate takes the day before, and says so", () => {
    const periodo = { anterior: periodo4.anterior, sessoes: periodo4.sessoes };
    const ref = prepareReferencias(
      periodo,
      periodo4.sessoes.slice(0, 3).map((data) => ({ data, taxa: '0.05' })),
      [],
    );
    expect(ref.cdi!.periodo).toBeCloseTo(1.0005 ** 4 - 1, 15);
    expect(ref.avisos).toEqual([
      `CDI estimado pela taxa do dia útil mais próximo em ${periodo4.sessoes[3]} (taxa ainda não publicada).`,
      'Sem fechamentos do Ibovespa para o período: o Ibovespa não é mostrado.',
    ]);
    expect(ref.ibov.periodo).toBeNull();
  });
});

describe('an Ibovespa series with holes', () => {
  const periodo = { anterior: periodo4.anterior, sessoes: periodo4.sessoes };
  const [a, b, c, d] = periodo4.sessoes as [string, string, string, string];

  it('a session without a close takes the last close before it, and says so', () => {
    const ref = prepareReferencias(
      periodo,
      [],
      [
        { data: periodo.anterior, fechamento: '100' },
        { data: a, fechamento: '110' },
        { data: c, fechamento: '121' },
        { data: d, fechamento: '99' },
      ],
    );
    expect(ref.ibov.acumulado).toEqual([0.1, 0.1, 0.21, expect.closeTo(-0.01, 15)]);
    expect(ref.avisos).toContain(
      `Ibovespa sem fechamento em ${b}: vale o último fechamento anterior.`,
    );
  });

  it('no close before the period: measured from its first close, unknown before it', () => {
    const ref = prepareReferencias(
      periodo,
      [],
      [
        { data: b, fechamento: '200' },
        { data: c, fechamento: '210' },
        { data: d, fechamento: '220' },
      ],
    );
    expect(ref.ibov.acumulado).toEqual([
      null,
      0,
      expect.closeTo(0.05, 15),
      expect.closeTo(0.1, 15),
    ]);
    expect(ref.ibov.periodo).toBeCloseTo(0.1, 15);
    expect(ref.ibov.meses.get(a.slice(0, 7))).toBeCloseTo(0.1, 15);
    expect(ref.avisos).toContain(`Ibovespa medido a partir de ${b}, seu primeiro fechamento.`);
  });
});

describe('volatility and drawdown', () => {
  // Daily returns 0.1, −0.2, 0.05, 0.1, then a new peak (×1.2/1.0164…) and a deeper fall.
  const closes = [100, 110, 88, 92.4, 101.64, 120, 90];
  const { anterior, sessoes } = sessoesDesde('2024-01-01', closes.length - 1);
  const r = compute(
    { anterior, sessoes, fechamentos: { PETR4: closes } },
    {
      negocios: [compra('PETR4', ANTES, 1, 100)],
    },
  );

  it('volatility is the sample deviation of the daily returns × √252', () => {
    const retornos = closes.slice(1).map((c, i) => c / closes[i]! - 1);
    const media = retornos.reduce((a, b) => a + b) / retornos.length;
    const variancia = retornos.reduce((a, x) => a + (x - media) ** 2, 0) / (retornos.length - 1);
    expect(r.periodo.volatilidade).toBeCloseTo(Math.sqrt(variancia * 252), 12);
  });

  it('max drawdown is the deepest fall of the accumulated wealth from a previous peak', () => {
    // Peak 1.2 (close 120), trough 0.9: −25 %, deeper than the earlier 110 → 88 (−20 %).
    expect(r.periodo.max_drawdown).toBeCloseTo(-0.25, 14);
  });
});

describe('contribution per ticker', () => {
  it('in reais the results sum to the portfolio’s; in points they sum to the period return', () => {
    const { anterior, sessoes } = periodo4;
    const m: Mercado = {
      anterior,
      sessoes,
      fechamentos: { PETR4: [10, 11, 12, 11, 13], VALE3: [50, 49, 52, 55, 54] },
    };
    const r = compute(m, {
      negocios: [
        compra('PETR4', ANTES, 100, 9),
        compra('VALE3', s1, 20, 50, '3.10'),
        venda('PETR4', s2, 50, '12.10', '1.05'),
        compra('PETR4', s3, 30, 11.5),
      ],
      proventos: [{ ticker: 'VALE3', data_ex: s3, valor_por_acao: '1.25' }],
    });
    const total =
      r.serie.at(-1)!.patrimonio -
      1000 -
      r.serie.reduce((a, s) => a + s.compras - s.vendas - s.proventos, 0);
    expect(r.contribuicao.reduce((a, c) => a + c.resultado, 0)).toBeCloseTo(total, 9);
    expect(r.contribuicao.reduce((a, c) => a + c.pontos, 0)).toBeCloseTo(r.periodo.retorno, 14);
    // Both tickers on the first day: each one's points are its change over the day's starting money.
    const um = compute(
      { anterior, sessoes: [s1], fechamentos: m.fechamentos },
      {
        negocios: [compra('PETR4', ANTES, 100, 9), compra('VALE3', ANTES, 20, 50)],
      },
    );
    expect(um.contribuicao).toEqual([
      { ticker: 'PETR4', resultado: 100, pontos: expect.closeTo(100 / 2000, 15) },
      { ticker: 'VALE3', resultado: -20, pontos: expect.closeTo(-20 / 2000, 15) },
    ]);
  });
});

describe('allocation at the last close', () => {
  it('by sector and by class, with weights, largest first', () => {
    const m: Mercado = {
      ...periodo4,
      fechamentos: {
        PETR4: [10, 10, 10, 10, 30],
        VALE3: [50, 50, 50, 50, 50],
        BOVA11: [100, 100, 100, 100, 100],
      },
    };
    const negocios = [
      compra('PETR4', ANTES, 100, 9),
      compra('VALE3', ANTES, 20, 50),
      compra('BOVA11', ANTES, 10, 100),
    ];
    const periodo = { anterior: m.anterior, sessoes: m.sessoes };
    const datas = [m.anterior, ...m.sessoes];
    const linhas = Object.entries(m.fechamentos).flatMap(([ticker, c]) =>
      c.map((f, i) => ({ ticker, data: datas[i]!, fechamento: f! })),
    );
    const a = buildApuracao({ negocios }, periodo, indexFechamentos(linhas));
    const r = measureRentabilidade(
      a,
      prepareReferencias(periodo, [], []),
      new Map([
        ['PETR4', { setor: 'Petróleo', classe: 'acao' }],
        ['VALE3', { setor: 'Mineração', classe: 'acao' }],
        ['BOVA11', { setor: null, classe: 'etf' }],
      ]),
    );
    expect(r.alocacao).toEqual({
      setores: [
        { setor: 'Petróleo', valor: 3000, peso: 0.6 },
        { setor: 'Mineração', valor: 1000, peso: 0.2 },
        { setor: null, valor: 1000, peso: 0.2 },
      ],
      classes: [
        { classe: 'acao', valor: 4000, peso: 0.8 },
        { classe: 'etf', valor: 1000, peso: 0.2 },
      ],
    });
  });
});

describe('the book as one portfolio', () => {
  const m = { ...periodo4 };
  const linhas = [m.anterior, ...m.sessoes].flatMap((data, i) => [
    { ticker: 'PETR4', data, fechamento: [10, 11, 12, 11, 13][i]! },
    { ticker: 'VALE3', data, fechamento: [50, 49, 52, 55, 54][i]! },
  ]);
  const fechamentos = indexFechamentos(linhas);
  const referencias = prepareReferencias(m, [], []);
  const a: Carteira = {
    negocios: [compra('PETR4', ANTES, 100, 9), venda('PETR4', s2, 50, '12.10', '1.05')],
  };
  const b: Carteira = {
    // A price with 4 places: this client's money is kept at 4 places, the other's at 2.
    negocios: [compra('VALE3', s1, 20, 50, '3.10'), compra('PETR4', s3, 30, '11.5025')],
    proventos: [{ ticker: 'VALE3', data_ex: s3, valor_por_acao: '1.25' }],
  };

  it("sums the clients' money per session: the same as one client who made every trade", () => {
    const livro = measureRentabilidade(
      sumApuracoes([buildApuracao(a, m, fechamentos), buildApuracao(b, m, fechamentos)], m),
      referencias,
    );
    const junto = measureRentabilidade(
      buildApuracao(
        { negocios: [...a.negocios, ...b.negocios], proventos: b.proventos! },
        m,
        fechamentos,
      ),
      referencias,
    );
    expect(livro).toEqual(junto);
    // The book's buys are the clients' summed, at the finer client's 4 places: 30 × 11.5025 + 20 × 50 + 3.10.
    expect(livro.serie.map((s) => s.compras)).toEqual([1003.1, 0, 345.08, 0]);
    expect(livro.periodo.retorno).toBeCloseTo(
      // V: 2080, 1640, 1980, 2120; S of s2 603.95; D of s3 25.
      chained(
        2080 / 2003.1 - 1,
        (1640 + 603.95) / 2080 - 1,
        (1980 + 25) / (1640 + 345.075) - 1,
        2120 / 1980 - 1,
      ),
      14,
    );
  });

  it('refuses clients walked over another period', () => {
    const outro = { anterior: m.anterior, sessoes: m.sessoes.slice(0, 2) };
    expect(() => sumApuracoes([buildApuracao(a, outro, fechamentos)], m)).toThrow('mesmo período');
  });
});

describe('what the engine is given', () => {
  it('a trade on a day that is not a session counts in the next session; one before the period opens it', () => {
    const { anterior, sessoes } = periodo4;
    const m: Mercado = { anterior, sessoes, fechamentos: { PETR4: [10, 11, 12, 13, 14] } };
    const sabado = '2024-01-06';
    const segunda = sessoesDesde('2024-01-05', 1).sessoes[0]!; // 2024-01-08
    const r = compute(
      {
        ...m,
        sessoes: [...sessoes.slice(0, 4), segunda],
        fechamentos: { PETR4: [10, 11, 12, 13, 14, 15] },
      },
      {
        negocios: [compra('PETR4', '2023-06-01', 10, 5), compra('PETR4', sabado, 10, 14)],
      },
    );
    expect(r.serie[4]).toMatchObject({ data: segunda, compras: 140, patrimonio: 300 });
  });

  it('a close missing on a session: the last close before it values the position', () => {
    const r = compute(
      { ...periodo4, fechamentos: { PETR4: [10, 11, null, null, 12] } },
      {
        negocios: [compra('PETR4', ANTES, 100, 9)],
      },
    );
    expect(r.serie.map((s) => s.patrimonio)).toEqual([1100, 1100, 1100, 1200]);
  });

  it('no close at all yet: the position is worth its last trade price; nothing to go by is an error', () => {
    const r = compute(
      { ...periodo4, fechamentos: { NOVO3: [null, null, 10.5, 11, 12] } },
      {
        negocios: [compra('NOVO3', s1, 100, 10)],
      },
    );
    expect(r.serie.map((s) => s.patrimonio)).toEqual([1000, 1050, 1100, 1200]);
    expect(() =>
      compute(
        { ...periodo4, fechamentos: {} },
        {
          negocios: [
            { ticker: 'X', data: ANTES, lado: 'compra', quantidade: 1, preco: 1 },
            { ticker: 'Y', data: ANTES, lado: 'compra', quantidade: 1, preco: 1 },
          ],
          ajustes: [{ ticker: 'Z', data: ANTES, variacao: 5 }],
        },
      ),
    ).toThrow('Sem fechamento de Z até 2024-01-01');
  });

  it('sessions out of order are refused', () => {
    expect(() =>
      compute(
        { anterior: '2024-01-03', sessoes: ['2024-01-02'], fechamentos: {} },
        { negocios: [] },
      ),
    ).toThrow('ordem crescente');
  });
});
