import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../../mocks/node';
import { CompraDialog } from '../../../../src/features/carteira/ordens/CompraDialog';
import { recordRequests } from '../../../support/requests';
import { renderWithProviders } from '../../../support/render';
import { ordensScene, type EmVoo } from '../../msw-scenes';

/** Issue 26, item 5 in the buy dialog: a buy of the stock already in flight is said, and confirmed before another. */

const AVISO =
  'Já há uma compra de PETR4 em andamento para este cliente (100 ações, R$ 3.000,00). ' +
  'Confira o histórico de ordens; enviar outra compra pede confirmação.';
const CONFIRMA = 'Comprar assim mesmo, com a outra compra em andamento';

/** The buys the scene's server holds in flight (tests/src/msw-scenes.ts). */
let emCurso: EmVoo[] = [];
/** A limit buy of 100 PETR4 at R$ 30,00 the server keeps in flight for client 1. */
const emVoo = () =>
  emCurso.push({
    cliente: 1,
    ticker: 'PETR4',
    group_id: '00000000-0000-4000-8000-000000000099',
    quantidade: 100,
    preco: 30,
  });

async function validado() {
  const view = renderWithProviders(
    <CompraDialog clienteId={1} open onClose={() => {}} onExecuted={() => {}} />,
  );
  const { user } = view;
  await user.type(await screen.findByLabelText('Ticker'), 'PETR4');
  await user.type(screen.getByLabelText('Quantidade de ações'), '100');
  await user.type(screen.getByLabelText('Alvo (TP)'), '45');
  await user.click(screen.getByRole('button', { name: 'Validar' }));
  await screen.findByRole('table', { name: 'Pernas sugeridas' });
  return view;
}

describe('a buy of the stock already in flight, in the buy dialog', () => {
  beforeEach(() => {
    emCurso = [];
    server.use(...ordensScene({ emVoo: emCurso }));
  });

  it('is said after Validar, and Enviar waits for the operator’s confirmation', async () => {
    emVoo();
    const sent = recordRequests('POST', /\/mt5\/compra\/$/);
    const { user } = await validado();
    expect(screen.getByText(AVISO)).toBeInTheDocument();
    // Every leg passed: only the confirmation is missing.
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();

    await user.click(screen.getByText(CONFIRMA));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({
      ticker_base: 'PETR4',
      legs: [{ symbol: 'PETR4', quantidade: 100 }],
      confirmar_compra_em_voo: true,
    });
  });

  it('says nothing and sends no confirmation when no buy of the stock is in flight', async () => {
    const sent = recordRequests('POST', /\/mt5\/compra\/$/);
    const { user } = await validado();
    expect(screen.queryByText(CONFIRMA)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).not.toHaveProperty('confirmar_compra_em_voo');
  });

  it('shows the server’s refusal when a buy started after Validar, and a new Validar asks the confirmation', async () => {
    const sent = recordRequests('POST', /\/mt5\/compra\/$/);
    const { user } = await validado();
    emVoo();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(
      await screen.findByText(
        /^Já há uma compra de PETR4 em andamento para este cliente \(100 ações, R\$ 3\.000,00\)\. Confira o histórico de ordens; para comprar assim mesmo, confirme a compra em andamento\./,
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Validar' }));
    expect(await screen.findByText(AVISO)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await user.click(screen.getByText(CONFIRMA));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toMatchObject({ confirmar_compra_em_voo: true });
    // A new intent: not the refused one's key.
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });
});
