import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANO_INVALIDO,
  MES_INVALIDO,
  type AnoIr,
  type ApiError,
  type LivroIr,
  type MesIrDetalhado,
} from '../../../../contract';
import { startCarteiraServer, type CarteiraServer } from '../operacoes/fixtures';
import { contagens, evento, get, operacao } from './support';

/** The book's month (GET ir/?mes=), the notices, and every refusal of the reports. */
describe('ir/?mes= and the reports’ refusals', () => {
  let s: CarteiraServer;
  let tributado: number;
  let isento: number;
  let vazio: number;
  let incompleto: number;
  beforeAll(async () => {
    s = await startCarteiraServer();
    const vale = await s.acaoId('VALE3');
    tributado = await s.novoCliente({ nome: 'Beatriz' });
    await operacao(
      s,
      tributado,
      vale,
      { data: '2026-03-02', preco: 50, quantidade: 500, custos: 10 },
      { data: '2026-03-16', preco: 60, custos: 12 },
    );
    isento = await s.novoCliente({ nome: 'Alice' });
    await operacao(
      s,
      isento,
      vale,
      { data: '2026-03-02', preco: 50, quantidade: 100 },
      { data: '2026-03-16', preco: 60 },
    );
    vazio = await s.novoCliente({ nome: 'Carlos' });
    incompleto = await s.novoCliente({ nome: 'Daniela' });
    // An operation typed without its buy date and price: left out, and said so.
    await operacao(s, incompleto, vale, {
      data: null as never,
      preco: null as never,
      quantidade: 10,
    });
  });
  afterAll(() => s.close());

  it('lists every client’s month by name, with the DARF to send and its due date', async () => {
    const livro = await get<LivroIr>(s, '/api/ir/?mes=2026-03');
    expect(livro.mes).toBe('2026-03');
    expect(livro.clientes.map((c) => c.nome)).toEqual(['Alice', 'Beatriz', 'Carlos', 'Daniela']);
    const de = (id: number) => livro.clientes.find((c) => c.cliente === id)!;
    // 500 × 60 − 12 − (500 × 50 + 10) = 4,978.00 over R$ 30,000.00 of sales: 746.70, less 1.50 withheld.
    expect(de(tributado)).toMatchObject({
      vendas_acoes: 30000,
      isento: false,
      resultado_comum: 4978,
      imposto: 746.7,
      irrf: 1.5,
      darf_valor: 745.2,
      darf_vencimento: '2026-04-30',
      situacao: 'a_pagar',
    });
    expect(de(isento)).toMatchObject({
      isento: true,
      resultado_comum: 1000,
      situacao: 'sem_imposto',
    });
    expect(de(vazio)).toMatchObject({ vendas_acoes: 0, darf_valor: 0, situacao: 'sem_imposto' });
    expect(de(incompleto).avisos.map((a) => a.codigo)).toEqual(['operacao_incompleta']);
    // The book's row and the client's own month say the same.
    const proprio = await get<MesIrDetalhado>(s, `/api/clientes/${tributado}/ir/2026-03/`);
    const { linhas: _l, posicoes: _p, apuracao: _a, ...resumo } = proprio;
    expect(de(tributado)).toMatchObject({
      ...Object.fromEntries(Object.entries(resumo).filter(([k]) => k in de(tributado))),
      avisos: proprio.avisos.filter((a) => a.codigo !== 'somente_carteira'),
    });
  });

  it('names an operation left out in the month, the year and the book', async () => {
    const m = await get<MesIrDetalhado>(s, `/api/clientes/${incompleto}/ir/2026-03/`);
    const aviso = m.avisos.find((a) => a.codigo === 'operacao_incompleta');
    expect(aviso?.mensagem).toMatch(
      /^1 operação sem data, preço ou quantidade .*ficaram fora do cálculo/,
    );
    const ano = await get<AnoIr>(s, `/api/clientes/${incompleto}/ir/?ano=2026`);
    expect(ano.avisos).toEqual([aviso]);
  });

  it('tells of one company’s dividends above R$ 50,000.00 in the month (10 % at the source)', async () => {
    const cliente = await s.novoCliente({ nome: 'Eduardo' });
    const itub = await s.acaoId('ITUB3');
    await operacao(s, cliente, itub, { data: '2026-01-05', preco: 30, quantidade: 100000 });
    await evento(s, {
      acao: itub,
      tipo: 'dividendo',
      data_ex: '2026-03-02',
      data_pagamento: '2026-03-20',
      valor_por_acao: 0.6,
    });
    const m = await get<MesIrDetalhado>(s, `/api/clientes/${cliente}/ir/2026-03/`);
    const aviso = m.avisos.find((a) => a.codigo === 'dividendos_acima_de_50_mil');
    expect(aviso?.mensagem).toContain('R$ 60.000,00');
    expect(aviso?.mensagem).toContain('R$ 6.000,00');
    // Information only: no tax, no DARF.
    expect(m).toMatchObject({ imposto: 0, situacao: 'sem_imposto' });
  });

  const refusals: Array<[string, string, string]> = [
    ['/api/clientes/{c}/ir/?ano=abc', 'ano', ANO_INVALIDO],
    ['/api/clientes/{c}/ir/?ano=1999', 'ano', ANO_INVALIDO],
    ['/api/clientes/{c}/ir/?ano=2026.5', 'ano', ANO_INVALIDO],
    ['/api/clientes/{c}/ir/', 'ano', ANO_INVALIDO],
    ['/api/clientes/{c}/ir/2026-13/', 'mes', MES_INVALIDO],
    ['/api/clientes/{c}/ir/03-2026/darf/', 'mes', MES_INVALIDO],
    ['/api/ir/?mes=2026-3', 'mes', MES_INVALIDO],
    ['/api/ir/?mes=2026-03-01', 'mes', MES_INVALIDO],
    ['/api/ir/', 'mes', MES_INVALIDO],
  ];
  it.each(refusals)(
    'refuses %s with 400 and its message, changing nothing',
    async (path, campo, msg) => {
      const antes = await contagens(s);
      const res = await s.json<ApiError>(path.replace('{c}', String(tributado)));
      expect(res.status).toBe(400);
      expect(res.body.campos?.[campo]).toBe(msg);
      expect(await contagens(s)).toEqual(antes);
    },
  );

  it.each(['/ir/?ano=2026', '/ir/2026-03/', '/ir/2026-03/darf/'])(
    'answers 404 for an unknown client at clientes/{id}%s, without a motivo',
    async (path) => {
      const antes = await contagens(s);
      const res = await s.json<ApiError>(`/api/clientes/999999${path}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Cliente não encontrado.' });
      expect(await contagens(s)).toEqual(antes);
    },
  );

  it('answers 401 without a token', async () => {
    expect((await s.request('/api/ir/?mes=2026-03')).status).toBe(401);
    expect((await s.request(`/api/clientes/${tributado}/ir/2026-03/darf/`)).status).toBe(401);
  });
});
