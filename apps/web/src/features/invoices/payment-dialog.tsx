import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { DATE_FORMAT } from '@freightdesk/shared/constants';
import { type InvoicePaymentInput, invoicePaymentSchema } from '@freightdesk/shared/schemas/invoice';
import { toast } from '../../components/feedback/feedback.tsx';
import { toDay, todayInIndia } from '../../components/form/date-time.ts';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';
import { MoneyField } from '../../components/form/number-field.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { type InvoiceAnswer, inr } from '../../domain/invoices/invoice-format.ts';
import { useRecordPayment } from './api/record-payment.ts';
import { PaymentTds } from './payment-tds.tsx';

const FIELDS = ['amountRupees', 'paidOn', 'reference', 'note'];

/** The day the bank paid: from the invoice date to today (India). */
function PaidOnField({ form, from }: { form: UseFormReturn<InvoicePaymentInput>; from: string }) {
  return (
    <Controller
      control={form.control}
      name="paidOn"
      render={({ field, fieldState }) => (
        <DatePickerInput
          label="Paid on"
          withAsterisk
          valueFormat={DATE_FORMAT}
          minDate={from}
          maxDate={todayInIndia()}
          value={field.value || null}
          onChange={(v) => field.onChange(toDay(v) ?? '')}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** The payment's form and its save: the amount defaults to what is due, the day to today (India). */
function usePaymentForm(invoice: InvoiceAnswer, onClose: () => void) {
  const record = useRecordPayment(invoice.id);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<InvoicePaymentInput>({
    resolver: zodResolver(invoicePaymentSchema) as never,
    defaultValues: { amountRupees: invoice.duePaise / 100, paidOn: todayInIndia(), reference: '', note: '' },
  });
  const submit = form.handleSubmit(async () => {
    setAlert(null);
    const values = form.getValues();
    try {
      const saved = await record.mutateAsync({
        ...values,
        reference: values.reference.trim(),
        note: values.note?.trim() || undefined,
      });
      toast(
        saved.duePaise > 0
          ? `Payment of ${inr(Math.round(values.amountRupees * 100))} recorded; ${inr(saved.duePaise)} still due.`
          : `Payment recorded; invoice ${saved.number} is paid in full.`,
      );
      onClose();
    } catch (err) {
      setAlert(applyServerErrors(err, form.setError, FIELDS));
    }
  });
  return { form, alert, submit };
}

/** Records a payment of an approved invoice: the amount (the due unless changed), the day, the bank's UTR. */
export function PaymentDialog({ invoice, onClose }: { invoice: InvoiceAnswer; onClose: () => void }) {
  const { form, alert, submit } = usePaymentForm(invoice, onClose);
  const { errors, isSubmitting } = form.formState;
  const [amount, paidOn] = form.watch(['amountRupees', 'paidOn']);
  return (
    <Modal opened onClose={onClose} title={`Record payment of ${invoice.number}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {inr(invoice.duePaise)} is due to {invoice.carrierName}
            {invoice.dueDate ? ` by ${invoice.dueDate}` : ''}.
          </Text>
          <MoneyField
            control={form.control}
            name="amountRupees"
            label="Amount settled (₹)"
            description="TDS is deducted from it; the rest is what you transfer"
            withAsterisk
            data-autofocus
          />
          <PaidOnField form={form} from={invoice.invoiceDate} />
          <PaymentTds invoiceId={invoice.id} amountRupees={Number(amount) || 0} paidOn={paidOn ?? ''} />
          <TextInput
            label="UTR / reference"
            withAsterisk
            maxLength={40}
            {...form.register('reference')}
            error={errors.reference?.message}
          />
          <Textarea label="Note" autosize minRows={2} maxLength={300} {...form.register('note')} error={errors.note?.message} />
          <DialogFooter error={alert} onCancel={onClose}>
            <Button type="submit" loading={isSubmitting}>
              Record payment
            </Button>
          </DialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}
