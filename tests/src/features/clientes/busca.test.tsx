import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../support/render';

/** Issue 34, item 5: the top bar's search opens a client's portfolio; the client list has a filter box. */
describe('finding a client at once', () => {
  it('finds a client by name, código XP or document from the top bar, and opens its portfolio', async () => {
    const { user } = renderApp('/controle-rv');
    await screen.findByRole('heading', { name: 'Painel de Controle' });
    const busca = screen.getByRole('combobox', { name: 'Buscar cliente' });
    await user.type(busca, 'nascimento');
    const lista = await screen.findByRole('listbox', { name: 'Clientes encontrados' });
    expect(
      within(lista)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nascimento Participações LtdaXP 9043127 · 55.597.971/0001-52']);
    await user.clear(busca);
    // A document typed with its punctuation; Enter opens the first match.
    await user.type(busca, '083.016');
    await within(await screen.findByRole('listbox')).findByText('Bruno Henrique Almeida');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('heading', { name: 'Bruno Henrique Almeida Carteira' }),
    ).toBeInTheDocument();
    expect(busca).toHaveValue('');
  });

  it('moves through the matches with the arrows and opens the one chosen', async () => {
    const { user } = renderApp('/controle-rv');
    await screen.findByRole('heading', { name: 'Painel de Controle' });
    await user.type(screen.getByRole('combobox', { name: 'Buscar cliente' }), 'a');
    const lista = await screen.findByRole('listbox');
    const segundo = within(lista).getAllByRole('option')[1]!;
    await user.keyboard('{ArrowDown}');
    expect(segundo).toHaveAttribute('aria-selected', 'true');
    const nome = segundo.querySelector('p')!.textContent!;
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: `${nome} Carteira` })).toBeInTheDocument();
  });

  it("focuses the search on '/', but not while typing in a field", async () => {
    const { user } = renderApp('/clientes');
    const filtro = await screen.findByRole('searchbox', { name: 'Filtrar clientes' });
    const busca = screen.getByRole('combobox', { name: 'Buscar cliente' });
    await user.click(document.body);
    await user.keyboard('/');
    expect(busca).toHaveFocus();
    expect(busca).toHaveValue('');
    await user.click(filtro);
    await user.keyboard('a/b');
    expect(filtro).toHaveFocus();
    expect(filtro).toHaveValue('a/b');
  });

  it('filters the client list by name, código XP or document', async () => {
    const { user } = renderApp('/clientes');
    const tabela = await screen.findByRole('table', { name: 'Clientes' });
    await within(tabela).findByText('Ana Beatriz Carvalho');
    const filtro = screen.getByRole('searchbox', { name: 'Filtrar clientes' });
    const nomes = () =>
      within(tabela.querySelector('tbody')!)
        .getAllByRole('row')
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    await user.type(filtro, '3159024');
    await waitFor(() => expect(nomes()).toEqual(['Bruno Henrique Almeida']));
    await user.clear(filtro);
    await user.type(filtro, 'beatriz carv');
    await waitFor(() => expect(nomes()).toEqual(['Ana Beatriz Carvalho']));
    await user.clear(filtro);
    await user.type(filtro, 'ninguém assim');
    expect(await within(tabela).findByText('Nenhum cliente encontrado.')).toBeInTheDocument();
  });
});
