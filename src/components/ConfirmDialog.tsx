import { Alert, Button, Dialog } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogCloseButton, TargetDialog, type TargetDialogProps } from './TargetDialog';

/** A question the user must answer before a destructive action, about one target. */
export function ConfirmDialog<T>(props: Omit<TargetDialogProps<T>, 'role' | 'size'>) {
  return <TargetDialog role="alertdialog" size="sm" {...props} />;
}

interface ConfirmDialogContentProps {
  title: string;
  /** The confirming button's label (Deletar, Sobrescrever…). */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
  /** Why the last attempt failed; it stays in the dialog. */
  error?: string | null;
  busy?: boolean;
  confirmDisabled?: boolean;
  /**
   * A confirmation that goes ahead with what the user came to do (send a lote) is the primary colour; red is for
   * what destroys or overwrites (the default).
   */
  primario?: boolean;
}

/** The question, Cancelar and the confirming button (red unless `primario`). */
export function ConfirmDialogContent({
  title,
  confirmLabel,
  onConfirm,
  onCancel,
  children,
  error,
  busy,
  confirmDisabled,
  primario,
}: ConfirmDialogContentProps) {
  return (
    <Dialog.Content>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {children}
        {error && (
          <Alert.Root status="error" mt="4" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" colorPalette="gray" onClick={onCancel}>
          Cancelar
        </Button>
        <Button
          colorPalette={primario ? 'gold' : 'red'}
          loading={busy}
          disabled={confirmDisabled}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </Dialog.Footer>
      <DialogCloseButton />
    </Dialog.Content>
  );
}
