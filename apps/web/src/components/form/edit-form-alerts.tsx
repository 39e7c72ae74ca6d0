import type { FieldValues } from 'react-hook-form';
import { FormErrorAlert } from './form-alert.tsx';
import { StaleAlert } from './stale-alert.tsx';
import { FormErrorSummary } from './use-error-summary.tsx';
import type { EditForm } from './use-edit-form.ts';

/** What `useEditForm` has to say above the fields: the stale record, a refusal, the bad fields. */
export function EditFormAlerts<V extends FieldValues>({ edit }: { edit: EditForm<V> }) {
  return (
    <>
      {edit.stale && <StaleAlert message={edit.stale} onReload={edit.reloadStale} />}
      <FormErrorAlert error={edit.alert} />
      <FormErrorSummary summary={edit.summary} />
    </>
  );
}
