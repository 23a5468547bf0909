import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedAlertasMock } from '../../msw-scenes-alertas';
import { recorded } from '../../../../mocks/recorded';
import { recordRequests } from '../../../support/requests';
import { renderApp } from '../../../support/render';
import { ALERTA_ALVO, ALERTA_DIVERGENCIA, ALERTA_RESOLVIDO, ALERTAS } from './respostas';

const REGRAS = recorded('alertas-regras').response.body;
const PREFERENCIAS = recorded('preferencias').response.body;

/**
 * Ferramentas → Alertas (issue 31): the list and its filters in the address, acknowledge and snooze from a row,
 * the user's price rules (a duplicate refused with the server's 409 detail), and the preferences per type, with the
 * server's e-mail off said. Over the mock's alerts, seeded with the server's recorded answers (./respostas.ts).
 */

/** Several steps on one screen (a busy machine runs them slowly). */
const PASSOS = 30_000;

const linhaDe = async (titulo: string) => {
  const tabela = await screen.findByRole('table', { name: 'Alertas' }, { timeout: 5000 });
  return (await within(tabela).findByText(titulo)).closest('tr')!;
};

describe('the Alertas page', () => {
  beforeEach(() =>
    seedAlertasMock({ alertas: ALERTAS, regras: REGRAS, preferencias: PREFERENCIAS }),
  );
  afterEach(() => seedAlertasMock({}));

  it(
    'lists the alerts newest first, filters them by estado, tipo and cliente, in the address',
    async () => {
      const { user } = renderApp('/alertas');
      const tabela = await screen.findByRole('table', { name: 'Alertas' }, { timeout: 5000 });
      await within(tabela).findByText(ALERTA_DIVERGENCIA.titulo);
      const titulos = () =>
        within(tabela)
          .getAllByRole('row')
          .slice(1)
          .map((r) => within(r).queryByRole('link')?.textContent ?? r.textContent);
      expect(titulos()).toEqual([
        ALERTA_DIVERGENCIA.titulo,
        ALERTA_ALVO.titulo,
        ALERTA_RESOLVIDO.titulo,
      ]);

      await user.selectOptions(screen.getByLabelText('Estado'), 'Resolvido');
      await waitFor(() => expect(titulos()).toEqual([ALERTA_RESOLVIDO.titulo]));
      expect(window.location.search).toBe('?estado=resolvido');
      // A resolved alert is over: nothing to acknowledge or snooze.
      const resolvido = await linhaDe(ALERTA_RESOLVIDO.titulo);
      expect(within(resolvido).queryByRole('button')).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Limpar Filtros' }));
      await user.selectOptions(screen.getByLabelText('Cliente'), 'Ana Beatriz Carvalho');
      await waitFor(() =>
        expect(titulos()).toEqual([ALERTA_DIVERGENCIA.titulo, ALERTA_ALVO.titulo]),
      );
      await user.selectOptions(screen.getByLabelText('Tipo'), 'Divergência na conciliação');
      await waitFor(() => expect(titulos()).toEqual([ALERTA_DIVERGENCIA.titulo]));
      expect(new URLSearchParams(window.location.search).get('tipo')).toBe('divergencia');
      expect(new URLSearchParams(window.location.search).get('cliente')).toBe('1');
      await user.selectOptions(screen.getByLabelText('Tipo'), 'Terminal offline');
      expect(await within(tabela).findByText('Nenhum alerta com esses filtros.')).toBeVisible();
    },
    PASSOS,
  );

  it('acknowledges an alert: who and when, and no more Reconhecer', async () => {
    const { user } = renderApp('/alertas?tipo=alvo');
    const linha = await linhaDe(ALERTA_ALVO.titulo);
    await user.click(
      within(linha).getByRole('button', { name: `Reconhecer: ${ALERTA_ALVO.titulo}` }),
    );
    expect(
      await within(linha).findByText(/^Reconhecido por operador em \d{2}\/\d{2}\/\d{4}/),
    ).toBeVisible();
    expect(within(linha).queryByRole('button', { name: /^Reconhecer/ })).toBeNull();
    // Still snoozable: acknowledging ends the repeats, not the alert.
    expect(within(linha).getByRole('button', { name: /^Adiar/ })).toBeVisible();
  });

  it(
    'snoozes an alert until a date and time of São Paulo, and shows the server’s refusal of a past one',
    async () => {
      const adiamentos = recordRequests('POST', /\/api\/alertas\/2\/adiar\/$/);
      const { user } = renderApp('/alertas');
      const linha = await linhaDe(ALERTA_DIVERGENCIA.titulo);
      await user.click(
        within(linha).getByRole('button', { name: `Adiar: ${ALERTA_DIVERGENCIA.titulo}` }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Adiar alerta' });

      await user.clear(within(dialog).getByLabelText('Até (data)'));
      await user.type(within(dialog).getByLabelText('Até (data)'), '01012020');
      await user.clear(within(dialog).getByLabelText('Hora'));
      await user.type(within(dialog).getByLabelText('Hora'), '9:30');
      await user.click(within(dialog).getByRole('button', { name: 'Adiar' }));
      expect(
        await within(dialog).findByText('Informe a hora como hh:mm (ex.: 14:30).'),
      ).toBeVisible();
      expect(adiamentos).toEqual([]);

      await user.clear(within(dialog).getByLabelText('Hora'));
      await user.type(within(dialog).getByLabelText('Hora'), '09:30');
      await user.click(within(dialog).getByRole('button', { name: 'Adiar' }));
      // The server's refusal, as recorded, under the field.
      const noPassado = recorded('alertas-adiar-400').response.body.campos!.ate!;
      expect(await within(dialog).findByText(noPassado)).toBeVisible();
      expect(adiamentos[0]?.body).toEqual({ ate: '2020-01-01T09:30:00-03:00' });

      await user.click(within(dialog).getByRole('button', { name: 'Amanhã às 10:00' }));
      await user.click(within(dialog).getByRole('button', { name: 'Adiar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect((adiamentos.at(-1)?.body as { ate: string }).ate).toMatch(/T10:00:00-03:00$/);
      expect(
        await within(linha).findByText(/^Adiado até \d{2}\/\d{2}\/\d{4} 10:00$/),
      ).toBeVisible();
    },
    PASSOS,
  );

  it(
    'creates a price rule from a level typed with a comma, refuses a duplicate with the server’s detail, and deletes one',
    async () => {
      const criadas = recordRequests('POST', /\/api\/alertas\/regras\/$/);
      const { user } = renderApp('/alertas?aba=regras');
      const tabela = await screen.findByRole(
        'table',
        { name: 'Regras de preço' },
        { timeout: 5000 },
      );
      expect(await within(tabela).findAllByText('CGRA3')).toHaveLength(REGRAS.length);

      await user.type(screen.getByLabelText('Ação (ticker)'), 'petr4');
      await user.type(screen.getByLabelText('Nível (R$)'), '40,5');
      await user.click(screen.getByRole('button', { name: 'Criar regra' }));
      const linha = (await within(tabela).findByText('PETR4')).closest('tr')!;
      expect(within(linha).getByText('Acima de')).toBeVisible();
      expect(within(linha).getByText('R$ 40,50')).toBeVisible();
      expect(within(linha).getByText('Armada')).toBeVisible();
      expect(criadas[0]?.body).toEqual({ ticker: 'PETR4', direcao: 'acima', nivel: 40.5 });

      await user.type(screen.getByLabelText('Ação (ticker)'), 'PETR4');
      await user.type(screen.getByLabelText('Nível (R$)'), '40,50');
      await user.click(screen.getByRole('button', { name: 'Criar regra' }));
      // The server's words, as recorded: not the generic 'Erro 409'.
      const duplicada = recorded('alertas-regras-create-409').response.body.detail;
      expect(await screen.findByText(duplicada)).toBeVisible();
      expect(within(tabela).getAllByText('PETR4')).toHaveLength(1);

      await user.click(
        within(tabela).getByRole('button', { name: 'Excluir CGRA3 abaixo de R$ 1,00' }),
      );
      const confirmar = await screen.findByRole('alertdialog', { name: 'Excluir regra' });
      expect(within(confirmar).getByText('Excluir a regra CGRA3 abaixo de R$ 1,00?')).toBeVisible();
      await user.click(within(confirmar).getByRole('button', { name: 'Excluir' }));
      await waitFor(() => expect(within(tabela).getAllByText('CGRA3')).toHaveLength(1));
    },
    PASSOS,
  );

  it('re-arms a rule that fired', async () => {
    const { user } = renderApp('/alertas?aba=regras');
    const tabela = await screen.findByRole('table', { name: 'Regras de preço' }, { timeout: 5000 });
    const botao = await within(tabela).findByRole('button', {
      name: 'Rearmar CGRA3 acima de R$ 1,00',
    });
    const linha = botao.closest('tr')!;
    expect(within(linha).getByText('Disparada')).toBeVisible();
    await user.click(botao);
    expect(await within(linha).findByText('Armada')).toBeVisible();
    expect(within(linha).queryByRole('button', { name: /^Rearmar/ })).toBeNull();
  });

  it('says e-mail is off on the server, and saves the channel chosen per type and the e-mail', async () => {
    const salvas = recordRequests('PUT', /\/api\/eu\/preferencias\/$/);
    const { user } = renderApp('/alertas?aba=preferencias');
    expect(
      await screen.findByText(/O envio de e-mails está desligado neste servidor/, undefined, {
        timeout: 5000,
      }),
    ).toBeVisible();
    expect(screen.getByLabelText('Ordem em dúvida')).toHaveValue('app_email');
    expect(screen.getByLabelText('Alvo atingido')).toHaveValue('app');

    await user.type(screen.getByLabelText('Seu e-mail'), 'ana@exemplo');
    await user.click(screen.getByRole('button', { name: 'Salvar preferências' }));
    expect(await screen.findByText('Digite um email válido')).toBeVisible();
    expect(salvas).toEqual([]);

    await user.type(screen.getByLabelText('Seu e-mail'), '.com.br');
    await user.selectOptions(screen.getByLabelText('Alvo atingido'), 'No app e por e-mail');
    await user.click(screen.getByRole('button', { name: 'Salvar preferências' }));
    expect(await screen.findByText('Preferências salvas.')).toBeVisible();
    expect(salvas[0]?.body).toEqual({
      email: 'ana@exemplo.com.br',
      canais: { ...PREFERENCIAS.canais, alvo: 'app_email' },
    });
  });

  it('leitura reads the alerts and the rules, and is offered nothing that handles them (issue 32)', async () => {
    const { user } = renderApp('/alertas', { papel: 'leitura' });
    const linha = await linhaDe(ALERTA_ALVO.titulo);
    expect(within(linha).getByRole('link', { name: ALERTA_ALVO.titulo })).toBeVisible();
    const tabela = screen.getByRole('table', { name: 'Alertas' });
    expect(within(tabela).queryByRole('columnheader', { name: 'Ações' })).toBeNull();
    expect(within(tabela).queryAllByRole('button', { name: /^(Reconhecer|Adiar)/ })).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'Regras de preço' }));
    const regras = await screen.findByRole('table', { name: 'Regras de preço' });
    expect(await within(regras).findAllByText('CGRA3')).toHaveLength(REGRAS.length);
    expect(
      screen.getByText('Seu papel (Leitura) não permite tratar alertas ou regras de preço.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Criar regra' })).toBeNull();
    expect(within(regras).queryAllByRole('button', { name: /^(Rearmar|Excluir)/ })).toEqual([]);
  });
});
