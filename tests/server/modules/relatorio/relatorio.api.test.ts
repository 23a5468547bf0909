import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiError,
  DarfIr,
  MesIrDetalhado,
  Operacao,
  RentabilidadeCliente,
} from '../../../../contract';
import { formatDate, formatInteger, formatMoney } from '../../../../shared/format';
import { acoes } from '../../../../server/db/schema';
import { writeBarras } from '../../../../server/lib/precos/store';
import { startFakeBcb, type FakeBcb } from '../../../support/fake-bcb';
import { startTestServer, TEST_USER, type TestServer } from '../../../support/test-server';

/**
 * Issue 30: a client's monthly report as a PDF (GET clientes/{id}/relatorio/{aaaa-mm}/), through the API on both
 * databases. The PDF's text is read back with pdftotext (poppler-utils) and every figure it shows is checked
 * against what the API answers for the same month: the returns (the month, the year, since the start) against
 * the CDI (a fake Banco Central) and the Ibovespa (its stand-in BOVA11), the grid, the positions at the month's
 * end, the trades, the proventos, the income tax and the DARF.
 */

const MES = '2025-05';
const FIM = '2025-05-30';
const NBSP = /\u00a0/g;

/** Weekdays from one date to another: the sessions of the made-up history (no holidays). */
function weekdays(de: string, ate: string): string[] {
  const dias: string[] = [];
  for (let d = new Date(`${de}T12:00:00Z`); d.toISOString().slice(0, 10) <= ate;) {
    if (d.getUTCDay() % 6 !== 0) dias.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return dias;
}
const SESSOES = weekdays('2024-12-02', '2025-06-30');
/** Each stock's close on the i-th session: smooth, different paths (cents). */
const PRECOS: Record<string, (i: number) => number> = {
  RELA3: (i) => 20 * (1 + 0.001 * i) + (i % 5) * 0.03,
  RELB4: (i) => 30 * (1 - 0.0004 * i) + (i % 3) * 0.05,
  BOVA11: (i) => 120 * (1 + 0.0006 * i) - (i % 4) * 0.1,
};
const preco = (ticker: string, dia: string) =>
  Math.round(PRECOS[ticker]!(SESSOES.indexOf(dia)) * 100) / 100;

/** 0.0123 → '1,23 %', as a reader of the PDF sees it. */
const pct = (x: number | null, casas = 2) =>
  x === null
    ? '—'
    : `${(x * 100).toLocaleString('pt-BR', { minimumFractionDigits: casas, maximumFractionDigits: casas })} %`;

/** The PDF's text, page by page (pdftotext -layout: each line as laid out, no-break spaces as spaces). */
function textOf(pdf: Uint8Array): string[] {
  const out = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
  if (out.status !== 0) throw new Error(`pdftotext: ${out.stderr.toString()}`);
  return out.stdout
    .toString('utf8')
    .replace(NBSP, ' ')
    .split('\f')
    .filter((p) => p.trim());
}
/** A line's cells: what pdftotext leaves two or more spaces apart. */
const cells = (linha: string) => linha.trim().split(/\s{2,}/);
const lineStarting = (texto: string, inicio: string | RegExp) => {
  const linha = texto
    .split('\n')
    .find((l) => (typeof inicio === 'string' ? l.trim().startsWith(inicio) : inicio.test(l)));
  expect(linha, `a line starting with ${String(inicio)}`).toBeDefined();
  return linha!;
};

describe('the monthly report (PDF)', () => {
  let s: TestServer;
  let bcb: FakeBcb;
  let token: string;
  let cliente: number;
  let paginas: string[];
  let texto: string;
  /** The text with every run of spaces and line breaks as one space: a sentence however it wrapped. */
  let corrido: string;

  const get = async <T>(path: string) => (await (await s.request(path, { token })).json()) as T;
  const post = async (path: string, json: unknown) => {
    const res = await s.request(path, { method: 'POST', token, json });
    const body = (await res.json()) as { id: number };
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body.id;
  };

  beforeAll(async () => {
    bcb = await startFakeBcb();
    bcb.setTaxas(
      weekdays('2024-11-01', '2025-06-30').map((data, i) => ({
        data,
        taxa: (0.045 + (i % 7) / 1e5).toFixed(6),
      })),
    );
    s = await startTestServer({ BCB_BASE_URL: bcb.url, IBOV_TICKER: 'BOVA11' });
    token = await s.login();
    const id = new Map<string, number>();
    for (const [ticker, setor] of [
      ['RELA3', 'Financeiro'],
      ['RELB4', 'Energia'],
      ['BOVA11', null],
    ] as const) {
      const [row] = await s.database.db
        .insert(acoes)
        .values({ ticker, empresa: `Empresa ${ticker}`, setor, classe: setor ? 'acao' : 'etf' })
        .returning({ id: acoes.id });
      id.set(ticker, row!.id);
      const barras = SESSOES.map((data) => {
        const p = preco(ticker, data).toFixed(2);
        const barra = { abertura: p, maxima: p, minima: p, fechamento: p };
        return { acao_id: row!.id, data, ...barra, volume: 1000 };
      });
      await writeBarras(s.database.db, barras, { fonte: 'cotahist', ajustado_ate: null });
    }
    cliente = await post('/api/clientes/', { nome: 'Renata Relatório Souza' });
    const operacao = (o: Record<string, unknown>) =>
      post('/api/operacoes/', { cliente, data_venda: null, preco_venda_unitario: null, ...o });
    // Last year's round trip (the grid's 2024), a big buy partly sold in May with a gain over R$ 20.000,00 of
    // sales (a DARF), and a buy in May paid a dividend in May.
    await operacao({
      acao: id.get('RELA3'),
      data_compra: '2024-12-10',
      preco_unitario: preco('RELA3', '2024-12-10'),
      quantidade: 300,
      data_venda: '2025-02-10',
      preco_venda_unitario: preco('RELA3', '2025-02-10'),
    });
    for (const [quantidade, venda] of [
      [1200, '2025-05-14'],
      [800, null],
    ] as const) {
      await operacao({
        acao: id.get('RELA3'),
        data_compra: '2025-01-06',
        preco_unitario: preco('RELA3', '2025-01-06'),
        quantidade,
        custos_compra: quantidade / 100,
        data_venda: venda,
        preco_venda_unitario: venda && preco('RELA3', venda),
        custos_venda: venda ? 9.5 : 0,
      });
    }
    await operacao({
      acao: id.get('RELB4'),
      data_compra: '2025-05-06',
      preco_unitario: preco('RELB4', '2025-05-06'),
      quantidade: 500,
      custos_compra: 5,
    });
    await post('/api/eventos-corporativos/', {
      acao: id.get('RELB4'),
      tipo: 'dividendo',
      data_ex: '2025-05-20',
      valor_por_acao: 0.5,
    });
    await s.app.deps.jobs.trigger('rentabilidade.cdi');

    const res = await s.request(`/api/clientes/${cliente}/relatorio/${MES}/`, { token });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="relatorio-${cliente}-${MES}.pdf"`,
    );
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    paginas = textOf(pdf);
    texto = paginas.join('\n');
    corrido = texto.replace(/\s+/g, ' ');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await bcb?.close();
  });

  it('is an A4 report in Portuguese with the product, the client, the advisor and every page numbered', () => {
    expect(texto).toContain('Relatório mensal de Maio de 2025');
    expect(texto).toContain('Cliente: Renata Relatório Souza');
    expect(texto).toContain(`Assessor: ${TEST_USER.username}`);
    paginas.forEach((p, i) => {
      expect(p).toContain('Carteira RV');
      expect(p).toContain(`Renata Relatório Souza · Assessor: ${TEST_USER.username}`);
      expect(p).toContain(`Página ${i + 1} de ${paginas.length}`);
    });
  });

  it('shows the month’s, the year’s and the whole history’s returns as the API measures them', async () => {
    const mes = await get<RentabilidadeCliente>(
      `/api/clientes/${cliente}/rentabilidade/?de=${MES}-01&ate=${FIM}`,
    );
    const ano = await get<RentabilidadeCliente>(
      `/api/clientes/${cliente}/rentabilidade/?de=2025-01-01&ate=${FIM}`,
    );
    const tudo = await get<RentabilidadeCliente>(
      `/api/clientes/${cliente}/rentabilidade/?ate=${FIM}`,
    );
    expect(mes.fontes).toEqual({ cdi: 'bcb', ibov: 'BOVA11' });
    const linha = (p: RentabilidadeCliente['periodo']) =>
      [p.retorno, p.cdi, p.percentual_cdi, p.ibov].map((x) => pct(x));
    expect(cells(lineStarting(texto, 'No mês (Maio de 2025)')).slice(1)).toEqual(
      linha(mes.periodo),
    );
    expect(cells(lineStarting(texto, 'No ano (2025)')).slice(1)).toEqual(linha(ano.periodo));
    expect(cells(lineStarting(texto, `Desde o início (${formatDate(tudo.de)})`)).slice(1)).toEqual(
      linha(tudo.periodo),
    );
    // The month's money, as the return counts it (B, S, D), and the value at its last close.
    const soma = (valor: (x: RentabilidadeCliente['serie'][number]) => number) =>
      formatMoney(Math.round(mes.serie.reduce((t, x) => t + valor(x), 0) * 100) / 100);
    expect(corrido).toContain(
      `No mês: compras ${soma((x) => x.compras)}, vendas ${soma((x) => x.vendas)}, proventos ` +
        `${soma((x) => x.proventos)}. Patrimônio em ações no fim do mês: ` +
        `${formatMoney(mes.serie.at(-1)!.patrimonio)}.`,
    );
    // The chart's legend: the year's accumulated returns.
    expect(texto).toMatch(
      new RegExp(
        `Carteira ${pct(ano.periodo.retorno)}\\s+CDI ${pct(ano.periodo.cdi)}\\s+` +
          `Ibovespa ${pct(ano.periodo.ibov)}`,
      ),
    );
    // The grid: each month of 2025 and of 2024, as the months of the whole history.
    const doAno = (a: string, serie: string) =>
      cells(lineStarting(texto, new RegExp(`^\\s*${a}\\s+${serie}\\s`))).slice(2);
    const meses = (a: string) => tudo.meses.filter((m) => m.mes.startsWith(a));
    expect(doAno('2025', 'Carteira').slice(0, 5)).toEqual(meses('2025').map((m) => pct(m.retorno)));
    expect(doAno('2025', 'Carteira').slice(-2)).toEqual([
      pct(ano.periodo.retorno),
      pct(tudo.periodo.retorno),
    ]);
    expect(doAno('2024', 'Carteira').at(-3)).toBe(pct(meses('2024')[0]!.retorno));
    const cdi = cells(lineStarting(texto, /^\s+CDI\s+\d/)).slice(1, 6);
    expect(cdi).toEqual(meses('2025').map((m) => pct(m.cdi)));
  });

  it('lists the positions at the month’s end at the income tax’s cost, worth the portfolio’s value', async () => {
    const ir = await get<MesIrDetalhado>(`/api/clientes/${cliente}/ir/${MES}/`);
    const mes = await get<RentabilidadeCliente>(
      `/api/clientes/${cliente}/rentabilidade/?de=${MES}-01&ate=${FIM}`,
    );
    expect(ir.posicoes.map((p) => p.ticker)).toEqual(['RELA3', 'RELB4']);
    for (const p of ir.posicoes) {
      const linha = cells(lineStarting(texto, new RegExp(`^\\s*${p.ticker}\\s+Ação`)));
      expect(linha.slice(0, 5)).toEqual([
        p.ticker,
        'Ação',
        formatInteger(p.quantidade),
        p.custo_medio.toLocaleString('pt-BR', {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }),
        formatMoney(p.custo_total),
      ]);
      // Its value: the quantity at the close of the month's last session.
      const fechamento = preco(p.ticker, FIM);
      expect(linha[6]).toBe(formatMoney(Math.round(fechamento * p.quantidade * 100) / 100));
    }
    const total = cells(lineStarting(texto, /^\s*Total\s+R\$/));
    expect(total[2]).toBe(formatMoney(mes.serie.at(-1)!.patrimonio));
  });

  it('lists the month’s trades and proventos as the book and the return count them', async () => {
    const ops = await get<Operacao[]>(`/api/operacoes/?cliente=${cliente}`);
    const compra = ops.find((o) => o.data_compra?.startsWith(MES))!;
    expect(cells(lineStarting(texto, formatDate(compra.data_compra)))).toEqual([
      formatDate(compra.data_compra),
      'RELB4',
      'Compra',
      '500',
      formatMoney(compra.preco_unitario),
      'R$ 5,00',
      formatMoney(compra.preco_unitario! * 500 + 5),
    ]);
    const venda = ops.find((o) => o.data_venda?.startsWith(MES))!;
    expect(cells(lineStarting(texto, `${formatDate(venda.data_venda)}  `)).slice(1, 4)).toEqual([
      'RELA3',
      'Venda',
      '1.200',
    ]);
    const mes = await get<RentabilidadeCliente>(
      `/api/clientes/${cliente}/rentabilidade/?de=${MES}-01&ate=${FIM}`,
    );
    expect(cells(lineStarting(texto, /^\s*RELB4\s+Dividendo/))).toEqual([
      'RELB4',
      'Dividendo',
      '20/05/2025',
      '20/05/2025',
      '500',
      'R$ 250,00',
      'R$ 250,00',
    ]);
    const proventos = mes.serie.reduce((t, x) => t + x.proventos, 0);
    expect(proventos).toBe(250);
    expect(corrido).toContain(`Proventos líquidos no mês: ${formatMoney(proventos)}`);
  });

  it('shows the month’s income tax and its DARF as the income-tax reports answer them', async () => {
    const ir = await get<MesIrDetalhado>(`/api/clientes/${cliente}/ir/${MES}/`);
    const darf = await get<DarfIr>(`/api/clientes/${cliente}/ir/${MES}/darf/`);
    expect(ir.situacao).toBe('a_pagar');
    const valor = (rotulo: string) => cells(lineStarting(texto, rotulo)).at(-1);
    expect(valor('Situação')).toBe('A pagar');
    expect(valor('Vendas de ações no mês')).toBe(formatMoney(ir.vendas_acoes));
    expect(valor('Resultado em operações comuns')).toBe(formatMoney(ir.resultado_comum));
    expect(valor('Imposto apurado')).toBe(formatMoney(ir.imposto));
    expect(valor('Imposto do mês a pagar')).toBe(formatMoney(ir.imposto_a_pagar));
    expect(valor('Código da receita')).toBe('6015');
    expect(valor('Período de apuração')).toBe(formatDate(darf.periodo_apuracao));
    expect(valor('Vencimento')).toBe(formatDate(darf.vencimento));
    expect(valor('Valor principal')).toBe(formatMoney(darf.valor_principal));
  });

  it('refuses an unknown client, a month that has not begun and a malformed month', async () => {
    const ask = async (path: string) => {
      const res = await s.request(path, { token });
      return { status: res.status, body: (await res.json()) as ApiError };
    };
    expect(await ask(`/api/clientes/999999/relatorio/${MES}/`)).toEqual({
      status: 404,
      body: { detail: 'Cliente não encontrado.' },
    });
    expect(await ask(`/api/clientes/${cliente}/relatorio/2999-01/`)).toEqual({
      status: 404,
      body: { detail: 'O mês 01/2999 ainda não começou: não há relatório dele.' },
    });
    const malformado = await ask(`/api/clientes/${cliente}/relatorio/2025-13/`);
    expect(malformado.status).toBe(400);
    expect(malformado.body.campos).toEqual({ mes: 'Informe o mês como aaaa-mm (ex.: 2026-03).' });
  });
});
