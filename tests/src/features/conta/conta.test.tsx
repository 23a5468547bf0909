import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CODIGO_INVALIDO, euEndpoints, SENHA_ATUAL_INCORRETA } from '../../../../contract';
import { handle, ok } from '../../../../mocks/contract';
import { mockToken, WRONG_PASSWORD } from '../../../../mocks/handlers/auth';
import { server } from '../../../../mocks/node';
import { recorded } from '../../../../mocks/recorded';
import { recordRequests } from '../../../support/requests';
import { renderApp } from '../../../support/render';
import { MOCK_CODIGO, MOCK_SEGREDO, usuariosScene } from '../../msw-scenes-usuarios';

beforeEach(() => server.use(...usuariosScene()));

// Its page's code may load for the first time in the test.
const secao = (name: string) => screen.findByRole('region', { name }, { timeout: 5000 });
/** The recorded enrolment's recovery codes (mocks/fixtures/eu-2fa-confirmar.json). */
const RECUPERACAO = recorded('eu-2fa-confirmar').response.body.codigos_recuperacao;
const emGrupos = (segredo: string) => segredo.replace(/(.{4})(?=.)/g, '$1 ');

describe('Minha conta (issue 32)', () => {
  it('shows who I am as the server says: name, e-mail and role', async () => {
    server.use(
      handle(euEndpoints.get, () =>
        ok(euEndpoints.get, {
          id: 2,
          username: 'ana',
          email: 'ana@carteira.example',
          papel: 'operador',
          totp_ativo: true,
          senha_temporaria: false,
          exige_2fa: true,
          escopo: 'completo',
          sessao_id: '00000000-0000-4000-8000-000000000001',
        }),
      ),
    );
    renderApp('/conta', { username: 'ana', papel: 'operador' });
    expect(await screen.findByRole('heading', { name: 'Minha conta' })).toBeInTheDocument();
    const dados = await secao('Dados');
    for (const text of ['ana', 'ana@carteira.example', 'Operador']) {
      expect(await within(dados).findByText(text)).toBeInTheDocument();
    }
    // EXIGIR_2FA names the role: the factor cannot be turned off here.
    const fator = await secao('Segundo fator');
    expect(within(fator).getByText(/ele não pode ser desativado/)).toBeInTheDocument();
    expect(within(fator).queryByRole('button', { name: 'Desativar segundo fator' })).toBeNull();
  });

  it('changes my password: the current one checked by the server, the new token kept', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/conta', { username: 'diego' });
    const senha = await secao('Senha');
    await user.type(within(senha).getByLabelText('Senha atual'), WRONG_PASSWORD);
    await user.type(within(senha).getByLabelText('Nova senha'), 'curta');
    await user.type(within(senha).getByLabelText('Repita a nova senha'), 'curta');
    await user.click(within(senha).getByRole('button', { name: 'Trocar senha' }));
    expect(
      await within(senha).findByText('A senha deve ter pelo menos 12 caracteres.'),
    ).toBeInTheDocument();

    await user.clear(within(senha).getByLabelText('Nova senha'));
    await user.clear(within(senha).getByLabelText('Repita a nova senha'));
    await user.type(within(senha).getByLabelText('Nova senha'), 'uma senha nova e longa');
    await user.type(within(senha).getByLabelText('Repita a nova senha'), 'uma senha nova e longa');
    await user.click(within(senha).getByRole('button', { name: 'Trocar senha' }));
    expect(await within(senha).findByText(SENHA_ATUAL_INCORRETA)).toBeInTheDocument();
    expect(localStorage.getItem('access')).toBe('mock.token');

    await user.clear(within(senha).getByLabelText('Senha atual'));
    await user.type(within(senha).getByLabelText('Senha atual'), 'a senha de antes');
    await user.click(within(senha).getByRole('button', { name: 'Trocar senha' }));
    expect(
      await within(senha).findByText('Senha alterada. As outras sessões foram encerradas.'),
    ).toBeInTheDocument();
    // The server ended every session and answered a new token for this browser.
    expect(localStorage.getItem('access')).toBe(mockToken(''));
    expect(within(senha).getByLabelText('Senha atual')).toHaveValue('');
  });

  it('lists my sessions with their browser; Encerrar one, or every other', async () => {
    const encerradas = recordRequests('DELETE', /^\/api\/eu\/sessoes\/.+\/$/);
    const { user } = renderApp('/conta');
    const sessoes = await secao('Sessões');
    const table = await within(sessoes).findByRole('table', { name: 'Minhas sessões' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Chrome 126 · Linux')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Esta sessão')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /Encerrar/ })).toBeNull();
    expect(within(rows[1]!).getByText('Firefox 128 · Windows')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('10.0.0.7')).toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: /^Encerrar a sessão/ }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(encerradas).toHaveLength(1);
    expect(within(sessoes).getByRole('button', { name: 'Encerrar as outras' })).toBeDisabled();
  });

  it('"Encerrar as outras" says how many it ended', async () => {
    const { user } = renderApp('/conta');
    const sessoes = await secao('Sessões');
    await within(sessoes).findByText('Firefox 128 · Windows');
    await user.click(within(sessoes).getByRole('button', { name: 'Encerrar as outras' }));
    expect(await within(sessoes).findByText('1 sessão encerrada.')).toBeInTheDocument();
    await waitFor(() => expect(within(sessoes).queryByText('Firefox 128 · Windows')).toBeNull());
  });

  it('turns the second factor on: QR code and secret, one code, then 10 recovery codes shown once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/conta', { username: 'diego' });
    const fator = await secao('Segundo fator');
    expect(await within(fator).findByText('Desativado')).toBeInTheDocument();
    await user.click(within(fator).getByRole('button', { name: 'Ativar segundo fator' }));
    expect(await within(fator).findByRole('img', { name: 'QR code do segundo fator' }));
    expect(within(fator).getByLabelText('Segredo')).toHaveTextContent(emGrupos(MOCK_SEGREDO));

    await user.type(within(fator).getByLabelText('Código do aplicativo'), '000000');
    await user.click(within(fator).getByRole('button', { name: 'Confirmar' }));
    expect(await within(fator).findByText(CODIGO_INVALIDO)).toBeInTheDocument();
    await user.clear(within(fator).getByLabelText('Código do aplicativo'));
    await user.type(within(fator).getByLabelText('Código do aplicativo'), MOCK_CODIGO);
    await user.click(within(fator).getByRole('button', { name: 'Confirmar' }));

    const codigos = await within(fator).findByRole('list', { name: 'Códigos de recuperação' });
    expect(
      within(codigos)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(RECUPERACAO);
    expect(RECUPERACAO).toHaveLength(10);
    // Confirming ended the sessions opened with the password alone: this browser has a new token.
    expect(localStorage.getItem('access')).toBe(mockToken(''));
    // The account now says the factor is on, and the codes stay until kept.
    expect(await within(fator).findByText('Ativo')).toBeInTheDocument();
    await user.click(within(fator).getByRole('button', { name: 'Já guardei os códigos' }));
    expect(within(fator).queryByRole('list', { name: 'Códigos de recuperação' })).toBeNull();
    expect(
      within(fator).getByRole('button', { name: 'Desativar segundo fator' }),
    ).toBeInTheDocument();
  });

  it('turns the second factor off with a code', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const desativacoes = recordRequests('DELETE', /^\/api\/eu\/2fa\/$/);
    // The mock token's user: give it the factor first.
    const { user } = renderApp('/conta');
    const fator = await secao('Segundo fator');
    await user.click(await within(fator).findByRole('button', { name: 'Ativar segundo fator' }));
    await user.type(await within(fator).findByLabelText('Código do aplicativo'), MOCK_CODIGO);
    await user.click(within(fator).getByRole('button', { name: 'Confirmar' }));
    await user.click(await within(fator).findByRole('button', { name: 'Já guardei os códigos' }));

    await user.click(within(fator).getByRole('button', { name: 'Desativar segundo fator' }));
    await user.click(within(fator).getByRole('button', { name: 'Desativar' }));
    expect(await within(fator).findByText('Informe o código.')).toBeInTheDocument();
    expect(desativacoes).toEqual([]);
    await user.type(
      within(fator).getByLabelText('Código do aplicativo ou de recuperação'),
      RECUPERACAO[2]!,
    );
    await user.click(within(fator).getByRole('button', { name: 'Desativar' }));
    expect(await within(fator).findByText('Desativado')).toBeInTheDocument();
    expect(desativacoes.map((r) => r.body)).toEqual([{ codigo: RECUPERACAO[2] }]);
  });
});
