import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { resetClientesMock } from '../../../../mocks/handlers/clientes';
import { server } from '../../../../mocks/node';
import { ORDEM_POLL_MS } from '../../../../src/api/ordens';
import { fakePollClock } from '../../../support/fake-clock';
import { renderApp } from '../../../support/render';
import { ordensScene, REJECTED_TICKER } from '../../msw-scenes';

/**
 * Issue 34, rough edge 12: an order that ends says so — a toast with how it ended — also after its dialog was
 * closed with Fechar. The scene's orders are half filled at their first status poll and executed at the next;
 * RJCT3's are rejected (tests/src/msw-scenes.ts).
 */

beforeEach(() => {
  resetCarteiraMock();
  resetClientesMock();
  server.use(...ordensScene());
});
afterEach(() => {
  vi.useRealTimers();
});

async function enviarCompra(ticker: string) {
  const user = fakePollClock();
  renderApp('/clientes/1/carteira');
  await user.click(
    await screen.findByRole('button', { name: 'Nova Compra (MT5)' }, { timeout: 10_000 }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Nova Compra (MT5)' });
  await user.type(within(dialog).getByLabelText('Ticker'), ticker);
  await user.type(within(dialog).getByLabelText('Quantidade de ações'), '100');
  await user.type(within(dialog).getByLabelText('Alvo (TP)'), '50');
  await user.click(within(dialog).getByRole('button', { name: 'Validar' }));
  await within(dialog).findByRole('table', { name: 'Pernas sugeridas' });
  await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
  return { user, dialog };
}

// The whole portfolio and the buy typed in: more than the default 15 s on a busy machine.
describe('the end of an order', { timeout: 40_000 }, () => {
  it('is said in a toast after the dialog was closed with Fechar', async () => {
    const { user, dialog } = await enviarCompra('WEGE3');
    await within(dialog).findByLabelText('Execução da ordem');
    const footer = dialog.querySelector('.chakra-dialog__footer') as HTMLElement;
    await user.click(within(footer).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Compra executada')).not.toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(ORDEM_POLL_MS);
    expect(await screen.findByText('Compra executada')).toBeInTheDocument();
    expect(screen.getByText('WEGE3: 100 ações.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver ordem' })).toBeInTheDocument();
  });

  it('says an order that failed did not execute, and why', async () => {
    await enviarCompra(REJECTED_TICKER);
    const toast = await screen.findByText('Compra não executada');
    expect(toast.parentElement).toHaveTextContent(
      new RegExp(`^Compra não executada${REJECTED_TICKER}`),
    );
  });
});
