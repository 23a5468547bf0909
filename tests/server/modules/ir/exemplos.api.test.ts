import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnoIr, DarfIr, MesIrDetalhado } from '../../../../contract';
import { startCarteiraServer, type CarteiraServer } from '../operacoes/fixtures';
import { acaoDe, evento, get, operacao, put, vender } from './support';

/**
 * Issue 29's worked examples through the API: the operations typed as a user types them (POST operacoes/, with
 * their costs), the reports read as the screens read them. Each example is a client of its own.
 */
describe('clientes/{id}/ir/: the worked examples', () => {
  let s: CarteiraServer;
  beforeAll(async () => {
    s = await startCarteiraServer();
  });
  afterAll(() => s.close());

  const mes = (cliente: number, m: string) =>
    get<MesIrDetalhado>(s, `/api/clientes/${cliente}/ir/${m}/`);
  const darf = (cliente: number, m: string) =>
    get<DarfIr>(s, `/api/clientes/${cliente}/ir/${m}/darf/`);

  it('a: the average cost over two buys, a sale at it with its costs, exempt under R$ 20,000', async () => {
    const cliente = await s.novoCliente({ nome: 'Exemplo A' });
    const vale = await s.acaoId('VALE3');
    // The book pairs the sale of 150 with the first buy and 50 of the second, the sale's R$ 3.00 split 2 + 1.
    await operacao(
      s,
      cliente,
      vale,
      { data: '2026-03-02', preco: 30, quantidade: 100, custos: 2.5 },
      { data: '2026-03-10', preco: 35, custos: 2 },
    );
    await operacao(
      s,
      cliente,
      vale,
      { data: '2026-03-03', preco: 33, quantidade: 50, custos: 1 },
      { data: '2026-03-10', preco: 35, custos: 1 },
    );
    await operacao(s, cliente, vale, { data: '2026-03-03', preco: 33, quantidade: 150, custos: 3 });
    const m = await mes(cliente, '2026-03');
    expect(m.linhas).toEqual([
      {
        ticker: 'VALE3',
        classe: 'acao',
        tipo: 'comum',
        quantidade: 150,
        valor_venda: 5250,
        custo: 4806.25,
        resultado: 443.75,
      },
    ]);
    expect(m.posicoes).toEqual([
      {
        ticker: 'VALE3',
        classe: 'acao',
        quantidade: 150,
        custo_medio: 32.021667,
        custo_total: 4803.25,
      },
    ]);
    expect(m).toMatchObject({
      vendas_acoes: 5250,
      isento: true,
      imposto: 0,
      situacao: 'sem_imposto',
    });
    const semDarf = await s.json<{ detail: string; motivo: string }>(
      `/api/clientes/${cliente}/ir/2026-03/darf/`,
    );
    expect(semDarf.status).toBe(404);
    expect(semDarf.body).toEqual({
      motivo: 'sem_imposto',
      detail: 'Não há imposto a pagar em 03/2026: o mês não tem DARF.',
    });
  });

  it('b: R$ 20,000.00 of stock sales is exempt; R$ 20,000.01 is taxed whole, R$ 1.00 not withheld', async () => {
    const petr = await s.acaoId('PETR3');
    const isento = await s.novoCliente({ nome: 'Exemplo B1' });
    await operacao(
      s,
      isento,
      petr,
      { data: '2026-03-02', preco: 19, quantidade: 1000 },
      { data: '2026-03-10', preco: 20 },
    );
    expect(await mes(isento, '2026-03')).toMatchObject({
      vendas_acoes: 20000,
      isento: true,
      resultado_comum: 1000,
      imposto: 0,
      situacao: 'sem_imposto',
    });
    const tributado = await s.novoCliente({ nome: 'Exemplo B2', documento: '39053344705' });
    await operacao(
      s,
      tributado,
      petr,
      { data: '2026-03-02', preco: 19000.01, quantidade: 1 },
      { data: '2026-03-10', preco: 20000.01 },
    );
    expect(await mes(tributado, '2026-03')).toMatchObject({
      vendas_acoes: 20000.01,
      isento: false,
      imposto: 150,
      irrf: 0,
      darf_valor: 150,
      situacao: 'a_pagar',
    });
    expect(await darf(tributado, '2026-03')).toEqual({
      cliente: { id: tributado, nome: 'Exemplo B2', documento: '39053344705' },
      codigo_receita: '6015',
      periodo_apuracao: '2026-03-31',
      vencimento: '2026-04-30',
      valor_principal: 150,
      meses: ['2026-03'],
    });
  });

  it('c: a carried loss offsets the gain; the 0.005 % withheld is deducted; the carry is used up', async () => {
    const cliente = await s.novoCliente({ nome: 'Exemplo C' });
    await put(s, `/api/clientes/${cliente}/ir/saldos/`, {
      ano: 2026,
      prejuizo_comum: 1500,
      prejuizo_day_trade: 0,
      prejuizo_fii: 0,
      irrf_a_compensar: 0,
    });
    await operacao(
      s,
      cliente,
      await s.acaoId('ITUB3'),
      { data: '2026-03-02', preco: 26, quantidade: 1000 },
      { data: '2026-03-10', preco: 30 },
    );
    const m = await mes(cliente, '2026-03');
    expect(m.apuracao.comum).toMatchObject({
      resultado: 4000,
      prejuizo_compensado: 1500,
      base: 2500,
      aliquota: 15,
      imposto: 375,
      irrf: 1.5,
      irrf_compensado: 1.5,
    });
    expect(m).toMatchObject({ irrf: 1.5, darf_valor: 373.5, prejuizo_comum: 0 });
    expect(m.saldos_anteriores.prejuizo_comum).toBe(1500);
    expect((await darf(cliente, '2026-03')).valor_principal).toBe(373.5);
    const ano = await get<AnoIr>(s, `/api/clientes/${cliente}/ir/?ano=2026`);
    expect(ano.saldos_iniciais).toEqual({
      prejuizo_comum: 1500,
      prejuizo_day_trade: 0,
      prejuizo_fii: 0,
      irrf_a_compensar: 0,
    });
    expect(ano.meses.map((x) => x.mes)).toHaveLength(12);
    expect(ano.meses[1]).toMatchObject({ mes: '2026-02', prejuizo_comum: 1500, imposto: 0 });
    expect(ano.meses[2]).toMatchObject({ mes: '2026-03', darf_valor: 373.5, prejuizo_comum: 0 });
  });

  it('d: the same day’s buys and sales are a day trade at 20 %, 1 % withheld, outside the R$ 20,000', async () => {
    const cliente = await s.novoCliente({ nome: 'Exemplo D' });
    const petr4 = await s.acaoId('PETR4');
    // The round lot and the fractional lot (PETR4F) both enter the book as PETR4.
    for (let i = 0; i < 2; i++) {
      await operacao(
        s,
        cliente,
        petr4,
        { data: '2026-03-05', preco: 20, quantidade: 100 },
        { data: '2026-03-05', preco: 21 },
      );
    }
    const m = await mes(cliente, '2026-03');
    expect(m.linhas).toEqual([
      {
        ticker: 'PETR4',
        classe: 'acao',
        tipo: 'day_trade',
        quantidade: 200,
        valor_venda: 4200,
        custo: 4000,
        resultado: 200,
      },
    ]);
    expect(m).toMatchObject({
      vendas_acoes: 0,
      resultado_day_trade: 200,
      imposto: 40,
      irrf: 2,
      darf_valor: 38,
    });
    expect(m.apuracao.day_trade.aliquota).toBe(20);
  });

  it('e: a month under R$ 10.00 pays no DARF; the next one pays both by its own due date', async () => {
    const cliente = await s.novoCliente({ nome: 'Exemplo E' });
    const etf = await acaoDe(s, 'BOVA11', 'etf');
    await operacao(
      s,
      cliente,
      etf,
      { data: '2026-01-12', preco: 96, quantidade: 10 },
      { data: '2026-01-20', preco: 100 },
    );
    await operacao(
      s,
      cliente,
      etf,
      { data: '2026-02-10', preco: 95.333, quantidade: 10 },
      { data: '2026-02-20', preco: 100 },
    );
    const ano = await get<AnoIr>(s, `/api/clientes/${cliente}/ir/?ano=2026`);
    expect(ano.meses[0]).toMatchObject({ imposto: 6, darf_valor: 0, situacao: 'abaixo_de_10' });
    expect(ano.meses[1]).toMatchObject({
      imposto: 7,
      darf_valor: 13,
      darf_vencimento: '2026-03-31',
      situacao: 'a_pagar',
    });
    const janeiro = await s.json<{ detail: string; motivo: string }>(
      `/api/clientes/${cliente}/ir/2026-01/darf/`,
    );
    expect(janeiro.status).toBe(404);
    expect(janeiro.body.motivo).toBe('abaixo_de_10');
    expect(janeiro.body.detail).toMatch(/^O imposto de 01\/2026 ficou abaixo de R\$ 10,00/);
    expect(await darf(cliente, '2026-02')).toMatchObject({
      periodo_apuracao: '2026-02-28',
      vencimento: '2026-03-31',
      valor_principal: 13,
      meses: ['2026-01', '2026-02'],
    });
  });

  it('f: a bonus with declared cost joins the average; a later sale of all of it', async () => {
    const cliente = await s.novoCliente({ nome: 'Exemplo F' });
    const acao = await acaoDe(s, 'BONF3', 'acao');
    const op = await operacao(s, cliente, acao, {
      data: '2026-02-02',
      preco: 10,
      quantidade: 1000,
    });
    await evento(s, {
      acao,
      tipo: 'bonificacao',
      data_ex: '2026-02-20',
      fator: 1.3,
      custo_atribuido: 5,
    });
    const fevereiro = await mes(cliente, '2026-02');
    expect(fevereiro.posicoes).toEqual([
      {
        ticker: 'BONF3',
        classe: 'acao',
        quantidade: 1300,
        custo_medio: 8.846154,
        custo_total: 11500,
      },
    ]);
    // The book holds the adjusted operation (1,300 at 7.6923); the tax starts from the buy as made.
    const vendida = await vender(s, op.id, { data: '2026-03-10', preco: 10 });
    expect(vendida.quantidade).toBe(1300);
    // Sales made elsewhere take the month past R$ 20,000.00: taxable.
    await put(s, `/api/clientes/${cliente}/ir/vendas-externas/2026-03/`, { valor: 10000 });
    const marco = await mes(cliente, '2026-03');
    expect(marco.linhas).toEqual([
      expect.objectContaining({
        ticker: 'BONF3',
        quantidade: 1300,
        valor_venda: 13000,
        resultado: 1500,
      }),
    ]);
    expect(marco).toMatchObject({
      vendas_acoes: 23000,
      vendas_externas: 10000,
      isento: false,
      imposto: 225,
      darf_valor: 225,
    });
    expect(marco.avisos.map((a) => a.codigo)).toContain('vendas_externas');
  });

  it.each([
    ['TAEE11', 'unit', 150],
    ['IVVB11', 'etf', 150],
    ['HGLG11', 'fii', 200],
  ] as const)(
    'g: %s (%s), the only sale, R$ 10,000.00 with a R$ 1,000.00 gain: tax %d, never exempt',
    async (ticker, classe, imposto) => {
      const cliente = await s.novoCliente({ nome: `Exemplo G ${classe}` });
      const acao = await acaoDe(s, ticker, classe);
      await operacao(
        s,
        cliente,
        acao,
        { data: '2026-03-02', preco: 90, quantidade: 100 },
        { data: '2026-03-10', preco: 100 },
      );
      const m = await mes(cliente, '2026-03');
      expect(m).toMatchObject({
        vendas_acoes: 0,
        imposto,
        situacao: 'a_pagar',
        darf_valor: imposto,
      });
      expect(m.linhas[0]).toMatchObject({ ticker, classe, valor_venda: 10000, resultado: 1000 });
      expect((await darf(cliente, '2026-03')).valor_principal).toBe(imposto);
    },
  );
});
