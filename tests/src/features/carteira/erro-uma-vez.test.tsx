import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ordensEndpoints as e } from '../../../../contract';
import { fail, handle } from '../../../../mocks/contract';
import { server } from '../../../../mocks/node';
import { CompraDialog } from '../../../../src/features/carteira/ordens/CompraDialog';
import { VendaDialog } from '../../../../src/features/carteira/ordens/VendaDialog';
import { renderApp, renderWithProviders } from '../../../support/render';
import { ordensScene } from '../../msw-scenes';

/**
 * Issue 34, rough edge 10: an error is said once, in the user's words — the server's message, never the status
 * line ("Erro 400: Bad Request — Campo acao: …") beside what the field already says.
 */

const STATUS_LINE = /Erro \d{3}|Bad Request|Conflict|Campo \w+:/;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  server.use(...ordensScene());
});

describe('an error in the user’s words, once', () => {
  it('Nova Operação: the server’s word on a field is under the field only', async () => {
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(
      await screen.findByRole('button', { name: 'Nova Operação' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nova Operação' });
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await within(dialog).findByText('Selecione a ação.')).toBeInTheDocument();
    expect(within(dialog).getAllByText(/Selecione a ação\./)).toHaveLength(1);
    expect(within(dialog).queryByText(STATUS_LINE)).not.toBeInTheDocument();
  });

  it('the buy: Validar’s refusal of the ticker is under the Ticker field, not repeated', async () => {
    server.use(
      http.post('/api/clientes/:id/mt5/compra/validar/', () =>
        HttpResponse.json(
          {
            detail: 'Campo ticker: Ativo não cadastrado.',
            campos: { ticker: 'Ativo não cadastrado.' },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(
      <CompraDialog clienteId={1} open onClose={() => {}} onExecuted={() => {}} />,
    );
    await user.type(await screen.findByLabelText('Ticker'), 'XPTO3');
    await user.type(screen.getByLabelText('Quantidade de ações'), '100');
    await user.type(screen.getByLabelText('Alvo (TP)'), '45');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    expect(await screen.findByText('Ativo não cadastrado.')).toBeInTheDocument();
    expect(screen.getAllByText(/Ativo não cadastrado\./)).toHaveLength(1);
    expect(screen.queryByText(STATUS_LINE)).not.toBeInTheDocument();
  });

  it('the sale: a refusal is the server’s sentence alone', async () => {
    const refusal = 'O terminal do cliente está offline: a venda não foi enviada.';
    server.use(handle(e.sendVenda, () => fail(409, refusal)));
    const { user } = renderWithProviders(
      <VendaDialog
        clienteId={1}
        operacao={{ id: 9, acao_nome: 'PETR4', quantidade: 100, valor_total_compra: 3000 }}
        onClose={() => {}}
        onExecuted={() => {}}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Confirmar Venda' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText(STATUS_LINE)).not.toBeInTheDocument();
  });
});
