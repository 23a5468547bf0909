import { describe, expect, it } from 'vitest';
import {
  deductEmVoo,
  emVooDe,
  paraContrato,
  type CompraEmVooRow,
} from '../../../../server/modules/ordens/compras-em-voo';
import { recusaLoteEmVoo, resumoEmVoo } from '../../../../shared/compras-em-voo';

const row = (over: Partial<CompraEmVooRow>): CompraEmVooRow => ({
  group_id: '00000000-0000-4000-8000-000000000001',
  cliente_id: 1,
  execucao: 'limite',
  preco: '30.5',
  legs: [],
  ...over,
});
type LegRow = CompraEmVooRow['legs'][number];
const leg = (over: Partial<LegRow>): LegRow => ({
  volume: 100,
  volume_filled: 0,
  price_avg: null,
  state: 'placed',
  ...over,
});

/** What a buy in flight takes of the client's money before its operation exists (issue 26, item 5). */
describe('a buy in flight’s value', () => {
  it('counts the filled shares at their fill price and the rest at the limit price', () => {
    const compra = emVooDe(
      row({
        legs: [
          leg({ volume: 200, volume_filled: 100, price_avg: '30.1', state: 'partial' }),
          leg({ volume: 31 }),
        ],
      }),
      38.01,
    );
    // 100 × 30,10 + 100 × 30,50 + 31 × 30,50
    expect(paraContrato(compra)).toMatchObject({ quantidade: 231, valor: 7005.5 });
  });

  it('takes nothing more for a leg that ended unfilled', () => {
    const compra = emVooDe(
      row({
        legs: [
          leg({ volume: 100, volume_filled: 40, price_avg: '30', state: 'canceled' }),
          leg({ volume: 50, state: 'rejected' }),
          leg({ volume: 10, volume_filled: 10, price_avg: '30.2', state: 'filled' }),
        ],
      }),
      null,
    );
    expect(paraContrato(compra)).toMatchObject({ quantidade: 50, valor: 1502 });
  });

  it('values a market order at the reference price, and says so when there is none', () => {
    const mercado = row({ execucao: 'mercado', preco: null, legs: [leg({ volume: 100 })] });
    expect(paraContrato(emVooDe(mercado, 38.01))).toMatchObject({ valor: 3801 });
    expect(paraContrato(emVooDe(mercado, null))).toMatchObject({ quantidade: 100, valor: null });
  });

  it('leaves the valor disponível exact, less only what is known', () => {
    const compras = [
      emVooDe(row({ preco: '10.0001', legs: [leg({ volume: 3 })] }), null),
      emVooDe(row({ execucao: 'mercado', preco: null, legs: [leg({})] }), null),
    ];
    expect(deductEmVoo('100', compras)).toBe('69.9997');
    expect(deductEmVoo(null, compras)).toBeNull();
  });

  it('is said in Portuguese with its shares and, when known, its value', () => {
    expect(resumoEmVoo('PETR4', [{ quantidade: 1, valor: 38.01 }])).toBe(
      'Já há uma compra de PETR4 em andamento para este cliente (1 ação, R$ 38,01).',
    );
    expect(
      resumoEmVoo('PETR4', [
        { quantidade: 1000, valor: 3000 },
        { quantidade: 5, valor: null },
      ]),
    ).toBe('Já há 2 compras de PETR4 em andamento para este cliente (1.005 ações).');
    const muitos = Array.from({ length: 12 }, (_, i) => ({
      nome: `Cliente ${String(i + 1).padStart(2, '0')}`,
      motivo: '',
    }));
    expect(recusaLoteEmVoo('PETR4', muitos)).toMatch(
      /^12 clientes já têm compra de PETR4 em andamento \(Cliente 01, .*, Cliente 10 e mais 2\)\./,
    );
  });
});
