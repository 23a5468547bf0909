import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { server } from '../../../../mocks/node';
import { renderApp } from '../../../support/render';
import { eventosScene } from '../../msw-scenes-eventos';

/** The event dialog's bonus cost and payment date (issue 29). */
describe('Novo Evento: custo atribuído and data de pagamento', () => {
  beforeEach(() => {
    resetCarteiraMock();
    server.use(...eventosScene());
  });
  afterEach(() => server.events.removeAllListeners());

  const sentBodies = () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && request.url.includes('/api/eventos-corporativos/'))
        bodies.push(await request.clone().json());
    });
    return bodies;
  };
  const abrir = async () => {
    const r = renderApp('/ferramentas/eventos');
    await r.user.click(await screen.findByRole('button', { name: 'Novo Evento' }));
    return { ...r, dialog: await screen.findByRole('dialog', { name: 'Novo Evento' }) };
  };

  it('asks a bonus its cost per new share, and sends it', async () => {
    const bodies = sentBodies();
    const { user, dialog } = await abrir();
    await user.selectOptions(await within(dialog).findByLabelText('Ação'), 'VALE3 — Vale');
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'Desdobramento');
    expect(within(dialog).queryByLabelText('Custo atribuído por ação nova (R$)')).toBeNull();
    expect(within(dialog).queryByLabelText('Data de pagamento')).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'Bonificação');
    await user.type(within(dialog).getByLabelText('Data ex'), '02/02/2026');
    await user.type(within(dialog).getByLabelText('Fator'), '1,3');
    await user.type(within(dialog).getByLabelText('Custo atribuído por ação nova (R$)'), '5,25');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies.at(-1)).toMatchObject({
      tipo: 'bonificacao',
      fator: 1.3,
      custo_atribuido: 5.25,
      data_pagamento: null,
    });
  });

  it('asks a JCP its payment date, refusing one before data ex, and sends it', async () => {
    const bodies = sentBodies();
    const { user, dialog } = await abrir();
    await user.selectOptions(await within(dialog).findByLabelText('Ação'), 'VALE3 — Vale');
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'JCP');
    expect(within(dialog).queryByLabelText('Custo atribuído por ação nova (R$)')).toBeNull();
    await user.type(within(dialog).getByLabelText('Data ex'), '22/12/2025');
    await user.type(within(dialog).getByLabelText('Valor por ação (R$)'), '0,5');
    await user.type(within(dialog).getByLabelText('Data de pagamento'), '21/12/2025');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(
      await within(dialog).findByText('A data de pagamento não pode ser anterior à data ex.'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Data de pagamento'));
    await user.type(within(dialog).getByLabelText('Data de pagamento'), '15/01/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies.at(-1)).toMatchObject({
      tipo: 'jcp',
      data_ex: '2025-12-22',
      data_pagamento: '2026-01-15',
      custo_atribuido: null,
    });
  });
});
