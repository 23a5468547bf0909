import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecomendacaoDisponivel } from '../../../../contract';
import { resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { ORDEM_POLL_MS } from '../../../../src/api/ordens';
import {
  CompraDialog,
  VALIDAR_DE_NOVO,
} from '../../../../src/features/carteira/ordens/CompraDialog';
import { VendaDialog } from '../../../../src/features/carteira/ordens/VendaDialog';
import { server } from '../../../../mocks/node';
import { fakePollClock } from '../../../support/fake-clock';
import { recordRequests } from '../../../support/requests';
import { ordensScene } from '../../msw-scenes';
import { renderWithProviders } from '../../../support/render';

const recomendacoes: RecomendacaoDisponivel[] = [
  {
    acao_id: 7,
    ticker: 'WEGE3',
    empresa: 'WEG',
    preco_compra: 38.5,
    alvo_sugerido: 41.2345,
    probabilidade: 72.4,
    MIN: 37.1,
    MAX: 40.2,
  },
];

function useRecomendacoes() {
  server.use(
    http.get('/api/clientes/:id/recomendacoes-disponiveis/', () =>
      HttpResponse.json(recomendacoes),
    ),
  );
}

afterEach(() => {
  vi.useRealTimers();
});
// The dialogs' server: legs split from the quantity, checked at a reference price of R$ 10,00; each order half filled
// at its first poll and executed at the next, RJCT3's rejected (tests/src/msw-scenes.ts).
beforeEach(() => server.use(...ordensScene()));

const renderCompra = () => {
  const onExecuted = vi.fn();
  const view = renderWithProviders(
    <CompraDialog clienteId={1} open onClose={() => {}} onExecuted={onExecuted} />,
  );
  return { ...view, onExecuted };
};

describe('the MT5 buy dialog', () => {
  it('shows the limit price only for limite, and quantity or value by entry mode', async () => {
    const { user } = renderCompra();
    expect(await screen.findByText('Nova Compra (MT5)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Preço limite')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Quantidade de ações')).toBeInTheDocument();

    await user.click(screen.getByText('Limite'));
    expect(await screen.findByLabelText('Preço limite')).toBeInTheDocument();
    await user.click(screen.getByText('Valor'));
    expect(await screen.findByLabelText('Valor (R$)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Quantidade de ações')).not.toBeInTheDocument();
    await user.click(screen.getByText('Mercado'));
    await waitFor(() => expect(screen.queryByLabelText('Preço limite')).not.toBeInTheDocument());
  });

  it('fills ticker and target from the recommendation picker', async () => {
    useRecomendacoes();
    const { user } = renderCompra();
    await user.click(await screen.findByRole('button', { name: 'Selecionar recomendação' }));
    const picker = await screen.findByRole('dialog', { name: 'Selecionar recomendação' });
    for (const header of ['Ticker', 'Empresa', 'Preço Ref', 'Alvo Sug.', 'Prob.', 'Selecionar']) {
      expect(within(picker).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(picker).getByText('R$ 38,50')).toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: 'Selecionar WEGE3' }));

    expect(screen.getByLabelText('Ticker')).toHaveValue('WEGE3');
    // pt-BR decimals, whatever the browser's language.
    expect(screen.getByLabelText('Alvo (TP)')).toHaveValue('41,23');
    expect(screen.getByText(/Preço ref\.: R\$ 38,50/)).toBeInTheDocument();
  });

  it('keeps Enviar disabled until Validar suggests legs, shows each leg’s check, and sends only when all pass', async () => {
    server.use(
      http.post('/api/clientes/:id/mt5/compra/validar/', () =>
        HttpResponse.json({
          legs_sugeridas: [
            { symbol: 'PETR4', quantidade: 200 },
            { symbol: 'PETR4F', quantidade: 50 },
          ],
          validacoes: [
            { symbol: 'PETR4', ok: true, motivo: null },
            { symbol: 'PETR4F', ok: false, motivo: null },
          ],
          compras_em_voo: [],
          aviso: null,
        }),
      ),
    );
    const { user } = renderCompra();
    const enviar = await screen.findByRole('button', { name: 'Enviar' });
    expect(enviar).toBeDisabled();
    await user.type(screen.getByLabelText('Ticker'), 'PETR4');
    await user.type(screen.getByLabelText('Quantidade de ações'), '250');
    await user.type(screen.getByLabelText('Alvo (TP)'), '45');
    await user.click(screen.getByRole('button', { name: 'Validar' }));

    const legs = await screen.findByRole('table', { name: 'Pernas sugeridas' });
    expect(within(legs).getByLabelText('Quantidade PETR4')).toHaveValue(200);
    expect(within(legs).getByText('OK')).toBeInTheDocument();
    expect(within(legs).getByText('inválido')).toBeInTheDocument();
    // One leg failed: nothing may be sent.
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  });

  it('keeps Enviar disabled when every leg fails validation', async () => {
    const { user } = renderCompra();
    await user.type(await screen.findByLabelText('Ticker'), 'PETR4');
    await user.type(screen.getByLabelText('Quantidade de ações'), '250');
    // The mock's reference price is 10: a target of 5 fails both legs.
    await user.type(screen.getByLabelText('Alvo (TP)'), '5');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    const legs = await screen.findByRole('table', { name: 'Pernas sugeridas' });
    expect(within(legs).getAllByText('O alvo deve ser maior que o preço (R$ 10,00).')).toHaveLength(
      2,
    );
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  });

  it('asks for Validar again after a leg or a field is edited, and sends what was validated', async () => {
    const validated = recordRequests('POST', /\/mt5\/compra\/validar\/$/);
    const sent = recordRequests('POST', /\/mt5\/compra\/$/);
    const { user } = renderCompra();
    await user.type(await screen.findByLabelText('Ticker'), 'PETR4');
    await user.type(screen.getByLabelText('Quantidade de ações'), '250');
    await user.type(screen.getByLabelText('Alvo (TP)'), '45');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    const legs = await screen.findByRole('table', { name: 'Pernas sugeridas' });
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();

    // An edited leg was not validated: Enviar waits for Validar, the quantity follows the legs.
    const fracionaria = within(legs).getByLabelText('Quantidade PETR4F');
    await user.clear(fracionaria);
    await user.type(fracionaria, '30');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    expect(screen.getByText(VALIDAR_DE_NOVO)).toBeInTheDocument();
    expect(screen.getByLabelText('Quantidade de ações')).toHaveValue('230');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled());
    expect(validated.at(-1)?.body).toMatchObject({ quantidade: 230 });

    // So does a changed field (the target is part of each leg's check).
    await user.clear(screen.getByLabelText('Alvo (TP)'));
    await user.type(screen.getByLabelText('Alvo (TP)'), '46');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({
      tp: 46,
      legs: [
        { symbol: 'PETR4', quantidade: 200 },
        { symbol: 'PETR4F', quantidade: 30 },
      ],
    });
  });

  it('sends the quantity or the value as the entry mode says, never both', async () => {
    const validated = recordRequests('POST', /\/mt5\/compra\/validar\/$/);
    const { user } = renderCompra();
    await user.type(await screen.findByLabelText('Ticker'), 'PETR4');
    await user.type(screen.getByLabelText('Quantidade de ações'), '250');
    await user.type(screen.getByLabelText('Alvo (TP)'), '45');
    await user.click(screen.getByText('Valor'));
    await user.type(await screen.findByLabelText('Valor (R$)'), '5.000,50');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    await waitFor(() => expect(validated).toHaveLength(1));
    expect(validated[0]?.body).toEqual({
      ticker: 'PETR4',
      modo: 'valor',
      execucao: 'mercado',
      tp: 45,
      valor: 5000.5,
    });

    await user.click(screen.getByRole('radio', { name: 'Quantidade' }));
    await user.type(await screen.findByLabelText('Quantidade de ações'), '300');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    await waitFor(() => expect(validated).toHaveLength(2));
    expect(validated[1]?.body).toEqual({
      ticker: 'PETR4',
      modo: 'quantidade',
      execucao: 'mercado',
      tp: 45,
      quantidade: 300,
    });
  });

  it('shows the estimated total beside the client’s valor disponível', async () => {
    resetCarteiraMock();
    const { user } = renderCompra();
    const estimativa = await screen.findByRole('group', { name: 'Estimativa da compra' });
    await user.type(screen.getByLabelText('Ticker'), 'PETR4');
    await user.type(screen.getByLabelText('Quantidade de ações'), '100');
    // Today's quote of PETR4 (mock: R$ 31,50); the mock client's valor disponível is R$ 82.000,00.
    await waitFor(() =>
      expect(estimativa).toHaveTextContent('Total estimadoR$ 3.150,00 (100 × R$ 31,50)'),
    );
    expect(estimativa).toHaveTextContent('Valor disponívelR$ 82.000,00');
    // A limit order costs its limit price.
    await user.click(screen.getByText('Limite'));
    await user.type(await screen.findByLabelText('Preço limite'), '30,5');
    await waitFor(() =>
      expect(estimativa).toHaveTextContent('Total estimadoR$ 3.050,00 (100 × R$ 30,50)'),
    );
  });

  it('keeps the order’s error in view, outside the scrolling form, announced as an alert', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post('/api/clientes/:id/mt5/compra/', () =>
        HttpResponse.json({ detail: 'Terminal MT5 do cliente indisponível.' }, { status: 502 }),
      ),
    );
    const { user } = renderCompra();
    await user.type(await screen.findByLabelText('Ticker'), 'PETR4');
    await user.type(screen.getByLabelText('Quantidade de ações'), '100');
    await user.type(screen.getByLabelText('Alvo (TP)'), '45');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    await screen.findByRole('table', { name: 'Pernas sugeridas' });
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Terminal MT5 do cliente indisponível.');
    // The body scrolls (scrollBehavior inside); what is outside it stays in view above the buttons.
    const dialog = screen.getByRole('dialog', { name: 'Nova Compra (MT5)' });
    expect(dialog.querySelector('.chakra-dialog__body')).toContainElement(
      screen.getByLabelText('Ticker'),
    );
    expect(alert.closest('.chakra-dialog__body')).toBeNull();
  });

  it('keeps the fill progress in view while the order executes', async () => {
    const { user } = renderCompra();
    await user.type(await screen.findByLabelText('Ticker'), 'PETR4');
    await user.type(screen.getByLabelText('Quantidade de ações'), '100');
    await user.type(screen.getByLabelText('Alvo (TP)'), '45');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    await screen.findByRole('table', { name: 'Pernas sugeridas' });
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const progresso = await screen.findByLabelText('Execução da ordem');
    expect(progresso.closest('.chakra-dialog__body')).toBeNull();
  });

  it('asks for the target in plain words', async () => {
    const { user } = renderCompra();
    await user.type(await screen.findByLabelText('Ticker'), 'PETR4');
    await user.type(screen.getByLabelText('Quantidade de ações'), '100');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    expect(await screen.findByText('Informe o alvo.')).toBeInTheDocument();
  });

  it('shows the reason a leg fails', async () => {
    const { user } = renderCompra();
    await user.type(await screen.findByLabelText('Ticker'), 'PETR4');
    await user.type(screen.getByLabelText('Quantidade de ações'), '100');
    await user.type(screen.getByLabelText('Alvo (TP)'), '5');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    expect(
      await screen.findByText('O alvo deve ser maior que o preço (R$ 10,00).'),
    ).toBeInTheDocument();
  });

  it('sends the price only for limite, one order for a double click, polls until executed, then reloads', async () => {
    const user = fakePollClock();
    const sent = recordRequests('POST', /\/mt5\/compra\/$/);
    const polls = recordRequests('GET', /\/mt5\/compra-status\//);
    const { onExecuted } = renderCompra();
    await user.type(await screen.findByLabelText('Ticker'), 'PETR4');
    await user.click(screen.getByText('Limite'));
    await user.type(await screen.findByLabelText('Preço limite'), '38,50');
    await user.type(screen.getByLabelText('Quantidade de ações'), '250');
    await user.type(screen.getByLabelText('Alvo (TP)'), '45');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    await screen.findByRole('table', { name: 'Pernas sugeridas' });

    await user.dblClick(screen.getByRole('button', { name: 'Enviar' }));
    await screen.findByLabelText('Execução da ordem');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      ticker_base: 'PETR4',
      execucao: 'limite',
      tp: 45,
      preco: 38.5,
      legs: [
        { symbol: 'PETR4', quantidade: 200 },
        { symbol: 'PETR4F', quantidade: 50 },
      ],
    });
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);

    // The mock's first poll shows the order half filled, the next one (a poll interval later) executed.
    await waitFor(() => expect(polls).toHaveLength(1));
    expect(onExecuted).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(ORDEM_POLL_MS);
    await waitFor(() => expect(onExecuted).toHaveBeenCalledTimes(1));
    expect(polls).toHaveLength(2);
    // Executed: no poll in the next interval.
    await vi.advanceTimersByTimeAsync(ORDEM_POLL_MS + 300);
    expect(polls).toHaveLength(2);
  });

  it('omits the price for mercado', async () => {
    const sent = recordRequests('POST', /\/mt5\/compra\/$/);
    const { user } = renderCompra();
    await user.type(await screen.findByLabelText('Ticker'), 'PETR4');
    await user.type(screen.getByLabelText('Quantidade de ações'), '100');
    await user.type(screen.getByLabelText('Alvo (TP)'), '45');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    await screen.findByRole('table', { name: 'Pernas sugeridas' });
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).not.toHaveProperty('preco');
  });

  it('resets the sending state and shows the error when the submit fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post('/api/clientes/:id/mt5/compra/', () =>
        HttpResponse.json(
          { detail: 'Terminal MT5 do cliente indisponível.' },
          { status: 502, statusText: 'Bad Gateway' },
        ),
      ),
    );
    const { user } = renderCompra();
    await user.type(await screen.findByLabelText('Ticker'), 'PETR4');
    await user.type(screen.getByLabelText('Quantidade de ações'), '100');
    await user.type(screen.getByLabelText('Alvo (TP)'), '45');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    await screen.findByRole('table', { name: 'Pernas sugeridas' });
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Terminal MT5 do cliente indisponível.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  });

  it('stops polling and shows erro when the terminal rejects the order', async () => {
    const { user, onExecuted } = renderCompra();
    await user.type(await screen.findByLabelText('Ticker'), 'RJCT3');
    await user.type(screen.getByLabelText('Quantidade de ações'), '100');
    await user.type(screen.getByLabelText('Alvo (TP)'), '45');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    await screen.findByRole('table', { name: 'Pernas sugeridas' });
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(/Ordem não executada por completo/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
    expect(onExecuted).not.toHaveBeenCalled();
  });
});

describe('the MT5 sell dialog', () => {
  const renderVenda = () => {
    const onExecuted = vi.fn();
    const view = renderWithProviders(
      <VendaDialog
        clienteId={1}
        operacao={{ id: 9, acao_nome: 'PETR4', quantidade: 250, valor_total_compra: 7000 }}
        onClose={() => {}}
        onExecuted={onExecuted}
      />,
    );
    return { ...view, onExecuted };
  };

  it("is titled 'Vender {ação}', with the limit price only for limite", async () => {
    const { user } = renderVenda();
    expect(await screen.findByText('Vender PETR4')).toBeInTheDocument();
    expect(screen.queryByLabelText('Preço limite')).not.toBeInTheDocument();
    await user.click(screen.getByText('Limite'));
    expect(await screen.findByLabelText('Preço limite')).toBeInTheDocument();
  });

  it('shows the current price, the estimated proceeds and the result against what it cost', async () => {
    const { user } = renderVenda();
    const estimativa = await screen.findByRole('group', { name: 'Estimativa da venda' });
    // 250 PETR4 bought for R$ 7.000,00, quoted at R$ 31,50 (mock).
    await waitFor(() => expect(estimativa).toHaveTextContent('Preço atualR$ 31,50'));
    expect(estimativa).toHaveTextContent('Valor estimado da vendaR$ 7.875,00');
    expect(estimativa).toHaveTextContent('Resultado estimadoR$ 875,00 (12,50%)');
    await user.click(screen.getByText('Limite'));
    await user.type(await screen.findByLabelText('Preço limite'), '27,2');
    await waitFor(() =>
      expect(estimativa).toHaveTextContent('Resultado estimado-R$ 200,00 (-2,86%)'),
    );
  });

  it('Confirmar Venda sends one sale for a double click and polls it until executed', async () => {
    const user = fakePollClock();
    const sent = recordRequests('POST', /\/mt5\/venda\/9\/$/);
    const polls = recordRequests('GET', /\/mt5\/venda-status\//);
    const { onExecuted } = renderVenda();
    await user.dblClick(await screen.findByRole('button', { name: 'Confirmar Venda' }));
    await waitFor(() => expect(polls).toHaveLength(1));
    expect(onExecuted).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(ORDEM_POLL_MS);
    await waitFor(() => expect(onExecuted).toHaveBeenCalledTimes(1));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ execucao: 'mercado' });
  });
});
