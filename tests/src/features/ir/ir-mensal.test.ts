import { describe, expect, it } from 'vitest';
import type { LivroIr, MesIrCliente } from '../../../../contract';
import {
  filtrarPorSituacao,
  irMensalSearch,
  mesesParaEscolher,
  mesPadrao,
  resumoDoLivro,
} from '../../../../src/features/ir/ir-mensal';

const linha = (cliente: number, situacao: MesIrCliente['situacao'], darf: number) =>
  ({ cliente, situacao, darf_valor: darf, darf_vencimento: '2026-04-30' }) as MesIrCliente;

describe('IR mensal’s rules (src/features/ir/ir-mensal.ts)', () => {
  it('opens on last month, whose DARFs fall due this month', () => {
    expect(mesPadrao('2026-04-10')).toBe('2026-03');
    expect(mesPadrao('2026-01-05')).toBe('2025-12');
  });

  it('offers this month and the 23 before, newest first, and an older month asked for', () => {
    const meses = mesesParaEscolher('2026-04-10', '2026-03');
    expect(meses).toHaveLength(24);
    expect(meses.slice(0, 4)).toEqual(['2026-04', '2026-03', '2026-02', '2026-01']);
    expect(meses.at(-1)).toBe('2024-05');
    expect(mesesParaEscolher('2026-04-10', '2020-07').at(-1)).toBe('2020-07');
  });

  it('keeps a well-formed month of the address only', () => {
    expect(irMensalSearch({ mes: '2026-03' })).toEqual({ mes: '2026-03' });
    expect(irMensalSearch({ mes: '2026-3' })).toEqual({});
    expect(irMensalSearch({})).toEqual({});
  });

  it('filters by situation and sums the DARFs to send', () => {
    const livro: LivroIr = {
      mes: '2026-03',
      clientes: [linha(1, 'a_pagar', 38.1), linha(2, 'sem_imposto', 0), linha(3, 'a_pagar', 0.2)],
    };
    expect(filtrarPorSituacao(livro.clientes, 'a_pagar').map((c) => c.cliente)).toEqual([1, 3]);
    expect(filtrarPorSituacao(livro.clientes, '')).toHaveLength(3);
    expect(resumoDoLivro(livro)).toEqual({
      clientes: 3,
      darfs: 2,
      total: 38.3,
      abaixoDe10: 0,
      vencimento: '2026-04-30',
    });
    expect(resumoDoLivro({ mes: '2026-03', clientes: [] }).vencimento).toBeNull();
  });
});
