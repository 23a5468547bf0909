import { Alert, Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { Operacao } from '../../contract';
import { formatDate, formatInteger } from '../../lib/format';
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
    <Dialog.Root
      role="alertdialog"
      open={operacao !== null}
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
              {operacao && (
                <Text>
                  {operacao.acao_nome} — {formatInteger(operacao.quantidade)} em{' '}
                  {formatDate(operacao.data_compra)}
                </Text>
              )}
              {excluir.error && (
                <Alert.Root status="error" mt="4" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{excluir.error.message}</Alert.Title>
                </Alert.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" colorPalette="gray" onClick={close}>
                Cancelar
              </Button>
              <Button
                colorPalette="red"
                loading={excluir.isPending}
                onClick={() => operacao && excluir.mutate(operacao.id, { onSuccess: close })}
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
