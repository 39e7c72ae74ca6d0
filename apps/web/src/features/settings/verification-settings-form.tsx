import { zodResolver } from '@hookform/resolvers/zod';
import { NativeSelect, SimpleGrid, Text } from '@mantine/core';
import { useCallback } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import {
  REGISTER_DOC_LABEL,
  REGISTER_DOCS,
  type RegisterDoc,
  type VerificationEffect,
  type VerificationRules,
  type VerificationSettings,
  verificationSettingsInputSchema,
} from '@freightdesk/shared/schemas/verification';
import { toast } from '../../components/feedback/feedback.tsx';
import { useEditForm } from '../../components/form/use-edit-form.ts';
import { useEditRecord } from '../../components/master/use-edit-record.ts';
import { hasPermission } from '../../lib/session.ts';
import { useUpdateVerificationSettings, useVerificationSettings } from './api/verification-settings.ts';
import { SettingsFormFrame } from './settings-form-frame.tsx';

/** What each choice does, in the gate guard's words (the card's red, amber or nothing). */
const EFFECTS: { value: VerificationEffect; label: string }[] = [
  { value: 'block', label: 'Blocks gate in (red)' },
  { value: 'warn', label: 'Warns the guard (amber)' },
  { value: 'ignore', label: 'Not checked' },
];

const toForm = (s: VerificationSettings): VerificationRules =>
  Object.fromEntries(REGISTER_DOCS.map((doc) => [doc, s[doc]])) as Record<RegisterDoc, VerificationEffect>;

/** The form, loaded once, fresh (a colleague's save meanwhile makes ours a 409 STALE with a Reload), saved through useEditForm. */
function useVerificationSettingsForm() {
  const query = useVerificationSettings();
  const save = useUpdateVerificationSettings();
  const form = useForm<VerificationRules>({ resolver: zodResolver(verificationSettingsInputSchema), shouldFocusError: false });
  const load = useCallback((row: VerificationSettings) => form.reset(toForm(row)), [form]);
  const record = useEditRecord(query, load);
  const edit = useEditForm(form, {
    save: (values: VerificationRules) => save.mutateAsync({ values, ifMatch: record.version }),
    onSaved: (saved) => {
      record.accept(saved);
      toast('Vehicle and driver checks saved.');
    },
    reload: record.reload,
    fields: [...REGISTER_DOCS],
  });
  return { data: query.data, form, record, edit };
}

/** One choice per document of the registers. */
function RuleFields({ form, disabled }: { form: UseFormReturn<VerificationRules>; disabled: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {REGISTER_DOCS.map((doc) => (
        <Controller
          key={doc}
          control={form.control}
          name={doc}
          render={({ field, fieldState }) => (
            <NativeSelect
              label={`${REGISTER_DOC_LABEL[doc]} lapsed or missing`}
              data={EFFECTS}
              value={field.value ?? ''}
              onChange={(e) => field.onChange(e.currentTarget.value)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              disabled={disabled}
            />
          )}
        />
      ))}
    </SimpleGrid>
  );
}

/**
 * `/settings/verification` (issue 37, record 0307): what a lapsed or missing document of the
 * vehicle (VAHAN) or the driver (SARATHI) does at this company's gates. A document within 15 days of
 * its end is amber whatever is chosen here, unless it is not checked.
 */
export function VerificationSettingsForm() {
  const { data, form, record, edit } = useVerificationSettingsForm();
  const canEdit = hasPermission('add-edit-delete');
  return (
    <SettingsFormFrame
      title="Vehicle and driver checks"
      data={data}
      defaultText="You are using the default checks."
      form={form}
      edit={edit}
      ready={record.ready}
      canEdit={canEdit}
      toForm={toForm}
      intro={
        <Text size="sm">
          Each vehicle is checked with VAHAN and each driver's licence with SARATHI when the carrier assigns them and again before gate in.
          Choose what a lapsed or missing document does at your gates.
        </Text>
      }
    >
      <RuleFields form={form} disabled={!canEdit} />
    </SettingsFormFrame>
  );
}
