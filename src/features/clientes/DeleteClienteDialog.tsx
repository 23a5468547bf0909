import { Text } from '@chakra-ui/react';
import type { Cliente } from '../../../contract';
import { useDeleteCliente } from '../../api/clientes';
import { ConfirmDialog, ConfirmDialogContent } from '../../components/ConfirmDialog';
import { ApiRequestError } from '../../lib/api';

/** 'Deseja realmente deletar?': the server's reason stays in the dialog when it refuses. */
export function DeleteClienteDialog({
  cliente,
  onClose,
}: {
  cliente: Cliente | null;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog target={cliente} targetKey={(c) => c.id} onClose={onClose}>
      {(c) => <DeleteCliente cliente={c} onClose={onClose} />}
    </ConfirmDialog>
  );
}

function DeleteCliente({ cliente, onClose }: { cliente: Cliente; onClose: () => void }) {
  const remove = useDeleteCliente();
  const error = remove.error;
  return (
    <ConfirmDialogContent
      title="Deseja realmente deletar?"
      confirmLabel="Deletar"
      onCancel={onClose}
      onConfirm={() => remove.mutate(cliente.id, { onSuccess: onClose })}
      error={error instanceof ApiRequestError && error.detail ? error.detail : error?.message}
      busy={remove.isPending}
      confirmDisabled={!!error}
    >
      <Text>{cliente.nome ?? `Cliente ${cliente.id}`}</Text>
    </ConfirmDialogContent>
  );
}
