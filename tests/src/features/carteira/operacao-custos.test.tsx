import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { server } from '../../../../mocks/node';
import { renderApp } from '../../../support/render';

/** The operation dialog's costs (issue 29): typed in pt-BR, sent in R$, blank as zero, refused below zero. */
describe('the operation dialog: Custos da compra and Custos da venda', () => {
  beforeEach(() => resetCarteiraMock());
  afterEach(() => {
    server.events.removeAllListeners();
    vi.restoreAllMocks();
  });

  const sentBodies = () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (['POST', 'PATCH'].includes(request.method) && request.url.includes('/api/operacoes/'))
        bodies.push(await request.clone().json());
    });
    return bodies;
  };

  it('sends the costs typed, and zero for a blank one', async () => {
    const bodies = sentBodies();
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('button', { name: 'Nova Operação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova Operação' });
    await user.selectOptions(within(dialog).getByLabelText('Ação'), 'WEGE3 — WEG');
    await user.type(within(dialog).getByLabelText('Quantidade'), '100');
    await user.type(within(dialog).getByLabelText('Custos da compra (R$)'), '2,50');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies.at(-1)).toMatchObject({ quantidade: 100, custos_compra: 2.5, custos_venda: 0 });
  });

  it('shows the stored costs when editing, and the server’s message for a negative one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bodies = sentBodies();
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('button', { name: 'Nova Operação' }));
    let dialog = await screen.findByRole('dialog', { name: 'Nova Operação' });
    await user.selectOptions(within(dialog).getByLabelText('Ação'), 'WEGE3 — WEG');
    await user.type(within(dialog).getByLabelText('Quantidade'), '100');
    await user.type(within(dialog).getByLabelText('Custos da compra (R$)'), '4,75');
    await user.type(within(dialog).getByLabelText('Custos da venda (R$)'), '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(
      await within(dialog).findByText('Informe os custos em reais, zero ou mais.'),
    ).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ custos_compra: 4.75, custos_venda: -1 });

    await user.clear(within(dialog).getByLabelText('Custos da venda (R$)'));
    await user.type(within(dialog).getByLabelText('Custos da venda (R$)'), '3,1');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('tab', { name: 'POSICIONADAS' }));
    const table = await screen.findByRole('table', { name: 'Operações posicionadas' });
    const wege = within(table).getByText('WEGE3').closest('tr')!;
    await user.click(within(wege).getByRole('button', { name: 'Editar WEGE3' }));
    dialog = await screen.findByRole('dialog', { name: 'Editar Operação' });
    expect(within(dialog).getByLabelText('Custos da compra (R$)')).toHaveValue('4,75');
    expect(within(dialog).getByLabelText('Custos da venda (R$)')).toHaveValue('3,10');
  });
});
