import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ordensEndpoints } from '../../../../contract';
import { handle, ok } from '../../../../mocks/contract';
import { mockOperacao, resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { server } from '../../../../mocks/node';
import { recorded } from '../../../../mocks/recorded';
import { ORDEM_POLL_MS } from '../../../../src/api/ordens';
import { fakePollClock } from '../../../support/fake-clock';
import { recordRequests } from '../../../support/requests';
import { renderApp } from '../../../support/render';
import { ordensScene } from '../../msw-scenes';

/**
 * The stop (issue 31) where the target is typed: the manual operation dialog and the MT5 buy form, a comma decimal
 * as a Brazilian types it ('7,25' is 7.25).
 */

const linhaDe = async (ticker: string) => {
  const tabela = await screen.findByRole('table', { name: 'Operações posicionadas' });
  return within(tabela).getByText(ticker).closest('tr')!;
};

async function abrirPosicionadas(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('tab', { name: 'POSICIONADAS' }, { timeout: 5000 }));
}

describe('the stop of an operation', () => {
  beforeEach(() => {
    resetCarteiraMock();
    server.use(...ordensScene());
  });
  afterEach(() => vi.useRealTimers());

  it('is typed with a comma in Editar Operação and sent as a number', async () => {
    const patches = recordRequests('PATCH', /\/api\/operacoes\/1\/$/);
    const { user } = renderApp('/clientes/1/carteira');
    await abrirPosicionadas(user);
    await user.click(within(await linhaDe('PETR4')).getByRole('button', { name: 'Editar PETR4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Operação' });
    expect(within(dialog).getByLabelText('Valor Alvo')).toHaveValue('33');
    expect(within(dialog).getByLabelText('Valor Stop')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Valor Stop'), '7,25');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches[0]?.body).toMatchObject({ valor_alvo: 33, valor_stop: 7.25 });
    expect(mockOperacao(1)?.valor_stop).toBe(7.25);
  }, 30_000);

  it('is shown in Editar Operação, and cleared when emptied', async () => {
    Object.assign(mockOperacao(1)!, { valor_stop: 28.5 });
    const patches = recordRequests('PATCH', /\/api\/operacoes\/1\/$/);
    const { user } = renderApp('/clientes/1/carteira');
    await abrirPosicionadas(user);
    await user.click(within(await linhaDe('PETR4')).getByRole('button', { name: 'Editar PETR4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Operação' });
    expect(within(dialog).getByLabelText('Valor Stop')).toHaveValue('28,50');
    await user.clear(within(dialog).getByLabelText('Valor Stop'));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches[0]?.body).toMatchObject({ valor_stop: null });
    expect(mockOperacao(1)?.valor_stop).toBeNull();
  });

  it('is refused by the server when not above zero, its message under the field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/clientes/1/carteira');
    await abrirPosicionadas(user);
    await user.click(within(await linhaDe('PETR4')).getByRole('button', { name: 'Editar PETR4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Operação' });
    await user.type(within(dialog).getByLabelText('Valor Stop'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Informe um valor maior que zero.')).toBeVisible();
  });

  it('typed in the MT5 buy, goes on the operation the order creates once it has filled', async () => {
    const user = fakePollClock();
    // The operation the buy creates: the mock numbers new ones from 100 (resetCarteiraMock).
    const criada = () => [100, 101, 102].findLast((id) => mockOperacao(id) !== undefined) ?? null;
    server.use(
      handle(ordensEndpoints.detail, ({ input: { params } }) =>
        ok(ordensEndpoints.detail, {
          ...recorded('ordem').response.body,
          group_id: params.group_id,
          operacoes: criada() === null ? [] : [{ id: criada()!, papel: 'criada' }],
        }),
      ),
    );
    const patches = recordRequests('PATCH', /\/api\/operacoes\/\d+\/$/);
    renderApp('/clientes/1/carteira');
    await abrirPosicionadas(user);
    await user.click(await screen.findByRole('button', { name: 'Nova Compra (MT5)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova Compra (MT5)' });
    await user.type(within(dialog).getByLabelText('Ticker'), 'WEGE3');
    await user.type(within(dialog).getByLabelText('Quantidade de ações'), '100');
    await user.type(within(dialog).getByLabelText('Alvo (TP)'), '50');
    await user.type(within(dialog).getByLabelText('Stop (opcional)'), '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Validar' }));
    expect(await within(dialog).findByText('O stop deve ser maior que zero.')).toBeVisible();
    await user.clear(within(dialog).getByLabelText('Stop (opcional)'));
    await user.type(within(dialog).getByLabelText('Stop (opcional)'), '45,5');
    await user.click(within(dialog).getByRole('button', { name: 'Validar' }));
    await within(dialog).findByRole('table', { name: 'Pernas sugeridas' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await within(dialog).findByLabelText('Execução da ordem');
    // Nothing is written while the order is under way: there is no operation yet.
    expect(patches).toEqual([]);
    await vi.advanceTimersByTimeAsync(ORDEM_POLL_MS);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]!.body).toEqual({ valor_stop: 45.5 });
    expect(mockOperacao(criada()!)).toMatchObject({ valor_stop: 45.5, valor_alvo: 50 });
    await user.click(within(await linhaDe('WEGE3')).getByRole('button', { name: 'Editar WEGE3' }));
    const editar = await screen.findByRole('dialog', { name: 'Editar Operação' });
    expect(within(editar).getByLabelText('Valor Stop')).toHaveValue('45,50');
    // A flow through two dialogs and an order's polls (a busy machine runs it slowly).
  }, 30_000);
});
