import { describe, expect, it } from 'vitest';
import type { Operacao } from '../../../../contract';
import {
  alvo,
  naoExiste,
  nomeDoCliente,
  separarOperacoes,
  tituloDaCarteira,
  type OpenDialog,
} from '../../../../src/features/carteira/carteira';
import { ApiRequestError } from '../../../../src/lib/api';

const op = { id: 7, data_venda: null } as Operacao;

describe("the portfolio screen's state", () => {
  it('hands each dialog what it is about, and nothing to the others', () => {
    const venda: OpenDialog = { kind: 'venda', operacao: op };
    expect(alvo(venda, 'venda', 'operacao')).toBe(op);
    expect(alvo(venda, 'delete', 'operacao')).toBeNull();
    expect(alvo(null, 'venda', 'operacao')).toBeNull();
    expect(alvo({ kind: 'operacao', operacao: 'new' }, 'operacao', 'operacao')).toBe('new');
  });

  it('knows a client that does not exist from a failure', () => {
    const erro = (status: number) => new ApiRequestError(status, 'x');
    expect([404, 400, 500].map((s) => naoExiste(erro(s)))).toEqual([true, true, false]);
    expect(naoExiste(new Error('rede'))).toBe(false);
    expect(naoExiste(null)).toBe(false);
  });

  it('titles the page with the client’s name, a code for one without, nothing until it loads', () => {
    expect(tituloDaCarteira(nomeDoCliente({ id: 3, nome: 'Ana' }))).toBe('Ana Carteira');
    expect(tituloDaCarteira(nomeDoCliente({ id: 3, nome: null }))).toBe('Cliente 3 Carteira');
    expect(tituloDaCarteira(nomeDoCliente(undefined))).toBe('Carteira');
  });

  it('splits the operations between POSICIONADAS and REALIZADAS, in their order', () => {
    const rows = [
      { id: 1, data_venda: null },
      { id: 2, data_venda: '2025-01-02' },
      { id: 3, data_venda: null },
    ];
    expect(separarOperacoes(rows)).toEqual({
      posicionadas: [rows[0], rows[2]],
      realizadas: [rows[1]],
    });
  });
});
