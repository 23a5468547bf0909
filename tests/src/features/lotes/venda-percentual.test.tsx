import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Cliente, PosicaoPainel } from '../../../../contract';
import { seedCarteiraMock } from '../../../../mocks/handlers/carteira';
import { resetClientesMock } from '../../../../mocks/handlers/clientes';
import { resetLotesMock } from '../../../../mocks/handlers/lotes';
import { seedPainelMock } from '../../../../mocks/handlers/painel';
import { server } from '../../../../mocks/node';
import { MOCK_ACOES, MOCK_COTACOES, MOCK_COTADO_EM, MOCK_PATRIMONIO } from '../../scene';
import { renderApp } from '../../../support/render';
import { recordRequests } from '../../../support/requests';

/** Issue 34, point 2: the sale lote sells a percentual of each position, rounded down to whole shares. */

const NOMES = ['Ana Beatriz Carvalho', 'Bruno Henrique Almeida', 'Carla Menezes Ribeiro'];
const cliente = (id: number): Cliente => ({
  id,
  nome: NOMES[id - 1]!,
  email: null,
  documento: null,
  telefone: null,
  codigo_xp: String(1000 + id),
  percentual_patrimonio: 10,
  vm: `VM-${id}`,
  vm_ip: null,
  vm_private_ip: `10.20.0.${id}`,
});
const posicao = (id: number, nome: string, quantidade: number): PosicaoPainel => ({
  id,
  cliente: nome,
  acao: 'ABEV3',
  data_compra: '2025-09-01',
  preco_compra: 12,
  quantidade,
  valor_total_compra: 12 * quantidade,
  preco_atual: 13,
  lucro_percentual: 8.33,
  valor_alvo: 14,
  dias_posicionado: 10,
});

beforeEach(() => {
  resetClientesMock([cliente(1), cliente(2), cliente(3)], {
    1: { status: 'online', ping: 10, detail: null },
    2: { status: 'online', ping: 10, detail: null },
    3: { status: 'online', ping: 10, detail: null },
  });
  seedCarteiraMock({
    acoes: MOCK_ACOES,
    cotacoes: MOCK_COTACOES,
    cotado_em: MOCK_COTADO_EM,
    operacoes: [],
    patrimonio: { 1: 100_000, 2: 100_000, 3: 100_000 },
  });
  seedPainelMock({
    posicionadas: [
      posicao(701, NOMES[0]!, 150),
      posicao(702, NOMES[1]!, 101),
      posicao(703, NOMES[2]!, 1),
    ],
    patrimonio: MOCK_PATRIMONIO,
  });
  resetLotesMock();
  server.use(
    http.post('/api/lotes/venda/', () =>
      HttpResponse.json({ lote_id: '10000000-0000-4000-8000-000000000034' }),
    ),
  );
});

describe('the sale lote’s Percentual', () => {
  it('starts at 100 and sells each position’s share rounded down, saying who is left out', async () => {
    const envios = recordRequests('POST', /\/api\/lotes\/venda\/$/);
    const { user } = renderApp('/ordens/lote?tipo=venda&ticker=ABEV3');
    await screen.findByRole('table', { name: 'Operações da venda' }, { timeout: 5000 });
    const campo = screen.getByLabelText('Percentual (%)');
    expect(campo).toHaveValue('100');
    await waitFor(() =>
      expect(screen.getByText(/^Selecionadas:/)).toHaveTextContent(
        'Selecionadas: 3 operações · 252 ações · R$ 3.276,00 a preço atual',
      ),
    );

    await user.clear(campo);
    await user.type(campo, '50');
    await waitFor(() =>
      expect(screen.getByText(/^Selecionadas:/)).toHaveTextContent(
        'Selecionadas: 2 operações · 125 ações · R$ 1.625,00 a preço atual · 1 operação fica de fora',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Enviar venda' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Enviar venda em lote' });
    expect(dialog).toHaveTextContent(
      'Venda de ABEV3 a mercado: 50 % de cada operação, arredondado para baixo em ações inteiras.',
    );
    expect(dialog).toHaveTextContent('2 operações de 2 clientes · 125 ações');
    expect(within(dialog).getByRole('group', { name: 'Fora do lote' })).toHaveTextContent(
      'Carla Menezes Ribeiro: 50 % de 1 ação arredonda para zero ação inteira: nada a vender.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Vender' }));
    await waitFor(() => expect(envios).toHaveLength(1));
    expect(envios[0]!.body).toEqual({
      execucao: 'mercado',
      percentual: 50,
      operacoes: [701, 702, 703],
    });
  });

  it('refuses a percentual outside 1–100 under the field, and sends nothing', async () => {
    const { user } = renderApp('/ordens/lote?tipo=venda&ticker=ABEV3');
    await screen.findByRole('table', { name: 'Operações da venda' }, { timeout: 5000 });
    const campo = screen.getByLabelText('Percentual (%)');
    await user.clear(campo);
    await user.type(campo, '120');
    expect(await screen.findByText('O percentual deve ser de 1 a 100.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar venda' })).toBeDisabled();
  });
});
