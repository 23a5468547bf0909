import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetClientesMock } from '../../../mocks/handlers/clientes';
import { server } from '../../../mocks/node';
import { RECONEXAO_MS, SEM_CONEXAO } from '../../../src/components/SemConexao';
import { conexao } from '../../../src/lib/conexao';
import { fakePollClock } from '../../support/fake-clock';
import { renderApp } from '../../support/render';

/**
 * Issue 34, rough edge 4: while calls get no answer (the network, not the server's refusal) the app says so in a
 * banner, the screen's spinner ends in its error with Tentar novamente, and once answers come back everything
 * resumes by itself. (Chromium offline for ~10 s, and a screen's chunk failing: tests/e2e/offline.e2e.test.ts.)
 */

afterEach(() => {
  vi.useRealTimers();
  conexao.respondeu();
});

describe('without a connection', () => {
  it('shows the banner and the screen’s error, then resumes by itself when answers come back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    resetClientesMock();
    fakePollClock();
    // Every call fails for the network, as offline.
    server.use(http.all('/api/*', () => HttpResponse.error()));
    renderApp('/clientes');
    expect(await screen.findByText(SEM_CONEXAO, {}, { timeout: 10_000 })).toBeInTheDocument();
    const erro = await screen.findByRole('alert');
    expect(erro).toHaveTextContent('Não foi possível carregar os clientes.');
    expect(within(erro).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();

    // The network is back: nobody clicks anything.
    server.resetHandlers();
    await vi.advanceTimersByTimeAsync(RECONEXAO_MS);
    const tabela = await screen.findByRole('table', { name: 'Clientes' });
    expect(await within(tabela).findByText('Ana Beatriz Carvalho')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(SEM_CONEXAO)).not.toBeInTheDocument());
    expect(screen.queryByText('Não foi possível carregar os clientes.')).not.toBeInTheDocument();
  });

  it('says nothing of a server that answers with an error (the connection is there)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/clientes/', () => HttpResponse.json({ detail: 'falhou' }, { status: 500 })),
    );
    renderApp('/clientes');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Não foi possível carregar os clientes.',
    );
    expect(screen.queryByText(SEM_CONEXAO)).not.toBeInTheDocument();
  });
});
