import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Lado } from '../../../../contract';
import { useOrdemStatus, type Envio } from '../../../api/ordens';
import { mensagemDoErro } from '../../../lib/api-error';
import { uuid } from '../../../lib/uuid';

/**
 * What the buy and sell dialogs share: the intent each request's Idempotency-Key is derived with (one per dialog,
 * a new one after an order that failed: sending it again is another order), one request per click (a second click
 * lands before the asynchronous form validation disables the button), the order's status (src/api/ordens.ts
 * follows it), and the sending state that ends on execution, on a failed order, or on an error.
 */
export function useOrdemFlow<B>(
  clienteId: number,
  lado: Lado,
  mutation: UseMutationResult<string, Error, Envio<B>>,
  onExecuted: () => void,
) {
  const [groupId, setGroupId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const intent = useRef<string | null>(null);
  // The failed group a new intent was drawn after: a double click on the retry is still one order.
  const renewedAfter = useRef<string | null>(null);
  const submitting = useRef(false);

  const status = useOrdemStatus(groupId === null ? null : { groupId, cliente: clienteId, lado });
  const executed = Boolean(status?.executed_all);
  const failed = Boolean(status?.finished && !executed);
  const sending = mutation.isPending || (groupId !== null && !executed && !status?.finished);
  const shownError = error ?? (failed ? (status?.erro ?? 'A ordem não foi executada.') : null);

  // The page's reaction (it closes the dialog), once the order is executed; what the order changed is already
  // marked stale by then, wherever the dialog is.
  const onExecutedEvent = useEffectEvent(onExecuted);
  useEffect(() => {
    if (executed) onExecutedEvent();
  }, [executed]);

  const send = (body: B) => {
    setError(null);
    if (failed && renewedAfter.current !== groupId) {
      intent.current = null;
      renewedAfter.current = groupId;
    }
    intent.current ??= uuid();
    mutation.mutate(
      { body, intent: intent.current },
      {
        onSuccess: setGroupId,
        onError: (err) => {
          submitting.current = false;
          setError(mensagemDoErro(err));
        },
      },
    );
  };

  /** Runs the form's validation, then sends, once per click. */
  const submit = (
    validateThenSend: (send: (body: B) => void, onInvalid: () => void) => Promise<void>,
  ) => {
    if (submitting.current && !failed) return;
    submitting.current = true;
    void validateThenSend(send, () => {
      submitting.current = false;
    });
  };

  return { groupId, status, sending, error: shownError, setError, submit };
}
