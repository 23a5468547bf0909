import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockOperacao, resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { server } from '../../../../mocks/node';
import { renderApp } from '../../../support/render';
import { adicionarEvento as addMockEvento, eventosScene } from '../../msw-scenes-eventos';

beforeEach(() => {
  resetCarteiraMock();
  // The events applied to the portfolio mock as the server applies them (tests/src/msw-scenes-eventos.ts).
  server.use(...eventosScene());
});

const table = () => screen.findByRole('table', { name: 'Eventos corporativos' });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const rows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => cells(r).slice(0, 8));

async function abrirNovo(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Novo Evento' }));
  return screen.findByRole('dialog', { name: 'Novo Evento' });
}

describe('Ferramentas → Eventos corporativos', () => {
  it('is in the Ferramentas menu', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Ferramentas' }));
    const item = await screen.findByRole('menuitem', { name: 'Eventos corporativos' });
    expect(item).toHaveAttribute('href', '/ferramentas/eventos');
  });

  it('adds a split: listed with its factor and proportion, applied to the operations, which it adjusts', async () => {
    const { user } = renderApp('/ferramentas/eventos');
    expect(
      await screen.findByRole('heading', { name: 'Eventos corporativos' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Nenhum evento cadastrado.')).toBeInTheDocument();
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/ [▲▼↕]$/, ''));
    expect(headers).toEqual([
      'Data Ex',
      'Ação',
      'Tipo',
      'Fator',
      'Valor por Ação (R$)',
      'Fonte',
      'Situação',
      'Operações',
      'Ações',
    ]);

    const dialog = await abrirNovo(user);
    await user.selectOptions(await within(dialog).findByLabelText('Ação'), 'PETR4 — Petrobras');
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'Desdobramento');
    // A cash value means nothing for a split: only the factor is asked.
    expect(within(dialog).queryByLabelText('Valor por ação (R$)')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Data ex'), '15/08/2025');
    await user.type(within(dialog).getByLabelText('Fator'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Novo Evento' })).not.toBeInTheDocument(),
    );
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    const [linha] = await rows();
    expect(linha!.slice(0, 6)).toEqual([
      '15/08/2025',
      'PETR4',
      'Desdobramento',
      '2 (1:2)',
      '—',
      'Manual',
    ]);
    expect(linha![6]).toMatch(/^Aplicado em \d{2}\/\d{2}\/\d{4}$/);
    expect(linha![7]).toBe('1');
    // The mock's PETR4 operation (100 at R$ 30, bought 04/08/2025) now holds 200 at R$ 15.
    expect(mockOperacao(1)).toMatchObject({ quantidade: 200, preco_unitario: 15 });
  });

  it('says what is wrong with each field, in Portuguese, and sends nothing until it is right', async () => {
    const { user } = renderApp('/ferramentas/eventos');
    const dialog = await abrirNovo(user);
    const criar = within(dialog).getByRole('button', { name: 'Criar' });
    await user.click(criar);
    expect(await within(dialog).findByText('Selecione a ação.')).toBeInTheDocument();
    expect(within(dialog).getByText('Selecione o tipo do evento.')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe uma data válida (dd/mm/aaaa).')).toBeInTheDocument();

    await user.selectOptions(await within(dialog).findByLabelText('Ação'), 'VALE3 — Vale');
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'Desdobramento');
    await user.type(within(dialog).getByLabelText('Data ex'), '30/02/2025');
    await user.type(within(dialog).getByLabelText('Fator'), '0');
    await user.click(criar);
    expect(await within(dialog).findByText('Informe um fator maior que zero.')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe uma data válida (dd/mm/aaaa).')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Fator'));
    await user.type(within(dialog).getByLabelText('Fator'), '0,5');
    await user.click(criar);
    expect(
      await within(dialog).findByText(
        'Um desdobramento aumenta o número de ações: o fator é maior que 1 (2 para 1:2).',
      ),
    ).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'Dividendo');
    expect(within(dialog).queryByLabelText('Fator')).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Data ex'));
    await user.type(within(dialog).getByLabelText('Data ex'), '10/09/2025');
    await user.type(within(dialog).getByLabelText('Valor por ação (R$)'), '-1');
    await user.click(criar);
    expect(
      await within(dialog).findByText('Informe um valor por ação maior ou igual a zero.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Nenhum evento cadastrado.')).toBeInTheDocument();
  });

  it('refuses a duplicate with the server’s message', async () => {
    addMockEvento({
      acao: 5,
      tipo: 'dividendo',
      data_ex: '2025-09-10',
      fator: null,
      valor_por_acao: 0.5,
    });
    const { user } = renderApp('/ferramentas/eventos');
    const dialog = await abrirNovo(user);
    await user.selectOptions(await within(dialog).findByLabelText('Ação'), 'VALE3 — Vale');
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'Dividendo');
    await user.type(within(dialog).getByLabelText('Data ex'), '10/09/2025');
    await user.type(within(dialog).getByLabelText('Valor por ação (R$)'), '0,75');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Já existe um evento deste tipo para esta ação nesta data ex.',
    );
  });

  it('edits and deletes an event; deleting undoes what it did', async () => {
    addMockEvento({
      acao: 4,
      tipo: 'desdobramento',
      data_ex: '2025-08-15',
      fator: 2,
      valor_por_acao: null,
    });
    addMockEvento({
      acao: 5,
      tipo: 'jcp',
      data_ex: '2025-09-10',
      fator: null,
      valor_por_acao: 0.1234,
    });
    const { user } = renderApp('/ferramentas/eventos');
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect((await rows())[0]!.slice(1, 5)).toEqual(['VALE3', 'JCP', '—', '0,1234']);

    await user.click(
      screen.getByRole('button', { name: 'Editar Desdobramento de PETR4 em 15/08/2025' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar Evento' });
    expect(within(dialog).getByLabelText('Data ex')).toHaveValue('15/08/2025');
    expect(within(dialog).getByLabelText('Fator')).toHaveValue('2');
    await user.clear(within(dialog).getByLabelText('Fator'));
    await user.type(within(dialog).getByLabelText('Fator'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => expect((await rows())[1]![3]).toBe('4 (1:4)'));
    expect(mockOperacao(1)).toMatchObject({ quantidade: 400, preco_unitario: 7.5 });

    await user.click(
      screen.getByRole('button', { name: 'Excluir Desdobramento de PETR4 em 15/08/2025' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Deseja realmente deletar?' });
    expect(confirm).toHaveTextContent('O que ele fez em 1 operação será desfeito.');
    await user.click(within(confirm).getByRole('button', { name: 'Deletar' }));
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(mockOperacao(1)).toMatchObject({ quantidade: 100, preco_unitario: 30 });
  });

  it('filters by stock', async () => {
    addMockEvento({
      acao: 4,
      tipo: 'desdobramento',
      data_ex: '2025-08-15',
      fator: 2,
      valor_por_acao: null,
    });
    addMockEvento({
      acao: 5,
      tipo: 'dividendo',
      data_ex: '2025-09-10',
      fator: null,
      valor_por_acao: 0.5,
    });
    const { user } = renderApp('/ferramentas/eventos');
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Filtrar por ação'), 'VALE3');
    await waitFor(async () => expect((await rows()).map((r) => r[1])).toEqual(['VALE3']));
    await user.selectOptions(screen.getByLabelText('Filtrar por ação'), 'Todas');
    await waitFor(async () => expect(await rows()).toHaveLength(2));
  });
});
