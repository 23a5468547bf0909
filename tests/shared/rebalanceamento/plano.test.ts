import { describe, expect, it } from 'vitest';
import { planRebalance, planRebalances } from '../../../shared/rebalanceamento';
import { MODELO, cliente, clienteA, clienteB, leg, posicao } from './fixtures';

describe('the issue’s worked examples (completo)', () => {
  it('client A: sell PETR4 90 (F 90), buy VALE3 40 (F 40) and ITUB4 240 (200 + F 40); cash after 2,800.00', () => {
    const plano = planRebalance(clienteA(), { modo: 'completo' });
    expect(plano).toEqual({
      cliente: 'a',
      nome: 'Cliente A',
      valor_total: 28000,
      desvios: [
        { ticker: 'PETR4', atual: 42.8571, alvo: 30, desvio: 12.8571 },
        { ticker: 'VALE3', atual: 21.4286, alvo: 30, desvio: -8.5714 },
        { ticker: 'ITUB4', atual: 0, alvo: 30, desvio: -30 },
      ],
      ordens: [
        { ticker: 'PETR4', lado: 'venda', quantidade: 90, legs: [leg('PETR4F', 90)] },
        { ticker: 'VALE3', lado: 'compra', quantidade: 40, legs: [leg('VALE3F', 40)] },
        {
          ticker: 'ITUB4',
          lado: 'compra',
          quantidade: 240,
          legs: [leg('ITUB4', 200), leg('ITUB4F', 40)],
        },
      ],
      caixa_depois: 2800,
      excluido: false,
      motivo: null,
      avisos: [],
    });
  });

  it('client B: buy PETR4 750 (700 + F 50), VALE3 500, ITUB4 857 (800 + F 57); cash after 10,005.00', () => {
    const plano = planRebalance(clienteB(), { modo: 'completo' });
    expect(plano.valor_total).toBe(100000);
    expect(plano.ordens).toEqual([
      {
        ticker: 'PETR4',
        lado: 'compra',
        quantidade: 750,
        legs: [leg('PETR4', 700), leg('PETR4F', 50)],
      },
      { ticker: 'VALE3', lado: 'compra', quantidade: 500, legs: [leg('VALE3', 500)] },
      {
        ticker: 'ITUB4',
        lado: 'compra',
        quantidade: 857,
        legs: [leg('ITUB4', 800), leg('ITUB4F', 57)],
      },
    ]);
    expect(plano.caixa_depois).toBe(10005);
    expect(plano.excluido).toBe(false);
  });

  it('plans many clients each on its own', () => {
    const itens = planRebalances([clienteA(), clienteB()], { modo: 'completo' });
    expect(itens.map((i) => [i.cliente, i.caixa_depois])).toEqual([
      ['a', 2800],
      ['b', 10005],
    ]);
  });
});

describe('completo', () => {
  it('sells the whole of a held ticker outside the model (target 0)', () => {
    const plano = planRebalance(
      clienteA({ posicoes: [...clienteA().posicoes, posicao('BBAS3', 150, '20.00')] }),
      { modo: 'completo' },
    );
    // V = 31,000.00: BBAS3 is 9.6774 % against a target of 0, and all of it goes.
    expect(plano.desvios.at(-1)).toEqual({
      ticker: 'BBAS3',
      atual: 9.6774,
      alvo: 0,
      desvio: 9.6774,
    });
    expect(plano.ordens.find((o) => o.ticker === 'BBAS3')).toEqual({
      ticker: 'BBAS3',
      lado: 'venda',
      quantidade: 150,
      legs: [leg('BBAS3', 100), leg('BBAS3F', 50)],
    });
  });

  it('is exact where binary floats are not: 0.29 of excess at 0.01 is 29 shares', () => {
    // A one-stock model, no cash kept: R$ 0.29 at R$ 0.01 is 28.999… shares in a double, 29 exactly.
    const plano = planRebalance(
      cliente({
        caixa: '0.29',
        posicoes: [],
        precos: { MGLU3: '0.01' },
        modelo: { itens: [{ ticker: 'MGLU3', peso: 100 }], caixa_alvo: 0, faixa: MODELO.faixa },
      }),
      { modo: 'completo', valor_minimo: 0.01 },
    );
    expect(plano.ordens).toEqual([
      { ticker: 'MGLU3', lado: 'compra', quantidade: 29, legs: [leg('MGLU3F', 29)] },
    ]);
    expect(plano.caixa_depois).toBe(0);
  });

  it('reports weights to a ten-thousandth of a point, a tiny negative drift as 0 (never -0)', () => {
    // V = 10,000,000.00: PETR4 at 29.99999 % is −0.00001 points off, which shows as 0.
    const quase = cliente({
      caixa: '1000001.00',
      posicoes: [
        posicao('PETR4', 2_999_999, '1.00'),
        posicao('VALE3', 50_000, '60.00'),
        posicao('ITUB4', 100_000, '30.00'),
      ],
    });
    const [petr4] = planRebalance(quase, { modo: 'completo' }).desvios;
    expect(petr4).toEqual({ ticker: 'PETR4', atual: 30, alvo: 30, desvio: 0 });
    expect(Object.is(petr4!.desvio, 0)).toBe(true);
  });

  it('drops a trade under valor_minimo (R$ 100.00 by default), keeps it under a lower one', () => {
    // V = 10,000.00: PETR4 and ITUB4 on target, VALE3 one share (R$ 60.00) short of it.
    const noAlvo = cliente({
      caixa: '1060.00',
      posicoes: [
        posicao('PETR4', 75, '40.00'),
        posicao('VALE3', 49, '60.00'),
        posicao('ITUB4', 100, '30.00'),
      ],
    });
    expect(planRebalance(noAlvo, { modo: 'completo' })).toMatchObject({
      ordens: [],
      excluido: true,
      motivo: 'Nada a fazer: nenhuma ordem chega ao valor mínimo de R$ 100,00.',
    });
    const baixo = planRebalance(noAlvo, { modo: 'completo', valor_minimo: 50 });
    expect(baixo.ordens.find((o) => o.ticker === 'VALE3')).toMatchObject({
      lado: 'compra',
      quantidade: 1,
    });
  });

  it('drops a sale under valor_minimo too', () => {
    // V = 10,000.00: PETR4 two shares (R$ 80.00) over its target, the cash R$ 80.00 under.
    const noAlvo = cliente({
      caixa: '920.00',
      posicoes: [
        posicao('PETR4', 77, '40.00'),
        posicao('VALE3', 50, '60.00'),
        posicao('ITUB4', 100, '30.00'),
      ],
    });
    expect(planRebalance(noAlvo, { modo: 'completo' }).ordens).toEqual([]);
    expect(planRebalance(noAlvo, { modo: 'completo', valor_minimo: 80 }).ordens).toEqual([
      { ticker: 'PETR4', lado: 'venda', quantidade: 2, legs: [leg('PETR4F', 2)] },
    ]);
  });

  it('never sells more than the reconciled position holds, and says so', () => {
    const a = clienteA({
      posicoes: [posicao('PETR4', 300, '40.00', { vendavel: 50 }), posicao('VALE3', 100, '60.00')],
    });
    const plano = planRebalance(a, { modo: 'completo' });
    expect(plano.ordens[0]).toEqual({
      ticker: 'PETR4',
      lado: 'venda',
      quantidade: 50,
      legs: [leg('PETR4F', 50)],
    });
    expect(plano.avisos).toEqual([
      'PETR4: venda limitada a 50 ações conciliadas (livro e terminal).',
    ]);
    // The buys still fit: 10,000.00 + 2,000.00 raised ≥ 10,800.00.
    expect(plano.caixa_depois).toBe(1200);
  });

  it('sizes the buys on the cash after the sales: short of it, they share it by their deficits', () => {
    // Cash 5,000.00, V = 23,000.00; PETR4's sale cannot happen (nothing reconciled): VALE3 lacks 900.00 and ITUB4
    // 6,900.00, so they get 5,000 × 900/7,800 (9 shares) and 5,000 × 6,900/7,800 (126 shares).
    const a = clienteA({
      caixa: '5000.00',
      posicoes: [posicao('PETR4', 300, '40.00', { vendavel: 0 }), posicao('VALE3', 100, '60.00')],
    });
    const plano = planRebalance(a, { modo: 'completo' });
    expect(plano.ordens.map((o) => [o.ticker, o.lado, o.quantidade])).toEqual([
      ['VALE3', 'compra', 9],
      ['ITUB4', 'compra', 126],
    ]);
    expect(plano.caixa_depois).toBe(50);
    expect(plano.avisos).toEqual([
      'PETR4: nenhuma ação conciliada (livro e terminal) para vender.',
      'Compras limitadas ao caixa disponível depois das vendas (R$ 5.000,00).',
    ]);
  });
});

describe('faixas', () => {
  it('trades only the tickers outside an absolute band, each back to its target', () => {
    // Band 10 points: PETR4 (+12.86) and ITUB4 (−30) are out, VALE3 (−8.57) is in.
    const modelo = { ...MODELO, faixa: { tipo: 'absoluta' as const, valor: 10 } };
    const plano = planRebalance(clienteA({ modelo }), { modo: 'faixas' });
    expect(plano.ordens.map((o) => [o.ticker, o.lado, o.quantidade])).toEqual([
      ['PETR4', 'venda', 90],
      ['ITUB4', 'compra', 240],
    ]);
    expect(plano.caixa_depois).toBe(5200);
  });

  it('a relative band: atual / alvo − 1 against its value (a fraction)', () => {
    // PETR4 42.857/30 − 1 = 0.428571 (out of 0.3), VALE3 −0.285714 (in), ITUB4 −1 (out).
    const modelo = { ...MODELO, faixa: { tipo: 'relativa' as const, valor: 0.3 } };
    const plano = planRebalance(clienteA({ modelo }), { modo: 'faixas' });
    expect(plano.desvios.map((d) => d.desvio)).toEqual([0.428571, -0.285714, -1]);
    expect(plano.ordens.map((o) => [o.ticker, o.lado, o.quantidade])).toEqual([
      ['PETR4', 'venda', 90],
      ['ITUB4', 'compra', 240],
    ]);
  });

  it('a drift on the band’s edge is inside it; nothing outside is nothing to do', () => {
    // V = 10,000.00: PETR4 3,500.00 is 35 % (+5 points exactly), VALE3 and ITUB4 at 30 %, cash 5 % (−5).
    const naBorda = cliente({
      caixa: '500.00',
      posicoes: [
        posicao('PETR4', 875, '4.00'),
        posicao('VALE3', 50, '60.00'),
        posicao('ITUB4', 100, '30.00'),
      ],
    });
    const plano = planRebalance(naBorda, { modo: 'faixas' });
    expect(plano.desvios.map((d) => d.desvio)).toEqual([5, 0, 0]);
    expect(plano).toMatchObject({
      excluido: true,
      ordens: [],
      motivo: 'Nada a fazer: todos os ativos estão dentro da faixa.',
      caixa_depois: 500,
    });
    // A hair over the edge (4.9 points band) it is out: 125 shares of PETR4 go back to 30 %.
    const modelo = { ...MODELO, faixa: { tipo: 'absoluta' as const, valor: 4.9 } };
    expect(planRebalance({ ...naBorda, modelo }, { modo: 'faixas' }).ordens).toEqual([
      {
        ticker: 'PETR4',
        lado: 'venda',
        quantidade: 125,
        legs: [leg('PETR4', 100), leg('PETR4F', 25)],
      },
    ]);
  });

  it('with a relative band a held ticker outside the model has no finite drift and is always out', () => {
    const modelo = { ...MODELO, faixa: { tipo: 'relativa' as const, valor: 10 } };
    const a = clienteA({
      modelo,
      posicoes: [...clienteA().posicoes, posicao('BBAS3', 10, '20.00')],
    });
    const plano = planRebalance(a, { modo: 'faixas' });
    expect(plano.desvios.at(-1)).toEqual({ ticker: 'BBAS3', atual: 0.7092, alvo: 0, desvio: null });
    expect(plano.ordens).toEqual([
      { ticker: 'BBAS3', lado: 'venda', quantidade: 10, legs: [leg('BBAS3F', 10)] },
    ]);
  });
});

describe('so_compra', () => {
  it('spreads the cash above caixa_alvo over the underweight tickers by their deficits, sells nothing', () => {
    // 10,000.00 − 2,800.00 = 7,200.00 to deploy; VALE3 lacks 2,400.00 and ITUB4 8,400.00 (Σ 10,800.00):
    // VALE3 gets 1,600.00 (26 shares), ITUB4 5,600.00 (160 shares); PETR4, overweight, is not sold.
    const plano = planRebalance(clienteA(), { modo: 'so_compra' });
    expect(plano.ordens).toEqual([
      { ticker: 'VALE3', lado: 'compra', quantidade: 26, legs: [leg('VALE3F', 26)] },
      {
        ticker: 'ITUB4',
        lado: 'compra',
        quantidade: 160,
        legs: [leg('ITUB4', 100), leg('ITUB4F', 60)],
      },
    ]);
    expect(plano.caixa_depois).toBe(2840);
  });

  it('each budget capped at its deficit: client B buys exactly what completo buys', () => {
    expect(planRebalance(clienteB(), { modo: 'so_compra' }).ordens).toEqual(
      planRebalance(clienteB(), { modo: 'completo' }).ordens,
    );
  });

  it('no cash above caixa_alvo: nothing to do', () => {
    const plano = planRebalance(clienteA({ caixa: '2000.00' }), { modo: 'so_compra' });
    expect(plano).toMatchObject({
      excluido: true,
      motivo: 'Nada a fazer: não há caixa acima do alvo para comprar.',
    });
  });
});

describe('so_venda', () => {
  // 25 % each and 25 % cash; V = 20,500.00: VALE3 is 3,875.00 over, PETR4 2,875.00, cash 5,125.00 short.
  const modelo = {
    ...MODELO,
    itens: MODELO.itens.map((i) => ({ ...i, peso: 25 })),
    caixa_alvo: 25,
  };
  const curto = cliente({
    posicoes: [
      posicao('PETR4', 200, '40.00'),
      posicao('VALE3', 150, '60.00'),
      posicao('ITUB4', 100, '35.00'),
    ],
    modelo,
  });

  it('raises cash up to caixa_alvo, the most overweight first, each at most back to its target', () => {
    // VALE3: ⌊3,875 / 60⌋ = 64 (3,840.00); 1,285.00 still short: PETR4 ⌊1,285 / 40⌋ = 32 (1,280.00).
    const plano = planRebalance(curto, { modo: 'so_venda' });
    expect(plano.ordens).toEqual([
      { ticker: 'PETR4', lado: 'venda', quantidade: 32, legs: [leg('PETR4F', 32)] },
      { ticker: 'VALE3', lado: 'venda', quantidade: 64, legs: [leg('VALE3F', 64)] },
    ]);
    expect(plano.caixa_depois).toBe(5120);
  });

  it('stops when the cash is there: one sale when the most overweight covers it', () => {
    const plano = planRebalance({ ...curto, caixa: '4000.00' }, { modo: 'so_venda' });
    // V = 24,500.00, cash target 6,125.00: 2,125.00 short, VALE3 (⌊2,125 / 60⌋ = 35) covers it all but 25.00.
    expect(plano.ordens.map((o) => [o.ticker, o.quantidade])).toEqual([['VALE3', 35]]);
  });

  it('cash at or above caixa_alvo: nothing to do', () => {
    expect(planRebalance(clienteA(), { modo: 'so_venda' })).toMatchObject({
      excluido: true,
      motivo: 'Nada a fazer: o caixa já está no alvo.',
    });
  });
});
