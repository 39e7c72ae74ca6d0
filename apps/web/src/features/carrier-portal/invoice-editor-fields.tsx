import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { DATE_FORMAT } from '@freightdesk/shared/constants';
import { toDay, todayInIndia } from '../../components/form/date-time.ts';
import { useCarrierCompany } from './api/carrier-company.ts';
import { gstOptions } from './company-query.ts';
import type { InvoiceDraft } from './invoice-draft.ts';

/** Number, date and GST kind of a new invoice. */
export function InvoiceEditorFields({ form }: { form: UseFormReturn<InvoiceDraft> }) {
  const { errors } = form.formState;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <TextInput
        label="Invoice number"
        withAsterisk
        maxLength={16}
        description='Up to 16 letters, digits, "-" and "/"; once per financial year.'
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
  );
}

/** The GST kind: forward charge only for a carrier with a GSTIN on its profile. */
function GstSchemeField({ form }: { form: UseFormReturn<InvoiceDraft> }) {
  const gstin = useCarrierCompany().data?.gstin;
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
