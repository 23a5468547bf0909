import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { server } from '../../../../mocks/node';
import { VendaDialog } from '../../../../src/features/carteira/ordens/VendaDialog';
import { recordRequests } from '../../../support/requests';
import { renderWithProviders } from '../../../support/render';
import { ordensScene } from '../../msw-scenes';

/** Issue 34, point 2: Vender sells a quantity of the operation, all of it by default. */
afterEach(() => resetCarteiraMock());
beforeEach(() => server.use(...ordensScene()));

const renderVenda = () =>
  renderWithProviders(
    <VendaDialog
      clienteId={1}
      operacao={{ id: 9, acao_nome: 'PETR4', quantidade: 250, valor_total_compra: 7000 }}
      onClose={() => {}}
      onExecuted={vi.fn()}
    />,
  );

describe('the Vender dialog’s Quantidade', () => {
  it('starts with the whole operation and sends a part when one is typed', async () => {
    const sent = recordRequests('POST', /\/mt5\/venda\/9\/$/);
    const { user } = renderVenda();
    const campo = await screen.findByLabelText('Quantidade');
    expect(campo).toHaveValue('250');
    await user.clear(campo);
    await user.type(campo, '100');
    const estimativa = screen.getByRole('group', { name: 'Estimativa da venda' });
    // 100 of 250 bought for R$ 7.000,00 cost R$ 2.800,00; at R$ 31,50 they bring R$ 3.150,00.
    await waitFor(() => expect(estimativa).toHaveTextContent('Valor estimado da vendaR$ 3.150,00'));
    expect(estimativa).toHaveTextContent('Resultado estimadoR$ 350,00 (12,50%)');
    await user.click(screen.getByRole('button', { name: 'Confirmar Venda' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ execucao: 'mercado', quantidade: 100 });
  });

  it('refuses more than the operation holds, or nothing, and sends nothing', async () => {
    const sent = recordRequests('POST', /\/mt5\/venda\/9\/$/);
    const { user } = renderVenda();
    const campo = await screen.findByLabelText('Quantidade');
    await user.clear(campo);
    await user.type(campo, '251');
    await user.click(screen.getByRole('button', { name: 'Confirmar Venda' }));
    expect(
      await screen.findByText('A quantidade a vender deve ser de 1 a 250 (o que a operação tem).'),
    ).toBeInTheDocument();
    await user.clear(campo);
    await user.click(screen.getByRole('button', { name: 'Confirmar Venda' }));
    expect(await screen.findByText('Informe a quantidade.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});
