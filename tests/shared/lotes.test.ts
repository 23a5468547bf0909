import { describe, expect, it } from 'vitest';
import { Decimal } from '../../shared/decimal';
import { splitLegs } from '../../shared/legs';
import {
  contarItens,
  dimensionar,
  motivoDoCliente,
  somaExata,
  valorEstimado,
} from '../../shared/lotes';
import type { SymbolInfo } from '../../server/lib/mt5-agent';
import { referencePrice } from '../../server/modules/ordens/validation';

const info: SymbolInfo = {
  name: 'PETR4',
  trade_mode: 'full',
  volume_min: 100,
  volume_max: 1_000_000,
  volume_step: 100,
  tick_size: 0.01,
  bid: 37.99,
  ask: 38.01,
  last: 38,
};

describe('dimensionar: each client’s quantity in a lote', () => {
  it('% do valor disponível: the share of the client’s own money, floored to whole shares, split into legs', () => {
    // 50 % of R$ 10.000,00 = R$ 5.000,00 at 38,01: 131 shares (R$ 4.979,31), never 132 (R$ 5.017,32).
    expect(dimensionar('percentual_disponivel', 50, '10000.00', 38.01)).toEqual({
      quantidade: 131,
      motivo: null,
    });
    expect(splitLegs('PETR4', 131)).toEqual([
      { symbol: 'PETR4', quantidade: 100 },
      { symbol: 'PETR4F', quantidade: 31 },
    ]);
    expect(dimensionar('percentual_disponivel', 100, '3801', 38.01).quantidade).toBe(100);
    expect(splitLegs('PETR4', 100)).toEqual([{ symbol: 'PETR4', quantidade: 100 }]);
  });

  it('is decimal-exact where binary floats round an exact quotient down', () => {
    // 0.29 / 0.01 is 28.999… in a double, 4.35 / 0.05 is 86.999…: the exact answers are 29 and 87.
    expect(dimensionar('valor_fixo', 0.29, '1000', 0.01).quantidade).toBe(29);
    expect(dimensionar('percentual_disponivel', 50, '8.70', 0.05).quantidade).toBe(87);
    // 10 % of 1.146,99 is 114,699: at 11,47 that is 9,9999… shares, so 9, never 10 (R$ 114,70 > R$ 114,699).
    expect(dimensionar('percentual_disponivel', 10, '1146.99', 11.47).quantidade).toBe(9);
  });

  it('valor fixo: the same reais for everyone, never more than each client’s valor disponível', () => {
    expect(dimensionar('valor_fixo', 5_000, '100000', 38.01).quantidade).toBe(131);
    // Asked R$ 50.000,00, the client has R$ 10.000,00: 263 shares (R$ 9.996,63).
    expect(dimensionar('valor_fixo', 50_000, '10000', 38.01).quantidade).toBe(263);
  });

  it('never orders more than the valor disponível under the % and fixed-value rules', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 2_000; i++) {
      const disponivel = new Decimal(Math.floor(next() * 1e9)).dividedBy(100).toFixed(2);
      const preco = Math.floor(1 + next() * 20_000) / 100;
      const percentual = Math.floor(1 + next() * 10_000) / 100;
      const fixo = Math.floor(1 + next() * 1e8) / 100;
      for (const [regra, valor] of [
        ['percentual_disponivel', percentual],
        ['valor_fixo', fixo],
      ] as const) {
        const { quantidade } = dimensionar(regra, valor, disponivel, preco);
        const montante =
          regra === 'valor_fixo'
            ? Decimal.min(fixo, disponivel)
            : new Decimal(disponivel).times(percentual).dividedBy(100);
        const custo = new Decimal(preco).times(quantidade);
        expect(custo.lessThanOrEqualTo(montante) && custo.lessThanOrEqualTo(disponivel)).toBe(true);
        // …and one share more would have been too much: the floor, not less.
        expect(custo.plus(preco).greaterThan(montante)).toBe(true);
      }
    }
  });

  it('quantidade fixa: the same number of shares for everyone, whatever the money', () => {
    expect(dimensionar('quantidade_fixa', 250, '100', 38.01)).toEqual({
      quantidade: 250,
      motivo: null,
    });
    expect(dimensionar('quantidade_fixa', 250, null, 38.01).quantidade).toBe(250);
    expect(dimensionar('quantidade_fixa', 2.5, '100', 38.01).quantidade).toBe(0);
  });

  it('gives nothing, with the reason, for zero, negative or unknown money and for an amount below one share', () => {
    expect(dimensionar('percentual_disponivel', 50, '0', 38.01)).toEqual({
      quantidade: 0,
      motivo: 'Sem valor disponível.',
    });
    expect(dimensionar('valor_fixo', 1_000, '-2500.50', 38.01)).toEqual({
      quantidade: 0,
      motivo: 'Sem valor disponível.',
    });
    expect(dimensionar('percentual_disponivel', 50, null, 38.01)).toEqual({
      quantidade: 0,
      motivo: 'Sem patrimônio importado: valor disponível desconhecido.',
    });
    expect(dimensionar('valor_fixo', 30, '1000', 38.01)).toEqual({
      quantidade: 0,
      motivo: 'R$ 30,00 não compram nenhuma ação a R$ 38,01.',
    });
    expect(dimensionar('valor_fixo', 30, '1000', 0).motivo).toBe(
      'Sem preço de referência para dimensionar a ordem.',
    );
  });

  it('sizes a limit order at its limit price and a market order at the ask', () => {
    const mercado = referencePrice('compra', info, undefined);
    const limite = referencePrice('compra', info, 40);
    expect([mercado, limite]).toEqual([38.01, 40]);
    expect(dimensionar('valor_fixo', 10_000, '50000', mercado).quantidade).toBe(263);
    expect(dimensionar('valor_fixo', 10_000, '50000', limite).quantidade).toBe(250);
  });
});

describe('the grid’s figures', () => {
  it('estimates quantity × price to the cent and sums hundreds of rows exactly', () => {
    expect(valorEstimado(131, 38.01)).toBe(4979.31);
    const rows = Array.from({ length: 500 }, () => 0.1);
    expect(rows.reduce((a, b) => a + b, 0)).not.toBe(50);
    expect(somaExata(rows)).toBe(50);
    expect(somaExata([1.1, null, 2.2])).toBe(3.3);
  });
});

describe('motivoDoCliente: why a buy lote leaves a client out', () => {
  const nenhum = {
    terminal: null,
    posicaoAberta: null,
    aviso: null,
    disponivel: '1000',
    dimensionamento: null,
    pernas: null,
  };

  it('keeps a client with money and nothing against it', () => {
    expect(motivoDoCliente(nenhum)).toBeNull();
  });

  it('names the most fundamental reason first: terminal, position, buys in flight, money, rule, legs', () => {
    const todos = {
      terminal: 'terminal',
      posicaoAberta: 'posição',
      aviso: 'em voo',
      disponivel: '0',
      dimensionamento: 'regra',
      pernas: 'pernas',
    };
    const ordem = ['terminal', 'posição', 'em voo', 'Sem valor disponível.', 'regra', 'pernas'];
    const vistos: Array<string | null> = [];
    let resto: typeof todos = todos;
    for (const campo of ['terminal', 'posicaoAberta', 'aviso', 'disponivel', 'dimensionamento']) {
      vistos.push(motivoDoCliente(resto));
      resto = { ...resto, [campo]: campo === 'disponivel' ? '1' : null };
    }
    vistos.push(motivoDoCliente(resto));
    expect(vistos).toEqual(ordem);
  });

  it('leaves out a client without money whatever the rule (a typed quantity too)', () => {
    expect(motivoDoCliente({ ...nenhum, disponivel: null })).toBe(
      'Sem patrimônio importado: valor disponível desconhecido.',
    );
    expect(motivoDoCliente({ ...nenhum, disponivel: '-0.01' })).toBe('Sem valor disponível.');
  });
});

describe('contarItens: a lote’s orders as its list counts them', () => {
  const item = (executed_all: boolean, finished: boolean, volume_exec: number) => ({
    executed_all,
    finished,
    summary: [{ symbol: 'PETR4', executada: executed_all, volume: 100, volume_exec }],
  });

  it('counts executed, ended part filled, ended with nothing filled, and still going', () => {
    const itens = [
      item(true, true, 100),
      item(false, true, 40),
      item(false, true, 0),
      item(false, true, 0),
      item(false, false, 50),
    ];
    expect(contarItens(itens)).toEqual({ executadas: 1, parciais: 1, falhas: 2, em_andamento: 1 });
  });
});
