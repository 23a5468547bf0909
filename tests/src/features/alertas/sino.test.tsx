import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { seedAlertasMock } from '../../msw-scenes-alertas';
import { ALERTAS_POLL_MS } from '../../../../src/api/alertas';
import { fakePollClock } from '../../../support/fake-clock';
import { recordRequests } from '../../../support/requests';
import { renderApp } from '../../../support/render';
import { ALVO_ATINGIDO, EM_DUVIDA_SEM_EMAIL, NOTIFICACOES, PRECO_LIDA } from './respostas';

/**
 * The top bar's bell and its panel (issue 31), over the mock's alerts seeded with the server's recorded answers
 * (./respostas.ts): the unread count, the list newest first with each subject linked, marking read, a failed
 * e-mail said, and the count asked again as the server's alerts change.
 */

const sino = () => screen.findByRole('button', { name: /^Notificações:/ });

async function abrirPainel(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await sino());
  return screen.findByRole('dialog', { name: 'Notificações' }, { timeout: 5000 });
}

/** A flow through two screens (a busy machine runs them slowly). */
const FLUXO = 30_000;

// The panel loads on demand: here once, as a browser has it by the time the bell is clicked.
beforeAll(() => import('../../../../src/features/alertas/NotificacoesPainel'));

describe('the bell', () => {
  beforeEach(() => {
    resetCarteiraMock();
    seedAlertasMock({ notificacoes: NOTIFICACOES });
  });
  afterEach(() => {
    seedAlertasMock({});
    vi.useRealTimers();
  });

  it('shows how many notifications are unread, on every screen', async () => {
    renderApp('/clientes');
    expect(
      await screen.findByRole('button', { name: 'Notificações: 2 não lidas' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(within(await sino()).getByText('2')).toBeVisible();
  });

  it('lists the notifications newest first, says an e-mail that failed, and marks one or all read', async () => {
    const lidas = recordRequests('POST', /\/api\/notificacoes\/lidas\/$/);
    const { user } = renderApp('/clientes');
    const painel = await abrirPainel(user);
    const itens = await within(painel).findAllByRole('listitem');
    expect(itens.map((li) => within(li).getByRole('link').textContent)).toEqual([
      EM_DUVIDA_SEM_EMAIL.titulo,
      ALVO_ATINGIDO.titulo,
      PRECO_LIDA.titulo,
    ]);
    expect(within(itens[0]!).getByText('Ordem em dúvida')).toBeVisible();
    expect(within(itens[0]!).getByText('Crítico')).toBeVisible();
    expect(within(itens[0]!).getByText('E-mail não enviado (5 tentativas).')).toBeVisible();
    expect(within(itens[0]!).getByText(/^Não lida/)).toBeInTheDocument();
    expect(within(itens[2]!).queryByText(/^Não lida/)).toBeNull();
    expect(within(itens[2]!).queryByRole('button', { name: 'Marcar como lida' })).toBeNull();

    // The bell, behind the open panel (a modal dialog hides the rest from the accessibility tree).
    const contagem = (name: string) => screen.findByRole('button', { name, hidden: true });
    await user.click(within(itens[1]!).getByRole('button', { name: 'Marcar como lida' }));
    expect(await contagem('Notificações: 1 não lida')).toBeInTheDocument();
    expect(within(itens[1]!).queryByRole('button', { name: 'Marcar como lida' })).toBeNull();
    expect(lidas.at(-1)?.body).toEqual({ ids: [1] });

    await user.click(within(painel).getByRole('button', { name: 'Marcar todas como lidas' }));
    expect(await contagem('Notificações: nenhuma não lida')).toBeInTheDocument();
    expect(lidas.at(-1)?.body).toEqual({});
    await waitFor(() =>
      expect(
        within(painel).getByRole('button', { name: 'Marcar todas como lidas' }),
      ).toBeDisabled(),
    );
  });

  it(
    "opens a reached target's portfolio on the position with its Vender, and marks it read",
    async () => {
      const { user } = renderApp('/clientes');
      const painel = await abrirPainel(user);
      await user.click(await within(painel).findByRole('link', { name: ALVO_ATINGIDO.titulo }));

      const venda = await screen.findByRole('dialog', { name: 'Vender PETR4' }, { timeout: 5000 });
      expect(within(venda).getByRole('button', { name: 'Confirmar Venda' })).toBeVisible();
      expect(window.location.pathname).toBe('/clientes/1/carteira');
      // Closed, the dialog stays closed: the position is there, on POSICIONADAS.
      await user.click(within(venda).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await screen.findByRole('button', { name: 'Notificações: 1 não lida' })).toBeVisible();
      const posicionadas = await screen.findByRole('table', { name: 'Operações posicionadas' });
      expect(within(posicionadas).getByRole('button', { name: 'Vender PETR4' })).toBeVisible();
      expect(window.location.search).toBe('?aba=posicionadas');
    },
    FLUXO,
  );

  it("opens an order in doubt's page", async () => {
    const { user } = renderApp('/clientes');
    const painel = await abrirPainel(user);
    await user.click(await within(painel).findByRole('link', { name: EM_DUVIDA_SEM_EMAIL.titulo }));
    await waitFor(() =>
      expect(window.location.pathname).toBe(`/ordens/${EM_DUVIDA_SEM_EMAIL.assunto.ordem}`),
    );
    expect(screen.queryByRole('dialog', { name: 'Notificações' })).toBeNull();
  });

  it('asks for the count again every poll interval: a new alert shows without a reload', async () => {
    const user = fakePollClock();
    seedAlertasMock({ notificacoes: [ALVO_ATINGIDO] });
    renderApp('/clientes');
    expect(
      await screen.findByRole('button', { name: 'Notificações: 1 não lida' }, { timeout: 5000 }),
    ).toBeVisible();
    // The server fires another alert: the next poll brings it, with nothing else happening on the screen.
    seedAlertasMock({ notificacoes: NOTIFICACOES });
    await vi.advanceTimersByTimeAsync(ALERTAS_POLL_MS);
    expect(await screen.findByRole('button', { name: 'Notificações: 2 não lidas' })).toBeVisible();
    // The panel opened then lists it.
    await user.click(await sino());
    const painel = await screen.findByRole('dialog', { name: 'Notificações' });
    expect(await within(painel).findByText(EM_DUVIDA_SEM_EMAIL.titulo)).toBeVisible();
  });

  it('says when there is no notification', async () => {
    seedAlertasMock({ notificacoes: [{ ...PRECO_LIDA, id: 9, lida: true }] });
    const { user } = renderApp('/clientes');
    expect(
      await screen.findByRole('button', { name: 'Notificações: nenhuma não lida' }),
    ).toBeVisible();
    seedAlertasMock({});
    const painel = await abrirPainel(user);
    expect(await within(painel).findByText('Nenhuma notificação.')).toBeVisible();
    expect(within(painel).getByRole('link', { name: 'Ver todos os alertas' })).toBeVisible();
  });
});
