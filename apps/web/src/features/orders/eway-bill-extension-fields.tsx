import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { type Control, Controller, type UseFormReturn } from 'react-hook-form';
import { EWAY_STATES } from '@freightdesk/shared/eway-bill';
import type { EwayBillExtendInput, EwayExtensionSuggestion } from '@freightdesk/shared/schemas/eway-bill';
import { formatDateTime } from '../../lib/format.ts';
import { useExtensionSuggestionQuery } from './api/eway-bill-changes.ts';

export type ExtendForm = Partial<EwayBillExtendInput>;

const STATE_OPTIONS = EWAY_STATES.map((s) => ({ value: String(s.nic), label: `${s.name} (${s.nic})` }));

/**
 * Where the vehicle is now, as the e-way bill system asks it of an extension, suggested from the
 * order's last position (`GET …/eway-bills/:billId/extension`); a field the user already typed in
 * is left as typed. Without a suggestion the fields are simply empty.
 */
export function useExtensionSuggestion(base: string, billId: number, form: UseFormReturn<ExtendForm>, enabled: boolean) {
  const suggestion = useExtensionSuggestionQuery(base, billId, enabled);
  const data = suggestion.data;
  useEffect(() => {
    if (!data) {
      return;
    }
    const untouched = (name: keyof ExtendForm) => !form.getFieldState(name).isDirty;
    if (data.fromPlace !== null && untouched('fromPlace')) {
      form.setValue('fromPlace', data.fromPlace);
    }
    if (data.fromPincode !== null && untouched('fromPincode')) {
      form.setValue('fromPincode', data.fromPincode);
    }
    if (data.fromState !== null && untouched('fromState')) {
      form.setValue('fromState', data.fromState);
    }
    if (data.remainingKm !== null && untouched('remainingKm')) {
      form.setValue('remainingKm', data.remainingKm);
    }
  }, [data, form]);
  return data;
}

function basisText(s: EwayExtensionSuggestion | undefined): string {
  if (!s) {
    return 'Where is the vehicle now? The e-way bill system asks for its place, PIN code and state.';
  }
  if (s.basis === 'position' && s.at) {
    return `Suggested from the vehicle's last position (${formatDateTime(s.at)}). Check them before you extend.`;
  }
  if (s.basis === 'pickup') {
    return 'No position yet: suggested from the pickup. Change them to where the vehicle is now.';
  }
  return 'Where is the vehicle now? The e-way bill system asks for its place, PIN code and state.';
}

/** The vehicle's current place, PIN code and state (NIC's state code) for an extension. */
export function ExtensionPlaceFields({
  control,
  form,
  suggestion,
}: {
  control: Control<ExtendForm>;
  form: UseFormReturn<ExtendForm>;
  suggestion: EwayExtensionSuggestion | undefined;
}) {
  const errors = form.formState.errors;
  return (
    <>
      <Text size="sm" c="dimmed">
        {basisText(suggestion)}
      </Text>
      <TextInput label="Current place" withAsterisk maxLength={50} {...form.register('fromPlace')} error={errors.fromPlace?.message} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="PIN code"
          withAsterisk
          inputMode="numeric"
          maxLength={6}
          {...form.register('fromPincode')}
          error={errors.fromPincode?.message}
        />
        <Controller
          control={control}
          name="fromState"
          render={({ field, fieldState }) => (
            <Select
              label="State"
              withAsterisk
              searchable
              data={STATE_OPTIONS}
              value={field.value === undefined || field.value === null ? null : String(field.value)}
              onChange={(v) => field.onChange(v === null ? undefined : Number(v))}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
    </>
  );
}
