import { Alert, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { EwayBillInput } from '@freightdesk/shared/schemas/eway-bill';
import { DateTimeField } from '../../components/form/date-time-field.tsx';
import { indiaTimeToIso, isoToIndiaTime } from '../../components/form/date-time.ts';
import { MoneyField, NumberField } from '../../components/form/number-field.tsx';

/**
 * The bill's details typed from its paper copy, offered only when the e-way bill system cannot be
 * reached: the server still asks the system first and uses these only if it is still out of reach.
 * Validity is computed from the generation and distance, never typed.
 */
export function EwayBillManualFields({ form, reason }: { form: UseFormReturn<EwayBillInput>; reason: string }) {
  const errors = form.formState.errors.manual;
  return (
    <>
      <Alert color="yellow" title="The e-way bill system cannot be reached">
        {reason} Type the bill's details from its copy below.
      </Alert>
      <SimpleGrid cols={2} spacing="xs">
        <Controller
          control={form.control}
          name="manual.generatedAt"
          render={({ field, fieldState }) => (
            <DateTimeField
              label="Generated date"
              withAsterisk
              value={typeof field.value === 'string' ? isoToIndiaTime(field.value) : null}
              onChange={(v) => field.onChange(indiaTimeToIso(v))}
              error={fieldState.error?.message}
            />
          )}
        />
        <NumberField control={form.control} name="manual.distanceKm" label="Distance (km)" withAsterisk />
        <MoneyField control={form.control} name="manual.valueRupees" label="Value (INR)" withAsterisk />
        <TextInput label="Consignor GSTIN" withAsterisk {...form.register('manual.fromGstin')} error={errors?.fromGstin?.message} />
        <TextInput label="Consignee GSTIN" {...form.register('manual.toGstin')} error={errors?.toGstin?.message} />
        <TextInput label="Vehicle number (Part B)" {...form.register('manual.vehicleNumber')} error={errors?.vehicleNumber?.message} />
      </SimpleGrid>
    </>
  );
}
