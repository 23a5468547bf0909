import { Text } from '@chakra-ui/react';
import type { Modelo } from '../../../contract';
import { useDeleteModelo } from '../../api/modelos';
import { ConfirmDialog, ConfirmDialogContent } from '../../components/ConfirmDialog';
import { ApiRequestError } from '../../lib/api';

/** 'Excluir o modelo?': a model some client follows is refused, the server naming them, and stays. */
export function DeleteModeloDialog({
  modelo,
  onClose,
}: {
  modelo: Modelo | null;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog target={modelo} targetKey={(m) => m.id} onClose={onClose}>
      {(m) => <DeleteModelo modelo={m} onClose={onClose} />}
    </ConfirmDialog>
  );
}

function DeleteModelo({ modelo, onClose }: { modelo: Modelo; onClose: () => void }) {
  const remove = useDeleteModelo();
  const error = remove.error;
  return (
    <ConfirmDialogContent
      title="Excluir o modelo?"
      confirmLabel="Excluir"
      onCancel={onClose}
      onConfirm={() => remove.mutate(modelo.id, { onSuccess: onClose })}
      error={error instanceof ApiRequestError && error.detail ? error.detail : error?.message}
      busy={remove.isPending}
      confirmDisabled={!!error}
    >
      <Text>{modelo.nome}</Text>
    </ConfirmDialogContent>
  );
}
