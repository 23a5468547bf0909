import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Cliente, ClienteStatus } from '../../../../contract';
import { resetClientesMock } from '../../../../mocks/handlers/clientes';
import { CompraDialog } from '../../../../src/features/carteira/ordens/CompraDialog';
import { renderWithProviders } from '../../../support/render';

/** Issue 34, rough edge 11: the buy dialog says the client's terminal is offline before anything is typed. */

const ANA: Cliente = {
  id: 1,
  nome: 'Ana Beatriz Carvalho',
  email: null,
  documento: null,
  telefone: null,
  codigo_xp: '1001',
  percentual_patrimonio: 10,
  vm: 'VM-1',
  vm_ip: null,
  vm_private_ip: '10.20.0.1',
};

const abrir = (status: Omit<ClienteStatus, 'id'>) => {
  resetClientesMock([ANA], { 1: status });
  return renderWithProviders(
    <CompraDialog clienteId={1} open onClose={() => {}} onExecuted={() => {}} />,
  );
};

describe('the buy dialog and the client’s terminal', () => {
  it('says the terminal is offline from its last status, and Validar is disabled with the reason', async () => {
    abrir({ status: 'offline', ping: null, detail: 'VM sem resposta' });
    expect(
      await screen.findByText(
        'O terminal MT5 do cliente está indisponível (último status: Offline — VM sem resposta).',
        {},
        // The dialog's first calls on a busy machine.
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    const validar = screen.getByRole('button', { name: 'Validar' });
    expect(validar).toBeDisabled();
    expect(validar).toHaveAccessibleDescription('Validar indisponível: terminal offline.');
    // Nothing was typed: the ticker is still empty.
    expect(screen.getByLabelText('Ticker')).toHaveValue('');
  });

  it('says nothing of an online terminal, whose Validar is enabled', async () => {
    abrir({ status: 'online', ping: 9, detail: null });
    expect(await screen.findByText('Nova Compra (MT5)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Validar' })).toBeEnabled();
    expect(screen.queryByText(/terminal MT5 do cliente está indisponível/)).not.toBeInTheDocument();
  });
});
