import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { conciliacaoEndpoints as e } from '../../../../contract';
import { handle, ok } from '../../../../mocks/contract';
import { server } from '../../../../mocks/node';
import { renderApp } from '../../../support/render';

/**
 * The mock's reconciliation (mocks/handlers/conciliacao.ts): Ana's terminal holds 100 PETR4 fewer than her book
 * and her custody has 300 ITSA4 besides; Bruno's terminal answers; Nascimento's is offline; Diego has no VM IP.
 */
const tabela = () => screen.getByRole('table', { name: 'Conciliação' });
const linhas = () => within(tabela()).getAllByRole('row').slice(1);

async function openTab() {
  const rendered = renderApp('/controle-rv');
  // Generous waits: the panel's chunk and first answers may load for the first time (a busy machine).
  await rendered.user.click(
    await screen.findByRole('tab', { name: 'CONCILIAÇÃO' }, { timeout: 5000 }),
  );
  await waitFor(() => expect(linhas()).toHaveLength(4), { timeout: 5000 });
  return rendered;
}

describe('control panel — CONCILIAÇÃO', () => {
  it("shows every client's worst state, divergence count, terminal and custody date", async () => {
    await openTab();
    expect(
      screen.getByText('4 clientes: 1 conferem, 1 divergentes, 2 sem terminal.'),
    ).toBeInTheDocument();
    const [ana, bruno, nascimento, diego] = linhas().map((r) =>
      [...r.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent),
    );
    expect(ana).toEqual(['Ana Beatriz Carvalho', 'Divergente', '2', 'Respondeu', '28/10/2025']);
    expect(bruno).toEqual(['Bruno Henrique Almeida', 'Confere', '0', 'Respondeu', '—']);
    // A terminal that did not answer is said as such: not a divergence.
    expect(nascimento).toEqual([
      'Nascimento Participações Ltda',
      'Sem terminal',
      '0',
      'Offline — Conexão recusada pelo agente MT5',
      '—',
    ]);
    expect(diego).toEqual([
      'Diego Fernandes Souza',
      'Sem terminal',
      '0',
      'Sem IP — Cliente sem IP de VM',
      '—',
    ]);
  });

  it('Só divergências keeps the divergent clients only', async () => {
    const { user } = await openTab();
    await user.click(screen.getByText('Só divergências'));
    await waitFor(() => expect(linhas()).toHaveLength(1));
    expect(linhas()[0]).toHaveTextContent('Ana Beatriz Carvalho');
    await user.click(screen.getByText('Só divergências'));
    await waitFor(() => expect(linhas()).toHaveLength(4));
  });

  it("expands a client's row into its detail, stock by stock, with each class and the differences", async () => {
    const { user } = await openTab();
    const toggle = screen.getByRole('button', { name: 'Detalhes de Ana Beatriz Carvalho' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const dialog = await screen.findByRole('region', { name: 'Detalhes de Ana Beatriz Carvalho' });
    // Inline, under Ana's row: the line after hers in the clients' grid, no dialog.
    expect(toggle.closest('tr')!.nextElementSibling).toContainElement(dialog);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const detalhe = await within(dialog).findByRole('table', {
      name: 'Conciliação de Ana Beatriz Carvalho',
    });
    expect(
      within(detalhe)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)),
    ).toEqual([
      ['ITSA4', '—', '—', '300', 'Só na custódia', 'custódia +300'],
      ['ITUB3', '100', '100', '100', 'Confere', '—'],
      ['PETR4', '100', '—', '100', 'Quantidade diverge', 'terminal −100'],
      ['VALE3', '200', '200', '200', 'Confere', '—'],
    ]);
    expect(within(dialog).getByText('Custódia: 28/10/2025')).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: /Detalhes de/ })).not.toBeInTheDocument();
    expect(linhas()).toHaveLength(4);
  });

  it('says in the detail that a silent terminal was not compared', async () => {
    server.use(
      handle(e.cliente, ({ input: { params } }) =>
        ok(e.cliente, {
          cliente: params.id,
          nome: 'Nascimento Participações Ltda',
          situacao: 'sem_terminal',
          divergencias: 0,
          terminal_status: 'offline',
          terminal_detalhe: 'Conexão recusada pelo agente MT5',
          custodia_data: null,
          linhas: [
            {
              acao: 'WEGE3',
              livro: 100,
              terminal: null,
              custodia: null,
              situacao: 'confere',
              diferenca_terminal: null,
              diferenca_custodia: null,
            },
          ],
        }),
      ),
    );
    const { user } = await openTab();
    await user.click(
      screen.getByRole('button', { name: 'Detalhes de Nascimento Participações Ltda' }),
    );
    const dialog = await screen.findByRole('region', {
      name: 'Detalhes de Nascimento Participações Ltda',
    });
    expect(
      await within(dialog).findByText(
        'O terminal não respondeu: as posições dele não foram comparadas (não contam como divergência).',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Custódia: nenhuma importada')).toBeInTheDocument();
  });

  it('labels the book-only and terminal-only stocks', async () => {
    const linha = (acao: string, livro: number | null, terminal: number | null) => ({
      acao,
      livro,
      terminal,
      custodia: null,
      situacao: livro ? ('so_no_livro' as const) : ('so_no_terminal' as const),
      diferenca_terminal: (terminal ?? 0) - (livro ?? 0),
      diferenca_custodia: null,
    });
    server.use(
      handle(e.cliente, ({ input: { params } }) =>
        ok(e.cliente, {
          cliente: params.id,
          nome: 'Bruno Henrique Almeida',
          situacao: 'divergente',
          divergencias: 2,
          terminal_status: 'online',
          terminal_detalhe: null,
          custodia_data: null,
          linhas: [linha('BBDC4', null, 300), linha('VALE3', 200, null)],
        }),
      ),
    );
    const { user } = await openTab();
    await user.click(screen.getByRole('button', { name: 'Detalhes de Bruno Henrique Almeida' }));
    const detalhe = await screen.findByRole('table', {
      name: 'Conciliação de Bruno Henrique Almeida',
    });
    expect(
      within(detalhe)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)),
    ).toEqual([
      ['BBDC4', '—', '300', '—', 'Só no terminal', 'terminal +300'],
      ['VALE3', '200', '—', '—', 'Só no livro', 'terminal −200'],
    ]);
  });
});
