import { type FieldValues, useFormState } from 'react-hook-form';
import { serverErrorPaths, withoutServerErrorsAtFields } from './error-summary.ts';
import { FormErrorAlert } from './form-alert.tsx';
import { StaleAlert } from './stale-alert.tsx';
import { FormErrorSummary } from './use-error-summary.tsx';
import type { EditForm } from './use-edit-form.ts';

/**
 * What `useEditForm` has to say above the fields: the stale record, a refusal, the bad fields.
 * With `serverErrorsAtFields` a field the server refused (a duplicate code) says so once, at the
 * field, which is still brought into view; the summary keeps the errors with no field of their own.
 */
export function EditFormAlerts<V extends FieldValues>({
  edit,
  serverErrorsAtFields = false,
}: {
  edit: EditForm<V>;
  serverErrorsAtFields?: boolean;
}) {
  const { errors } = useFormState({ control: edit.form.control });
  const summary = serverErrorsAtFields
    ? { ...edit.summary, items: withoutServerErrorsAtFields(edit.summary.items, serverErrorPaths(errors)) }
    : edit.summary;
  return (
    <>
      {edit.stale && <StaleAlert message={edit.stale} onReload={edit.reloadStale} />}
      <FormErrorAlert error={edit.alert} />
      <FormErrorSummary summary={summary} />
    </>
  );
}
