import { Text } from '@chakra-ui/react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Operacao } from '../../../contract';
import { formatDate, formatInteger } from '../../../shared/format';
import { useExcluirOperacao } from './api';

/** 'Deseja realmente deletar?' for an operation. */
export function ExcluirOperacaoDialog({
  clienteId,
  operacao,
  onClose,
}: {
  clienteId: number;
  operacao: Operacao | null;
  onClose: () => void;
}) {
  const excluir = useExcluirOperacao(clienteId);
  const close = () => {
    excluir.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={operacao !== null}
      title="Deseja realmente deletar?"
      confirmLabel="Deletar"
      onCancel={close}
      onConfirm={() => operacao && excluir.mutate(operacao.id, { onSuccess: close })}
      error={excluir.error?.message}
      busy={excluir.isPending}
    >
      {operacao && (
        <Text>
          {operacao.acao_nome} — {formatInteger(operacao.quantidade)} em{' '}
          {formatDate(operacao.data_compra)}
        </Text>
      )}
    </ConfirmDialog>
  );
}
