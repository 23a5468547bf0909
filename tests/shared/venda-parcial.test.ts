import { describe, expect, it } from 'vitest';
import {
  motivoForaDoLote,
  quantidadeDaVenda,
  quantidadeDoPercentual,
} from '../../shared/venda-parcial';

describe('partial sales (issue 34)', () => {
  it('takes a percentual of a position rounded down to whole shares', () => {
    expect(quantidadeDoPercentual(150, 50)).toBe(75);
    expect(quantidadeDoPercentual(101, 50)).toBe(50);
    expect(quantidadeDoPercentual(1, 50)).toBe(0);
    expect(quantidadeDoPercentual(1, 100)).toBe(1);
    expect(quantidadeDoPercentual(999, 1)).toBe(9);
    // 29 × 100 / 100 stays 29 (no 28.999… from a float percentage).
    expect(quantidadeDoPercentual(29, 100)).toBe(29);
    expect(quantidadeDoPercentual(57, 57)).toBe(32);
  });

  it('says why a position is left out', () => {
    expect(motivoForaDoLote(1, 50)).toBe(
      '50 % de 1 ação arredonda para zero ação inteira: nada a vender.',
    );
    expect(motivoForaDoLote(3, 10)).toMatch(/^10 % de 3 ações/);
  });

  it('sells all by default and 1 … the operation’s quantity when given', () => {
    expect(quantidadeDaVenda(100, undefined)).toEqual({ quantidade: 100 });
    expect(quantidadeDaVenda(100, 60)).toEqual({ quantidade: 60 });
    expect(quantidadeDaVenda(100, 100)).toEqual({ quantidade: 100 });
    for (const bad of [0, 1201, 1.5, -1]) {
      expect(quantidadeDaVenda(1200, bad)).toEqual({
        erro: 'A quantidade a vender deve ser de 1 a 1.200 (o que a operação tem).',
      });
    }
  });
});
