import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../../mocks/node';
import { WRONG_PASSWORD } from '../../../../mocks/handlers/auth';
import { renderApp } from '../../../support/render';

describe('login', () => {
  it('shows the login screen on any path while logged out, without the top bar', async () => {
    renderApp('/clientes', { loggedIn: false });
    expect(await screen.findByLabelText('Usuário')).toBeInTheDocument();
    expect(screen.getByLabelText('Senha')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Clientes' })).not.toBeInTheDocument();
  });

  it('stores the token and username, then shows the shell on the same path', async () => {
    const { user } = renderApp('/controle-robo', { loggedIn: false });
    await user.type(await screen.findByLabelText('Usuário'), 'ana');
    await user.type(screen.getByLabelText('Senha'), 'segredo');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('Controle ROBÔ')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Painel de Controle' }).length).toBeGreaterThan(0);
    expect(localStorage.getItem('username')).toBe('ana');
    expect(localStorage.getItem('access')).toMatch(/^mock\./);
  });

  it("shows 'Usuário ou senha inválidos' in red on a wrong password, and stays logged out", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/', { loggedIn: false });
    await user.type(await screen.findByLabelText('Usuário'), 'ana');
    await user.type(screen.getByLabelText('Senha'), WRONG_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    const message = await screen.findByText('Usuário ou senha inválidos');
    expect(getComputedStyle(message).color).toBe('var(--chakra-colors-red-600)');
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('shows the same message for any failure, such as a server error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('/api/token/', () => HttpResponse.json({ detail: 'x' }, { status: 500 })));
    const { user } = renderApp('/', { loggedIn: false });
    await user.type(await screen.findByLabelText('Usuário'), 'ana');
    await user.type(screen.getByLabelText('Senha'), 'qualquer');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Usuário ou senha inválidos')).toBeInTheDocument();
  });

  it('asks for both fields before calling the server', async () => {
    const { user } = renderApp('/', { loggedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe o usuário.')).toBeInTheDocument();
    expect(screen.getByText('Informe a senha.')).toBeInTheDocument();
  });
});

describe('logout', () => {
  it('Sair clears the token and username and shows the login screen', async () => {
    const { user } = renderApp('/controle-robo', { username: 'carlos' });
    const desktopBar = await screen.findByRole('navigation', { name: 'Principal' });
    await user.click(within(desktopBar).getAllByRole('button', { name: 'carlos' })[0]!);
    expect(await screen.findByRole('menuitem', { name: 'Perfil' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Sair' }));

    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();
  });

  it('Sair leaves nothing of the session in the cache', async () => {
    const { user, queryClient } = renderApp('/clientes', { username: 'carlos' });
    await within(await screen.findByRole('table', { name: 'Clientes' })).findByText(
      'Ana Beatriz Carvalho',
    );
    expect(queryClient.getQueryCache().getAll()).not.toEqual([]);
    const desktopBar = screen.getByRole('navigation', { name: 'Principal' });
    await user.click(within(desktopBar).getAllByRole('button', { name: 'carlos' })[0]!);
    const sair = await screen.findByRole('menuitem', { name: 'Sair' });
    // By keyboard: in jsdom every pointer event sits at (0, 0), and after the first menu of a file Ark's menu
    // no longer highlights the item under the pointer, so a click would select nothing. The menu takes focus a
    // frame after it opens (later on a busy machine), and keys pressed before land on the trigger: wait for it,
    // then move until Sair is the highlighted item.
    await waitFor(() => expect(screen.getByRole('menu')).toHaveFocus());
    for (let step = 0; step < 4 && !sair.hasAttribute('data-highlighted'); step += 1) {
      await user.keyboard('{ArrowDown}');
    }
    expect(sair).toHaveAttribute('data-highlighted');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('a 401 on any call ends the session as Sair does, cache included', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/clientes/:id/resumo/', () =>
        HttpResponse.json({ detail: 'Token inválido ou expirado.' }, { status: 401 }),
      ),
    );
    const { user, queryClient } = renderApp('/clientes', { username: 'carlos' });
    const table = await screen.findByRole('table', { name: 'Clientes' });
    const row = (await within(table).findByText('Ana Beatriz Carvalho')).closest('tr')!;
    await user.click(within(row).getByRole('link', { name: 'Abrir carteira' }));
    // The portfolio's chunk may load for the first time before its calls go out.
    expect(
      await screen.findByRole('button', { name: 'Entrar' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('access')).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('Perfil opens Minha conta (issue 32), still logged in', async () => {
    const { user } = renderApp('/clientes', { username: 'carlos' });
    const desktopBar = await screen.findByRole('navigation', { name: 'Principal' });
    await user.click(within(desktopBar).getAllByRole('button', { name: 'carlos' })[0]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Perfil' }));
    expect(
      await screen.findByRole('heading', { name: 'Minha conta' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/conta');
    expect(localStorage.getItem('access')).toBe('mock.token');
  });
});
