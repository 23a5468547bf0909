import { describe, expect, it } from 'vitest';
import { buscarClientes, clienteCorresponde } from '../../shared/busca-cliente';

const joao = { id: 1, nome: 'João Álvares', codigo_xp: '2847163', documento: '123.456.789-00' };
const maria = { id: 2, nome: 'Maria João', codigo_xp: null, documento: '98765432100' };

describe('finding a client (shared/busca-cliente)', () => {
  it('finds by name without accents or case, by code and by document with or without punctuation', () => {
    expect(clienteCorresponde(joao, 'joao alv')).toBe(true);
    expect(clienteCorresponde(joao, '2847')).toBe(true);
    expect(clienteCorresponde(joao, '12345678900')).toBe(true);
    expect(clienteCorresponde(maria, '987.654.321-00')).toBe(true);
    expect(clienteCorresponde(joao, 'pedro')).toBe(false);
  });

  it('lists the names starting with the term first, none for an empty term', () => {
    expect(buscarClientes([maria, joao], 'joão').map((c) => c.id)).toEqual([1, 2]);
    expect(buscarClientes([maria, joao], '  ')).toEqual([]);
  });
});
