import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { server } from '../../../../mocks/node';
import { renderApp } from '../../../support/render';
import {
  enviados,
  irCenarioHandlers,
  resetCenarioIr,
  setAvisosDoAno,
} from '../../features/ir/cenario';

/**
 * The portfolio's IR tab (issue 29) over the worked examples (tests/src/features/ir/cenario.ts): the year's
 * months, a month's detail with its DARF's fields copied as Sicalc takes them, the opening carries and the
 * sales made elsewhere saved.
 */
beforeEach(() => {
  resetCarteiraMock();
  resetCenarioIr();
  server.use(...irCenarioHandlers());
});

const celulas = (linha: HTMLElement) =>
  within(linha)
    .getAllByRole('cell')
    .map((c) => c.textContent);

/** The grid's row of a month ('Mar/2026'), as text, its first nine columns. */
async function linhaDoMes(mes: string) {
  const grade = await screen.findByRole('table', { name: 'IR 2026' });
  const linha = (await within(grade).findByText(mes)).closest('tr')!;
  return celulas(linha).slice(0, 9);
}

describe('the portfolio’s IR tab', () => {
  it('is a tab of the portfolio, and lists the year’s twelve months with situation, tax and DARF', async () => {
    const { user } = renderApp('/clientes/1/carteira?ano=2026');
    await user.click(await screen.findByRole('tab', { name: 'IR' }));
    const grade = await screen.findByRole('table', { name: 'IR 2026' }, { timeout: 5000 });
    await waitFor(() => expect(within(grade).getAllByRole('row')).toHaveLength(13));
    expect(
      within(grade)
        .getAllByRole('columnheader')
        .slice(0, 6)
        .map((h) => h.textContent?.replace(/ [▲▼↕]$/, '')),
    ).toEqual(['Mês', 'Situação', 'Imposto', 'DARF (R$)', 'Vencimento', 'Vendas de ações']);
    // Example e: January's 6,00 waits; February's DARF pays both, due on March's last business day.
    expect(await linhaDoMes('Jan/2026')).toEqual([
      'Jan/2026',
      'Abaixo de R$ 10,00',
      '6,00',
      '—',
      '27/02/2026',
      '0,00',
      'Sim',
      '0,00',
      '0,00',
    ]);
    expect((await linhaDoMes('Fev/2026')).slice(0, 5)).toEqual([
      'Fev/2026',
      'A pagar',
      '7,00',
      '13,00',
      '31/03/2026',
    ]);
    // Examples a and d: the stock sale is exempt, the day trade is not.
    expect(await linhaDoMes('Mar/2026')).toEqual([
      'Mar/2026',
      'A pagar',
      '40,00',
      '38,00',
      '30/04/2026',
      '5.250,00',
      'Sim',
      '443,75',
      '200,00',
    ]);
    expect(screen.getByText(/Imposto no ano R\$ 53,00 · 2 DARFs, R\$ 51,00/)).toBeVisible();
  });

  it('opens a month: its sales, positions at the average cost, computation, carries and DARF', async () => {
    const { user } = renderApp('/clientes/1/carteira?aba=ir&ano=2026');
    await user.click(
      await screen.findByRole('button', { name: 'Ver Mar/2026' }, { timeout: 5000 }),
    );
    const mes = await screen.findByRole('region', { name: 'IR de Março de 2026' });

    const vendas = await within(mes).findByRole('table', { name: 'Vendas de 03/2026' });
    expect(
      within(vendas)
        .getAllByRole('row')
        .slice(1)
        .map((r) => celulas(r)),
    ).toEqual([
      ['PETR4', 'Ação', 'Comum', '150', '5.250,00', '4.806,25', '443,75'],
      ['VALE3', 'Ação', 'Day trade', '200', '4.200,00', '4.000,00', '200,00'],
    ]);
    const posicoes = within(mes).getByRole('table', { name: 'Posições no fim de 03/2026' });
    expect(celulas(within(posicoes).getAllByRole('row')[1]!)).toEqual([
      'PETR4',
      'Ação',
      '150',
      '32,021667',
      '4.803,25',
    ]);
    const apuracao = within(mes).getByRole('table', { name: 'Apuração de 03/2026' });
    const dayTrade = within(apuracao).getByText('Day trade').closest('tr')!;
    expect(celulas(dayTrade)).toEqual([
      'Day trade',
      '200,00',
      '0,00',
      '0,00',
      '200,00',
      '20%',
      '40,00',
      '2,00',
    ]);
    const comum = within(apuracao)
      .getByText(/^Comum/)
      .closest('tr')!;
    expect(celulas(comum).slice(1, 3)).toEqual(['443,75', '443,75']);
    expect(within(mes).getByText(/Apurado somente com as operações registradas/)).toBeVisible();

    const darf = await within(mes).findByRole('region', { name: 'DARF' });
    await within(darf).findByText('38,00', { exact: false });
    expect(
      within(darf)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual([
      'Código da receita',
      'Período de apuração',
      'Vencimento',
      'Valor principal',
      'CPF/CNPJ',
      'Nome',
    ]);
    expect(
      within(darf)
        .getAllByRole('definition')
        .map((d) => d.textContent?.replace('Copiar', '')),
    ).toEqual(['6015', '31/03/2026', '30/04/2026', 'R$ 38,00', '123.456.789-09', 'Ana Souza']);
  });

  it('copies each DARF field as Sicalc takes it, and says what it copied', async () => {
    const { user } = renderApp('/clientes/1/carteira?aba=ir&mes=2026-03');
    const darf = await screen.findByRole('region', { name: 'DARF' }, { timeout: 5000 });
    const copiar = async (campo: string) => {
      await user.click(await within(darf).findByRole('button', { name: `Copiar ${campo}` }));
      return navigator.clipboard.readText();
    };
    expect(await copiar('Código da receita')).toBe('6015');
    expect(within(darf).getByRole('status')).toHaveTextContent('Código da receita copiado: 6015');
    expect(await copiar('Período de apuração')).toBe('31/03/2026');
    expect(await copiar('Vencimento')).toBe('30/04/2026');
    expect(await copiar('Valor principal')).toBe('38,00');
    expect(within(darf).getByRole('status')).toHaveTextContent('Valor principal copiado: 38,00');
    expect(await copiar('CPF/CNPJ')).toBe('12345678909');
  });

  it('says a DARF pays earlier months, and that a month under R$ 10,00 has none (without asking for it)', async () => {
    const pedidos: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/darf/')) pedidos.push(new URL(request.url).pathname);
    });
    const { user } = renderApp('/clientes/1/carteira?aba=ir&mes=2026-02');
    const darf = await screen.findByRole('region', { name: 'DARF' }, { timeout: 5000 });
    expect(
      await within(darf).findByText('Paga 01/2026 e 02/2026.', { exact: false }),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Ver Jan/2026' }));
    const janeiro = await screen.findByRole('region', { name: 'IR de Janeiro de 2026' });
    expect(
      await within(janeiro).findByText(
        'Imposto de R$ 6,00 abaixo de R$ 10,00: não há DARF em 01/2026; o valor soma-se ao dos meses seguintes até chegar a R$ 10,00.',
      ),
    ).toBeVisible();
    expect(within(janeiro).queryByRole('region', { name: 'DARF' })).toBeNull();
    expect(pedidos).toEqual(['/api/clientes/1/ir/2026-02/darf/']);
  });

  it('saves the year’s opening carries, and the months are computed again from them', async () => {
    const { user } = renderApp('/clientes/1/carteira?aba=ir&ano=2026');
    await screen.findByText('Saldos iniciais de 2026 calculados dos anos anteriores.', undefined, {
      timeout: 5000,
    });
    await user.click(screen.getByRole('button', { name: 'Saldos iniciais' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saldos iniciais de 2026' });
    await user.type(within(dialog).getByLabelText('Prejuízo de FII a compensar (R$)'), '1.000,00');
    await user.type(within(dialog).getByLabelText('Prejuízo de day trade a compensar (R$)'), '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('Informe um valor em reais, zero ou mais.'),
    ).toBeVisible();
    await user.clear(within(dialog).getByLabelText('Prejuízo de day trade a compensar (R$)'));
    await user.type(within(dialog).getByLabelText('Prejuízo de day trade a compensar (R$)'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(enviados.saldos).toEqual([
      {
        ano: 2026,
        prejuizo_comum: 0,
        prejuizo_day_trade: 150,
        prejuizo_fii: 1000,
        irrf_a_compensar: 0,
      },
    ]);
    // The FII losses absorb January's and February's gains; the day-trade loss takes 150 of March's 200: its
    // 10,00 less the 2,00 withheld is under R$ 10,00, and waits.
    await screen.findByText('Saldos iniciais de 2026 informados.');
    await waitFor(async () =>
      expect((await linhaDoMes('Fev/2026')).slice(1, 4)).toEqual(['Sem imposto', '0,00', '—']),
    );
    expect((await linhaDoMes('Mar/2026')).slice(1, 4)).toEqual([
      'Abaixo de R$ 10,00',
      '10,00',
      '—',
    ]);
  });

  it('shows what the server says of the whole year above its months', async () => {
    setAvisosDoAno(1, [
      {
        codigo: 'venda_sem_posicao',
        mensagem: 'A operação #7 (PETR4) não tem data de compra: ficou fora do cálculo.',
      },
    ]);
    renderApp('/clientes/1/carteira?aba=ir&ano=2026');
    const avisos = await screen.findByRole('group', { name: 'Avisos de 2026' }, { timeout: 5000 });
    expect(avisos).toHaveTextContent(
      'A operação #7 (PETR4) não tem data de compra: ficou fora do cálculo.',
    );
  });

  it('saves the month’s sales made elsewhere, which end March’s exemption', async () => {
    const { user } = renderApp('/clientes/1/carteira?aba=ir&mes=2026-03');
    const mes = await screen.findByRole(
      'region',
      { name: 'IR de Março de 2026' },
      { timeout: 5000 },
    );
    const campo = await within(mes).findByLabelText('Vendas de ações em outras corretoras (R$)');
    await user.type(campo, '20.000,00');
    await user.click(within(mes).getByRole('button', { name: 'Salvar vendas' }));
    await waitFor(() =>
      expect(enviados.vendasExternas).toEqual([{ mes: '2026-03', body: { valor: 20000 } }]),
    );
    // 5.250,00 + 20.000,00 passes R$ 20.000,00: PETR4's 443,75 is taxed at 15 %.
    await waitFor(async () =>
      expect((await linhaDoMes('Mar/2026')).slice(1, 7)).toEqual([
        'A pagar',
        '106,56',
        '104,56',
        '30/04/2026',
        '25.250,00',
        'Não',
      ]),
    );
  });

  it('is computed again when an operation of the client is written', async () => {
    const pedidos: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (request.method === 'GET' && url.pathname === '/api/clientes/1/ir/')
        pedidos.push(url.search);
    });
    const { user } = renderApp('/clientes/1/carteira?aba=ir&ano=2026');
    await screen.findByRole('table', { name: 'IR 2026' }, { timeout: 5000 });
    await waitFor(() => expect(pedidos).toEqual(['?ano=2026']));
    await user.click(screen.getByRole('button', { name: 'Nova Operação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova Operação' });
    await user.selectOptions(await within(dialog).findByLabelText('Ação'), 'WEGE3 — WEG');
    await user.type(within(dialog).getByLabelText('Quantidade'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(pedidos).toEqual(['?ano=2026', '?ano=2026']));
  });
});
