import { describe, expect, it } from 'vitest';
import type { Operacao } from '../../../../contract';
import {
  paraCorpo,
  valoresIniciais,
  type OperacaoFormValues,
} from '../../../../src/features/carteira/operacao-form';

const vazio = valoresIniciais(null);

describe('the operation form, as a body', () => {
  it('sends an empty form as nulls, the costs as their default 0: no check of its own (specification section 5)', () => {
    expect(paraCorpo(1, vazio, () => '')).toEqual({
      cliente: 1,
      acao: null,
      data_compra: null,
      preco_unitario: null,
      quantidade: null,
      valor_alvo: null,
      data_venda: null,
      preco_venda_unitario: null,
      custos_compra: 0,
      custos_venda: 0,
    });
  });

  it('sends numbers as numbers and dates as aaaa-mm-dd; what it cannot read, as typed', () => {
    const valores: OperacaoFormValues = {
      ...vazio,
      acao: '6',
      data_compra: '01/10/2025',
      preco_unitario: Number.NaN,
      quantidade: 150,
      valor_alvo: 44.5,
      data_venda: '31/02',
      // Emptied in Editar Operação.
      preco_venda_unitario: null,
    };
    const digitado = (campo: string) => (campo === 'preco_unitario' ? ' abc ' : '');
    expect(paraCorpo(1, valores, digitado)).toMatchObject({
      acao: 6,
      data_compra: '2025-10-01',
      preco_unitario: 'abc',
      quantidade: 150,
      valor_alvo: 44.5,
      data_venda: '31/02',
      preco_venda_unitario: null,
    });
  });

  it('fills Editar Operação with the operation, blanks for what it lacks', () => {
    const op = {
      acao: 3,
      data_compra: '2025-09-01',
      preco_unitario: 60,
      quantidade: 200,
      valor_alvo: null,
      data_venda: null,
      preco_venda_unitario: null,
    } as Operacao;
    expect(valoresIniciais(op)).toEqual({
      acao: '3',
      data_compra: '01/09/2025',
      preco_unitario: 60,
      quantidade: 200,
      valor_alvo: undefined,
      data_venda: '',
      preco_venda_unitario: undefined,
    });
  });
});
