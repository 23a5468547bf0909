import { Text } from '@chakra-ui/react';
import type { Operacao } from '../../../contract';
import { formatDate, formatInteger } from '../../../shared/format';
import { useDeleteOperacao } from '../../api/operacoes';
import { ConfirmDialog, ConfirmDialogContent } from '../../components/ConfirmDialog';

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
      <Text>
        {operacao.acao_nome} — {formatInteger(operacao.quantidade)} em{' '}
        {formatDate(operacao.data_compra)}
      </Text>
    </ConfirmDialogContent>
  );
}
