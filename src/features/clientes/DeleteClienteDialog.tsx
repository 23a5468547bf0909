import { Text } from '@chakra-ui/react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Cliente } from '../../../contract';
import { ApiRequestError } from '../../lib/api';
import { useDeleteCliente } from '../../api/clientes';

/** 'Deseja realmente deletar?': the server's reason stays in the dialog when it refuses. */
export function DeleteClienteDialog({
  cliente,
  onClose,
}: {
  cliente: Cliente | null;
  onClose: () => void;
}) {
  const remove = useDeleteCliente();
  const close = () => {
    remove.reset();
    onClose();
  };
  const error = remove.error;
  return (
    <ConfirmDialog
      open={cliente !== null}
      title="Deseja realmente deletar?"
      confirmLabel="Deletar"
      onCancel={close}
      onConfirm={() => cliente && remove.mutate(cliente.id, { onSuccess: close })}
      error={error instanceof ApiRequestError && error.detail ? error.detail : error?.message}
      busy={remove.isPending}
      confirmDisabled={!!error}
    >
      <Text>{cliente?.nome ?? `Cliente ${cliente?.id ?? ''}`}</Text>
    </ConfirmDialog>
  );
}
