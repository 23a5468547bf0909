import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Operacao } from '../../../../contract';
import { DeleteOperacaoDialog } from '../../../../src/features/carteira/DeleteOperacaoDialog';
import { renderWithProviders } from '../../../support/render';

/** Issue 34, rough edge 17: the deletion's confirmation names the operation with what it has, no dashes for gaps. */

const operacao = (campos: Partial<Operacao>): Operacao => ({
  id: 1,
  cliente: 1,
  acao: 4,
  acao_nome: 'PETR4',
  data_compra: '2025-08-04',
  preco_unitario: 30,
  quantidade: 100,
  data_venda: null,
  preco_venda_unitario: null,
  valor_alvo: null,
  valor_total_compra: 3000,
  valor_total_venda: null,
  dias_posicionado: null,
  ...campos,
});

const confirmacao = async (op: Operacao) => {
  renderWithProviders(<DeleteOperacaoDialog operacao={op} onClose={() => {}} />);
  return screen.findByRole('alertdialog', { name: 'Deseja realmente deletar?' });
};

describe('Deseja realmente deletar? for an operation', () => {
  it('names an empty operation by its stock alone, never "PETR4 — — em —"', async () => {
    const dialog = await confirmacao(operacao({ quantidade: null, data_compra: null }));
    expect(dialog).toHaveTextContent(/PETR4\s*Cancelar/);
    expect(dialog).not.toHaveTextContent('—');
  });

  it('says the quantity and the date it has', async () => {
    expect(await confirmacao(operacao({}))).toHaveTextContent('PETR4 — 100 ações em 04/08/2025');
  });

  it('leaves out what is missing', async () => {
    expect(await confirmacao(operacao({ data_compra: null, quantidade: 1 }))).toHaveTextContent(
      'PETR4 — 1 ação',
    );
  });
});
