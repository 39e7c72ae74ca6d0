import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { EWAY_CANCEL_HOURS, EWAY_EXTEND_WINDOW_HOURS } from '@freightdesk/shared/eway-bill';
import {
  EWAY_CANCEL_REASONS,
  EWAY_EXTEND_REASONS,
  type EwayBill,
  ewayBillCancelSchema,
  ewayBillExtendSchema,
} from '@freightdesk/shared/schemas/eway-bill';
import { toast } from '../../components/feedback/feedback.tsx';
import { NumberField } from '../../components/form/number-field.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import type { Dir } from './cancel-order-dialog.tsx';
import { ExtensionPlaceFields, type ExtendForm, useExtensionSuggestion } from './eway-bill-extension-fields.tsx';
import { changeEwayBill } from './api/eway-bill-changes.ts';
import { orderApiBase } from './api/order-paths.ts';
import { useRefreshOrders } from './api/refresh-orders.ts';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';

// One form for both: a cancel validates (and sends) only its reason and remarks.
const changeSchema = ewayBillExtendSchema.partial();
const EXTEND_FIELDS = ['remainingKm', 'reasonCode', 'remarks', 'fromPlace', 'fromPincode', 'fromState'] as const;

const reasonOptions = (codes: Record<number, string>) => Object.entries(codes).map(([value, label]) => ({ value, label }));

/**
 * Extend an e-way bill (only from 8 hours before to 8 hours after it expires: where the vehicle is,
 * suggested from its last position, the distance left and why) or cancel it (only within 24 hours of generation: why). The server checks the window
 * and its refusal is shown as it words it.
 */
/** Why the bill is extended or cancelled: NIC's reason code and the remarks (required for an extension). */
function ReasonFields({ form, extend }: { form: UseFormReturn<ExtendForm>; extend: boolean }) {
  return (
    <>
      <Controller
        control={form.control}
        name="reasonCode"
        render={({ field, fieldState }) => (
          <Select
            label="Reason"
            withAsterisk
            data={reasonOptions(extend ? EWAY_EXTEND_REASONS : EWAY_CANCEL_REASONS)}
            value={field.value === undefined ? null : String(field.value)}
            onChange={(v) => field.onChange(v === null ? undefined : Number(v))}
            error={fieldState.error?.message}
          />
        )}
      />
      <Textarea
        label="Remarks"
        withAsterisk={extend}
        autosize
        minRows={2}
        maxLength={200}
        {...form.register('remarks')}
        error={form.formState.errors.remarks?.message}
      />
    </>
  );
}

export function EwayBillChangeDialog({
  dir,
  orderId,
  bill,
  kind,
  onClose,
}: {
  dir: Dir;
  orderId: number;
  bill: EwayBill;
  kind: 'extend' | 'cancel';
  onClose: () => void;
}) {
  const refresh = useRefreshOrders();
  const [error, setError] = useState<string | null>(null);
  const extend = kind === 'extend';
  const schema = extend ? ewayBillExtendSchema : ewayBillCancelSchema;
  const form = useForm<ExtendForm>({
    resolver: zodResolver(schema as unknown as typeof changeSchema),
    defaultValues: { remarks: '' },
  });
  const base = orderApiBase(dir, orderId);
  const suggestion = useExtensionSuggestion(base, bill.id, form, extend);
  const submit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      await changeEwayBill(base, bill.id, kind, body);
      toast(extend ? `E-way bill ${bill.number} extended.` : `E-way bill ${bill.number} cancelled.`);
      void refresh();
      onClose();
    } catch (err) {
      setError(applyServerErrors(err, form.setError, [...EXTEND_FIELDS]));
    }
  });
  return (
    <Modal opened onClose={onClose} title={`${extend ? 'Extend' : 'Cancel'} e-way bill ${bill.number}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {extend
              ? `Valid until ${formatDateTime(bill.validUntil)}. An e-way bill can be extended from ${EWAY_EXTEND_WINDOW_HOURS} hours before to ${EWAY_EXTEND_WINDOW_HOURS} hours after it expires, for the distance still to go.`
              : `Generated ${formatDateTime(bill.generatedAt)}. An e-way bill can be cancelled only within ${EWAY_CANCEL_HOURS} hours of generation.`}
          </Text>
          {extend && <ExtensionPlaceFields control={form.control} form={form} suggestion={suggestion} />}
          {extend && <NumberField control={form.control} name="remainingKm" label="Distance still to go (km)" withAsterisk />}
          <ReasonFields form={form} extend={extend} />
          <DialogFooter error={error} onCancel={onClose} cancelLabel="Close">
            <Button type="submit" color={extend ? undefined : 'red'} loading={form.formState.isSubmitting}>
              {extend ? 'Extend e-way bill' : 'Cancel e-way bill'}
            </Button>
          </DialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}
