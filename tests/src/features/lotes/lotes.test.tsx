import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cliente, ClienteStatus } from '../../../../contract';
import { seedCarteiraMock } from '../../../../mocks/handlers/carteira';
import { resetClientesMock } from '../../../../mocks/handlers/clientes';
import { resetLotesMock } from '../../../../mocks/handlers/lotes';
import { seedPainelMock } from '../../../../mocks/handlers/painel';
import { server } from '../../../../mocks/node';
import { lotesScene } from '../../msw-scenes-lotes';
import { MOCK_ACOES, MOCK_COTACOES, MOCK_COTADO_EM, MOCK_PATRIMONIO } from '../../scene';
import { todayIso } from '../../../../shared/dates';
import { LOTE_POLL_MS } from '../../../../src/api/lotes';
import { fakePollClock } from '../../../support/fake-clock';
import { chooseInMenu } from '../../../support/menu';
import { renderApp } from '../../../support/render';
import { recordRequests } from '../../../support/requests';

/** Issue 16 on the screen: the buy and sale lotes over the mock's clients and terminals. */

const cliente = (id: number, nome: string, codigo: string | null, percentual: number): Cliente => ({
  id,
  nome,
  email: null,
  documento: null,
  telefone: null,
  codigo_xp: codigo,
  percentual_patrimonio: percentual,
  vm: `VM-${id}`,
  vm_ip: null,
  vm_private_ip: `10.20.0.${id}`,
});

const CLIENTES = [
  cliente(1, 'Ana Beatriz Carvalho', '1001', 10),
  cliente(2, 'Bruno Henrique Almeida', '1002', 20),
  cliente(3, 'Carla Menezes Ribeiro', '1003', 10),
  cliente(4, 'Diego Fernandes Souza', '1004', 10),
  cliente(5, 'Eduarda Lima Castro', '1005', 10),
];
const STATUS: Record<number, Omit<ClienteStatus, 'id'>> = {
  1: { status: 'online', ping: 10, detail: null },
  2: { status: 'online', ping: 11, detail: null },
  3: { status: 'warning', ping: 12, detail: 'AutoTrading desativado' },
  4: { status: 'offline', ping: null, detail: 'Conexão recusada pelo agente MT5' },
  5: { status: 'online', ping: 9, detail: null },
};

afterEach(() => {
  vi.useRealTimers();
});
beforeEach(() => {
  resetClientesMock(CLIENTES, STATUS);
  // Patrimony 100.000,00 for all but Eduarda: Ana has R$ 10.000,00 available, Bruno R$ 20.000,00; the control
  // panel shows both holding ABEV3.
  seedCarteiraMock({
    acoes: MOCK_ACOES,
    cotacoes: MOCK_COTACOES,
    cotado_em: MOCK_COTADO_EM,
    operacoes: [],
    patrimonio: { 1: 100_000, 2: 100_000, 3: 100_000, 4: 100_000 },
  });
  seedPainelMock({
    posicionadas: [
      {
        id: 601,
        cliente: 'Ana Beatriz Carvalho',
        acao: 'ABEV3',
        data_compra: '2025-09-01',
        preco_compra: 12,
        quantidade: 300,
        valor_total_compra: 3600,
        preco_atual: 13.2,
        lucro_percentual: 10,
        valor_alvo: 14,
        dias_posicionado: 10,
      },
      {
        id: 602,
        cliente: 'Bruno Henrique Almeida',
        acao: 'ABEV3',
        data_compra: '2025-09-02',
        preco_compra: 14,
        quantidade: 200,
        valor_total_compra: 2800,
        preco_atual: 13.2,
        lucro_percentual: -5.71,
        valor_alvo: 15,
        dias_posicionado: 9,
      },
    ],
    patrimonio: MOCK_PATRIMONIO,
  });
  resetLotesMock();
});

const grid = () => screen.getByRole('table', { name: 'Clientes do lote' });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const rowOf = (table: HTMLElement, nome: string) =>
  bodyRows(table).find((r) => r.textContent?.includes(nome))!;

async function validated(path = '/ordens/lote?ticker=ABEV3&tp=15') {
  const rendered = renderApp(path);
  const { user } = rendered;
  const percentual = await screen.findByLabelText(
    'Percentual do valor disponível (%)',
    {},
    { timeout: 5000 },
  );
  expect(screen.getByLabelText('Ação')).toHaveValue('ABEV3');
  expect(screen.getByLabelText('Alvo (TP)')).toHaveValue('15');
  await user.type(percentual, '50');
  await user.click(screen.getByRole('button', { name: 'Validar' }));
  await screen.findByRole('table', { name: 'Clientes do lote' });
  return rendered;
}

/** The buy lote's server: each client sized from its money, its orders half filled, then executed (RJCT3's rejected). */
const comprasEmLote = () => beforeEach(() => server.use(...lotesScene()));

describe('Compra em lote', () => {
  comprasEmLote();

  it('sizes each client from its own money, selects the eligible ones and says why not the others', async () => {
    await validated();
    // 50 % of R$ 10.000,00 at 13,20: 378 shares (300 + 78 fractional), R$ 4.989,60.
    const ana = rowOf(grid(), 'Ana Beatriz Carvalho');
    expect(within(ana).getByRole('checkbox')).toBeChecked();
    expect(within(ana).getByLabelText('Quantidade Ana Beatriz Carvalho')).toHaveValue(378);
    expect(ana).toHaveTextContent('ABEV3 300 · ABEV3F 78');
    expect(ana).toHaveTextContent('R$ 4.989,60');
    expect(ana).toHaveTextContent('OK');
    expect(ana).toHaveTextContent('R$ 10.000,00');

    const carla = rowOf(grid(), 'Carla Menezes Ribeiro');
    expect(within(carla).getByRole('checkbox')).toBeDisabled();
    expect(carla).toHaveTextContent('Atenção');
    expect(carla).toHaveTextContent('AutoTrading desativado no terminal.');
    // Said once, in Validação: the legs' reason is also why she is left out.
    expect(carla.textContent!.split('AutoTrading desativado no terminal.')).toHaveLength(2);
    expect(rowOf(grid(), 'Diego Fernandes Souza')).toHaveTextContent(
      'Terminal MT5 indisponível: Conexão recusada pelo agente MT5.',
    );
    const eduarda = rowOf(grid(), 'Eduarda Lima Castro');
    expect(within(eduarda).getByRole('checkbox')).not.toBeChecked();
    expect(eduarda).toHaveTextContent('Sem patrimônio importado: valor disponível desconhecido.');

    // Bruno: 50 % of R$ 20.000,00 = 757 shares, R$ 9.992,40.
    expect(screen.getByText(/^Selecionados:/)).toHaveTextContent(
      'Selecionados: 2 clientes · 1.135 ações · R$ 14.982,00',
    );
  });

  it('filters by name, unticks, and re-validates a typed quantity before it can be sent', async () => {
    const { user } = await validated();
    await user.type(screen.getByLabelText('Filtrar por nome'), 'bru');
    expect(bodyRows(grid())).toHaveLength(1);
    await user.clear(screen.getByLabelText('Filtrar por nome'));
    expect(bodyRows(grid())).toHaveLength(5);

    await user.click(screen.getByLabelText('Selecionar Ana Beatriz Carvalho'));
    expect(screen.getByText(/^Selecionados:/)).toHaveTextContent(
      'Selecionados: 1 cliente · 757 ações · R$ 9.992,40',
    );
    await user.click(screen.getByLabelText('Selecionar Ana Beatriz Carvalho'));

    const quantidade = screen.getByLabelText('Quantidade Bruno Henrique Almeida');
    await user.clear(quantidade);
    await user.type(quantidade, '500{Enter}');
    const bruno = rowOf(grid(), 'Bruno Henrique Almeida');
    expect(bruno).toHaveTextContent('Alterada: valide de novo');
    expect(bruno).toHaveTextContent('ABEV3 500');
    expect(
      screen.getByText('Valide as quantidades alteradas antes de enviar.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();

    const validacoes = recordRequests('POST', /\/api\/lotes\/validar\/$/);
    await user.click(screen.getByRole('button', { name: 'Validar alterações (1)' }));
    await waitFor(() =>
      expect(rowOf(grid(), 'Bruno Henrique Almeida')).not.toHaveTextContent('Alterada'),
    );
    expect(validacoes[0]?.body).toMatchObject({
      clientes: [2],
      ajustes: [{ cliente: 2, quantidade: 500 }],
    });
    expect(screen.getByText(/^Selecionados:/)).toHaveTextContent(
      'Selecionados: 2 clientes · 878 ações · R$ 11.589,60',
    );
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  });

  it('sends the lote after a confirmation with the totals, and follows it to the end with one status call', async () => {
    fakePollClock();
    const { user } = await validated();
    const envios = recordRequests('POST', /\/api\/lotes\/$/);
    const statuses = recordRequests('GET', /\/api\/lotes\/[^/]+\/$/);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Enviar ordem em lote' });
    expect(dialog).toHaveTextContent('Compra de ABEV3 a mercado, alvo R$ 15,00.');
    expect(dialog).toHaveTextContent('2 clientes · 1.135 ações · R$ 14.982,00 estimados');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    await screen.findByText('Compra de ABEV3 · Mercado · alvo R$ 15,00');
    expect(envios).toHaveLength(1);
    expect(envios[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(envios[0]!.body).toEqual({
      ticker_base: 'ABEV3',
      execucao: 'mercado',
      tp: 15,
      regra: 'percentual_disponivel',
      valor: 50,
      itens: [
        {
          cliente: 1,
          legs: [
            { symbol: 'ABEV3', quantidade: 300 },
            { symbol: 'ABEV3F', quantidade: 78 },
          ],
        },
        {
          cliente: 2,
          legs: [
            { symbol: 'ABEV3', quantidade: 700 },
            { symbol: 'ABEV3F', quantidade: 57 },
          ],
        },
      ],
    });
    const ordens = screen.getByRole('table', { name: 'Ordens do lote' });
    expect(await within(ordens).findAllByText('ABEV3 150/300 · ABEV3F 39/78')).toHaveLength(1);
    expect(screen.queryByText('Lote concluído.')).not.toBeInTheDocument();
    // The mock's next status (a poll interval later) has every order executed.
    await vi.advanceTimersByTimeAsync(LOTE_POLL_MS);
    expect(await screen.findByText('Lote concluído.')).toBeInTheDocument();
    expect(screen.getByText(/^Executadas por completo:/)).toHaveTextContent(
      'Executadas por completo: 2 · Em parte: 0 · Falharam: 0',
    );
    expect(within(ordens).getAllByText('Executada')).toHaveLength(2);
    const polls = statuses.length;
    // Done: polling stops.
    await vi.advanceTimersByTimeAsync(LOTE_POLL_MS + 500);
    expect(statuses.length).toBe(polls);
  });

  it('re-sends the failed clients only: validated again in the composer, as a new lote', async () => {
    const { user } = renderApp('/ordens/lote?ticker=RJCT3&tp=20');
    await user.type(await screen.findByLabelText('Percentual do valor disponível (%)'), '10');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    await screen.findByRole('table', { name: 'Clientes do lote' });
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Enviar' }),
    );
    expect(await screen.findByText('Lote concluído.')).toBeInTheDocument();
    const ordens = screen.getByRole('table', { name: 'Ordens do lote' });
    expect(within(ordens).getAllByText('Falhou')).toHaveLength(2);
    expect(ordens).toHaveTextContent('Ordem não executada por completo (RJCT3 rejeitada');

    const validacoes = recordRequests('POST', /\/api\/lotes\/validar\/$/);
    await user.click(screen.getByRole('button', { name: 'Reenviar falhas (2)' }));
    expect(
      await screen.findByText(
        /^Reenvio das falhas do lote de \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}: 2 clientes/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Ação')).toHaveValue('RJCT3');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    await screen.findByRole('table', { name: 'Clientes do lote' });
    expect(validacoes[0]?.body).toMatchObject({
      clientes: [1, 2],
      regra: 'percentual_disponivel',
      valor: 10,
    });
    expect(bodyRows(grid())).toHaveLength(2);
  });

  it('cancels what is still pending', async () => {
    const { user } = await validated();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Enviar' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Cancelar pendentes' }));
    expect(await screen.findByText('Cancelamento pedido a 2 ordens.')).toBeInTheDocument();
    expect(screen.getByText('Lote concluído.')).toBeInTheDocument();
    const ordens = screen.getByRole('table', { name: 'Ordens do lote' });
    expect(within(ordens).getAllByText('Executada em parte')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Cancelar pendentes' })).not.toBeInTheDocument();
  });
});

describe('the lote grid with 500 clients', () => {
  comprasEmLote();

  it('stays virtualised, and ticks and sorts all of them', async () => {
    const muitos = Array.from({ length: 500 }, (_, i) =>
      cliente(1000 + i, `Cliente ${String(i).padStart(3, '0')}`, String(9000 + i), 10),
    );
    resetClientesMock(muitos, {});
    seedCarteiraMock({
      acoes: MOCK_ACOES,
      cotacoes: MOCK_COTACOES,
      cotado_em: MOCK_COTADO_EM,
      operacoes: [],
      patrimonio: Object.fromEntries(muitos.map((c, i) => [c.id, 10_000 + i * 100])),
    });
    const { user } = await validated();
    const table = grid();
    expect(table).toHaveAttribute('aria-rowcount', '501');
    expect(bodyRows(table).length).toBeLessThan(80);
    expect(screen.getByText(/^Selecionados:/)).toHaveTextContent(/^Selecionados: 500 clientes/);

    await user.click(screen.getByLabelText('Selecionar todos os visíveis'));
    expect(screen.getByText(/^Selecionados:/)).toHaveTextContent(/^Selecionados: 0 clientes/);
    await user.click(screen.getByLabelText('Selecionar Cliente 007'));
    expect(screen.getByText(/^Selecionados:/)).toHaveTextContent(/^Selecionados: 1 cliente ·/);

    const header = () => within(table).getByRole('button', { name: /^Valor disponível/ });
    await user.click(header());
    await user.click(header());
    expect(within(table).getByRole('columnheader', { name: /^Valor disponível/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // The richest client (R$ 59.900,00 of patrimony at 10 %), 50 % of its R$ 5.990,00 at 13,20: 226 shares.
    expect(bodyRows(table)[0]).toHaveTextContent('Cliente 499');
    expect(bodyRows(table)[0]).toHaveTextContent('R$ 5.990,00');
    expect(within(bodyRows(table)[0]!).getByRole('spinbutton')).toHaveValue(226);
  });
});

describe('Venda em lote', () => {
  it('sells a stock for everyone who holds it: each operation realised, with the totals confirmed', async () => {
    fakePollClock();
    const { user } = renderApp('/ordens/lote?tipo=venda');
    // The first screen of the file loads its code: a while on a busy machine.
    await screen.findByRole('option', { name: 'ABEV3 (2 operações)' }, { timeout: 5000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ação' }), 'ABEV3');
    const table = await screen.findByRole('table', { name: 'Operações da venda' });
    expect(bodyRows(table)).toHaveLength(2);
    expect(rowOf(table, 'Bruno Henrique Almeida')).toHaveTextContent('-160,00');
    expect(screen.getByText(/^Selecionadas:/)).toHaveTextContent(
      'Selecionadas: 2 operações · 500 ações · R$ 6.600,00 a preço atual',
    );

    const envios = recordRequests('POST', /\/api\/lotes\/venda\/$/);
    await user.click(screen.getByRole('button', { name: 'Enviar venda' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Enviar venda em lote' });
    expect(dialog).toHaveTextContent('2 operações de 2 clientes · 500 ações');
    await user.click(within(dialog).getByRole('button', { name: 'Vender' }));
    await screen.findByText('Venda de ABEV3 · Mercado');
    expect(envios[0]!.body).toEqual({ execucao: 'mercado', operacoes: [601, 602] });
    await vi.advanceTimersByTimeAsync(LOTE_POLL_MS);
    expect(await screen.findByText('Lote concluído.')).toBeInTheDocument();

    // Realised: nobody holds ABEV3 open any more (the control panel's positions reloaded).
    await user.click(screen.getByRole('button', { name: 'Nova ordem em lote' }));
    await user.click(await screen.findByRole('tab', { name: 'Venda em lote' }));
    await screen.findByRole('combobox', { name: 'Ação' });
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: /^ABEV3/ })).not.toBeInTheDocument(),
    );
  });

  it('says which terminal holds fewer shares, and sells anyway only when the operator confirms', async () => {
    const detail =
      'Bruno Henrique Almeida: A venda é de 200 ações de ABEV3, mas o terminal do cliente tem 0. ' +
      'Confira a posição (Conciliação); para vender assim mesmo, confirme a venda acima da posição do terminal.';
    server.use(
      http.post('/api/lotes/venda/', async ({ request }) => {
        const body = (await request.json()) as { confirmar_acima_do_terminal?: boolean };
        return body.confirmar_acima_do_terminal
          ? HttpResponse.json({ lote_id: '10000000-0000-4000-8000-000000000099' })
          : HttpResponse.json({ detail, campos: { 'operacoes.1': detail } }, { status: 409 });
      }),
    );
    const envios = recordRequests('POST', /\/api\/lotes\/venda\/$/);
    const { user } = renderApp('/ordens/lote?tipo=venda&ticker=ABEV3');
    await screen.findByRole('table', { name: 'Operações da venda' });
    await user.click(screen.getByText('Limite'));
    await user.type(screen.getByLabelText('Preço limite'), '13,50');
    await user.click(screen.getByRole('button', { name: 'Enviar venda' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Venda de ABEV3 limitada a R$ 13,50');
    await user.click(within(dialog).getByRole('button', { name: 'Vender' }));
    expect(await within(dialog).findByText(detail)).toBeInTheDocument();
    const vender = within(dialog).getByRole('button', { name: 'Vender' });
    expect(vender).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Vender acima da posição do terminal'));
    await user.click(vender);
    await waitFor(() => expect(envios).toHaveLength(2));
    expect(envios[0]!.body).toEqual({ execucao: 'limite', preco: 13.5, operacoes: [601, 602] });
    expect(envios[1]!.body).toMatchObject({ confirmar_acima_do_terminal: true });
    expect(envios[1]!.key).not.toBe(envios[0]!.key);
  });
});

describe('the control panel’s recommendation', () => {
  it('opens the lote prefilled with its stock and suggested target', async () => {
    const { user } = renderApp('/controle-rv');
    await user.click(await screen.findByRole('tab', { name: 'RECOMENDAÇÕES' }));
    await user.click(await screen.findByRole('link', { name: 'Ordem em lote de WEGE3' }));
    expect(await screen.findByRole('heading', { name: 'Ordem em lote' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Ação')).toHaveValue('WEGE3');
    // In pt-BR, as the MT5 dialogs show it (issue 18, rough edge 4).
    expect(screen.getByLabelText('Alvo (TP)')).toHaveValue('46,31');
  });
});

describe('Exportar on the lote grids', () => {
  comprasEmLote();

  it('the buy lote’s clients as filtered and ticked, every check in words', async () => {
    const blobs: Blob[] = [];
    const nomes: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        blobs.push(blob);
        return `blob:teste/${blobs.length}`;
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      nomes.push(this.download);
    });
    const { user } = await validated();
    await user.click(screen.getByLabelText('Selecionar Ana Beatriz Carvalho'));
    await user.type(screen.getByLabelText('Filtrar por nome'), 'ar');

    // The grid's own Exportar (the page has other grids).
    const area = grid().parentElement!.parentElement!;
    await user.click(within(area).getByRole('button', { name: 'Exportar' }));
    await chooseInMenu(user, 'CSV (.csv)');
    await waitFor(() => expect(nomes).toHaveLength(1));
    expect(nomes[0]).toMatch(new RegExp(`^lote-de-compra-abev3-${todayIso()}-\\d{6}\\.csv$`));
    const texto = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      await blobs[0]!.arrayBuffer(),
    );
    const linhas = texto.slice(1).trimEnd().split('\r\n');
    expect(linhas[0]).toBe(
      'Selecionado;Cliente;Status MT5;Valor disponível;Quantidade;Pernas;Valor estimado;Validação',
    );
    // The filter leaves Ana, Carla and Eduarda (Bruno and Diego have no 'ar'); Ana is unticked.
    expect(linhas.slice(1)).toEqual(
      bodyRows(grid()).map((r) =>
        expect.stringContaining(within(r).getAllByRole('cell')[1]!.textContent!),
      ),
    );
    expect(linhas).toContain(
      'Não;Ana Beatriz Carvalho;Online;10000,00;378;ABEV3 300 · ABEV3F 78;4989,60;OK',
    );
    expect(linhas).toHaveLength(4);
    expect(linhas.some((l) => l.includes('Bruno'))).toBe(false);
    expect(linhas.find((l) => l.includes('Carla'))).toMatch(
      /^Não;Carla Menezes Ribeiro;Atenção;.*;AutoTrading desativado no terminal\.$/,
    );
  });
});
