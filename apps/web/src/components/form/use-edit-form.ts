import { type BaseSyntheticEvent, useCallback, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { isStale } from '../../lib/api.ts';
import { type FormAlert, serverFormError } from './server-errors.ts';
import { type ErrorSummary, useErrorSummary } from './use-error-summary.tsx';

export type EditForm<V extends FieldValues> = {
  form: UseFormReturn<V>;
  summary: ErrorSummary;
  /** The form's `onSubmit`: validates, saves, and sorts a refusal into the alerts below. */
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** A refusal that belongs to no field (plan limit, network, …), or null. */
  alert: FormAlert | null;
  /** The server's words when the record changed since the form loaded it (409 STALE), or null. */
  stale: string | null;
  /** Reload after a stale save: the saved record replaces the form's values and the alert goes. */
  reloadStale: () => Promise<void>;
};

export type EditFormOptions<V extends FieldValues, R> = {
  /**
   * Saves the values, sending the version the form loaded as If-Match (`useEditRecord().version`
   * or the record's `updatedAt`); resolves with the server's answer.
   */
  save: (values: V) => Promise<R>;
  /** After a save the server took: a toast, a navigation, taking the answer as the new start. */
  onSaved: (saved: R, values: V) => void;
  /** Loads the current record into the form (`useEditRecord().reload`), for the stale alert's Reload. */
  reload: () => Promise<void>;
  /** Fields the server may name (its field errors land on them); default: the form's default values' keys. */
  fields?: readonly string[];
};

/**
 * The one submit of an edit form under optimistic concurrency (issue 32): the save carries the
 * version the form loaded; a 409 STALE keeps what was typed and shows `StaleAlert` (who saved
 * first), whose Reload replaces the values with the saved ones, so nothing stale is ever saved
 * over another person's change; field errors from the server land on their fields and the error
 * summary brings the first into view; any other refusal is the alert above the form. Create the
 * form with `shouldFocusError: false` (the summary focuses) and render `EditFormAlerts` with the
 * result inside the `<form ref={summary.formRef}>`.
 */
export function useEditForm<V extends FieldValues, R>(form: UseFormReturn<V>, options: EditFormOptions<V, R>): EditForm<V> {
  const summary = useErrorSummary(form);
  const [alert, setAlert] = useState<FormAlert | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const { save, onSaved, reload, fields } = options;

  const refused = (err: unknown) => {
    if (isStale(err)) {
      setStale(err.message);
      return;
    }
    setAlert(serverFormError(err, form.setError, fields ?? Object.keys(form.formState.defaultValues ?? {})));
    summary.reveal();
  };

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    setStale(null);
    let saved: R;
    try {
      saved = await save(values);
    } catch (err) {
      refused(err);
      return;
    }
    onSaved(saved, values);
  }, summary.onInvalid);

  const reloadStale = useCallback(async () => {
    await reload();
    setStale(null);
  }, [reload]);

  return { form, summary, submit, alert, stale, reloadStale };
}
