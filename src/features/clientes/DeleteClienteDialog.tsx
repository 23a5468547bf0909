import { Alert, Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { Cliente } from '../../contract';
import { ApiRequestError } from '../../lib/api';
import { useDeleteCliente } from './api';

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
    <Dialog.Root
      role="alertdialog"
      open={cliente !== null}
      onOpenChange={(e) => !e.open && close()}
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Deseja realmente deletar?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{cliente?.nome ?? `Cliente ${cliente?.id ?? ''}`}</Text>
              {error && (
                <Alert.Root status="error" mt="4" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>
                    {error instanceof ApiRequestError && error.detail
                      ? error.detail
                      : error.message}
                  </Alert.Title>
                </Alert.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" colorPalette="gray">
                  Cancelar
                </Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                loading={remove.isPending}
                disabled={!!error}
                onClick={() => cliente && remove.mutate(cliente.id, { onSuccess: close })}
              >
                Deletar
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
