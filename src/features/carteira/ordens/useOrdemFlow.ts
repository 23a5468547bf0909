import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { Lado } from '../../../../contract';
import { useOrdemStatus } from '../../../api/ordens';
import { uuid } from '../../../lib/uuid';

/**
 * What the buy and sell dialogs share: one Idempotency-Key per confirmed intent, one request per click
 * (a second click lands before the asynchronous form validation disables the button), the 3-second status
 * polling, and the sending state that ends on execution, on a failed order, or on an error.
 */
export function useOrdemFlow<V extends { key: string }>(
  clienteId: number,
  lado: Lado,
  mutation: UseMutationResult<string, Error, V>,
  onExecuted: () => void,
) {
  const [groupId, setGroupId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // New legs, edits or a retry after a failed order make a new intent; a double click does not.
  const [intentKey, setIntentKey] = useState(uuid);
  const submitting = useRef(false);

  const status = useOrdemStatus(clienteId, lado, groupId, onExecuted);
  const failed = Boolean(status?.finished && !status.executed_all);
  const sending =
    mutation.isPending || (groupId !== null && !status?.executed_all && !status?.finished);
  const shownError = error ?? (failed ? (status?.erro ?? 'A ordem não foi executada.') : null);

  const send = (variables: Omit<V, 'key'>) => {
    setError(null);
    let key = intentKey;
    if (failed) {
      key = uuid();
      setIntentKey(key);
    }
    mutation.mutate({ ...variables, key } as V, {
      onSuccess: setGroupId,
      onError: (err) => {
        submitting.current = false;
        setError(err.message);
      },
    });
  };

  /** Runs the form's validation, then sends, once per click. */
  const submit = (
    validateThenSend: (
      send: (variables: Omit<V, 'key'>) => void,
      onInvalid: () => void,
    ) => Promise<void>,
  ) => {
    if (submitting.current && !failed) return;
    submitting.current = true;
    void validateThenSend(send, () => {
      submitting.current = false;
    });
  };

  return {
    groupId,
    status,
    sending,
    error: shownError,
    setError,
    submit,
    newIntent: () => setIntentKey(uuid()),
  };
}
