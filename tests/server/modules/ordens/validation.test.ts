import { describe, expect, it } from 'vitest';
import type { SymbolInfo } from '../../../../server/lib/mt5-agent';
import { checkLegs } from '../../../../server/modules/ordens/validation';

const info = (name: string, over: Partial<SymbolInfo> = {}): SymbolInfo => ({
  name,
  trade_mode: 'full',
  volume_min: name.endsWith('F') ? 1 : 100,
  volume_max: name.endsWith('F') ? 99 : 1_000_000,
  volume_step: name.endsWith('F') ? 1 : 100,
  tick_size: 0.01,
  bid: 37.99,
  ask: 38,
  last: 38,
  ...over,
});

const legs = [
  { symbol: 'PETR4', quantidade: 200 },
  { symbol: 'PETR4F', quantidade: 50 },
];

describe('checkLegs', () => {
  it('accepts legs that fit the symbol, the target and the margin', () => {
    expect(
      checkLegs({
        lado: 'compra',
        legs,
        infos: [info('PETR4'), info('PETR4F')],
        tp: 40,
        marginFree: 100_000,
      }),
    ).toEqual([
      { symbol: 'PETR4', ok: true, motivo: null },
      { symbol: 'PETR4F', ok: true, motivo: null },
    ]);
  });

  it('names a symbol the terminal does not have', () => {
    const [, fractional] = checkLegs({
      lado: 'compra',
      legs,
      infos: [info('PETR4'), null],
      tp: 40,
    });
    expect(fractional).toEqual({
      symbol: 'PETR4F',
      ok: false,
      motivo: 'O símbolo PETR4F não existe no terminal.',
    });
  });

  it('refuses disabled trading, and buying a close-only symbol but not selling it', () => {
    const closeOnly = [info('PETR4', { trade_mode: 'close_only' }), info('PETR4F')];
    expect(checkLegs({ lado: 'compra', legs, infos: closeOnly, tp: 40 })[0]?.motivo).toMatch(
      /Negociação não permitida/,
    );
    expect(checkLegs({ lado: 'venda', legs, infos: closeOnly })[0]?.ok).toBe(true);
    const disabled = [info('PETR4', { trade_mode: 'disabled' }), info('PETR4F')];
    expect(checkLegs({ lado: 'venda', legs, infos: disabled })[0]?.ok).toBe(false);
  });

  it('checks volume min, max and step', () => {
    const check = (quantidade: number) =>
      checkLegs({
        lado: 'compra',
        legs: [{ symbol: 'PETR4', quantidade }],
        infos: [info('PETR4')],
        tp: 40,
      })[0]?.motivo;
    expect(check(50)).toBe('Quantidade abaixo do mínimo de 100.');
    expect(check(150)).toBe('A quantidade deve ser múltipla de 100.');
    expect(check(2_000_000)).toBe('Quantidade acima do máximo de 1000000.');
    expect(check(300)).toBeNull();
  });

  it('checks a limit price against the tick size, decimal-exactly', () => {
    const check = (preco: number) =>
      checkLegs({
        lado: 'compra',
        legs: legs.slice(0, 1),
        infos: [info('PETR4')],
        preco,
        tp: 50,
      })[0]?.motivo;
    expect(check(38.125)).toBe('O preço 38.125 não respeita o tick de 0.01.');
    expect(check(38.13)).toBeNull();
    expect(check(0.3)).toBeNull();
  });

  it('wants the target above the price: the limit price, else the ask', () => {
    const run = (tp: number, preco?: number) =>
      checkLegs({ lado: 'compra', legs: legs.slice(0, 1), infos: [info('PETR4')], preco, tp })[0]
        ?.motivo;
    expect(run(38)).toBe('O alvo deve ser maior que o preço (R$ 38,00).');
    expect(run(38.01)).toBeNull();
    expect(run(37, 36)).toBeNull();
    expect(run(40.005)).toBe('O alvo 40.005 não respeita o tick de 0.01.');
  });

  it('marks every leg when the free margin does not cover them', () => {
    const result = checkLegs({
      lado: 'compra',
      legs,
      infos: [info('PETR4'), info('PETR4F')],
      tp: 40,
      marginFree: 9000,
    });
    expect(result.every((r) => !r.ok)).toBe(true);
    expect(result[0]?.motivo).toBe(
      'Margem livre insuficiente: R$ 9.500,00 necessários, R$ 9.000,00 disponíveis.',
    );
  });
});
