import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ExposicaoResponseSchema,
  type DashboardRvResponse,
  type ExposicaoResponse,
} from '../../../../contract';
import { Decimal } from '../../../../shared/decimal';
import { startCarteiraServer, type CarteiraServer } from '../operacoes/fixtures';

/**
 * GET /api/exposicao/ (issue 34, item 4): the book per stock and per sector across every client, at today's quote
 * (at cost without one), its share of the book, how many clients hold it and which, the largest first.
 */
describe('the exposure of the book: exposicao/', () => {
  let s: CarteiraServer;
  let ana: number;
  let bia: number;
  const setorDe = new Map<string, string | null>();

  const comprar = async (
    cliente: number,
    ticker: string,
    quantidade: number,
    preco: number,
    venda: { data: string; preco: number } | null = null,
  ) => {
    const res = await s.json('/api/operacoes/', {
      method: 'POST',
      json: {
        cliente,
        acao: await s.acaoId(ticker),
        data_compra: '2025-06-02',
        preco_unitario: preco,
        quantidade,
        data_venda: venda?.data ?? null,
        preco_venda_unitario: venda?.preco ?? null,
        valor_alvo: null,
      },
    });
    expect(res.status).toBe(201);
  };
  const exposicao = async () => {
    const res = await s.json<ExposicaoResponse>('/api/exposicao/');
    expect(res.status).toBe(200);
    expect(ExposicaoResponseSchema.parse(res.body)).toEqual(res.body);
    return res.body;
  };

  beforeAll(async () => {
    s = await startCarteiraServer();
    ana = await s.novoCliente({ nome: 'Ana' });
    bia = await s.novoCliente({ nome: 'Bia' });
    const acoes = await s.json<Array<{ ticker: string; setor: string | null }>>('/api/acoes/');
    for (const a of acoes.body) setorDe.set(a.ticker, a.setor);
  });
  afterAll(() => s.close());

  it('answers an empty book with nothing to show', async () => {
    expect(await exposicao()).toMatchObject({ total: 0, acoes: [], setores: [] });
  });

  it('sums every open position per stock and per sector, largest first, with its holders', async () => {
    await comprar(ana, 'PETR3', 100, 30);
    await comprar(bia, 'PETR3', 300, 31);
    await comprar(bia, 'PETR3', 7, 29);
    await comprar(ana, 'VALE3', 10, 60);
    // Realised: not exposure.
    await comprar(ana, 'WEGE3', 500, 40, { data: '2025-07-01', preco: 44 });
    // No price history in the test database: counted at its cost, and said so.
    await comprar(bia, 'ABEV3', 1000, 12.5);

    const dash = await s.json<DashboardRvResponse>('/api/dashboard-rv/');
    const quote = (t: string) =>
      new Decimal(dash.body.posicionadas.find((p) => p.acao === t)!.preco_atual!);
    const petr = { ana: quote('PETR3').times(100), bia: quote('PETR3').times(307) };
    const vale = quote('VALE3').times(10);
    const abev = new Decimal(12500);
    const total = petr.ana.plus(petr.bia).plus(vale).plus(abev);
    const pct = (v: Decimal) => v.times(100).div(total).toDecimalPlaces(2).toNumber();
    const cents = (v: Decimal) => v.toDecimalPlaces(2).toNumber();

    const body = await exposicao();
    expect(body.total).toBe(cents(total));
    const porAcao = new Map(body.acoes.map((a) => [a.nome, a]));
    expect([...porAcao.keys()].sort()).toEqual(['ABEV3', 'PETR3', 'VALE3']);
    expect(porAcao.get('PETR3')).toEqual({
      nome: 'PETR3',
      setor: setorDe.get('PETR3') ?? null,
      valor: cents(petr.ana.plus(petr.bia)),
      percentual: pct(petr.ana.plus(petr.bia)),
      clientes: 2,
      sem_cotacao: false,
      // Bia's two purchases are one holding; the largest client first.
      detentores: [
        { id: bia, nome: 'Bia', valor: cents(petr.bia) },
        { id: ana, nome: 'Ana', valor: cents(petr.ana) },
      ],
    });
    expect(porAcao.get('ABEV3')).toMatchObject({ valor: 12500, sem_cotacao: true, clientes: 1 });
    // Largest first.
    const valores = body.acoes.map((a) => a.valor);
    expect(valores).toEqual([...valores].sort((a, b) => b - a));

    // Per sector: the stocks of a sector summed, each client once.
    const setores = new Map<string, Decimal>();
    const add = (t: string, v: Decimal) => {
      const k = setorDe.get(t) || 'Sem setor';
      setores.set(k, (setores.get(k) ?? new Decimal(0)).plus(v));
    };
    add('PETR3', petr.ana.plus(petr.bia));
    add('VALE3', vale);
    add('ABEV3', abev);
    expect(body.setores.map((x) => [x.nome, x.valor, x.setor])).toEqual(
      [...setores].sort((a, b) => b[1].comparedTo(a[1])).map(([nome, v]) => [nome, cents(v), null]),
    );
    const somaPct = body.setores.reduce((acc, x) => acc.plus(x.percentual), new Decimal(0));
    expect(somaPct.minus(100).abs().toNumber()).toBeLessThanOrEqual(0.05);
  });

  it('counts a client once per sector, its holdings of the sector summed', async () => {
    const body = await exposicao();
    for (const setor of body.setores) {
      const ids = setor.detentores.map((d) => d.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(setor.clientes).toBe(ids.length);
      const soma = setor.detentores.reduce((acc, d) => acc.plus(d.valor), new Decimal(0));
      expect(soma.toNumber()).toBe(setor.valor);
    }
  });
});
