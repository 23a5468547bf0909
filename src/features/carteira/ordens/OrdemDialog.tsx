import { Alert, Button, Dialog, Stack, Text } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';
import type { OrderStatus } from '../../../../contract';
import { AvisoOrdem, OrdemAcoes } from '../../../widgets/ordens';
import { DialogCloseButton } from '../../../components/TargetDialog';
import { OrdemProgress } from './OrdemProgress';

interface Props {
  title: string;
  onClose: () => void;
  submitLabel: string;
  onSubmit: () => void;
  submitDisabled?: boolean;
  /** The submit button, for a dialog that moves the focus to it (the buy, after Validar's result). */
  submitRef?: Ref<HTMLButtonElement>;
  clienteId: number;
  /** A limit order: once sent it may rest at the terminal, and Cancelar ordem is offered until it finishes. */
  limite: boolean;
  /** The order's state from useOrdemFlow. */
  flow: {
    groupId: string | null;
    status: OrderStatus | undefined;
    error: string | null;
    sending: boolean;
  };
  children: ReactNode;
}

export const FECHAR_NAO_CANCELA =
  'Fechar não cancela a ordem: ela segue no MT5 e a carteira é atualizada quando terminar.';

/**
 * The content both order dialogs share: the form (which scrolls), then, always in view above the buttons, the
 * order's progress and its error; Cancelar (Fechar while the order is under way: it goes on) and the submit.
 */
export function OrdemDialogContent({
  title,
  onClose,
  submitLabel,
  onSubmit,
  submitDisabled,
  submitRef,
  clienteId,
  limite,
  flow,
  children,
}: Props) {
  const { groupId, status } = flow;
  const emCurso =
    groupId !== null && status !== undefined && !status.finished && !status.executed_all;
  const andamento = groupId !== null || flow.error !== null || flow.sending;
  return (
    <Dialog.Content>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form onSubmit={(e) => e.preventDefault()} noValidate>
          <Stack gap="4">{children}</Stack>
        </form>
      </Dialog.Body>
      {andamento && (
        <Stack
          gap="3"
          px="6"
          pt="3"
          borderTopWidth="1px"
          flexShrink={0}
          maxH="40dvh"
          overflowY="auto"
        >
          {groupId !== null && <OrdemProgress status={status} />}
          {groupId !== null && <AvisoOrdem aviso={status?.aviso} />}
          {emCurso && (
            <OrdemAcoes
              groupId={groupId}
              clienteId={clienteId}
              cancelavel={limite && status.summary.some((leg) => !leg.executada)}
              resolvivel={Boolean(status.aviso)}
            />
          )}
          {flow.error && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{flow.error}</Alert.Title>
            </Alert.Root>
          )}
          {flow.sending && (
            <Text fontSize="sm" color="fg.muted">
              {FECHAR_NAO_CANCELA}
            </Text>
          )}
        </Stack>
      )}
      <Dialog.Footer>
        <Button variant="outline" colorPalette="gray" onClick={onClose}>
          {flow.sending ? 'Fechar' : 'Cancelar'}
        </Button>
        <Button
          ref={submitRef}
          onClick={onSubmit}
          disabled={submitDisabled || flow.sending}
          loading={flow.sending}
          loadingText="Enviando..."
        >
          {submitLabel}
        </Button>
      </Dialog.Footer>
      <DialogCloseButton />
    </Dialog.Content>
  );
}
