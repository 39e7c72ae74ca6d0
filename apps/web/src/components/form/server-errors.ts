import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api.ts';

/**
 * Puts the server's field messages on their fields; returns the message for the form's alert
 * (the server's overall message, or a network error) or null when every error has a field.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  known: readonly string[],
): string | null {
  if (!(err instanceof ApiError)) {
    return 'Something went wrong. Please try again.';
  }
  let unplaced = false;
  for (const [field, message] of Object.entries(err.fields)) {
    if (known.includes(field) || known.includes(field.split('.')[0] ?? '')) {
      setError(field as Path<T>, { type: 'server', message });
    } else {
      unplaced = true;
    }
  }
  return unplaced || Object.keys(err.fields).length === 0 ? err.message : null;
}
