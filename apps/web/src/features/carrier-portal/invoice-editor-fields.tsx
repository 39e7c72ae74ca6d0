import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { DATE_FORMAT } from '@freightdesk/shared/constants';
import { toDay, todayInIndia } from '../../components/form/date-time.ts';
import { companyQuery, gstOptions } from './company-query.ts';
import type { InvoiceDraft } from './invoice-draft.ts';

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
        <GstSchemeField form={form} />
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

/** The GST kind: forward charge only for a carrier with a GSTIN on its profile. */
function GstSchemeField({ form }: { form: UseFormReturn<InvoiceDraft> }) {
  const gstin = useQuery(companyQuery).data?.gstin;
  return (
    <Controller
      control={form.control}
      name="gstScheme"
      render={({ field, fieldState }) => (
        <Select
          label="GST"
          withAsterisk
          data={gstOptions(gstin)}
          description={gstin === null ? 'Forward charge needs your GSTIN on the company profile.' : undefined}
          allowDeselect={false}
          data-path={field.name}
          value={field.value}
          onChange={(v) => v && field.onChange(v)}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
