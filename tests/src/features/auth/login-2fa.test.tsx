import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints, PRECISA_2FA, type LoginResponse } from '../../../../contract';
import { handle, ok } from '../../../../mocks/contract';
import { mockToken } from '../../../../mocks/handlers/auth';
import { server } from '../../../../mocks/node';
import { recorded } from '../../../../mocks/recorded';
import { recordRequests } from '../../../support/requests';
import { renderApp } from '../../../support/render';
import { MOCK_CODIGO, MOCK_SEGREDO, precisa2fa, usuariosScene } from '../../msw-scenes-usuarios';

beforeEach(() => server.use(...usuariosScene()));

/** The first step answers as the server does for a user with the second factor on: 401, no token. */
const comSegundoFator = () =>
  server.use(
    http.post('/api/token/', async ({ request }) => {
      const { username } = (await request.json()) as { username: string };
      return HttpResponse.json({ detail: PRECISA_2FA, ...precisa2fa(username) }, { status: 401 });
    }),
  );

/** The login answers a restricted session (a temporary password, or a role that needs a second factor). */
const loginCom = (resposta: Partial<LoginResponse>) =>
  server.use(
    handle(authEndpoints.login, ({ input: { body } }) =>
      ok(authEndpoints.login, {
        access: mockToken(body.username),
        username: body.username,
        papel: 'operador',
        escopo: 'completo',
        ...resposta,
      }),
    ),
  );

async function entrar(user: ReturnType<typeof renderApp>['user'], username = 'ana') {
  await user.type(await screen.findByLabelText('Usuário'), username);
  await user.type(screen.getByLabelText('Senha'), 'a senha de sempre');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('login with a second factor (issue 32)', () => {
  it('asks the code after the password, refuses a wrong one, then logs in with the role the server gave', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // The server's recorded answers: the password step's challenge, a wrong code's 401, a recovery code's session.
    const precisa = recorded('token-precisa-2fa');
    const [certo, errado] = [recorded('token-2fa'), recorded('token-2fa-401')];
    const codigoCerto = (certo.request.body as { codigo: string }).codigo;
    server.use(
      handle(authEndpoints.login, () => precisa.response as never),
      handle(authEndpoints.login2fa, ({ input: { body } }) =>
        body.codigo === codigoCerto
          ? ok(authEndpoints.login2fa, certo.response.body)
          : (errado.response as never),
      ),
    );
    const enviados = recordRequests('POST', /^\/api\/token\/2fa\/$/);
    const { user } = renderApp('/controle-robo', { loggedIn: false });
    await entrar(user, 'qa-operadora');

    const codigo = await screen.findByLabelText('Código');
    expect(screen.queryByLabelText('Senha')).not.toBeInTheDocument();
    expect(localStorage.getItem('access')).toBeNull();
    await user.type(codigo, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(errado.response.body.detail);
    expect(localStorage.getItem('access')).toBeNull();

    await user.clear(codigo);
    await user.type(codigo, codigoCerto);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Controle ROBÔ', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(localStorage.getItem('access')).toBe(certo.response.body.access);
    expect(localStorage.getItem('papel')).toBe('operador');
    expect(localStorage.getItem('escopo')).toBe('completo');
    // The challenge of the first step went with each code.
    const { desafio } = precisa.response.body as { desafio: string };
    expect(enviados.map((r) => r.body)).toEqual([
      { desafio, codigo: '000000' },
      { desafio, codigo: codigoCerto },
    ]);
  });

  it('logs in with the mock second step too (a code of the mocks)', async () => {
    comSegundoFator();
    const { user } = renderApp('/controle-robo', { loggedIn: false });
    await entrar(user);
    await user.type(await screen.findByLabelText('Código'), MOCK_CODIGO);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Controle ROBÔ', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(localStorage.getItem('access')).toBe(mockToken('ana'));
  });

  it('asks for a code before calling the server, and Voltar asks the password again', async () => {
    comSegundoFator();
    const enviados = recordRequests('POST', /^\/api\/token\/2fa\/$/);
    const { user } = renderApp('/', { loggedIn: false });
    await entrar(user);
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Informe o código.')).toBeInTheDocument();
    expect(enviados).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByLabelText('Senha')).toBeInTheDocument();
    expect(screen.queryByLabelText('Código')).not.toBeInTheDocument();
  });

  it('says a wrong password as before (no second step)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post('/api/token/', () =>
        HttpResponse.json({ detail: 'Usuário ou senha inválidos.' }, { status: 401 }),
      ),
    );
    const { user } = renderApp('/', { loggedIn: false });
    await entrar(user);
    expect(await screen.findByText('Usuário ou senha inválidos')).toBeInTheDocument();
    expect(screen.queryByLabelText('Código')).not.toBeInTheDocument();
  });
});

describe('a restricted session (issue 32)', () => {
  it('with a temporary password sees only "Trocar senha", then the product once it is changed', async () => {
    loginCom({ escopo: 'trocar_senha' });
    const trocas = recordRequests('POST', /^\/api\/eu\/senha\/$/);
    const { user } = renderApp('/clientes', { loggedIn: false });
    await entrar(user, 'novo');

    const main = await screen.findByRole('main', {}, { timeout: 5000 });
    expect(within(main).getByRole('heading', { name: 'Trocar senha' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Principal' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Senha atual'), 'Temporaria-0001-mock');
    await user.type(screen.getByLabelText('Nova senha'), 'uma senha nova e longa');
    await user.type(screen.getByLabelText('Repita a nova senha'), 'uma senha nova e longa');
    await user.click(screen.getByRole('button', { name: 'Trocar senha' }));

    expect(
      await screen.findByRole('heading', { name: 'Clientes' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(trocas.map((r) => r.body)).toEqual([
      { atual: 'Temporaria-0001-mock', nova: 'uma senha nova e longa' },
    ]);
    // The answer's token (a full session) replaced the temporary one.
    expect(localStorage.getItem('escopo')).toBe('completo');
  });

  it('refuses two different new passwords without calling the server', async () => {
    loginCom({ escopo: 'trocar_senha' });
    const trocas = recordRequests('POST', /^\/api\/eu\/senha\/$/);
    const { user } = renderApp('/', { loggedIn: false });
    await entrar(user, 'novo');
    await user.type(await screen.findByLabelText('Senha atual', {}, { timeout: 5000 }), 'x');
    await user.type(screen.getByLabelText('Nova senha'), 'uma senha nova e longa');
    await user.type(screen.getByLabelText('Repita a nova senha'), 'outra senha nova longa');
    await user.click(screen.getByRole('button', { name: 'Trocar senha' }));
    expect(await screen.findByText('As duas senhas novas não conferem.')).toBeInTheDocument();
    expect(trocas).toEqual([]);
  });

  it('of a role that needs a second factor enrols first: the codes stay until kept, then the product', async () => {
    loginCom({ escopo: 'inscrever_2fa' });
    const { user } = renderApp('/clientes', { loggedIn: false });
    await entrar(user, 'novo');
    expect(
      await screen.findByRole('heading', { name: 'Ative o segundo fator' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ativar segundo fator' }));
    expect(await screen.findByLabelText('Segredo')).toHaveTextContent(
      MOCK_SEGREDO.replace(/(.{4})(?=.)/g, '$1 '),
    );
    expect(screen.getByLabelText('Segredo')).toHaveAttribute('data-segredo', MOCK_SEGREDO);
    expect(screen.getByRole('img', { name: 'QR code do segundo fator' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Código do aplicativo'), MOCK_CODIGO);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    const codigos = await screen.findByRole('list', { name: 'Códigos de recuperação' });
    expect(within(codigos).getAllByRole('listitem')).toHaveLength(10);
    // The new session is a full one, yet the codes stay on screen until kept.
    expect(localStorage.getItem('escopo')).toBe('completo');
    expect(screen.queryByRole('navigation', { name: 'Principal' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Já guardei os códigos' }));
    expect(
      await screen.findByRole('heading', { name: 'Clientes' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
