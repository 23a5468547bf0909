import { describe, expect, it } from 'vitest';
import type { PosicaoPainel } from '../../../../contract';
import {
  filtrar,
  nomeDoFiltro,
  TODOS,
} from '../../../../src/features/controle-rv/posicionadas/filtros';

const posicao = (cliente: string, acao: string) => ({ cliente, acao }) as PosicaoPainel;
const todas = [posicao('Bruno', 'VALE3'), posicao('Álvaro', 'PETR4'), posicao('Bruno', 'PETR4')];

describe("the control panel's POSICIONADAS filters", () => {
  it('offers each client and stock once, in Portuguese order', () => {
    const { clientes, acoes } = filtrar(todas, TODOS, TODOS);
    expect(clientes).toEqual(['Álvaro', 'Bruno']);
    expect(acoes).toEqual(['PETR4', 'VALE3']);
  });

  it('leaves the positions of the client and the stock chosen, every one without a filter', () => {
    expect(filtrar(todas, TODOS, TODOS).linhas).toHaveLength(3);
    expect(filtrar(todas, 'Bruno', TODOS).linhas).toEqual([todas[0], todas[2]]);
    expect(filtrar(todas, 'Bruno', 'PETR4').linhas).toEqual([todas[2]]);
  });

  it('narrows each other: after a client only its stocks, after a stock only its clients', () => {
    expect(filtrar(todas, 'Álvaro', TODOS).acoes).toEqual(['PETR4']);
    expect(filtrar(todas, TODOS, 'VALE3').clientes).toEqual(['Bruno']);
    expect(filtrar(todas, 'Bruno', TODOS).acoes).toEqual(['PETR4', 'VALE3']);
    // Both chosen: each lists the other's matches, and keeps its own choice.
    expect(filtrar(todas, 'Álvaro', 'PETR4')).toMatchObject({
      clientes: ['Álvaro', 'Bruno'],
      acoes: ['PETR4'],
    });
  });

  it('names the export after the filters', () => {
    expect(nomeDoFiltro(TODOS, TODOS)).toBe('todos');
    expect(nomeDoFiltro('Ana Beatriz', 'PETR4')).toBe('Ana Beatriz PETR4');
  });
});
