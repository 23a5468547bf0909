import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Papel } from '../../../contract';
import { resetCarteiraMock } from '../../../mocks/handlers/carteira';
import { resetEventosMock } from '../../../mocks/handlers/eventos';
import { server } from '../../../mocks/node';
import { renderApp } from '../../support/render';

/**
 * The screens per role (issue 32): what a role may not do is not offered, and a screen it may not use says so at
 * its address instead of failing on its calls. The rules are the contract's `permissao` table; these are what a
 * user of each role sees.
 */

/** Every path the SPA asked for, in order (the test's listener ends with it). */
function requestedPaths(): string[] {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => {
    paths.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return paths;
}

beforeEach(() => {
  resetCarteiraMock();
  resetEventosMock();
});

async function posicionadas(papel: Papel) {
  renderApp('/clientes/1/carteira?aba=posicionadas', { papel });
  const table = await screen.findByRole('table', { name: 'Operações posicionadas' });
  const petr = (await within(table).findByText('PETR4')).closest('tr')!;
  return { petr };
}

describe('the portfolio per role', () => {
  it('operador: Nova Compra, Nova Operação, Vender, Editar and Excluir', async () => {
    const { petr } = await posicionadas('operador');
    expect(screen.getByRole('button', { name: 'Nova Compra (MT5)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nova Operação' })).toBeInTheDocument();
    expect(within(petr).getByRole('button', { name: 'Vender PETR4' })).toBeInTheDocument();
    expect(within(petr).getByRole('button', { name: 'Editar PETR4' })).toBeInTheDocument();
  });

  it('assessor: manual operations, but no Nova Compra and no Vender (MT5 orders)', async () => {
    const { petr } = await posicionadas('assessor');
    expect(screen.getByRole('button', { name: 'Nova Operação' })).toBeInTheDocument();
    expect(within(petr).getByRole('button', { name: 'Editar PETR4' })).toBeInTheDocument();
    expect(within(petr).getByRole('button', { name: 'Excluir PETR4' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nova Compra (MT5)' })).not.toBeInTheDocument();
    expect(within(petr).queryByRole('button', { name: 'Vender PETR4' })).not.toBeInTheDocument();
  });

  it('leitura: reads the portfolio, and is offered nothing that writes', async () => {
    const { petr } = await posicionadas('leitura');
    for (const name of ['Nova Compra (MT5)', 'Nova Operação']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(within(petr).queryAllByRole('button', { name: /^(Editar|Excluir|Vender) / })).toEqual(
      [],
    );
    // Its chart opens (reading).
    expect(within(petr).getByRole('button', { name: /PETR4/ })).toBeInTheDocument();
    // Refreshing quotes reads: every role may.
    expect(screen.getByRole('button', { name: 'Atualizar cotações' })).toBeInTheDocument();
  });
});

describe('screens a role may not use', () => {
  it('Importação, typed by an assessor: says why, and sends nothing', async () => {
    const paths = requestedPaths();
    renderApp('/ferramentas/importacao', { papel: 'assessor' });
    expect(
      await screen.findByText('Seu papel (Assessor) não permite importar planilhas.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Importação' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Importar/ })).not.toBeInTheDocument();
    expect(paths.filter((p) => p.includes('importacao'))).toEqual([]);
  });

  it('Usuários and Auditoria, typed by an operador: says why, and asks nothing of them', async () => {
    const paths = requestedPaths();
    renderApp('/ferramentas/usuarios', { papel: 'operador' });
    expect(
      await screen.findByText('Seu papel (Operador) não permite administrar usuários.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Usuários' })).not.toBeInTheDocument();

    renderApp('/ferramentas/auditoria', { papel: 'operador' });
    expect(
      await screen.findByText('Seu papel (Operador) não permite consultar a auditoria.'),
    ).toBeInTheDocument();
    expect(paths.filter((p) => /usuarios|auditoria/.test(p))).toEqual([]);
  });

  it('Nova ordem em lote: refused to an assessor', async () => {
    renderApp('/ordens/lote?tipo=compra', { papel: 'assessor' });
    expect(
      await screen.findByText(
        'Seu papel (Assessor) não permite validar, enviar ou cancelar lotes.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Compra em lote' })).not.toBeInTheDocument();
  });

  it('an administrator uses them all', async () => {
    renderApp('/ferramentas/usuarios', { papel: 'admin' });
    expect(await screen.findByRole('table', { name: 'Usuários' })).toBeInTheDocument();
    expect(screen.queryByText(/Seu papel/)).not.toBeInTheDocument();
  });
});

describe('corporate events per role', () => {
  it('assessor reads them without Novo Evento, Editar or Excluir; operador has them', async () => {
    renderApp('/ferramentas/eventos', { papel: 'assessor' });
    const table = await screen.findByRole('table', { name: 'Eventos corporativos' });
    expect(within(table).queryByRole('columnheader', { name: 'Ações' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novo Evento' })).not.toBeInTheDocument();

    renderApp('/ferramentas/eventos', { papel: 'operador' });
    expect(await screen.findByRole('button', { name: 'Novo Evento' })).toBeInTheDocument();
  });
});

describe('the control panel per role', () => {
  it("offers 'Ordem em lote' on a recommendation to an operador only", async () => {
    const { user } = renderApp('/controle-rv', { papel: 'assessor' });
    await user.click(await screen.findByRole('tab', { name: 'RECOMENDAÇÕES' }));
    await screen.findByText('ITUB4', { selector: 'table[aria-label="Recomendações"] *' });
    expect(screen.queryByRole('link', { name: /^Ordem em lote de/ })).not.toBeInTheDocument();
  });
});

describe('a session stored before roles existed', () => {
  it('asks GET /api/eu/ for the role, and shows what it may do once known', async () => {
    const paths = requestedPaths();
    renderApp('/clientes/1/carteira', { papel: null });
    expect(await screen.findByRole('button', { name: 'Nova Compra (MT5)' })).toBeInTheDocument();
    await waitFor(() => expect(paths).toContain('GET /api/eu/'));
  });
});
