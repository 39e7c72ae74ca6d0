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

export type FormAlert = { title: string; message: string };

const TITLES: Record<string, string> = {
  PLAN_LIMIT: 'Plan limit reached',
  NO_PLAN: 'No current plan',
  NETWORK: 'Cannot reach the server',
};

/**
 * applyServerErrors plus a title for the alert above the form, e.g. 'Plan limit reached' for
 * 403 PLAN_LIMIT; null when every message landed on a field.
 */
export function serverFormError<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  known: readonly string[],
): FormAlert | null {
  const message = applyServerErrors(err, setError, known);
  if (message === null) {
    return null;
  }
  const code = err instanceof ApiError ? err.code : '';
  const status = err instanceof ApiError ? err.status : 0;
  const title = TITLES[code] ?? (status === 403 ? 'Not allowed' : status === 409 ? 'Already exists' : 'Could not save');
  return { title, message };
}
