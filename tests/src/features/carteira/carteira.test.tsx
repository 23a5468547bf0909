import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addMockOperacao, resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { resetClientesMock } from '../../../../mocks/handlers/clientes';
import { server } from '../../../../mocks/node';
import { ORDEM_POLL_MS } from '../../../../src/api/ordens';
import { FECHAR_NAO_CANCELA } from '../../../../src/features/carteira/ordens/OrdemDialog';
import { fakePollClock } from '../../../support/fake-clock';
import { renderApp } from '../../../support/render';
import { ordensScene } from '../../msw-scenes';

const table = (name: string) => screen.findByRole('table', { name });
const cell = (row: HTMLElement, index: number) => within(row).getAllByRole('cell')[index]!;
async function rowOf(tableName: string, ticker: string) {
  const t = await table(tableName);
  return within(t).getByText(ticker).closest('tr')!;
}

describe('the portfolio screen', () => {
  beforeEach(() => {
    resetCarteiraMock();
    // An MT5 order half filled at its first status poll, executed at the next (tests/src/msw-scenes.ts).
    server.use(...ordensScene());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the title, the buttons, the overlay while loading, and the Resumo cards by default', async () => {
    renderApp('/clientes/1/carteira');
    expect(await screen.findByText('Aguarde, carregando dados da carteira...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Ana Beatriz Carvalho Carteira' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByText('Aguarde, carregando dados da carteira...'),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('tab', { name: 'Resumo' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: '← Voltar' })).toHaveAttribute('href', '/clientes');
    expect(screen.getByText('Patrimônio', { selector: 'h3, div' })).toBeInTheDocument();
    expect(screen.getByText('Posição Consolidada')).toBeInTheDocument();
    // Mock: patrimony 500,000 at 20 %; open 3,000 + 12,000 + 3,000; realised +600 − 500; open return +150 − 600 + 300.
    expect(screen.getByText('R$ 500.000,00')).toBeInTheDocument();
    expect(screen.getByText('20,00%')).toBeInTheDocument();
    expect(screen.getByText('R$ 18.000,00')).toBeInTheDocument();
    expect(screen.getByText('R$ 82.000,00')).toBeInTheDocument();
    const realizada = screen.getByText('R$ 100,00');
    expect(realizada).toHaveAttribute('data-cor', 'verde');
    const posicionado = screen.getByText('-R$ 150,00');
    expect(posicionado).toHaveAttribute('data-cor', 'vermelho');
    // Resultado atual = −150 − (−100) = −50.
    expect(screen.getByText('-R$ 50,00')).toHaveAttribute('data-cor', 'vermelho');
  });

  it('says "Cliente não encontrado" for an unknown client, with nothing to buy', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/clientes/999/carteira');
    expect(
      await screen.findByRole('heading', { name: 'Cliente não encontrado' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nova Compra (MT5)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nova Operação' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Voltar' })).toHaveAttribute('href', '/clientes');
  });

  it('says the portfolio could not be loaded when its operations fail, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let falhar = true;
    server.use(
      http.get('/api/operacoes/', () =>
        falhar ? HttpResponse.json({ detail: 'falhou' }, { status: 500 }) : undefined,
      ),
    );
    const { user } = renderApp('/clientes/1/carteira');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Não foi possível carregar a carteira.');
    falhar = false;
    await user.click(within(banner).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await user.click(screen.getByRole('tab', { name: 'POSICIONADAS' }));
    expect(await rowOf('Operações posicionadas', 'PETR4')).toBeInTheDocument();
  });

  it('shows dashes in the cards when the summary cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/clientes/:id/resumo/', () =>
        HttpResponse.json({ detail: 'falhou' }, { status: 500 }),
      ),
    );
    renderApp('/clientes/1/carteira');
    await screen.findByRole('heading', { name: 'Ana Beatriz Carvalho Carteira' });
    await waitFor(
      () =>
        expect(
          screen.queryByText('Aguarde, carregando dados da carteira...'),
        ).not.toBeInTheDocument(),
      { timeout: 8000 },
    );
    const cards = screen
      .getByText('Posição Consolidada')
      .closest('.chakra-card__root')!.parentElement!;
    expect(within(cards as HTMLElement).getAllByText('—')).toHaveLength(10);
  });

  it('lists open operations with quotes, colours by sign, and opens the MT5 dialogs', async () => {
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'POSICIONADAS' }));
    const t = await table('Operações posicionadas');
    const headers = within(t)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/ [▲▼↕]$/, ''));
    expect(headers).toEqual([
      'Ação',
      'Data Compra',
      'Preço Unitário',
      'Quantidade',
      'Valor Total Compra',
      'Alvo (R$)',
      'Dias Posicionado',
      'Preço Atual',
      'Variação (%)',
      'To Gain (%)',
      'Resultado (R$)',
      'Ações',
    ]);
    await waitFor(async () =>
      expect(cell(await rowOf('Operações posicionadas', 'PETR4'), 7)).toHaveTextContent('31,50'),
    );
    const petr = await rowOf('Operações posicionadas', 'PETR4');
    expect(cell(petr, 1)).toHaveTextContent('04/08/2025');
    expect(cell(petr, 4)).toHaveTextContent('3.000,00');
    expect(within(cell(petr, 8)).getByText('5,00')).toHaveAttribute('data-cor', 'verde');
    expect(within(cell(petr, 9)).getByText('4,76')).toHaveAttribute('data-cor', 'laranja');
    const vale = await rowOf('Operações posicionadas', 'VALE3');
    expect(within(cell(vale, 8)).getByText('-5,00')).toHaveAttribute('data-cor', 'vermelho');
    const itub = await rowOf('Operações posicionadas', 'ITUB3');
    expect(within(cell(itub, 9)).getByText('-3,03')).toHaveAttribute('data-cor', 'verde');

    await user.click(within(petr).getByRole('button', { name: 'Vender PETR4' }));
    const venda = await screen.findByRole('dialog', { name: 'Vender PETR4' });
    expect(within(venda).getByRole('button', { name: 'Confirmar Venda' })).toBeEnabled();
    await user.click(within(venda).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Vender PETR4' })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Nova Compra (MT5)' }));
    const compra = await screen.findByRole('dialog', { name: 'Nova Compra (MT5)' });
    expect(within(compra).getByRole('button', { name: 'Enviar' })).toBeDisabled();
  });

  it('lists the newest first: POSICIONADAS by purchase, REALIZADAS by sale', async () => {
    const { user } = renderApp('/clientes/1/carteira');
    const tickers = async (name: string) =>
      within(await table(name))
        .getAllByRole('row')
        // The header and the totals row.
        .slice(1, -1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    await user.click(await screen.findByRole('tab', { name: 'POSICIONADAS' }));
    await rowOf('Operações posicionadas', 'PETR4');
    // Bought 01/09, 04/08 and 01/07/2025.
    expect(await tickers('Operações posicionadas')).toEqual(['VALE3', 'PETR4', 'ITUB3']);
    await user.click(screen.getByRole('tab', { name: 'REALIZADAS' }));
    await rowOf('Operações realizadas', 'BBAS3');
    // Sold 02/06 and 01/04/2025.
    expect(await tickers('Operações realizadas')).toEqual(['ABEV3', 'BBAS3']);
  });

  it('offers no Vender for an open operation without a quantity', async () => {
    addMockOperacao({
      cliente: 1,
      acao: 6,
      data_compra: '2025-10-01',
      preco_unitario: 40,
      quantidade: null,
      data_venda: null,
      preco_venda_unitario: null,
      valor_alvo: null,
    });
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'POSICIONADAS' }));
    const wege = await rowOf('Operações posicionadas', 'WEGE3');
    expect(within(wege).getByRole('button', { name: 'Editar WEGE3' })).toBeInTheDocument();
    expect(within(wege).queryByRole('button', { name: 'Vender WEGE3' })).toBeNull();
    const petr = await rowOf('Operações posicionadas', 'PETR4');
    expect(within(petr).getByRole('button', { name: 'Vender PETR4' })).toBeInTheDocument();
  });

  it('says how old the quotes are, and which stock has none', async () => {
    addMockOperacao({
      cliente: 1,
      acao: 6,
      data_compra: '2025-10-01',
      preco_unitario: 40,
      quantidade: 100,
      data_venda: null,
      preco_venda_unitario: null,
      valor_alvo: 44,
    });
    const { user } = renderApp('/clientes/1/carteira');
    // The mock's quotes are the close of 29/10/2025; WEGE3 has none.
    expect(await screen.findByText('Cotações de 29/10/2025 17:00')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'POSICIONADAS' }));
    const wege = await rowOf('Operações posicionadas', 'WEGE3');
    expect(cell(wege, 7)).toHaveTextContent('Sem cotação');
    expect(within(cell(wege, 7)).getByText('Sem cotação')).toHaveAttribute(
      'title',
      'Nenhuma cotação encontrada para esta ação.',
    );
  });

  it('lists realised operations with their result', async () => {
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'REALIZADAS' }));
    const bbas = await rowOf('Operações realizadas', 'BBAS3');
    expect(
      within(bbas)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'BBAS3',
      '03/03/2025',
      '20,00',
      '300',
      '6.000,00',
      '01/04/2025',
      '22,00',
      '6.600,00',
      '10,00',
      '600,00',
      // Editar and Excluir, compact (their names are their aria-labels).
      '✎✕',
    ]);
    expect(within(cell(bbas, 9)).getByText('600,00')).toHaveAttribute('data-cor', 'verde');
    const abev = await rowOf('Operações realizadas', 'ABEV3');
    expect(within(cell(abev, 9)).getByText('-500,00')).toHaveAttribute('data-cor', 'vermelho');
  });

  it('creates an operation with empty values sent as null, and shows the server’s messages', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/api/operacoes/'))
        bodies.push(await request.clone().json());
    });
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('button', { name: 'Nova Operação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova Operação' });
    // No check of the dialog's own: an empty form goes to the server, whose answer the dialog shows.
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    // Under the field, once (issue 34): no 'Erro 400: Bad Request — Campo acao:' beside it.
    expect(await within(dialog).findByText('Selecione a ação.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(bodies[0]).toEqual({
      cliente: 1,
      acao: null,
      data_compra: null,
      preco_unitario: null,
      quantidade: null,
      valor_alvo: null,
      data_venda: null,
      preco_venda_unitario: null,
      custos_compra: 0,
      custos_venda: 0,
    });
    const sent = () => bodies.at(-1);

    await user.selectOptions(within(dialog).getByLabelText('Ação'), 'WEGE3 — WEG');
    // Typed dd/mm/aaaa (the slashes come by themselves), sent aaaa-mm-dd.
    await user.type(within(dialog).getByLabelText('Data Compra'), '01102025');
    expect(within(dialog).getByLabelText('Data Compra')).toHaveValue('01/10/2025');
    await user.type(within(dialog).getByLabelText('Quantidade'), '0');
    await user.type(within(dialog).getByLabelText('Preço Unitário'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(
      await within(dialog).findByText('Informe uma quantidade inteira maior que zero.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Informe um valor maior que zero.')).toBeInTheDocument();
    expect(sent()).toMatchObject({ quantidade: 0, preco_unitario: 'abc' });
    await user.clear(within(dialog).getByLabelText('Quantidade'));
    await user.type(within(dialog).getByLabelText('Quantidade'), '150');
    await user.clear(within(dialog).getByLabelText('Preço Unitário'));
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent()).toEqual({
      cliente: 1,
      acao: 6,
      data_compra: '2025-10-01',
      preco_unitario: null,
      quantidade: 150,
      valor_alvo: null,
      data_venda: null,
      preco_venda_unitario: null,
      custos_compra: 0,
      custos_venda: 0,
    });
    server.events.removeAllListeners();
    await user.click(screen.getByRole('tab', { name: 'POSICIONADAS' }));
    expect(await rowOf('Operações posicionadas', 'WEGE3')).toBeInTheDocument();
  });

  it('edits an operation into a realised one, and deletes another after confirming', async () => {
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'POSICIONADAS' }));
    await user.click(
      within(await rowOf('Operações posicionadas', 'VALE3')).getByRole('button', {
        name: 'Editar VALE3',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar Operação' });
    expect(within(dialog).getByLabelText('Preço Unitário')).toHaveValue('60');
    expect(within(dialog).getByLabelText('Data Compra')).toHaveValue('01/09/2025');
    await user.type(within(dialog).getByLabelText('Data Venda'), '10/10/2025');
    await user.type(within(dialog).getByLabelText('Preço Venda'), '61,5');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () =>
      expect(
        within(await table('Operações posicionadas')).queryByText('VALE3'),
      ).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('tab', { name: 'REALIZADAS' }));
    const vale = await rowOf('Operações realizadas', 'VALE3');
    expect(cell(vale, 6)).toHaveTextContent('61,50');

    await user.click(within(vale).getByRole('button', { name: 'Excluir VALE3' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deseja realmente deletar?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deletar' }));
    await waitFor(async () =>
      expect(
        within(await table('Operações realizadas')).queryByText('VALE3'),
      ).not.toBeInTheDocument(),
    );
  });

  it('shows the position an executed MT5 buy opened', async () => {
    // The order's status polls: moved a poll interval at once below.
    const user = fakePollClock();
    renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'POSICIONADAS' }));
    await rowOf('Operações posicionadas', 'PETR4');
    await user.click(screen.getByRole('button', { name: 'Nova Compra (MT5)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova Compra (MT5)' });
    await user.type(within(dialog).getByLabelText('Ticker'), 'WEGE3');
    await user.type(within(dialog).getByLabelText('Quantidade de ações'), '100');
    await user.type(within(dialog).getByLabelText('Alvo (TP)'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Validar' }));
    await within(dialog).findByRole('table', { name: 'Pernas sugeridas' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    // Executed on the mock's second status poll, a poll interval after the first.
    await within(dialog).findByLabelText('Execução da ordem');
    await vi.advanceTimersByTimeAsync(ORDEM_POLL_MS);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await rowOf('Operações posicionadas', 'WEGE3')).toBeInTheDocument();
  });

  it('closing the buy dialog while the order is sent says it goes on, and the portfolio still shows it', async () => {
    const user = fakePollClock();
    let polls = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.includes('/mt5/compra-status/')) polls += 1;
    });
    renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'POSICIONADAS' }));
    await rowOf('Operações posicionadas', 'PETR4');
    await user.click(screen.getByRole('button', { name: 'Nova Compra (MT5)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova Compra (MT5)' });
    await user.type(within(dialog).getByLabelText('Ticker'), 'WEGE3');
    await user.type(within(dialog).getByLabelText('Quantidade de ações'), '100');
    await user.type(within(dialog).getByLabelText('Alvo (TP)'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Validar' }));
    await within(dialog).findByRole('table', { name: 'Pernas sugeridas' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    // While the order is under way, closing does not cancel it, and the dialog says so.
    expect(await within(dialog).findByText(FECHAR_NAO_CANCELA)).toBeInTheDocument();
    const footer = dialog.querySelector('.chakra-dialog__footer') as HTMLElement;
    await user.click(within(footer).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(await table('Operações posicionadas')).queryByText('WEGE3')).toBeNull();
    // Executed on the mock's second status poll, a poll interval after the first: the closed dialog's order is
    // followed.
    await waitFor(() => expect(polls).toBeGreaterThan(0));
    await vi.advanceTimersByTimeAsync(ORDEM_POLL_MS);
    expect(await rowOf('Operações posicionadas', 'WEGE3')).toBeInTheDocument();
  });

  it('shows Atualizando... while the quotes refresh', async () => {
    let release: () => void = () => {};
    const { user } = renderApp('/clientes/1/carteira');
    const button = await screen.findByRole('button', { name: 'Atualizar cotações' });
    await waitFor(() =>
      expect(
        screen.queryByText('Aguarde, carregando dados da carteira...'),
      ).not.toBeInTheDocument(),
    );
    server.use(
      http.post('/api/cotacoes-atuais/', async () => {
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json({ 'PETR4.SA': { preco_atual: 40 } });
      }),
    );
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Atualizando...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Atualizar cotações' })).toBeEnabled();
  });
});

describe('the portfolio and /clientes share the client', () => {
  beforeEach(() => {
    resetCarteiraMock();
    resetClientesMock();
  });

  it('shows the new name of a client renamed in /clientes', async () => {
    const { user } = renderApp('/clientes/1/carteira');
    // Generous waits where a screen's chunk may load for the first time.
    const slow = { timeout: 5000 };
    await screen.findByRole('heading', { name: 'Ana Beatriz Carvalho Carteira' }, slow);

    await user.click(screen.getByRole('link', { name: '← Voltar' }));
    const clientes = await screen.findByRole('table', { name: 'Clientes' }, slow);
    const row = (await within(clientes).findByText('Ana Beatriz Carvalho')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Cliente' });
    await user.clear(within(dialog).getByLabelText('Nome'));
    await user.type(within(dialog).getByLabelText('Nome'), 'Ana Beatriz Lima');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const renamed = (await within(clientes).findByText('Ana Beatriz Lima')).closest('tr')!;
    await user.click(within(renamed).getByRole('link', { name: 'Abrir carteira' }));
    expect(
      await screen.findByRole('heading', { name: 'Ana Beatriz Lima Carteira' }),
    ).toBeInTheDocument();
  });
});
