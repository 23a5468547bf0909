import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Cliente, Evento, Operacao } from '../../../contract';
import { ConfirmDialog, ConfirmDialogContent } from '../../../src/components/ConfirmDialog';
import { OperacaoDialog } from '../../../src/features/carteira/OperacaoDialog';
import { CompraDialog } from '../../../src/features/carteira/ordens/CompraDialog';
import { RecomendacaoPicker } from '../../../src/features/carteira/ordens/RecomendacaoPicker';
import { VendaDialog } from '../../../src/features/carteira/ordens/VendaDialog';
import { ClienteDialog } from '../../../src/features/clientes/ClienteDialog';
import { EventoDialog } from '../../../src/features/eventos/EventoDialog';
import { renderWithProviders } from '../../support/render';

const cliente: Cliente = {
  id: 1,
  nome: 'Ana',
  email: null,
  documento: null,
  telefone: null,
  codigo_xp: null,
  percentual_patrimonio: 0,
  vm: null,
  vm_ip: null,
  vm_private_ip: null,
};
const operacao: Operacao = {
  id: 1,
  cliente: 1,
  acao: 4,
  acao_nome: 'PETR4',
  data_compra: '2025-08-04',
  preco_unitario: 30,
  quantidade: 100,
  data_venda: null,
  preco_venda_unitario: null,
  valor_alvo: 33,
  valor_total_compra: 3000,
  valor_total_venda: null,
  dias_posicionado: null,
};
const evento: Evento = {
  id: 1,
  acao: 4,
  acao_nome: 'PETR4',
  tipo: 'desdobramento',
  data_ex: '2025-04-15',
  fator: 2,
  valor_por_acao: null,
  fonte: 'manual',
  aplicado_em: null,
  operacoes: 0,
};

/** Every dialog of the SPA, open, with the onClose it was given. */
const dialogs: Array<[string, (onClose: () => void) => ReactElement]> = [
  ['Editar Cliente', (onClose) => <ClienteDialog target={cliente} onClose={onClose} />],
  ['Nova Operação', (onClose) => <OperacaoDialog clienteId={1} target="new" onClose={onClose} />],
  [
    'Editar Operação',
    (onClose) => <OperacaoDialog clienteId={1} target={operacao} onClose={onClose} />,
  ],
  [
    'Nova Compra (MT5)',
    (onClose) => <CompraDialog clienteId={1} open onClose={onClose} onExecuted={() => {}} />,
  ],
  [
    'Vender PETR4',
    (onClose) => (
      <VendaDialog clienteId={1} operacao={operacao} onClose={onClose} onExecuted={() => {}} />
    ),
  ],
  [
    'Selecionar recomendação',
    (onClose) => <RecomendacaoPicker clienteId={1} open onClose={onClose} onSelect={() => {}} />,
  ],
  ['Editar Evento', (onClose) => <EventoDialog target={evento} onClose={onClose} />],
  [
    'Deseja realmente deletar?',
    (onClose) => (
      <ConfirmDialog target={1} targetKey={(t) => t} onClose={onClose}>
        {() => (
          <ConfirmDialogContent
            title="Deseja realmente deletar?"
            confirmLabel="Deletar"
            onConfirm={() => {}}
            onCancel={onClose}
          />
        )}
      </ConfirmDialog>
    ),
  ],
];

describe('every dialog', () => {
  it.each(dialogs)('%s has the same close (×), which closes it', async (title, render) => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(render(onClose));
    const dialog = await screen.findByRole(title.startsWith('Deseja') ? 'alertdialog' : 'dialog', {
      name: title,
    });
    const close = within(dialog).getByRole('button', { name: 'Fechar' });
    expect(close).toHaveClass('chakra-dialog__closeTrigger');
    await user.click(close);
    expect(onClose).toHaveBeenCalled();
  });
});
