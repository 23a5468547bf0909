import { screen, within } from '@testing-library/react';
import { getResponse, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Cliente, ClienteStatus, PosicaoPainel } from '../../../../contract';
// The mock server first: its handlers' modules import each other in its order.
import { server } from '../../../../mocks/node';
import { resetClientesMock } from '../../../../mocks/handlers/clientes';
import { lotesHandlers, resetLotesMock } from '../../../../mocks/handlers/lotes';
import { seedPainelMock } from '../../../../mocks/handlers/painel';
import { MOCK_PATRIMONIO } from '../../scene';
import { renderApp } from '../../../support/render';
import { recordRequests } from '../../../support/requests';

/**
 * Issue 34, rough edge 2 on the screen: the sale lote shows each holder's terminal, leaves those not online
 * unticked, and after a send names who was left out (the others were sent) instead of refusing everything.
 */

const cliente = (id: number, nome: string): Cliente => ({
  id,
  nome,
  email: null,
  documento: null,
  telefone: null,
  codigo_xp: String(1000 + id),
  percentual_patrimonio: 10,
  vm: `VM-${id}`,
  vm_ip: null,
  vm_private_ip: `10.20.0.${id}`,
});
const STATUS: Record<number, Omit<ClienteStatus, 'id'>> = {
  1: { status: 'online', ping: 10, detail: null },
  2: { status: 'offline', ping: null, detail: 'Conexão recusada pelo agente MT5' },
  3: { status: 'warning', ping: 12, detail: 'AutoTrading desativado' },
};
const posicao = (id: number, nome: string, quantidade: number): PosicaoPainel => ({
  id,
  cliente: nome,
  acao: 'ABEV3',
  data_compra: '2025-09-01',
  preco_compra: 12,
  quantidade,
  valor_total_compra: 12 * quantidade,
  preco_atual: 13.2,
  lucro_percentual: 10,
  valor_alvo: 14,
  dias_posicionado: 10,
});

beforeEach(() => {
  resetClientesMock(
    [
      cliente(1, 'Ana Beatriz Carvalho'),
      cliente(2, 'Bruno Henrique Almeida'),
      cliente(3, 'Carla Menezes Ribeiro'),
    ],
    STATUS,
  );
  seedPainelMock({
    posicionadas: [
      posicao(601, 'Ana Beatriz Carvalho', 300),
      posicao(602, 'Bruno Henrique Almeida', 200),
      posicao(603, 'Carla Menezes Ribeiro', 100),
    ],
    patrimonio: MOCK_PATRIMONIO,
  });
  resetLotesMock();
});

const rowOf = (table: HTMLElement, nome: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(nome))!;

describe('Venda em lote: terminals not online', () => {
  it('shows each holder’s terminal and leaves those not online unticked', async () => {
    const { user } = renderApp('/ordens/lote?tipo=venda&ticker=ABEV3');
    const table = await screen.findByRole(
      'table',
      { name: 'Operações da venda' },
      { timeout: 5000 },
    );
    const bruno = await within(table).findByRole('checkbox', {
      name: 'Vender Bruno Henrique Almeida',
    });
    await within(rowOf(table, 'Bruno')).findByText('Offline');
    expect(bruno).not.toBeChecked();
    expect(within(rowOf(table, 'Carla')).getByText('Atenção')).toBeInTheDocument();
    expect(
      within(table).getByRole('checkbox', { name: 'Vender Carla Menezes Ribeiro' }),
    ).not.toBeChecked();
    expect(within(rowOf(table, 'Ana')).getByText('Online')).toBeInTheDocument();
    expect(
      within(table).getByRole('checkbox', { name: 'Vender Ana Beatriz Carvalho' }),
    ).toBeChecked();
    expect(screen.getByText(/^Selecionadas:/)).toHaveTextContent(
      'Selecionadas: 1 operação · 300 ações · R$ 3.960,00 a preço atual',
    );

    // The operator may still tick one (the server leaves it out if its terminal cannot sell).
    await user.click(bruno);
    expect(bruno).toBeChecked();
    expect(screen.getByText(/^Selecionadas:/)).toHaveTextContent('Selecionadas: 2 operações');
  }, 30_000);

  it('after a send, names who was left out and why, the others sent', async () => {
    const motivo = 'Terminal MT5 sem resposta (Conexão recusada pelo agente MT5).';
    server.use(
      // The mock's own lote, its answer naming who the server left out.
      http.post('/api/lotes/venda/', async ({ request }) => {
        const answer = await getResponse(lotesHandlers, request);
        const body = (await answer!.json()) as { lote_id: string };
        return HttpResponse.json({
          ...body,
          fora: [{ operacao: 602, nome: 'Bruno Henrique Almeida', motivo }],
        });
      }),
    );
    const envios = recordRequests('POST', /\/api\/lotes\/venda\/$/);
    const { user } = renderApp('/ordens/lote?tipo=venda&ticker=ABEV3');
    const table = await screen.findByRole(
      'table',
      { name: 'Operações da venda' },
      { timeout: 5000 },
    );
    const bruno = await within(table).findByRole('checkbox', {
      name: 'Vender Bruno Henrique Almeida',
    });
    await within(rowOf(table, 'Bruno')).findByText('Offline');
    await user.click(bruno);
    await user.click(screen.getByRole('button', { name: 'Enviar venda' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Enviar venda em lote' });
    await user.click(within(dialog).getByRole('button', { name: 'Vender' }));
    const aviso = await screen.findByRole('status', { name: 'Fora do lote' });
    expect(aviso).toHaveTextContent(
      '1 operação ficou de fora do lote (as outras foram enviadas):' +
        `Bruno Henrique Almeida: ${motivo}`,
    );
    expect(envios[0]!.body).toEqual({ execucao: 'mercado', operacoes: [601, 602] });
    expect(await screen.findByText('Venda de ABEV3 · Mercado')).toBeInTheDocument();
  }, 30_000);
});
