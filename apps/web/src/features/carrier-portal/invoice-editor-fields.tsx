import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { DATE_FORMAT } from '@freightdesk/shared/constants';
import { GST_SCHEME_LABEL, GST_SCHEMES } from '@freightdesk/shared/schemas/invoice';
import { toDay, todayInIndia } from '../../components/form/date-time.ts';
import type { InvoiceDraft } from './invoice-draft.ts';

const GST_OPTIONS = GST_SCHEMES.map((s) => ({ value: s, label: GST_SCHEME_LABEL[s] }));

/** Number (fixed on a revision), date, GST kind and, on a revision, the note to the shipper. */
export function InvoiceEditorFields({ form, revise }: { form: UseFormReturn<InvoiceDraft>; revise: boolean }) {
  const { errors } = form.formState;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Invoice number"
          withAsterisk={!revise}
          maxLength={16}
          description={revise ? 'The number stays on a revision.' : 'Up to 16 letters, digits, "-" and "/"; once per financial year.'}
          disabled={revise}
          {...form.register('number')}
          error={errors.number?.message}
        />
        <Controller
          control={form.control}
          name="invoiceDate"
          render={({ field, fieldState }) => (
            <DatePickerInput
              label="Invoice date"
              withAsterisk
              valueFormat={DATE_FORMAT}
              maxDate={todayInIndia()}
              data-path={field.name}
              value={field.value || null}
              onChange={(v) => field.onChange(toDay(v) ?? '')}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="gstScheme"
          render={({ field, fieldState }) => (
            <Select
              label="GST"
              withAsterisk
              data={GST_OPTIONS}
              allowDeselect={false}
              data-path={field.name}
              value={field.value}
              onChange={(v) => v && field.onChange(v)}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      {revise && (
        <Textarea
          label="Note to the shipper"
          description="What changed in this version (optional)."
          autosize
          minRows={2}
          maxLength={500}
          {...form.register('note')}
          error={errors.note?.message}
        />
      )}
    </>
  );
}
