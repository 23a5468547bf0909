import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecomendacaoDisponivel } from '../../../../contract';
import { server } from '../../../../mocks/node';
import { CompraDialog } from '../../../../src/features/carteira/ordens/CompraDialog';
import { renderWithProviders } from '../../../support/render';
import { ordensScene } from '../../msw-scenes';

/**
 * Issue 34, rough edge 8: the buy by keyboard — the picker opens on its first row, a pick leaves the focus on the
 * quantity, Enter there validates, the result takes the focus and Tab goes on to Enviar. (The whole buy's key
 * count is the e2e test's: tests/e2e/teclado.e2e.test.ts.) It needs a document of its own, like the tests choosing
 * from Ark's menus (vite.config.ts, ISOLATED_COMPONENT_TESTS): after other files in the shared document, the dialogs'
 * focus traps leave the focus on the body when the picker closes.
 */

const WEGE3: RecomendacaoDisponivel = {
  acao_id: 7,
  ticker: 'WEGE3',
  empresa: 'WEG',
  preco_compra: 38.5,
  alvo_sugerido: 41.2345,
  probabilidade: 72.4,
  MIN: 37.1,
  MAX: 40.2,
};

beforeEach(() => {
  server.use(
    ...ordensScene(),
    http.get('/api/clientes/:id/recomendacoes-disponiveis/', () =>
      HttpResponse.json([WEGE3, { ...WEGE3, acao_id: 8, ticker: 'ITUB4', empresa: 'Itaú' }]),
    ),
  );
});

describe('the buy by keyboard', () => {
  it('picks the first recommendation with Enter, validates with Enter, then Tab reaches Enviar', async () => {
    const { user } = renderWithProviders(
      <CompraDialog clienteId={1} open onClose={() => {}} onExecuted={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nova Compra (MT5)' });
    within(dialog).getByRole('button', { name: 'Selecionar recomendação' }).focus();
    await user.keyboard('{Enter}');
    const picker = await screen.findByRole('dialog', { name: 'Selecionar recomendação' });
    await waitFor(
      () => expect(within(picker).getByRole('button', { name: 'Selecionar WEGE3' })).toHaveFocus(),
      { timeout: 5000 },
    );

    await user.keyboard('{Enter}');
    const quantidade = within(dialog).getByLabelText('Quantidade de ações');
    // The picker's and the buy dialog's focus traps settle asynchronously: slow on a busy machine.
    await waitFor(() => expect(quantidade).toHaveFocus(), { timeout: 5000 });
    expect(within(dialog).getByLabelText('Ticker')).toHaveValue('WEGE3');

    await user.keyboard('250{Enter}');
    const resultado = await within(dialog).findByRole('group', { name: 'Resultado da validação' });
    await waitFor(() => expect(resultado).toHaveFocus(), { timeout: 5000 });
    expect(within(resultado).getAllByText('OK')).toHaveLength(2);

    await user.keyboard('{Tab}');
    expect(within(dialog).getByRole('button', { name: 'Enviar' })).toHaveFocus();
  });
});
