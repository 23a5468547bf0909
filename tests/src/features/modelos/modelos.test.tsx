import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clientesEndpoints, type Cliente } from '../../../../contract';
import { handle, ok } from '../../../../mocks/contract';
import { listMockClientes, resetClientesMock } from '../../../../mocks/handlers/clientes';
import { server } from '../../../../mocks/node';
import { renderApp } from '../../../support/render';
import { recordRequests } from '../../../support/requests';
import { MODELO_30, modelosScene } from './cena';

/** Issue 33: Ferramentas → Modelos — the list, a model's weights editor with its running sum, delete; the client's model. */

const cliente = (id: number, nome: string, modelo: number | null): Cliente => ({
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
  modelo,
});

beforeEach(() => {
  resetClientesMock(
    [cliente(1, 'Ana Beatriz Carvalho', 1), cliente(2, 'Bruno Henrique Almeida', null)],
    {},
  );
});

/** A gate the test opens: what waits on it answers only then (an explicit event, not a delay). */
function portao() {
  let abrir = () => {};
  const aberto = new Promise<void>((resolve) => (abrir = resolve));
  return { aberto, abrir };
}

const tabela = () => screen.findByRole('table', { name: 'Modelos' }, { timeout: 5000 });

describe('Ferramentas → Modelos', { timeout: 60_000 }, () => {
  it('lists each model with its weights, band and followers (named once the clients arrive)', async () => {
    modelosScene({ modelos: [MODELO_30] });
    // The clients answer after the models: their names replace the ids then.
    const clientes = portao();
    server.use(
      handle(clientesEndpoints.list, async () => {
        await clientes.aberto;
        return ok(clientesEndpoints.list, [...listMockClientes()]);
      }),
    );
    renderApp('/ferramentas/modelos');
    const row = await within(await tabela()).findByRole('row', { name: /Modelo Renda/ });
    expect(row).toHaveTextContent('Cliente 1');
    clientes.abrir();
    await waitFor(() => expect(row).toHaveTextContent('Ana Beatriz Carvalho'));
    expect(row).toHaveTextContent('PETR4 30 % · VALE3 30 % · ITUB4 30 % · caixa 10 %');
    expect(row).toHaveTextContent('± 5 p.p.');
  });

  it('creates a model: the running sum as weights are typed, the server’s campos under the fields', async () => {
    modelosScene();
    const envios = recordRequests('POST', /\/api\/modelos\/$/);
    const { user } = renderApp('/ferramentas/modelos');
    await tabela();
    await user.click(screen.getByRole('button', { name: 'Novo modelo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo modelo' });
    const soma = within(dialog).getByRole('status', { name: 'Soma dos pesos' });
    expect(soma).toHaveTextContent('Soma: 0 % (ações 0 % + caixa 0 %) — faltam 100 %');

    await user.type(within(dialog).getByLabelText('Nome'), 'Modelo Crescimento');
    await user.selectOptions(within(dialog).getByLabelText('Ação 1'), 'PETR4');
    await user.type(within(dialog).getByLabelText('Peso 1 (%)'), '33,33');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar ação' }));
    await user.selectOptions(within(dialog).getByLabelText('Ação 2'), 'VALE3');
    await user.type(within(dialog).getByLabelText('Peso 2 (%)'), '33,33');
    expect(soma).toHaveTextContent('Soma: 66,66 % (ações 66,66 % + caixa 0 %) — faltam 33,34 %');
    const caixa = within(dialog).getByLabelText('Caixa-alvo (%)');
    await user.clear(caixa);
    await user.type(caixa, '44');
    expect(soma).toHaveTextContent('— passa de 100 % em 10,66 %');

    // Sent as it is: the server refuses the sum, its message under the weights; nothing is created.
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(
      await within(dialog).findByText(
        'Os pesos e o caixa-alvo somam 110,66 %; devem somar exatamente 100 %.',
      ),
    ).toBeInTheDocument();

    await user.clear(caixa);
    await user.type(caixa, '33,34');
    expect(soma).toHaveTextContent(
      'Soma: 100 % (ações 66,66 % + caixa 33,34 %) — exatamente 100 %',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(envios.at(-1)!.body).toEqual({
      nome: 'Modelo Crescimento',
      itens: [
        { ticker: 'PETR4', peso: 33.33 },
        { ticker: 'VALE3', peso: 33.33 },
      ],
      caixa_alvo: 33.34,
      faixa: { tipo: 'absoluta', valor: 5 },
    });
    expect(
      await within(await tabela()).findByRole('row', { name: /Modelo Crescimento/ }),
    ).toHaveTextContent('PETR4 33,33 % · VALE3 33,33 % · caixa 33,34 %');
  });

  it('edits a model: a relative band, as a fraction of the target', async () => {
    modelosScene({ modelos: [MODELO_30] });
    const envios = recordRequests('PUT', /\/api\/modelos\/1\/$/);
    const { user } = renderApp('/ferramentas/modelos');
    const grid = await tabela();
    await user.click(await within(grid).findByRole('button', { name: 'Editar Modelo Renda' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar modelo' });
    expect(within(dialog).getByRole('status', { name: 'Soma dos pesos' })).toHaveTextContent(
      'exatamente 100 %',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Relativa (fração do alvo)' }));
    const faixa = within(dialog).getByLabelText('Faixa (fração do alvo)');
    await user.clear(faixa);
    await user.type(faixa, '0,2');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(envios).toHaveLength(1));
    expect(envios[0]!.body).toEqual({ ...MODELO_30, faixa: { tipo: 'relativa', valor: 0.2 } });
    await waitFor(() =>
      expect(within(grid).getByRole('row', { name: /Modelo Renda/ })).toHaveTextContent(
        '± 20 % do alvo',
      ),
    );
  });

  it('refuses to delete a model a client follows, naming the client; deletes one nobody follows', async () => {
    modelosScene({ modelos: [MODELO_30, { ...MODELO_30, nome: 'Modelo Vazio' }] });
    const { user } = renderApp('/ferramentas/modelos');
    const grid = await tabela();
    await user.click(await within(grid).findByRole('button', { name: 'Excluir Modelo Renda' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Excluir o modelo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'O modelo é seguido por Ana Beatriz Carvalho',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(within(grid).getByRole('row', { name: /Modelo Renda/ })).toBeInTheDocument();

    await user.click(within(grid).getByRole('button', { name: 'Excluir Modelo Vazio' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Excluir o modelo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() =>
      expect(within(grid).queryByRole('row', { name: /Modelo Vazio/ })).not.toBeInTheDocument(),
    );
  });

  it('the client form chooses the client’s model, and the client list shows it', async () => {
    // The models answer after the clients are listed: each client's model is named then.
    const modelos = portao();
    modelosScene({ modelos: [MODELO_30], listaDepoisDe: modelos.aberto });
    const envios = recordRequests('PUT', /\/api\/clientes\/2\/$/);
    const { user } = renderApp('/clientes');
    const grid = await screen.findByRole('table', { name: 'Clientes' }, { timeout: 5000 });
    const ana = within(grid).getByRole('row', { name: /Ana Beatriz Carvalho/ });
    expect(ana).not.toHaveTextContent('Modelo Renda');
    modelos.abrir();
    await waitFor(() => expect(ana).toHaveTextContent('Modelo Renda'));
    const bruno = within(grid).getByRole('row', { name: /Bruno Henrique Almeida/ });
    expect(bruno).not.toHaveTextContent('Modelo Renda');

    await user.click(within(bruno).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Cliente' });
    const modelo = within(dialog).getByLabelText('Modelo');
    expect(modelo).toHaveDisplayValue('Nenhum');
    await within(dialog).findByRole('option', { name: 'Modelo Renda' });
    await user.selectOptions(modelo, 'Modelo Renda');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(envios).toHaveLength(1));
    expect(envios[0]!.body).toMatchObject({ modelo: 1 });
    await waitFor(() =>
      expect(within(grid).getByRole('row', { name: /Bruno Henrique Almeida/ })).toHaveTextContent(
        'Modelo Renda',
      ),
    );
  });
});
