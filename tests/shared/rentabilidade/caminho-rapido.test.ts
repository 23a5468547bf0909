import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  buildApuracao,
  buildLivro,
  indexFechamentos,
  measurePeriodo,
  measureRentabilidade,
  prepareReferencias,
  sumApuracoes,
  type Carteira,
} from '../../../shared/rentabilidade';
import * as dd from '../../../shared/rentabilidade/dd';
import { parseExato, parseExatoTexto, scanExato } from '../../../shared/rentabilidade/fixo';
import { reference, type Historia } from './referencia';
import { sessoesDesde } from './mercado';
import { random } from '../../../server/bench/random';

/**
 * The engine's fast paths pinned to the slow, obvious ones on awkward values: the decimal texts read without a
 * regular expression (fixo.ts scanExato) against decimal.js; the double-doubles updated in place (dd.ts *Into)
 * against the functions that return pairs, to the bit; and the walk by ticker (apuracao.ts) against the 50-digit
 * re-implementation (referencia.ts) on many decimals, large quantities, splits, a reverse split, a bonus, closes
 * missing or starting late.
 */

/** A decimal as its exact digits and places, read by decimal.js (null: not an exact decimal of ≤ 2^53 − 1 digits). */
function lidoPorDecimal(texto: string): { m: number; e: number } | null {
  let d: Decimal;
  try {
    d = new Decimal(texto.trim());
  } catch {
    return null;
  }
  const e = d.decimalPlaces();
  const m = d.times(new Decimal(10).pow(e));
  if (m.abs().greaterThan(Number.MAX_SAFE_INTEGER)) return null;
  return { m: m.toNumber() + 0, e };
}

const TEXTOS = [
  '0',
  '-0',
  '-0.000',
  '7',
  '12.',
  '12.3400',
  '12.3456',
  '-12.50',
  '0.000000000000001',
  '0.10000000000000000000000',
  '123456789012.3456',
  '9007199254740991',
  '-9007199254740991',
  '900719925474099.1',
  '9007199254740992',
  '90071992547409.910',
  '1234567890123.4567',
  '00012.0100',
  '98.7654321',
  ' 12.34',
  '12.34 ',
  '.5',
  '-.5',
  '+3',
  '1e-7',
  '1.5e3',
  '12,34',
  '1.2.3',
  '-',
  '',
];

describe('decimal texts read without a regular expression', () => {
  it.each(TEXTOS)(
    '%j: the same digits and places as decimal.js, or handed to the general path',
    (t) => {
      const rapido = scanExato(t);
      const esperado = lidoPorDecimal(t);
      if (rapido !== null) {
        // Whatever the fast path accepts, it reads exactly as decimal.js does.
        expect(rapido).toEqual(esperado);
        expect(Object.is(rapido.m, -0)).toBe(false);
      }
      // And parseExato, fast path or not, agrees with the general path (or both refuse the value).
      let geral: unknown;
      try {
        geral = parseExatoTexto(t);
      } catch (err) {
        geral = (err as Error).message;
      }
      let lido: unknown;
      try {
        lido = parseExato(t);
      } catch (err) {
        lido = (err as Error).message;
      }
      expect(lido).toEqual(geral);
    },
  );

  it('the plain texts the database gives all take the fast path', () => {
    for (const t of ['12.3400', '-12.50', '0', '123456789012.3456', '98.7654321', '12.'])
      expect(scanExato(t)).not.toBeNull();
    for (const t of ['9007199254740992', ' 12.34', '.5', '1e-7']) expect(scanExato(t)).toBeNull();
  });

  it('integers given as numbers (the quantities) are their own digits, up to 2^53 − 1', () => {
    for (const q of [0, 1, 100, 4_345_678, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER])
      expect(parseExato(q)).toEqual(parseExatoTexto(q));
    expect(() => parseExato(2 ** 53)).toThrow('grandes demais');
    expect(parseExato(0.1)).toEqual({ m: 1, e: 1 });
  });
});

describe('double-doubles updated in place', () => {
  const bits = (x: dd.DD) => [x.hi, x.lo];
  const same = (a: dd.DD, b: dd.DD) => {
    expect(Object.is(a.hi, b.hi) && Object.is(a.lo, b.lo), `${bits(a)} ≠ ${bits(b)}`).toBe(true);
  };

  it('the same doubles, to the bit, as the functions that return pairs', () => {
    const rnd = random(29);
    const out: dd.DD = { hi: 0, lo: 0 };
    // Exact money in integer counts (up to 2^53 − 1), and chained factors near 1 with their low halves.
    const inteiros = [1, 3, 7, 10, 2 ** 53 - 1, 123456789012345, 999999999999999];
    for (let i = 0; i < 2000; i++) {
      const den =
        i < inteiros.length ? inteiros[i]! : Math.floor(rnd() * 2 ** (1 + rnd() * 52)) + 1;
      const num = Math.floor(den * (0.5 + rnd()));
      dd.ddDivideInto(out, num, den);
      const f = dd.ddDivide(num, den);
      same(out, f);
      const w = dd.ddMul(
        { hi: 0.5 + rnd() * 4, lo: 0 },
        dd.ddDivide(Math.floor(rnd() * 1e15) + 1, 1e15 + 7),
      );
      dd.ddMulInto(out, w.hi, w.lo, f.hi, f.lo);
      same(out, dd.ddMul(w, f));
      dd.ddQuotientInto(out, w.hi, w.lo, f.hi, f.lo);
      same(out, dd.ddQuotient(w, f));
      expect(Object.is(dd.ddMinusOneOf(w.hi, w.lo), dd.ddMinusOne(w))).toBe(true);
      expect(Object.is(dd.ddMinusOneOf(1, 0), dd.ddMinusOne(dd.DD_UM))).toBe(true);
    }
  });
});

/**
 * Five tickers over 30 sessions: AAAA3 at 4 places with 4 million shares, a 1:3 split and then a 10:1 reverse
 * split; BBBB4 bought and sold several times a session, sold out and bought again, a 10 % bonus; CCCC11 never
 * closes (valued at its last trade's price); DDDD3 closes only from the 10th session; FRAC3 in fractions of a share
 * (5 places) at 5 places of price. Proventos per share (6 places, withheld) and net (3 places).
 */
function awkward(): Historia {
  const { anterior, sessoes } = sessoesDesde('2024-03-01', 30);
  const datas = [anterior, ...sessoes];
  const h: Historia = {
    anterior: datas[3]!,
    sessoes: datas.slice(4),
    fechamentos: [],
    negocios: [],
    ajustes: [],
    proventos: [],
    cdi: datas.slice(4).map((data) => ({ data, taxa: '0.043739' })),
    ibov: datas.map((data, j) => ({ data, fechamento: (120000 + 37 * j).toFixed(2) })),
  };
  datas.forEach((data, j) => {
    const aaaa = j < 12 ? 0.0437 + j * 0.0011 : j < 20 ? 0.0151 + j * 0.0003 : 0.1513 + j * 0.0007;
    h.fechamentos.push({ ticker: 'AAAA3', data, fechamento: aaaa.toFixed(4) });
    h.fechamentos.push({
      ticker: 'BBBB4',
      data,
      fechamento: (31.17 + ((j * 7) % 5) * 0.43).toFixed(2),
    });
    if (j >= 9)
      h.fechamentos.push({ ticker: 'DDDD3', data, fechamento: (8.9 + j * 0.01).toFixed(2) });
    h.fechamentos.push({ ticker: 'FRAC3', data, fechamento: (98.7654 - j * 0.0321).toFixed(4) });
  });
  const d = (j: number) => datas[j]!;
  const negocio =
    (lado: 'compra' | 'venda') =>
    (ticker: string, j: number, quantidade: number | string, preco: string, custos?: string) =>
      h.negocios.push({
        ticker,
        data: d(j),
        lado,
        quantidade,
        preco,
        ...(custos ? { custos } : {}),
      });
  const c = negocio('compra');
  const v = negocio('venda');
  c('AAAA3', 1, 4_345_678, '0.0448', '17.31');
  c('BBBB4', 2, 300, '31.1700');
  c('FRAC3', 2, '1234.56789', '98.76543', '1.23');
  c('CCCC11', 5, 700, '101.7300', '2.50');
  c('DDDD3', 6, 1000, '8.95');
  c('BBBB4', 6, 200, '31.60', '0.91');
  v('BBBB4', 6, 100, '31.61', '0.40');
  h.proventos.push({
    ticker: 'AAAA3',
    data_ex: d(7),
    valor_por_acao: '0.000123',
    aliquota_ir: '0.15',
  });
  h.ajustes.push({ ticker: 'AAAA3', data: d(12), variacao: 2 * 4_345_678 }); // 1:3
  v('BBBB4', 13, 400, '32.03', '1.10'); // sold out
  h.proventos.push({ ticker: 'BBBB4', data_ex: d(14), valor_liquido: '1234.567' });
  c('CCCC11', 15, 50, '99.9900');
  h.proventos.push({ ticker: 'FRAC3', data_ex: d(16), valor_por_acao: '0.123456' });
  c('BBBB4', 17, 1000, '31.98');
  v('FRAC3', 18, '234.56789', '98.12345', '0.07');
  h.ajustes.push({ ticker: 'BBBB4', data: d(19), variacao: 100 }); // 10 % bonus
  h.ajustes.push({ ticker: 'AAAA3', data: d(20), variacao: 1_303_703 - 3 * 4_345_678 }); // 10:1, the fraction dropped
  v('CCCC11', 22, 750, '102.01', '3.10'); // sold out, never closed
  v('AAAA3', 25, 1_000_000, '0.1690', '5.55');
  c('DDDD3', 26, 3, '9.17');
  return h;
}

const close = (x: number | null, y: { toNumber(): number } | null) => {
  if (y === null) return expect(x).toBeNull();
  expect(Math.abs(x! - y.toNumber())).toBeLessThan(1e-9);
};

describe('the walk by ticker on awkward values', () => {
  const h = awkward();
  const periodo = { anterior: h.anterior, sessoes: h.sessoes };
  const carteira: Carteira = { negocios: h.negocios, ajustes: h.ajustes, proventos: h.proventos };
  const fechamentos = indexFechamentos(h.fechamentos);
  const referencias = prepareReferencias(periodo, h.cdi, h.ibov);

  it('every session and ticker as the 50-digit re-implementation has them', () => {
    const apuracao = buildApuracao(carteira, periodo, fechamentos);
    const r = measureRentabilidade(apuracao, referencias);
    const e = reference(h);
    expect(r.serie.map((s) => s.patrimonio)).toEqual(e.patrimonio);
    expect(r.serie.map((s) => s.compras)).toEqual(e.compras);
    expect(r.serie.map((s) => s.vendas)).toEqual(e.vendas);
    expect(r.serie.map((s) => s.proventos)).toEqual(e.proventos);
    r.serie.forEach((s, j) => {
      close(s.retorno_dia, e.retornos[j]!);
      close(s.acumulado, e.acumulados[j]!);
    });
    r.meses.forEach((m, i) => close(m.retorno, e.meses[i]!.retorno));
    close(r.periodo.max_drawdown, e.drawdown);
    close(r.periodo.volatilidade, e.volatilidade);
    expect(r.contribuicao.map((x) => x.ticker).sort()).toEqual([...e.contribuicao.keys()].sort());
    for (const x of r.contribuicao) {
      const esperado = e.contribuicao.get(x.ticker)!;
      expect(x.resultado).toBe(esperado.resultado.toDecimalPlaces(2, 4).toNumber());
      close(x.pontos, esperado.pontos);
    }
    // The history is as awkward as it says: the sums run at 10 places, near the exact doubles' bound.
    expect(apuracao.escala).toBe(10);
    expect(Math.max(...apuracao.patrimonio)).toBeGreaterThan(2 ** 50);
  });

  it("the book walked at once: each client's figures and the book's as measured one by one", () => {
    // A second client at 4 places: the book adds its results at the first one's 10 places.
    const outro: Carteira = {
      negocios: [
        { ticker: 'BBBB4', data: h.sessoes[0]!, lado: 'compra', quantidade: 500, preco: '31.20' },
        { ticker: 'DDDD3', data: h.sessoes[10]!, lado: 'compra', quantidade: 80, preco: '9.01' },
        { ticker: 'BBBB4', data: h.sessoes[20]!, lado: 'venda', quantidade: 200, preco: '32.00' },
      ],
    };
    const { clientes, livro } = buildLivro([carteira, outro], periodo, fechamentos);
    const um = buildApuracao(carteira, periodo, fechamentos);
    const dois = buildApuracao(outro, periodo, fechamentos);
    expect(measurePeriodo(clientes[0]!, referencias)).toEqual(measurePeriodo(um, referencias));
    expect(measurePeriodo(clientes[1]!, referencias)).toEqual(measurePeriodo(dois, referencias));
    expect(measureRentabilidade(livro, referencias)).toEqual(
      measureRentabilidade(sumApuracoes([um, dois], periodo), referencias),
    );
  });
});
