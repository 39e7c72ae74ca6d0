import { Button, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { DATE_FORMAT } from '@freightdesk/shared/constants';
import { financialYear } from '@freightdesk/shared/money';
import { type TdsCertificateInput, tdsCertificateSchema } from '@freightdesk/shared/schemas/tds';
import { toast } from '../../components/feedback/feedback.tsx';
import { toDay, todayInIndia } from '../../components/form/date-time.ts';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';
import { MoneyField, NumberField } from '../../components/form/number-field.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { InvoiceShipperPicker, type Shipper } from './invoice-shipper-picker.tsx';
import { useAddTdsCertificate } from './api/carrier-tds.ts';

const FIELDS = ['industryId', 'number', 'ratePct', 'validFrom', 'validTo', 'limitRupees'];

/** A day of the certificate's period. */
function DayField({ form, name, label }: { form: UseFormReturn<TdsCertificateInput>; name: 'validFrom' | 'validTo'; label: string }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <DatePickerInput
          label={label}
          withAsterisk
          valueFormat={DATE_FORMAT}
          value={field.value || null}
          onChange={(v) => field.onChange(toDay(v) ?? '')}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** The shipper the certificate names, searched on the server among those the carrier works for. */
function ShipperField({ form }: { form: UseFormReturn<TdsCertificateInput> }) {
  const [shipper, setShipper] = useState<Shipper | null>(null);
  return (
    <Controller
      control={form.control}
      name="industryId"
      render={({ fieldState }) => (
        <InvoiceShipperPicker
          value={shipper}
          onChange={(s) => {
            setShipper(s);
            form.setValue('industryId', s?.id as number, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** The certificate's fields: shipper, number, rate, period, amount covered. */
function CertificateFields({ form }: { form: UseFormReturn<TdsCertificateInput> }) {
  const { errors } = form.formState;
  return (
    <>
      <ShipperField form={form} />
      <TextInput label="Certificate number" withAsterisk maxLength={30} {...form.register('number')} error={errors.number?.message} />
      <NumberField
        control={form.control}
        name="ratePct"
        label="Rate (%)"
        description="The rate the certificate allows, below 2%"
        withAsterisk
        decimals={2}
        inputMode="decimal"
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <DayField form={form} name="validFrom" label="Valid from" />
        <DayField form={form} name="validTo" label="Valid to" />
      </SimpleGrid>
      <MoneyField
        control={form.control}
        name="limitRupees"
        label="Amount covered (₹)"
        description="Payments up to this amount are deducted at the certificate's rate"
        withAsterisk
      />
    </>
  );
}

/** Adds a lower-deduction certificate (section 197) the income-tax officer issued for one shipper. */
export function TdsCertificateDialog({ onClose }: { onClose: () => void }) {
  const add = useAddTdsCertificate();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<TdsCertificateInput>({
    resolver: zodResolver(tdsCertificateSchema) as never,
    defaultValues: { number: '', validFrom: todayInIndia(), validTo: financialYear(new Date()).to },
  });
  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      await add.mutateAsync({ ...values, number: values.number.trim() });
      toast(`Certificate ${values.number.trim()} added.`);
      onClose();
    } catch (err) {
      setAlert(applyServerErrors(err, form.setError, FIELDS));
    }
  });
  return (
    <Modal opened onClose={onClose} title="Add lower-deduction certificate">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">The shipper named on the certificate deducts TDS at its rate until the amount it covers is used.</Text>
          <CertificateFields form={form} />
          <DialogFooter error={alert} onCancel={onClose}>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Add certificate
            </Button>
          </DialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}
