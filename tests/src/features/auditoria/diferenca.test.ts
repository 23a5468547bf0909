import { describe, expect, it } from 'vitest';
import {
  diferencas,
  linhaDaMudanca,
  textoDaDiferenca,
  valorLegivel,
} from '../../../../src/features/auditoria/diferenca';

describe("an audit entry's difference", () => {
  it('lists only the fields that changed, in the record order', () => {
    expect(
      diferencas(
        { nome: 'Ana', papel: 'leitura', email: null, ativo: true },
        { nome: 'Ana', papel: 'operador', email: 'ana@x.com', ativo: true },
      ),
    ).toEqual([
      { campo: 'papel', antes: 'leitura', depois: 'operador' },
      { campo: 'email', antes: '—', depois: 'ana@x.com' },
    ]);
  });

  it('a creation has every field after; a deletion every field before', () => {
    expect(diferencas(null, { ticker: 'PETR4', quantidade: 100 })).toEqual([
      { campo: 'ticker', antes: null, depois: 'PETR4' },
      { campo: 'quantidade', antes: null, depois: '100' },
    ]);
    expect(diferencas({ nome: 'X' }, null)).toEqual([{ campo: 'nome', antes: 'X', depois: null }]);
    // An empty field of a creation or a deletion says nothing.
    expect(diferencas(null, { ticker: 'PETR4', erro: null })).toEqual([
      { campo: 'ticker', antes: null, depois: 'PETR4' },
    ]);
    expect(diferencas({ state: 'sent' }, { state: 'completed', erro: null })).toEqual([
      { campo: 'state', antes: 'sent', depois: 'completed' },
    ]);
  });

  it('a field only one side has is new or removed', () => {
    expect(diferencas({ state: 'sent' }, { state: 'completed', filled: 100 })).toEqual([
      { campo: 'state', antes: 'sent', depois: 'completed' },
      { campo: 'filled', antes: null, depois: '100' },
    ]);
    expect(diferencas({ a: 1, b: 2 }, { a: 1 })).toEqual([
      { campo: 'b', antes: '2', depois: null },
    ]);
  });

  it('nested values compare and show as compact JSON; equal ones are left out', () => {
    expect(
      diferencas(
        { legs: [{ s: 'PETR4', q: 100 }], x: { a: 1 } },
        { legs: [{ s: 'PETR4', q: 200 }], x: { a: 1 } },
      ),
    ).toEqual([
      { campo: 'legs', antes: '[{"s":"PETR4","q":100}]', depois: '[{"s":"PETR4","q":200}]' },
    ]);
  });

  it('a record that is a single value is one change without a field name; nothing is nothing', () => {
    expect(diferencas('a', 'b')).toEqual([{ campo: '', antes: 'a', depois: 'b' }]);
    expect(diferencas([1], [1])).toEqual([]);
    expect(diferencas(null, null)).toEqual([]);
    expect(diferencas(undefined, null)).toEqual([]);
  });

  it('values read as a person reads them', () => {
    expect(valorLegivel(true)).toBe('sim');
    expect(valorLegivel(false)).toBe('não');
    expect(valorLegivel('')).toBe('""');
    expect(valorLegivel(12.5)).toBe('12.5');
    expect(valorLegivel(null)).toBe('—');
  });

  it('as lines of text for the export', () => {
    const mudancas = diferencas({ papel: 'leitura', x: 1 }, { papel: 'operador', y: 2 });
    expect(mudancas.map(linhaDaMudanca)).toEqual([
      'papel: leitura → operador',
      'x: 1 → (removido)',
      'y: 2',
    ]);
    expect(textoDaDiferenca(mudancas)).toBe('papel: leitura → operador\nx: 1 → (removido)\ny: 2');
  });
});
