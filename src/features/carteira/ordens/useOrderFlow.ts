import { useQuery, type UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { uuid } from '../../../lib/uuid';
import { orderStatusOptions, type OrderSide } from './api';

/**
 * What the buy and sell dialogs share: one Idempotency-Key per confirmed intent, one request per click
 * (a second click lands before the asynchronous form validation disables the button), the 3-second status
 * polling, and the sending state that ends on execution, on a failed order, or on an error.
 */
export function useOrderFlow<V extends { key: string }>(
  clienteId: number,
  side: OrderSide,
  mutation: UseMutationResult<string, Error, V>,
  onExecuted: () => void,
) {
  const [groupId, setGroupId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // New legs, edits or a retry after a failed order make a new intent; a double click does not.
  const [intentKey, setIntentKey] = useState(uuid);
  const submitting = useRef(false);

  const status = useQuery(orderStatusOptions(clienteId, side, groupId));
  const current = status.data?.group_id === groupId ? status.data : undefined;
  const failed = Boolean(current?.finished && !current.executed_all);
  const sending =
    mutation.isPending || (groupId !== null && !current?.executed_all && !current?.finished);
  const shownError = error ?? (failed ? (current?.erro ?? 'A ordem não foi executada.') : null);

  useEffect(() => {
    if (current?.executed_all) onExecuted();
    // onExecuted is the parent's; the executed group is what this reacts to, once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current?.executed_all]);

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
    status: current,
    sending,
    error: shownError,
    setError,
    submit,
    newIntent: () => setIntentKey(uuid()),
  };
}
