import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Provento } from '../../../../contract';
import { resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { server } from '../../../../mocks/node';
import { renderApp } from '../../../support/render';

const AVISO =
  'Dividendos de Vale em 03/2026: R$ 90.000,00, acima de R$ 50.000,00: R$ 9.000,00 (10 %) retidos na ' +
  'fonte sobre o total (informativo).';

const provento = (evento: number, valor: number, aviso: string | null): Provento => ({
  evento,
  acao: 2,
  acao_nome: 'VALE3',
  tipo: 'dividendo',
  data_ex: '2026-03-02',
  data_pagamento: '2026-03-20',
  quantidade: 1000,
  valor_por_acao: valor / 1000,
  valor_bruto: valor,
  valor_liquido: valor,
  aviso,
});

/** PROVENTOS says when one company's dividends in a month pass R$ 50,000.00 (issue 29). */
describe('PROVENTOS: the R$ 50,000.00 dividend notice', () => {
  beforeEach(() => resetCarteiraMock());

  it('shows the notice once for the company’s month, above the table', async () => {
    server.use(
      http.get('*/api/clientes/1/proventos/', () =>
        HttpResponse.json([
          provento(1, 60000, AVISO),
          provento(2, 30000, AVISO),
          provento(3, 100, null),
        ]),
      ),
    );
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'PROVENTOS' }));
    await screen.findByRole('table', { name: 'Proventos recebidos' });
    const panel = screen.getByRole('tabpanel', { name: 'PROVENTOS' });
    expect(within(panel).getAllByText(AVISO)).toHaveLength(1);
  });

  it('shows no notice when no company passes it', async () => {
    server.use(
      http.get('*/api/clientes/1/proventos/', () => HttpResponse.json([provento(3, 100, null)])),
    );
    const { user } = renderApp('/clientes/1/carteira');
    await user.click(await screen.findByRole('tab', { name: 'PROVENTOS' }));
    await screen.findByRole('table', { name: 'Proventos recebidos' });
    expect(screen.queryByText(/retidos na fonte/)).not.toBeInTheDocument();
  });
});
