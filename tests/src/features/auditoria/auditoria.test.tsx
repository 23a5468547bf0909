import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../../mocks/node';
import { renderApp } from '../../../support/render';
import { auditoriaScene, usuariosScene } from '../../msw-scenes-usuarios';

beforeEach(() => server.use(...usuariosScene(), ...auditoriaScene()));

/** The query of each audit page asked, in order. */
function recordQueries(): Array<Record<string, string>> {
  const queries: Array<Record<string, string>> = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/auditoria/')
      queries.push(Object.fromEntries(url.searchParams));
  });
  return queries;
}

const grid = () => screen.findByRole('table', { name: 'Auditoria' });
const bodyRows = async () =>
  within(await grid())
    .getAllByRole('row')
    .slice(1)
    .filter((r) => !r.hasAttribute('data-detail'));

// A hundred rows a page, each with its difference: more to render than most screens on a busy machine.
describe('Ferramentas → Auditoria (admin)', { timeout: 30_000 }, () => {
  it('lists the newest first, a page at a time, each with its difference and a link to what it concerns', async () => {
    const queries = recordQueries();
    const { user } = renderApp('/ferramentas/auditoria');
    expect(await screen.findByRole('heading', { name: 'Auditoria' })).toBeInTheDocument();
    expect(await screen.findByText('100 registros (há mais)')).toBeInTheDocument();
    const headers = within(await grid())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Data/hora', 'Usuário', 'Ação', 'Entidade', 'Registro', 'Diferença']);

    // The mock's newest: 130, admin made bruno an assessor; 128, admin deleted a client; 127, bruno changed a target.
    const [u130, , c128, o127] = await bodyRows();
    expect(within(u130!).getByText('Alteração')).toBeInTheDocument();
    expect(within(u130!).getByText('Usuário', { selector: 'td' })).toBeInTheDocument();
    expect(within(u130!).getByRole('link', { name: 'Usuário bruno' })).toHaveAttribute(
      'href',
      '/ferramentas/usuarios',
    );
    expect(within(u130!).getByText('leitura', { selector: 'del' })).toBeInTheDocument();
    expect(within(u130!).getByText('assessor', { selector: 'ins' })).toBeInTheDocument();
    expect(within(c128!).getByText('Exclusão')).toBeInTheDocument();
    expect(within(c128!).getByRole('link', { name: 'Cliente Removido' })).toHaveAttribute(
      'href',
      '/clientes/128/carteira',
    );
    expect(within(o127!).getByText('40', { selector: 'del' })).toBeInTheDocument();
    expect(within(o127!).getByText('42.5', { selector: 'ins' })).toBeInTheDocument();
    expect(within(o127!).getByRole('link', { name: 'Operação 127' })).toHaveAttribute(
      'href',
      '/clientes/1/carteira',
    );

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('130 registros')).toBeInTheDocument();
    expect(queries).toEqual([{}, { cursor: '31' }]);
  });

  it("opens an entry's whole difference under its row", async () => {
    const { user } = renderApp('/ferramentas/auditoria');
    await screen.findByText('100 registros (há mais)');
    // Entry 129: ana's buy (an order created: every field after).
    const ordem = (await bodyRows())[1]!;
    expect(within(ordem).getByRole('link', { name: /^Ordem 0000/ })).toHaveAttribute(
      'href',
      '/ordens/00000129-0000-4000-8000-000000000000',
    );
    expect(within(ordem).getByText(/e mais 1 campo/)).toBeInTheDocument();
    await user.click(within(ordem).getByRole('button', { name: /^Detalhes do registro de/ }));
    const diferenca = await screen.findByRole('table', { name: 'Diferença' });
    const linhas = within(diferenca)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(linhas).toEqual([
      ['cliente_id', '—', '1'],
      ['ticker_base', '—', 'PETR4'],
      ['lado', '—', 'compra'],
      ['state', '—', 'sent'],
    ]);
  });

  it('filters by user (asked on Enter), entity, action and a period typed dd/mm/aaaa', async () => {
    const queries = recordQueries();
    const { user } = renderApp('/ferramentas/auditoria');
    await screen.findByText('100 registros (há mais)');

    await user.type(screen.getByLabelText('Usuário'), 'ana');
    // Nothing asked per key.
    expect(queries).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('33 registros')).toBeInTheDocument();
    for (const row of await bodyRows()) expect(within(row).getByText('ana')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Entidade'), 'Ordem');
    await user.selectOptions(screen.getByLabelText('Ação'), 'Criação');
    await user.click(screen.getByLabelText('De'));
    await user.paste('06/01/2026');
    await user.click(screen.getByLabelText('Até'));
    await user.paste('06/01/2026');
    // 2026-01-06 in São Paulo: entries 15 to 38 (an hour apart from 10:00 on the 5th); ana's, every fourth.
    await waitFor(async () => expect(await bodyRows()).toHaveLength(6));
    expect(queries.at(-1)).toEqual({
      usuario: 'ana',
      entidade: 'order_group',
      acao: 'create',
      de: '2026-01-06',
      ate: '2026-01-06',
    });

    await user.click(screen.getByRole('button', { name: 'Limpar Filtros' }));
    expect(await screen.findByText('100 registros (há mais)')).toBeInTheDocument();
    expect(screen.getByLabelText('Usuário')).toHaveValue('');
  });

  it('says a reversed period under the field, and does not ask it', async () => {
    const queries = recordQueries();
    const { user } = renderApp('/ferramentas/auditoria');
    await screen.findByText('100 registros (há mais)');
    await user.click(screen.getByLabelText('De'));
    await user.paste('10/01/2026');
    await user.click(screen.getByLabelText('Até'));
    await user.paste('05/01/2026');
    expect(
      await screen.findByText('O fim do período não pode ser anterior ao início.'),
    ).toBeInTheDocument();
    expect(queries.every((q) => !('ate' in q))).toBe(true);
  });
});
