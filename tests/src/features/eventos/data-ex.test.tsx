import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getResponse, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Evento } from '../../../../contract';
import { server } from '../../../../mocks/node';
import { resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { renderApp } from '../../../support/render';
import { eventosScene } from '../../msw-scenes-eventos';

/**
 * Issue 34, rough edge 3 on the screen: "Data ex" is the dd/mm/aaaa field every date uses (the slashes come by
 * themselves), and a split whose data ex the price history contradicts is flagged when saved and in the list.
 */

const AVISO =
  'A data ex não confere com o histórico de preços: o fechamento foi de R$ 20,00 em 15/08/2025 para ' +
  'R$ 20,10 em 18/08/2025 (+0,50%), e o fator 2 implica -50,00%. Confira a data ex.';

/** The events' scene, the server's check added: the split on 18/08/2025 is a session late. */
const comConferencia = () => {
  const cena = eventosScene();
  const avisar = (e: Evento): Evento => ({
    ...e,
    aviso_data_ex: e.data_ex === '2025-08-18' ? AVISO : null,
  });
  return [
    http.post('/api/eventos-corporativos/', async ({ request }) => {
      const answer = (await getResponse(cena, request))!;
      return HttpResponse.json(avisar((await answer.json()) as Evento), { status: answer.status });
    }),
    http.get('/api/eventos-corporativos/', async ({ request }) => {
      const answer = (await getResponse(cena, request))!;
      return HttpResponse.json(((await answer.json()) as Evento[]).map(avisar));
    }),
    ...cena,
  ];
};

beforeEach(() => {
  resetCarteiraMock();
  server.use(...comConferencia());
});

describe('Eventos corporativos: the data ex', () => {
  it('is typed as dd/mm/aaaa, the slashes coming by themselves', async () => {
    const { user } = renderApp('/ferramentas/eventos');
    await user.click(await screen.findByRole('button', { name: 'Novo Evento' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Evento' });
    const dataEx = within(dialog).getByLabelText('Data ex');
    await user.type(dataEx, '15082025');
    expect(dataEx).toHaveValue('15/08/2025');
    expect(dataEx).toHaveAttribute('placeholder', 'dd/mm/aaaa');
  });

  it('flags a split whose data ex the price history contradicts, when saved and in the list', async () => {
    const { user } = renderApp('/ferramentas/eventos');
    await user.click(await screen.findByRole('button', { name: 'Novo Evento' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Evento' });
    await user.selectOptions(await within(dialog).findByLabelText('Ação'), 'PETR4 — Petrobras');
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'Desdobramento');
    await user.type(within(dialog).getByLabelText('Data ex'), '18082025');
    await user.type(within(dialog).getByLabelText('Fator'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));

    // Saved, and said before the dialog closes.
    const aviso = await screen.findByRole('dialog', { name: 'Evento salvo — confira a data ex' });
    expect(within(aviso).getByRole('alert')).toHaveTextContent(AVISO);
    // Clicked as the DOM does (jsdom sees the dialog's entry animation's pointer-events: none).
    fireEvent.click(within(aviso).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // And in the list, beside its date.
    const tabela = await screen.findByRole('table', { name: 'Eventos corporativos' });
    const linha = (await within(tabela).findByText('18/08/2025')).closest('tr')!;
    expect(within(linha).getByLabelText(AVISO)).toHaveTextContent('Confira');
  });
});
