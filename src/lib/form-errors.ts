import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api';

/** The server's per-field messages (`campos` of a 400) shown under the form's own fields. */
export function setApiFieldErrors<T extends FieldValues>(
  error: Error,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  if (!(error instanceof ApiRequestError) || !error.campos) return;
  for (const [name, message] of Object.entries(error.campos)) {
    const field = fields.find((f) => f === name);
    if (field) setError(field, { message });
  }
}
