import { Text } from '@chakra-ui/react';
import type { Operacao } from '../../../contract';
import { formatDate, formatInteger } from '../../../shared/format';
import { useDeleteOperacao } from '../../api/operacoes';
import { ConfirmDialog, ConfirmDialogContent } from '../../components/ConfirmDialog';

/**
 * The operation the confirmation names: 'PETR4 — 100 ações em 04/08/2025', only what it has ('PETR4' for an
 * operation typed with no quantity nor date, never 'PETR4 — — em —': issue 34, rough edge 17).
 */
export function descricaoDaOperacao(
  op: Pick<Operacao, 'acao_nome' | 'quantidade' | 'data_compra'>,
): string {
  const quantidade =
    op.quantidade === null
      ? null
      : `${formatInteger(op.quantidade)} ${op.quantidade === 1 ? 'ação' : 'ações'}`;
  const data = op.data_compra === null ? null : formatDate(op.data_compra);
  const detalhe = [quantidade, data && `${quantidade ? 'em' : 'comprada em'} ${data}`]
    .filter(Boolean)
    .join(' ');
  return detalhe ? `${op.acao_nome} — ${detalhe}` : op.acao_nome;
}

/** 'Deseja realmente deletar?' for an operation. */
export function DeleteOperacaoDialog({
  operacao,
  onClose,
}: {
  operacao: Operacao | null;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog target={operacao} targetKey={(op) => op.id} onClose={onClose}>
      {(op) => <DeleteOperacao operacao={op} onClose={onClose} />}
    </ConfirmDialog>
  );
}

function DeleteOperacao({ operacao, onClose }: { operacao: Operacao; onClose: () => void }) {
  const remove = useDeleteOperacao();
  return (
    <ConfirmDialogContent
      title="Deseja realmente deletar?"
      confirmLabel="Deletar"
      onCancel={onClose}
      onConfirm={() => remove.mutate(operacao, { onSuccess: onClose })}
      error={remove.error?.message}
      busy={remove.isPending}
    >
      <Text>{descricaoDaOperacao(operacao)}</Text>
    </ConfirmDialogContent>
  );
}
