import { Alert, Button, Dialog, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { OrderStatus } from '../../../../contract';
import { AvisoOrdem, OrdemAcoes } from '../../../components/ordens/OrdemAcoes';
import { OrdemProgress } from './OrdemProgress';

interface Props {
  title: string;
  onClose: () => void;
  submitLabel: string;
  onSubmit: () => void;
  submitDisabled?: boolean;
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

/** The content both order dialogs share: the form, the order's progress, its error, Cancelar and the submit. */
export function OrdemDialogContent({
  title,
  onClose,
  submitLabel,
  onSubmit,
  submitDisabled,
  clienteId,
  limite,
  flow,
  children,
}: Props) {
  const { groupId, status } = flow;
  const emCurso =
    groupId !== null && status !== undefined && !status.finished && !status.executed_all;
  return (
    <Dialog.Content>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form onSubmit={(e) => e.preventDefault()} noValidate>
          <Stack gap="4">
            {children}
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
  );
}
