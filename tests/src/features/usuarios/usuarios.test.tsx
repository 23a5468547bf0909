import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ULTIMO_ADMIN } from '../../../../contract';
import { server } from '../../../../mocks/node';
import { recorded } from '../../../../mocks/recorded';
import { recordRequests } from '../../../support/requests';
import { renderApp } from '../../../support/render';
import { addMockUsuario, usuariosScene } from '../../msw-scenes-usuarios';

beforeEach(() => server.use(...usuariosScene()));

// The recorded users: qa (admin) and qa-operadora (operator, with 2FA, her logins waiting); the recorded passwords.
const CRIADA = recorded('usuarios-create').response.body.senha_temporaria;
const NOVA = recorded('usuarios-senha').response.body.senha_temporaria;

// Behind an open dialog too (a modal dialog hides the page from the accessibility tree).
const table = () => screen.findByRole('table', { name: 'Usuários', hidden: true });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell', { hidden: true })
    .map((c) => c.textContent);
async function rowOf(username: string) {
  const t = await table();
  return (await within(t).findByText(username)).closest('tr')!;
}

async function gerenciar(user: ReturnType<typeof renderApp>['user'], username: string) {
  await user.click(
    within(await rowOf(username)).getByRole('button', {
      name: `Gerenciar ${username}`,
      hidden: true,
    }),
  );
  return screen.findByRole('dialog', { name: `Usuário ${username}` });
}

describe('Ferramentas → Usuários (admin)', () => {
  it('lists each user: name, e-mail, role, active, 2FA and last login', async () => {
    addMockUsuario({ username: 'carla', papel: 'leitura', ativo: false, email: 'carla@x.com' });
    renderApp('/ferramentas/usuarios');
    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeInTheDocument();
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/ [▲▼↕]$/, ''));
    expect(headers).toEqual([
      'Usuário',
      'E-mail',
      'Papel',
      'Ativo',
      '2FA',
      'Último login',
      'Ações',
    ]);
    expect(cells(await rowOf('qa-operadora')).slice(0, 6)).toEqual([
      'qa-operadora',
      'operadora.qa@example.com',
      'Operador',
      'Ativo',
      'Ativo',
      '26/11/2026 20:50:01',
    ]);
    expect(cells(await rowOf('carla')).slice(0, 6)).toEqual([
      'carla',
      'carla@x.com',
      'Leitura',
      'Desativado',
      'Sem 2FA',
      'Nunca',
    ]);
  });

  it('creates a user and shows the temporary password once', async () => {
    const criados = recordRequests('POST', /^\/api\/usuarios\/$/);
    const { user } = renderApp('/ferramentas/usuarios');
    await user.click(await screen.findByRole('button', { name: 'Novo usuário' }));
    let dialog = await screen.findByRole('dialog', { name: 'Novo usuário' });
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await within(dialog).findByText('Escolha admin, operador, assessor ou leitura.'));
    expect(criados).toEqual([]);

    await user.type(within(dialog).getByLabelText('Usuário'), 'diego');
    await user.type(within(dialog).getByLabelText('E-mail'), 'diego@carteira.example');
    await user.selectOptions(within(dialog).getByLabelText('Papel'), 'Operador');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));

    dialog = await screen.findByRole('dialog', { name: 'Usuário criado' });
    expect(within(dialog).getByLabelText('Senha temporária')).toHaveTextContent(CRIADA);
    expect(criados.map((r) => r.body)).toEqual([
      { username: 'diego', email: 'diego@carteira.example', papel: 'operador' },
    ]);
    const diego = await rowOf('diego');
    expect(cells(diego).slice(0, 3)).toEqual([
      'diegoSenha temporária',
      'diego@carteira.example',
      'Operador',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    // Closed, it is gone: the server keeps only its hash.
    await waitFor(() => expect(screen.queryByText(CRIADA)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Novo usuário' }));
    expect(
      await within(await screen.findByRole('dialog', { name: 'Novo usuário' })).findByLabelText(
        'Usuário',
      ),
    ).toHaveValue('');
  });

  it('edits the role and the e-mail', async () => {
    const alteracoes = recordRequests('PATCH', /^\/api\/usuarios\/2\/$/);
    const { user } = renderApp('/ferramentas/usuarios');
    const dialog = await gerenciar(user, 'qa-operadora');
    await user.selectOptions(within(dialog).getByLabelText('Papel'), 'Leitura');
    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Alterações salvas.')).toBeInTheDocument();
    // A blank e-mail removes it.
    expect(alteracoes.map((r) => r.body)).toEqual([{ email: null, papel: 'leitura' }]);
    expect(cells(await rowOf('qa-operadora')).slice(1, 3)).toEqual(['—', 'Leitura']);
  });

  it("says the server's 409 when the last admin would be demoted, and changes nothing", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/ferramentas/usuarios');
    const dialog = await gerenciar(user, 'qa');
    await user.selectOptions(within(dialog).getByLabelText('Papel'), 'Operador');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ULTIMO_ADMIN);
    expect(cells(await rowOf('qa'))[2]).toBe('Administrador');
  });

  it('deactivating asks first, ends the access, and the 409 of the last admin is said', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/ferramentas/usuarios');
    const dialog = await gerenciar(user, 'qa');
    await user.click(within(dialog).getByRole('button', { name: 'Desativar usuário' }));
    expect(
      within(dialog).getByText(/Desativar qa\? Ele não poderá mais entrar/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Desativar usuário' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ULTIMO_ADMIN);
  });

  it('deactivates and reactivates a user', async () => {
    const { user } = renderApp('/ferramentas/usuarios');
    const dialog = await gerenciar(user, 'qa-operadora');
    await user.click(within(dialog).getByRole('button', { name: 'Desativar usuário' }));
    await user.click(within(dialog).getByRole('button', { name: 'Desativar usuário' }));
    expect(
      await within(dialog).findByText('Usuário desativado: as sessões dele foram encerradas.'),
    ).toBeInTheDocument();
    await waitFor(async () => expect(cells(await rowOf('qa-operadora'))[3]).toBe('Desativado'));
    await user.click(await within(dialog).findByRole('button', { name: 'Reativar usuário' }));
    await waitFor(async () => expect(cells(await rowOf('qa-operadora'))[3]).toBe('Ativo'));
  });

  it('a new temporary password (asked first), 2FA reset and the throttle cleared', async () => {
    const senhas = recordRequests('POST', /^\/api\/usuarios\/2\/senha\/$/);
    const { user } = renderApp('/ferramentas/usuarios');
    const dialog = await gerenciar(user, 'qa-operadora');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar senha temporária' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(senhas).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Gerar senha temporária' }));
    await user.click(within(dialog).getByRole('button', { name: 'Gerar senha temporária' }));
    expect(await within(dialog).findByLabelText('Senha temporária')).toHaveTextContent(NOVA);
    expect(senhas).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Desativar segundo fator' }));
    await user.click(within(dialog).getByRole('button', { name: 'Desativar segundo fator' }));
    expect(
      await within(dialog).findByText('Segundo fator desativado e sessões encerradas.'),
    ).toBeInTheDocument();
    await waitFor(async () => expect(cells(await rowOf('qa-operadora'))[4]).toBe('Sem 2FA'));
    expect(within(dialog).queryByRole('button', { name: 'Desativar segundo fator' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Desbloquear login' }));
    expect(
      await within(dialog).findByText(
        'Tentativas zeradas: o próximo login de qa-operadora não espera.',
      ),
    ).toBeInTheDocument();
  });

  it('says until when an account waits after failed logins', async () => {
    const { user } = renderApp('/ferramentas/usuarios');
    const dialog = await gerenciar(user, 'qa-operadora');
    expect(
      within(dialog).getByText('Logins esperando após tentativas falhas até 26/11/2026 20:51:01.'),
    ).toBeInTheDocument();
  });
});
