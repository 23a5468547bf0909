import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';

export interface TargetDialogProps<T> extends Pick<
  Dialog.RootProps,
  'role' | 'size' | 'placement' | 'scrollBehavior' | 'initialFocusEl' | 'finalFocusEl'
> {
  /** What the dialog is about (a client, an operation, a date...); null closes it. */
  target: T | null;
  /** A target's identity: opening the dialog on another one starts over. */
  targetKey: (target: T) => string | number;
  onClose: () => void;
  /** The dialog's Dialog.Content for a target. */
  children: (target: T) => ReactNode;
}

/**
 * Every dialog of the SPA: open while it has a target, its content mounted only then and keyed by the target.
 * Each opening starts with fresh form values, mutation state and errors, so no dialog resets anything itself.
 */
export function TargetDialog<T>({
  target,
  targetKey,
  onClose,
  children,
  ...root
}: TargetDialogProps<T>) {
  return (
    <Dialog.Root {...root} open={target !== null} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {target !== null && <Fragment key={targetKey(target)}>{children(target)}</Fragment>}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The one close (×) every dialog has, top right: the same as Cancelar. */
export function DialogCloseButton() {
  return (
    <Dialog.CloseTrigger asChild>
      <CloseButton size="sm" aria-label="Fechar" />
    </Dialog.CloseTrigger>
  );
}
