import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../../mocks/node';
import { session } from '../../../../src/lib/session';
import { renderApp } from '../../../support/render';

/** Issue 34, rough edge 9: a session that ended by itself says so on the login form. */
describe('a session that ended', () => {
  it('says so on the login form when the server refuses the token, and not after Sair', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/clientes/', () =>
        HttpResponse.json(
          { detail: 'Credenciais de autenticação não fornecidas ou inválidas.' },
          { status: 401 },
        ),
      ),
    );
    const { user } = renderApp('/clientes');
    // The screen's chunk may load for the first time before its call goes out.
    expect(
      await screen.findByRole('button', { name: 'Entrar' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Sua sessão terminou/);
    expect(localStorage.getItem('access')).toBeNull();

    // Logged in again, the message is gone with the form; a later Sair is the user's own doing: no message.
    server.resetHandlers();
    await user.type(screen.getByLabelText('Usuário'), 'ana');
    await user.type(screen.getByLabelText('Senha'), 'segredo');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('navigation', { name: 'Principal' })).toBeInTheDocument();
    // What Sair does (src/api/auth.ts), without Ark's menu.
    act(() => session.logout());
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByText(/Sua sessão terminou/)).not.toBeInTheDocument();
  });
});
