import { describe, expect, it } from 'vitest';
import { descricaoDaOrdem } from '../../shared/ordens';

describe('descricaoDaOrdem: how the timeline says an order was registered', () => {
  const compra = {
    lado: 'compra' as const,
    acao: 'PETR4',
    execucao: 'limite' as const,
    preco: 38.5,
    tp: 45,
    legs: [
      { symbol: 'PETR4', volume: 200, volume_exec: 0 },
      { symbol: 'PETR4F', volume: 1, volume_exec: 0 },
    ],
  };

  it('names side, shares, legs, limit price and target', () => {
    expect(descricaoDaOrdem(compra as never)).toBe(
      'Compra de 201 ações de PETR4 (PETR4 200; PETR4F 1), limitada a R$ 38,50, alvo R$ 45,00.',
    );
  });

  it('says a market sale without a target, and what the terminal held when confirmed above it', () => {
    const venda = {
      ...compra,
      lado: 'venda' as const,
      execucao: 'mercado' as const,
      legs: [compra.legs[1]!],
    };
    expect(descricaoDaOrdem(venda as never, 0)).toBe(
      'Venda de 1 ação de PETR4 (PETR4F 1), a mercado. Confirmada acima da posição do terminal (o terminal tinha 0 ações).',
    );
  });
});
