import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Clears a form-level message (a refused login, a failed save) as soon as the user edits any field
 * again: the message was about the values sent, and left standing it reads as a verdict on the new ones.
 * Field errors clear themselves (react-hook-form revalidates a field on change after a submit).
 */
export function useClearOnEdit<T extends FieldValues>(form: UseFormReturn<T>, clear: () => void): void {
  // The latest callback, without re-subscribing on every render.
  const latest = useRef(clear);
  latest.current = clear;
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      if (type === 'change') {
        latest.current();
      }
    });
    return () => subscription.unsubscribe();
  }, [form]);
}
