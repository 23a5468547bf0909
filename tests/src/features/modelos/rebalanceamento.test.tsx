import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { modelosEndpoints, type Cliente, type Papel } from '../../../../contract';
import { handle } from '../../../../mocks/contract';
import { resetClientesMock } from '../../../../mocks/handlers/clientes';
import { server } from '../../../../mocks/node';
import { recorded } from '../../../../mocks/recorded';
import { renderApp } from '../../../support/render';
import {
  FATOS_A,
  FATOS_B,
  FATOS_ISENCAO,
  FATOS_OFFLINE,
  LOTE_COMPRA,
  LOTE_VENDA,
  MODELO_30,
  modelosScene,
} from './cena';

/**
 * Issue 33: the rebalance screen — Validar, the heat map of drift with the numbers, each client's orders and cash
 * after, who is left out and why, the exemption's warning, Enviar (operador) and the two lotes; the roles that may
 * not send do not see Enviar.
 */

const cliente = (id: number, nome: string): Cliente => ({
  id,
  nome,
  email: null,
  documento: null,
  telefone: null,
  codigo_xp: null,
  percentual_patrimonio: 10,
  vm: `VM-${id}`,
  vm_ip: null,
  vm_private_ip: `10.20.0.${id}`,
  modelo: 1,
});

const FATOS = { 1: FATOS_A, 2: FATOS_B, 3: FATOS_ISENCAO, 4: FATOS_OFFLINE };

beforeEach(() => {
  resetClientesMock(
    [
      cliente(1, 'Ana Beatriz Carvalho'),
      cliente(2, 'Bruno Henrique Almeida'),
      cliente(3, 'Carla Menezes Ribeiro'),
      cliente(4, 'Davi Souza'),
    ],
    {},
  );
});

async function validar(papel: Papel = 'operador') {
  const app = renderApp('/ferramentas/modelos/1/rebalancear', { papel });
  await screen.findByRole('heading', { name: 'Rebalancear Modelo Renda' }, { timeout: 5000 });
  await app.user.click(screen.getByRole('button', { name: 'Validar' }));
  await screen.findByRole('table', { name: 'Mapa de desvios' });
  return app;
}

const linha = (tabela: string, nome: RegExp) =>
  within(screen.getByRole('table', { name: tabela })).getByRole('row', { name: nome });

describe('the rebalance screen', { timeout: 60_000 }, () => {
  it('shows the plan: drift per client and ticker, orders with their legs, cash after, who is left out', async () => {
    modelosScene({ modelos: [MODELO_30], fatos: FATOS });
    await validar();

    // Example A: PETR4 12,86 points above its 30 %, ITUB4 30 below; the cash after 2.800,00.
    const ana = linha('Mapa de desvios', /Ana Beatriz Carvalho/);
    const celulas = within(ana).getAllByRole('cell');
    expect(celulas.map((c) => c.textContent)).toEqual([
      'Ana Beatriz Carvalho',
      'R$ 28.000,00',
      expect.stringContaining('▲ +12,86 p.p.'),
      expect.stringContaining('▼ -8,57 p.p.'),
      expect.stringContaining('▼ -30,00 p.p.'),
      'R$ 2.800,00',
      '—',
    ]);
    // Read out whole, not by colour: the weights, the drift and whether it is outside the band.
    expect(celulas[2]).toHaveTextContent(
      'PETR4: atual 42,86 %, alvo 30,00 %, desvio +12,86 p.p., fora da faixa',
    );
    expect(linha('Mapa de desvios', /Bruno Henrique Almeida/)).toHaveTextContent('R$ 10.005,00');

    const ordens = screen.getByRole('table', { name: 'Ordens do rebalanceamento' });
    const ordensDaAna = within(ordens)
      .getAllByRole('row')
      .filter((r) => r.textContent?.startsWith('Ana Beatriz Carvalho'))
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(ordensDaAna).toEqual([
      ['Ana Beatriz Carvalho', 'PETR4', 'Venda', '90', 'PETR4F 90'],
      ['Ana Beatriz Carvalho', 'VALE3', 'Compra', '40', 'VALE3F 40'],
      ['Ana Beatriz Carvalho', 'ITUB4', 'Compra', '240', 'ITUB4 200 · ITUB4F 40'],
    ]);

    // The exemption cut Carla's sale, and said so; Davi's terminal is not online.
    expect(screen.getByRole('group', { name: 'Avisos do plano' })).toHaveTextContent(
      /Carla Menezes Ribeiro: PETR4: venda limitada pela isenção .*de 90 ações para 25 ações\./,
    );
    expect(linha('Ordens do rebalanceamento', /Carla Menezes Ribeiro PETR4/)).toHaveTextContent(
      'Venda25PETR4F 25',
    );
    const fora = screen.getByRole('group', { name: 'Clientes fora do plano' });
    expect(fora).toHaveTextContent(/^Ficam de fora:Davi Souza: .+/);
    expect(screen.getByText(/com ordens/)).toHaveTextContent(
      '3 clientes com ordens · 2 vendas · 7 compras · 1 cliente fica de fora',
    );
  });

  it('Enviar sends the validated plan once (an Idempotency-Key), then follows both lotes', async () => {
    const cena = modelosScene({ modelos: [MODELO_30], fatos: FATOS, vendasEmAndamento: true });
    const { user } = await validar();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Enviar rebalanceamento' });
    expect(dialog).toHaveTextContent('3 clientes · 2 vendas · 7 compras');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(cena.enviados).toHaveLength(1));
    expect(cena.enviados[0]!.key).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(cena.enviados[0]!.body).toEqual({
      modo: 'completo',
      valor_minimo: 100,
      respeitar_isencao: true,
      itens: [
        {
          cliente: 1,
          ordens: [
            { ticker: 'PETR4', lado: 'venda', quantidade: 90 },
            { ticker: 'VALE3', lado: 'compra', quantidade: 40 },
            { ticker: 'ITUB4', lado: 'compra', quantidade: 240 },
          ],
        },
        {
          cliente: 2,
          ordens: [
            { ticker: 'PETR4', lado: 'compra', quantidade: 750 },
            { ticker: 'VALE3', lado: 'compra', quantidade: 500 },
            { ticker: 'ITUB4', lado: 'compra', quantidade: 857 },
          ],
        },
        {
          cliente: 3,
          ordens: [
            { ticker: 'PETR4', lado: 'venda', quantidade: 25 },
            { ticker: 'VALE3', lado: 'compra', quantidade: 40 },
            { ticker: 'ITUB4', lado: 'compra', quantidade: 240 },
          ],
        },
      ],
    });

    const lotes = await screen.findByRole('region', { name: 'Lotes do rebalanceamento' });
    const venda = within(lotes).getByRole('group', { name: 'Lote de venda' });
    const compra = within(lotes).getByRole('group', { name: 'Lote de compra' });
    await waitFor(() => expect(venda).toHaveTextContent('Terminadas: 0 de 2'));
    await waitFor(() => expect(compra).toHaveTextContent('Aguarda as vendas'));
    // No order of it has left yet: it says so instead of '0 ordens'.
    expect(compra).not.toHaveTextContent(/ordens|Terminadas/);
    expect(within(venda).getByRole('link', { name: 'Acompanhar o lote de venda' })).toHaveAttribute(
      'href',
      `/ordens/lote?lote=${LOTE_VENDA}`,
    );
    expect(
      within(compra).getByRole('link', { name: 'Acompanhar o lote de compra' }),
    ).toHaveAttribute('href', `/ordens/lote?lote=${LOTE_COMPRA}`);
    // The plan sent is not offered again.
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  });

  it('keeps a refused send in the dialog, in the server’s words, with nothing followed', async () => {
    modelosScene({ modelos: [MODELO_30], fatos: FATOS });
    // The plan no longer holds when sent (recorded: a quote moved between Validar and Enviar).
    const recusa = recorded('modelos-rebalancear-409').response;
    server.use(handle(modelosEndpoints.rebalance, () => recusa as never));
    const { user } = await validar();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Enviar rebalanceamento' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(recusa.body.detail);
    expect(
      screen.queryByRole('region', { name: 'Lotes do rebalanceamento' }),
    ).not.toBeInTheDocument();
  });

  it('as assessor or leitura: no Rebalancear in the list, and the screen says why instead of Validar or Enviar', async () => {
    for (const papel of ['assessor', 'leitura'] as const) {
      modelosScene({ modelos: [MODELO_30], fatos: FATOS });
      const { unmount } = renderApp('/ferramentas/modelos', { papel });
      const grid = await screen.findByRole('table', { name: 'Modelos' }, { timeout: 5000 });
      await within(grid).findByRole('row', { name: /Modelo Renda/ });
      expect(within(grid).queryByRole('link', { name: /Rebalancear/ })).not.toBeInTheDocument();
      // Editing models is advice: the assessor may, leitura reads.
      expect(screen.queryByRole('button', { name: 'Novo modelo' }) !== null).toBe(
        papel === 'assessor',
      );
      unmount();

      const tela = renderApp('/ferramentas/modelos/1/rebalancear', { papel });
      expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
        'não permite validar, enviar ou cancelar lotes',
      );
      expect(screen.queryByRole('button', { name: 'Validar' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
      tela.unmount();
    }
  });

  it('as operador: Rebalancear in the list opens the screen with Enviar', async () => {
    modelosScene({ modelos: [MODELO_30], fatos: FATOS });
    const { user } = renderApp('/ferramentas/modelos', { papel: 'operador' });
    const grid = await screen.findByRole('table', { name: 'Modelos' }, { timeout: 5000 });
    await user.click(await within(grid).findByRole('link', { name: 'Rebalancear Modelo Renda' }));
    await user.click(await screen.findByRole('button', { name: 'Validar' }, { timeout: 5000 }));
    expect(await screen.findByRole('button', { name: 'Enviar' })).toBeEnabled();
  });
});
