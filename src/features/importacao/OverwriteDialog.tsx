import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { formatDate } from '../../lib/format';

/** 'Dados já existem': the server refused (409) because that date was imported; Sobrescrever retries forced. */
export function OverwriteDialog({
  dataReferencia,
  onCancel,
  onConfirm,
}: {
  dataReferencia: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={dataReferencia !== null}
      onOpenChange={(e) => !e.open && onCancel()}
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Dados já existem</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                Já existem dados importados para {formatDate(dataReferencia)}. Deseja substituí-los
                pelos deste arquivo?
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" colorPalette="gray">
                  Cancelar
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={onConfirm}>
                Sobrescrever
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
