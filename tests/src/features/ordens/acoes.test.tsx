import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  conciliacaoEndpoints,
  ordensEndpoints as e,
  type ConciliacaoCliente,
  type OrdemDetalhe,
  type OrderStatus,
} from '../../../../contract';
import { fail, handle, ok } from '../../../../mocks/contract';
import { server } from '../../../../mocks/node';
import { CompraDialog } from '../../../../src/features/carteira/ordens/CompraDialog';
import { VendaDialog } from '../../../../src/features/carteira/ordens/VendaDialog';
import { renderApp, renderWithProviders } from '../../../support/render';
import { recordRequests } from '../../../support/requests';

/** Issue 14's SPA part and issue 17's sale warning: Cancelar ordem, Resolver, the aviso, the sale above the terminal. */

const GROUP = '00000000-0000-4000-8000-000000000777';
// Generous waits where a screen's chunk and first answers may load for the first time (a busy machine).
const lento = { timeout: 5000 };

const AVISO =
  'Situação desconhecida de PETR4 (o terminal não conhece o ticket 7). Nada será registrado na carteira até ela ' +
  'ser esclarecida; um responsável pode resolver a ordem.';

const aberta = (extra: Partial<OrdemDetalhe> = {}): OrdemDetalhe => ({
  group_id: GROUP,
  lote_id: null,
  cliente: 1,
  nome: 'Ana Beatriz Carvalho',
  acao: 'PETR4',
  lado: 'compra',
  execucao: 'limite',
  preco: 30,
  tp: 45,
  estado: 'sent',
  criado_em: '2025-03-15T13:00:00.000Z',
  criado_por: 'operador',
  legs: [
    {
      symbol: 'PETR4',
      volume: 200,
      volume_exec: 0,
      preco_medio: null,
      estado: 'placed',
      retcode: 10008,
      retcode_desc: 'Ordem colocada',
      ticket: 7,
      broker_comment: null,
      retcode_external: null,
      problema: null,
    },
  ],
  concluido_em: null,
  erro: null,
  aviso: null,
  operacao_id: null,
  timeline: [],
  operacoes: [],
  ...extra,
});

const status = (extra: Partial<OrderStatus> = {}): OrderStatus => ({
  group_id: GROUP,
  executed_all: false,
  finished: false,
  erro: null,
  aviso: null,
  summary: [{ symbol: 'PETR4', executada: false, volume: 200, volume_exec: 0 }],
  ...extra,
});

describe("an order's page while it is in flight", () => {
  it('Cancelar ordem asks the terminal, then follows the order until it is canceled', async () => {
    let cancelada = false;
    const cancelada_erro = 'Ordem não executada por completo (PETR4 cancelada).';
    const cancels = recordRequests('POST', /\/ordens\/.+\/cancelar\/$/);
    server.use(
      handle(e.detail, () =>
        ok(
          e.detail,
          cancelada
            ? aberta({
                estado: 'failed',
                erro: cancelada_erro,
                legs: [{ ...aberta().legs[0]!, estado: 'canceled', retcode: null }],
              })
            : aberta(),
        ),
      ),
      handle(e.compraStatus, () => ok(e.compraStatus, status())),
      handle(e.cancel, () => {
        cancelada = true;
        return ok(e.cancel, status({ finished: true, erro: cancelada_erro }));
      }),
    );
    const { user } = renderApp(`/ordens/${GROUP}`);
    await user.click(await screen.findByRole('button', { name: 'Cancelar ordem' }, lento));
    await waitFor(() => expect(cancels).toHaveLength(1));
    expect(await screen.findByText(cancelada_erro)).toBeInTheDocument();
    expect(screen.getByText('Não executada')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Pernas da ordem' })).getByText('Cancelada'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar ordem' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when there is nothing left to cancel", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      handle(e.detail, () => ok(e.detail, aberta())),
      handle(e.compraStatus, () => ok(e.compraStatus, status())),
      handle(e.cancel, () =>
        fail(409, 'Nada a cancelar agora: nenhuma perna está aberta no terminal.'),
      ),
    );
    const { user } = renderApp(`/ordens/${GROUP}`);
    await user.click(await screen.findByRole('button', { name: 'Cancelar ordem' }, lento));
    expect(
      await screen.findByText('Nada a cancelar agora: nenhuma perna está aberta no terminal.'),
    ).toBeInTheDocument();
  });

  it('says an order in doubt is in doubt, and Resolver closes it with the reason asked for', async () => {
    let resolvida = false;
    const resolves = recordRequests('POST', /\/ordens\/.+\/resolver\/$/);
    const emDuvida = aberta({
      aviso: AVISO,
      legs: [
        { ...aberta().legs[0]!, estado: 'unknown', problema: 'o terminal não conhece o ticket 7' },
      ],
    });
    server.use(
      handle(e.detail, () =>
        ok(
          e.detail,
          resolvida
            ? {
                ...emDuvida,
                estado: 'resolved',
                aviso: null,
                erro: 'Resolvida por operador: Conferido.',
              }
            : emDuvida,
        ),
      ),
      handle(e.compraStatus, () => ok(e.compraStatus, status({ aviso: AVISO }))),
      handle(e.resolve, () => {
        resolvida = true;
        return ok(
          e.resolve,
          status({ finished: true, erro: 'Resolvida por operador: Conferido.' }),
        );
      }),
    );
    const { user } = renderApp(`/ordens/${GROUP}`);
    expect(
      await screen.findByText('Ordem em dúvida: o terminal será consultado de novo', {}, lento),
    ).toBeInTheDocument();
    expect(screen.getByText(AVISO)).toBeInTheDocument();
    expect(screen.queryByText(/rejeitada/i)).not.toBeInTheDocument();
    // Nothing rests at the terminal that is known to be open: only Resolver is offered.
    expect(screen.queryByRole('button', { name: 'Cancelar ordem' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resolver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolver ordem' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolver ordem' }));
    expect(
      await within(dialog).findByText(
        'Diga por que a ordem está sendo resolvida (ao menos 5 caracteres).',
      ),
    ).toBeInTheDocument();
    expect(resolves).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Motivo'), 'Conferido com a corretora.');
    await user.click(within(dialog).getByRole('button', { name: 'Resolver ordem' }));
    await waitFor(() => expect(resolves).toHaveLength(1));
    expect(resolves[0]?.body).toEqual({ motivo: 'Conferido com a corretora.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Resolvida por operador: Conferido.')).toBeInTheDocument();
    expect(screen.getByText('Resolvida')).toBeInTheDocument();
  });
});

describe('the buy dialog while the order is in flight', () => {
  const sendLimitBuy = async (user: ReturnType<typeof renderWithProviders>['user']) => {
    await user.type(await screen.findByLabelText('Ticker'), 'PETR4');
    await user.click(screen.getByText('Limite'));
    await user.type(await screen.findByLabelText('Preço limite'), '30');
    await user.type(screen.getByLabelText('Quantidade de ações'), '200');
    await user.type(screen.getByLabelText('Alvo (TP)'), '45');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    await screen.findByRole('table', { name: 'Pernas sugeridas' });
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
  };

  it('offers Cancelar ordem for a resting limit order and shows how it ended', async () => {
    let cancelada = false;
    server.use(
      handle(e.sendCompra, () => ok(e.sendCompra, { group_id: GROUP })),
      handle(e.compraStatus, () =>
        ok(
          e.compraStatus,
          cancelada
            ? status({
                finished: true,
                erro: 'Ordem não executada por completo (PETR4 cancelada).',
              })
            : status(),
        ),
      ),
      handle(e.cancel, () => {
        cancelada = true;
        return ok(
          e.cancel,
          status({ finished: true, erro: 'Ordem não executada por completo (PETR4 cancelada).' }),
        );
      }),
    );
    const onExecuted = vi.fn();
    const { user } = renderWithProviders(
      <CompraDialog clienteId={1} open onClose={() => {}} onExecuted={onExecuted} />,
    );
    await sendLimitBuy(user);
    await user.click(await screen.findByRole('button', { name: 'Cancelar ordem' }));
    expect(
      await screen.findByText('Ordem não executada por completo (PETR4 cancelada).'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar ordem' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
    expect(onExecuted).not.toHaveBeenCalled();
  });

  it('shows the aviso of an order in doubt as such, never as a refusal, with Resolver', async () => {
    server.use(
      handle(e.sendCompra, () => ok(e.sendCompra, { group_id: GROUP })),
      handle(e.compraStatus, () => ok(e.compraStatus, status({ aviso: AVISO }))),
    );
    const { user } = renderWithProviders(
      <CompraDialog clienteId={1} open onClose={() => {}} onExecuted={() => {}} />,
    );
    await sendLimitBuy(user);
    expect(await screen.findByText(AVISO)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resolver' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Still in flight: the submit stays busy, as for any order not finished.
    expect(screen.getByRole('button', { name: /Enviando/ })).toBeDisabled();
  });
});

describe('the sell dialog against the terminal’s position', () => {
  const conciliacao = (terminal: number | null, terminalStatus = 'online'): ConciliacaoCliente => ({
    cliente: 1,
    nome: 'Ana Beatriz Carvalho',
    situacao: 'divergente',
    divergencias: 1,
    terminal_status: terminalStatus as 'online',
    terminal_detalhe: null,
    custodia_data: null,
    linhas: [
      {
        acao: 'PETR4',
        livro: 250,
        terminal,
        custodia: null,
        situacao: 'diverge',
        diferenca_terminal: terminal === null ? null : terminal - 250,
        diferenca_custodia: null,
      },
    ],
  });
  const renderVenda = () =>
    renderWithProviders(
      <VendaDialog
        clienteId={1}
        operacao={{ id: 9, acao_nome: 'PETR4', quantidade: 250, valor_total_compra: 7000 }}
        onClose={() => {}}
        onExecuted={() => {}}
      />,
    );

  it('warns, shows the 409 when sent anyway, and sends the explicit confirmation once ticked', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const sent = recordRequests('POST', /\/mt5\/venda\/9\/$/);
    const refusal =
      'A venda é de 250 ações de PETR4, mas o terminal do cliente tem 100. Confira a posição (Conciliação); para ' +
      'vender assim mesmo, confirme a venda acima da posição do terminal.';
    server.use(
      handle(conciliacaoEndpoints.cliente, () =>
        ok(conciliacaoEndpoints.cliente, conciliacao(100)),
      ),
      handle(e.sendVenda, ({ input: { body } }) =>
        body.confirmar_acima_do_terminal
          ? ok(e.sendVenda, { group_id: GROUP })
          : fail(409, refusal),
      ),
      handle(e.vendaStatus, () => ok(e.vendaStatus, status())),
    );
    const { user } = renderVenda();
    expect(
      await screen.findByText('O terminal do cliente tem 100 ações de PETR4; a venda é de 250.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirmar Venda' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({ execucao: 'mercado' });

    await user.click(screen.getByText('Vender assim mesmo, acima da posição do terminal'));
    await user.click(screen.getByRole('button', { name: 'Confirmar Venda' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toEqual({ execucao: 'mercado', confirmar_acima_do_terminal: true });
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
    expect(await screen.findByLabelText('Execução da ordem')).toBeInTheDocument();
  });

  it('does not warn when the terminal holds enough, nor when it did not answer', async () => {
    for (const [terminal, terminalStatus] of [
      [300, 'online'],
      [null, 'timeout'],
    ] as const) {
      let answered = false;
      server.use(
        handle(conciliacaoEndpoints.cliente, () => {
          answered = true;
          return ok(conciliacaoEndpoints.cliente, conciliacao(terminal, terminalStatus));
        }),
      );
      const view = renderVenda();
      expect(await screen.findByText('Vender PETR4')).toBeInTheDocument();
      await waitFor(() => expect(answered).toBe(true));
      // The answer is rendered on the next turn of the event loop.
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByText(/O terminal do cliente tem/)).not.toBeInTheDocument();
      view.unmount();
    }
  });
});
