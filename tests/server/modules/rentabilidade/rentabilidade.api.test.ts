import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiError,
  RentabilidadeCliente,
  RentabilidadeLivro,
  SessaoRentabilidade,
} from '../../../../contract';
import { acoes } from '../../../../server/db/schema';
import { writeBarras } from '../../../../server/lib/precos/store';
import { startFakeBcb, type FakeBcb } from '../../../support/fake-bcb';
import { startTestServer, type TestServer } from '../../../support/test-server';
import {
  CLIENTES,
  INDICE,
  TICKERS,
  expectedFor,
  generateHistoria,
  type Dec,
  type Esperado,
} from './historia';

/**
 * Issue 30: each client's return and the book's, through the API on both databases, against the figures computed
 * independently from the formula (historia.ts) on a generated history of two years: three clients, four
 * stocks, buys with costs, sales, partial sales, a 1:2 split, dividends and JCP; the CDI from a fake Banco Central,
 * the Ibovespa's stand-in BOVA11 (IBOV_TICKER).
 */

const TOLERANCIA = 1e-9;
const historia = generateHistoria();
const DE = '2024-01-02';
const ATE = '2025-12-30';

describe('rentabilidade: a generated history against an independent computation', () => {
  let s: TestServer;
  let bcb: FakeBcb;
  let token: string;
  const ids: number[] = [];

  const get = async <T>(path: string) => {
    const res = await s.request(path, { token });
    return { status: res.status, body: (await res.json()) as T };
  };
  const post = async (path: string, json: unknown) => {
    const res = await s.request(path, { method: 'POST', token, json });
    const body = (await res.json()) as { id: number };
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body.id;
  };

  beforeAll(async () => {
    bcb = await startFakeBcb();
    bcb.setTaxas([...historia.cdi].map(([data, taxa]) => ({ data, taxa })));
    s = await startTestServer({ BCB_BASE_URL: bcb.url, IBOV_TICKER: INDICE });
    token = await s.login();
    const { db } = s.database;
    const acao = new Map<string, number>();
    for (const ticker of [...TICKERS, INDICE]) {
      const [row] = await db
        .insert(acoes)
        .values({
          ticker,
          empresa: `Empresa ${ticker}`,
          setor: ticker === INDICE ? null : ticker < 'TSTC' ? 'Financeiro' : 'Utilidade Pública',
          classe: ticker === INDICE ? 'etf' : 'acao',
        })
        .returning({ id: acoes.id });
      acao.set(ticker, row!.id);
      const barras = [...historia.fechamentos.get(ticker)!].map(([data, preco]) => ({
        acao_id: row!.id,
        data,
        abertura: preco,
        maxima: preco,
        minima: preco,
        fechamento: preco,
        volume: 1000,
      }));
      await writeBarras(db, barras, { fonte: 'cotahist', ajustado_ate: null });
    }
    for (let c = 0; c < CLIENTES; c++)
      ids.push(await post('/api/clientes/', { nome: `Cliente ${c + 1}` }));
    // Every operation first, as typed from the notes; then the events, applied to the operations they reach.
    for (const l of historia.lotes) {
      await post('/api/operacoes/', {
        cliente: ids[l.cliente],
        acao: acao.get(l.ticker),
        data_compra: l.compra,
        preco_unitario: Number(l.preco),
        quantidade: l.quantidade,
        custos_compra: Number(l.custos_compra),
        data_venda: l.venda,
        preco_venda_unitario: l.preco_venda === null ? null : Number(l.preco_venda),
        custos_venda: Number(l.custos_venda),
      });
    }
    const split = historia.desdobramento;
    await post('/api/eventos-corporativos/', {
      acao: acao.get(split.ticker),
      tipo: 'desdobramento',
      data_ex: split.data_ex,
      fator: split.fator,
    });
    for (const e of historia.dinheiro) {
      await post('/api/eventos-corporativos/', {
        acao: acao.get(e.ticker),
        tipo: e.tipo,
        data_ex: e.data_ex,
        valor_por_acao: Number(e.valor),
      });
    }
    // The refresh at start may have run before the operations existed: one more, from the first operation on.
    await s.app.deps.jobs.trigger('rentabilidade.cdi');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await bcb?.close();
  });

  const near = (actual: number | null, expected: Dec) => {
    expect(actual).not.toBeNull();
    expect(Math.abs(actual! - expected.toNumber())).toBeLessThan(TOLERANCIA);
  };
  const reais = (x: Dec) => x.toDecimalPlaces(2).toNumber();

  /** Every session's money to the cent and accumulated return, and every month's return. */
  function compare(
    serie: SessaoRentabilidade[],
    meses: Array<{ mes: string; retorno: number }>,
    e: Esperado,
  ) {
    expect(serie.map((x) => x.data)).toEqual(e.serie.map((x) => x.data));
    serie.forEach((x, i) => {
      const y = e.serie[i]!;
      expect([x.patrimonio, x.compras, x.vendas, x.proventos], x.data).toEqual(
        [y.V, y.B, y.S, y.D].map(reais),
      );
      near(x.acumulado, y.acumulado);
    });
    expect(meses.map((m) => m.mes)).toEqual([...e.meses.keys()]);
    for (const m of meses) near(m.retorno, e.meses.get(m.mes)!);
  }

  it("answers each client's every session and month as the formula does, with the CDI and BOVA11", async () => {
    for (let c = 0; c < CLIENTES; c++) {
      const { status, body } = await get<RentabilidadeCliente>(
        `/api/clientes/${ids[c]}/rentabilidade/?de=${DE}&ate=${ATE}`,
      );
      expect(status).toBe(200);
      const e = expectedFor(historia, [c], DE, ATE);
      expect(body).toMatchObject({ cliente: ids[c], de: DE, ate: ATE, anterior: e.anterior });
      expect(body.fontes).toEqual({ cdi: 'bcb', ibov: INDICE });
      compare(body.serie, body.meses, e);
      near(body.periodo.retorno, e.serie.at(-1)!.acumulado);
      near(body.periodo.cdi, e.cdi);
      near(body.periodo.ibov, e.ibov);
      near(body.serie.at(-1)!.cdi_acumulado, e.cdi);
      near(body.periodo.percentual_cdi, e.serie.at(-1)!.acumulado.dividedBy(e.cdi));
      // The stocks' results in reais add up to the portfolio's.
      const resultado = body.contribuicao.reduce((t, x) => t + x.resultado, 0);
      const esperado = e.serie.reduce(
        (t, x) => t.plus(x.S).plus(x.D).minus(x.B),
        e.serie.at(-1)!.V.minus(e.inicial),
      );
      expect(Math.abs(resultado - esperado.toNumber())).toBeLessThan(0.05);
    }
  });

  it('measures a period that starts and ends mid-month from the holdings at the close before it', async () => {
    const [de, ate] = ['2024-07-13', '2025-03-20'];
    const { body } = await get<RentabilidadeCliente>(
      `/api/clientes/${ids[1]}/rentabilidade/?de=${de}&ate=${ate}`,
    );
    const e = expectedFor(historia, [1], de, ate);
    expect(body.anterior).toBe('2024-07-12');
    expect(body.serie[0]!.data).toBe('2024-07-15');
    compare(body.serie, body.meses, e);
    near(body.periodo.ibov, e.ibov);
  });

  it("answers the book: every client's period, and all of them as one portfolio", async () => {
    const { status, body } = await get<RentabilidadeLivro>(
      `/api/rentabilidade/?de=${DE}&ate=${ATE}`,
    );
    expect(status).toBe(200);
    expect(body.clientes.map((c) => c.cliente)).toEqual(ids);
    for (let c = 0; c < CLIENTES; c++) {
      const e = expectedFor(historia, [c], DE, ATE);
      const linha = body.clientes[c]!;
      near(linha.periodo.retorno, e.serie.at(-1)!.acumulado);
      near(linha.periodo.cdi, e.cdi);
      expect(linha.patrimonio_final).toBe(reais(e.serie.at(-1)!.V));
    }
    const todos = Array.from({ length: CLIENTES }, (_, c) => c);
    compare(body.livro.serie, body.livro.meses, expectedFor(historia, todos, DE, ATE));
  });

  it('refuses an unknown client and a period that ends before it starts', async () => {
    const nenhum = await get<ApiError>('/api/clientes/999999/rentabilidade/');
    expect(nenhum).toEqual({ status: 404, body: { detail: 'Cliente não encontrado.' } });
    const invertido = await get<ApiError>(
      `/api/clientes/${ids[0]}/rentabilidade/?de=2025-02-01&ate=2025-01-31`,
    );
    expect(invertido.status).toBe(400);
    expect(invertido.body.campos).toEqual({ ate: 'A data final não pode ser anterior à inicial.' });
    const data = await get<ApiError>('/api/rentabilidade/?de=2025-02-30');
    expect(data.status).toBe(400);
    expect(data.body.campos?.de).toBeTruthy();
  });

  it('measures from the first operation to today without a period', async () => {
    const { body } = await get<RentabilidadeCliente>(`/api/clientes/${ids[2]}/rentabilidade/`);
    const primeira = historia.lotes
      .filter((l) => l.cliente === 2)
      .map((l) => l.compra)
      .sort()[0]!;
    expect(body.de).toBe(primeira);
    expect(body.serie.at(-1)!.data).toBe(historia.sessoes.at(-1));
    const e = expectedFor(historia, [2], primeira, ATE);
    near(body.periodo.retorno, e.serie.at(-1)!.acumulado);
    // A start still to come without an end: an empty period, never one that ends before it starts.
    const futuro = await get<RentabilidadeLivro>('/api/rentabilidade/?de=2099-01-02');
    expect(futuro.status).toBe(200);
    expect(futuro.body).toMatchObject({ de: '2099-01-02', ate: '2099-01-02' });
    expect(futuro.body.livro.serie).toEqual([]);
  });
});
