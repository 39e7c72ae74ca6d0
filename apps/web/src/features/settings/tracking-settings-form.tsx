import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, SimpleGrid } from '@mantine/core';
import { useCallback } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import {
  TRACKING_SETTING_FIELDS,
  type TrackingSettingField,
  type TrackingSettings,
  type TrackingSettingsInput,
  trackingSettingsInputSchema,
} from '@freightdesk/shared/schemas/tracking-settings';
import { toast } from '../../components/feedback/feedback.tsx';
import { NumberField } from '../../components/form/number-field.tsx';
import { useEditForm } from '../../components/form/use-edit-form.ts';
import { useEditRecord } from '../../components/master/use-edit-record.ts';
import { useTrackingSettings, useUpdateTrackingSettings } from './api/tracking-settings.ts';
import { SettingsFormFrame } from './settings-form-frame.tsx';
import { hasPermission } from '../../lib/session.ts';

const FIELDS = Object.keys(TRACKING_SETTING_FIELDS) as TrackingSettingField[];
/** What each setting does, in the words of the boards and alerts it drives. */
const HELP: Record<TrackingSettingField, string> = {
  haltMinutes: 'A vehicle standing still this long outside every stop raises a "Vehicle halted" alert.',
  noSignalMinutes: 'No position from a vehicle on the road for this long raises a "No signal" alert.',
  publicLinkGraceHours: 'Shared live links keep working this long after delivery (0: they stop at delivery).',
  simPingMinutes: 'How often a driver’s phone number is located on phone-SIM tracked trips.',
  arrivalDwellMinutes:
    'Tracking marks a vehicle reported at your plant, or arrived at a drop-off, only after it has been seen inside the place this long (at least three positions).',
};

const toForm = (s: TrackingSettings): TrackingSettingsInput => ({
  haltMinutes: s.haltMinutes,
  noSignalMinutes: s.noSignalMinutes,
  publicLinkGraceHours: s.publicLinkGraceHours,
  simPingMinutes: s.simPingMinutes,
  arrivalDwellMinutes: s.arrivalDwellMinutes,
});

/**
 * The form, loaded once, fresh (a colleague's save meanwhile makes ours a 409 STALE with a Reload),
 * and its submit through useEditForm.
 */
function useTrackingSettingsForm() {
  const query = useTrackingSettings();
  const save = useUpdateTrackingSettings();
  const form = useForm<TrackingSettingsInput>({ resolver: zodResolver(trackingSettingsInputSchema), shouldFocusError: false });
  const load = useCallback((row: TrackingSettings) => form.reset(toForm(row)), [form]);
  const record = useEditRecord(query, load);
  const edit = useEditForm(form, {
    save: (values: TrackingSettingsInput) => save.mutateAsync({ values, ifMatch: record.version }),
    onSaved: (saved) => {
      record.accept(saved);
      toast('Tracking settings saved.');
    },
    reload: record.reload,
    fields: FIELDS,
  });
  return { data: query.data, form, record, edit };
}

/** One number field per setting, with what it does and its bounds. */
function SettingFields({ form, disabled }: { form: UseFormReturn<TrackingSettingsInput>; disabled: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {FIELDS.map((name) => {
        const f = TRACKING_SETTING_FIELDS[name];
        return (
          <NumberField
            key={name}
            control={form.control}
            name={name}
            label={`${f.label} (${f.unit})`}
            description={`${HELP[name]} ${f.min}–${f.max}; default ${f.default}.`}
            withAsterisk
            decimals={0}
            disabled={disabled}
          />
        );
      })}
    </SimpleGrid>
  );
}

/** `/settings/tracking`: the shipper's halt, no-signal, public-link and phone-SIM settings. */
export function TrackingSettingsForm() {
  const { data, form, record, edit } = useTrackingSettingsForm();
  const canEdit = hasPermission('add-edit-delete');
  return (
    <SettingsFormFrame
      title="Tracking settings"
      data={data}
      defaultText="You are using the default settings."
      form={form}
      edit={edit}
      ready={record.ready}
      canEdit={canEdit}
      toForm={toForm}
    >
      <SettingFields form={form} disabled={!canEdit} />
      {data && (
        <Alert color="gray" variant="light" title="Position history">
          Positions are kept for {data.retentionDays} days, then removed. This one period holds for every company on this Freightdesk server
          (old positions are removed for all at once), so the server’s operator sets it, not this page.
        </Alert>
      )}
    </SettingsFormFrame>
  );
}
