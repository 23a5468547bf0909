import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Cliente, ClienteStatus } from '../../../../contract';
import { seedCarteiraMock } from '../../../../mocks/handlers/carteira';
import { resetClientesMock } from '../../../../mocks/handlers/clientes';
import { server } from '../../../../mocks/node';
import { type EmVoo } from '../../msw-scenes';
import { lotesScene } from '../../msw-scenes-lotes';
import { MOCK_ACOES, MOCK_COTACOES, MOCK_COTADO_EM } from '../../scene';
import { renderApp } from '../../../support/render';
import { recordRequests } from '../../../support/requests';

/** Issue 26, item 5 on the lote screen: clients with a buy of the stock in flight are said, and confirmed. */

const cliente = (id: number, nome: string): Cliente => ({
  id,
  nome,
  email: null,
  documento: null,
  telefone: null,
  codigo_xp: String(1000 + id),
  percentual_patrimonio: 10,
  vm: `VM-${id}`,
  vm_ip: null,
  vm_private_ip: `10.20.0.${id}`,
});
const CLIENTES = [cliente(1, 'Ana Beatriz Carvalho'), cliente(2, 'Bruno Henrique Almeida')];
const STATUS: Record<number, Omit<ClienteStatus, 'id'>> = {
  1: { status: 'online', ping: 10, detail: null },
  2: { status: 'online', ping: 11, detail: null },
};

/** The buys the scene's server holds in flight (tests/src/msw-scenes.ts). */
let emCurso: EmVoo[] = [];
/** A limit buy of 100 ABEV3 at R$ 12,00 the server keeps in flight for the client. */
const emVoo = (clienteId: number) =>
  emCurso.push({
    cliente: clienteId,
    ticker: 'ABEV3',
    group_id: `00000000-0000-4000-8000-00000000009${clienteId}`,
    quantidade: 100,
    preco: 12,
  });

beforeEach(() => {
  resetClientesMock(CLIENTES, STATUS);
  // Patrimony 100.000,00 at 10 %: R$ 10.000,00 available each.
  seedCarteiraMock({
    acoes: MOCK_ACOES,
    cotacoes: MOCK_COTACOES,
    cotado_em: MOCK_COTADO_EM,
    operacoes: [],
    patrimonio: { 1: 100_000, 2: 100_000 },
  });
  emCurso = [];
  server.use(...lotesScene({ emVoo: emCurso }));
});

const grid = () => screen.getByRole('table', { name: 'Clientes do lote' });
const rowOf = (nome: string) =>
  within(grid())
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(nome))!;

async function validated() {
  const rendered = renderApp('/ordens/lote?ticker=ABEV3&tp=15');
  const { user } = rendered;
  await user.type(
    await screen.findByLabelText('Percentual do valor disponível (%)', {}, { timeout: 5000 }),
    '50',
  );
  await user.click(screen.getByRole('button', { name: 'Validar' }));
  await screen.findByRole('table', { name: 'Clientes do lote' });
  return rendered;
}

describe('a buy of the stock already in flight, in the buy lote', () => {
  it('is said after Validar, counted against the money, and sent to only once confirmed', async () => {
    emVoo(1);
    const envios = recordRequests('POST', /\/api\/lotes\/$/);
    const { user } = await validated();

    expect(
      screen.getByText('1 cliente já tem compra de ABEV3 em andamento: Ana Beatriz Carvalho.'),
    ).toBeInTheDocument();
    const ana = rowOf('Ana Beatriz Carvalho');
    // Left out of the selection; R$ 10.000,00 less the R$ 1.200,00 in flight, 50 % at 13,20: 333 shares.
    expect(within(ana).getByRole('checkbox')).not.toBeChecked();
    expect(ana).toHaveTextContent('R$ 8.800,00');
    expect(within(ana).getByLabelText('Quantidade Ana Beatriz Carvalho')).toHaveValue(333);
    expect(ana).toHaveTextContent(
      'Já há uma compra de ABEV3 em andamento para este cliente (100 ações, R$ 1.200,00). ' +
        'O valor disponível já desconta o que está em andamento.',
    );
    expect(within(rowOf('Bruno Henrique Almeida')).getByRole('checkbox')).toBeChecked();

    // The operator ticks her anyway: the confirmation asks before anything is sent.
    await user.click(screen.getByLabelText('Selecionar Ana Beatriz Carvalho'));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Enviar ordem em lote' });
    expect(dialog).toHaveTextContent(
      '1 cliente selecionado já tem compra de ABEV3 em andamento: Ana Beatriz Carvalho.',
    );
    const enviar = within(dialog).getByRole('button', { name: 'Enviar' });
    expect(enviar).toBeDisabled();
    await user.click(
      within(dialog).getByText('Enviar assim mesmo a quem já tem compra em andamento'),
    );
    await user.click(enviar);
    await screen.findByText('Compra de ABEV3 · Mercado · alvo R$ 15,00');
    expect(envios).toHaveLength(1);
    expect(envios[0]!.body).toMatchObject({
      confirmar_compra_em_voo: true,
      itens: [{ cliente: 1 }, { cliente: 2 }],
    });
  });

  it('shows whose buy started after Validar and sends once the operator confirms', async () => {
    const envios = recordRequests('POST', /\/api\/lotes\/$/);
    const { user } = await validated();
    expect(screen.queryByText(/já tem compra de ABEV3/)).not.toBeInTheDocument();
    emVoo(2);

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Enviar ordem em lote' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(
      await within(dialog).findByText(
        'Bruno Henrique Almeida: Já há uma compra de ABEV3 em andamento para este cliente ' +
          '(100 ações, R$ 1.200,00). Confira o histórico de ordens; para comprar assim mesmo, ' +
          'confirme a compra em andamento.',
      ),
    ).toBeInTheDocument();
    const enviar = within(dialog).getByRole('button', { name: 'Enviar' });
    expect(enviar).toBeDisabled();
    await user.click(
      within(dialog).getByText('Enviar assim mesmo a quem já tem compra em andamento'),
    );
    await user.click(enviar);
    await screen.findByText('Compra de ABEV3 · Mercado · alvo R$ 15,00');
    await waitFor(() => expect(envios).toHaveLength(2));
    expect(envios[0]!.body).not.toHaveProperty('confirmar_compra_em_voo');
    expect(envios[1]!.body).toMatchObject({ confirmar_compra_em_voo: true });
    expect(envios[1]!.key).toBe(`${envios[0]!.key}:em-voo`);
  });
});
