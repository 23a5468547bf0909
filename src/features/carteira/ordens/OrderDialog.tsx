import { Alert, Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { OrderStatus } from '../../../../contract';
import { OrderProgress } from './OrderProgress';

interface Props {
  open: boolean;
  title: string;
  size?: 'md' | 'lg';
  onClose: () => void;
  submitLabel: string;
  onSubmit: () => void;
  submitDisabled?: boolean;
  /** The order's state from useOrderFlow. */
  flow: {
    groupId: string | null;
    status: OrderStatus | undefined;
    error: string | null;
    sending: boolean;
  };
  children: ReactNode;
}

/** The frame both order dialogs share: the form, the order's progress, its error, Cancelar and the submit. */
export function OrderDialog({
  open,
  title,
  size = 'md',
  onClose,
  submitLabel,
  onSubmit,
  submitDisabled,
  flow,
  children,
}: Props) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      size={size}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form onSubmit={(e) => e.preventDefault()} noValidate>
                <Stack gap="4">
                  {children}
                  {flow.groupId !== null && <OrderProgress status={flow.status} />}
                  {flow.error && (
                    <Alert.Root status="error">
                      <Alert.Indicator />
                      <Alert.Title>{flow.error}</Alert.Title>
                    </Alert.Root>
                  )}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancelar
              </Button>
              <Button
                onClick={onSubmit}
                disabled={submitDisabled || flow.sending}
                loading={flow.sending}
                loadingText="Enviando..."
              >
                {submitLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
