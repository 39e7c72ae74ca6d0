import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { type EwayBillInput, ewayBillInputSchema, ewayBillLookupSchema } from '@freightdesk/shared/schemas/eway-bill';
import { addEwayBill, type FoundBill, lookupEwayBill } from '../../domain/eway-bills/api/eway-bill-calls.ts';
import { toast } from '../../components/feedback/feedback.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import type { Dir } from './cancel-order-dialog.tsx';
import { EwayBillManualFields } from './eway-bill-manual-fields.tsx';
import { Field } from './order-summary.tsx';
import { useRefreshOrders } from './api/refresh-orders.ts';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';

/** The bill as the e-way bill system holds it: its validity and its cargo type are NIC's, as given. */
function FoundDetails({ bill }: { bill: FoundBill }) {
  return (
    <SimpleGrid cols={2} spacing="xs" aria-label="E-way bill details">
      <Field label="Generated">{formatDateTime(bill.generatedAt)}</Field>
      <Field label="Distance">{bill.distanceKm} km</Field>
      <Field label="Valid until">{formatDateTime(bill.validUntil)}</Field>
      <Field label="Cargo">{bill.overDimensional ? 'Over-dimensional (a day per 20 km)' : 'Regular'}</Field>
      <Field label="Value">{formatInr(bill.valueRupees)}</Field>
      <Field label="Consignor GSTIN">{bill.fromGstin}</Field>
      <Field label="Consignee GSTIN">{bill.toGstin}</Field>
      <Field label="Vehicle (Part B)">{bill.vehicleNumber}</Field>
    </SimpleGrid>
  );
}

/** The bill's number and the button that fetches it from the e-way bill system. */
function NumberRow({ form, onFetch, looking }: { form: UseFormReturn<EwayBillInput>; onFetch: () => void; looking: boolean }) {
  return (
    <Group align="flex-start" wrap="nowrap">
      <TextInput
        label="E-way bill number"
        withAsterisk
        placeholder="12 digits"
        inputMode="numeric"
        maxLength={14}
        style={{ flex: 1 }}
        {...form.register('number')}
        error={form.formState.errors.number?.message}
        data-autofocus
      />
      <Button variant="light" mt={25} onClick={onFetch} loading={looking}>
        Fetch details
      </Button>
    </Group>
  );
}

/**
 * Asking the e-way bill system for the typed number: the bill found, and when the system is out of
 * reach (503) its message, after which the form takes the copy's details.
 */
function useBillLookup(dir: Dir, orderId: number, form: UseFormReturn<EwayBillInput>, setError: (e: string | null) => void) {
  const [found, setFound] = useState<FoundBill | null>(null);
  const [looking, setLooking] = useState(false);
  const [unreachable, setUnreachable] = useState<string | null>(null);
  const lookup = async () => {
    setError(null);
    setFound(null);
    const parsed = ewayBillLookupSchema.safeParse({ number: form.getValues('number') });
    if (!parsed.success) {
      form.setError('number', { message: parsed.error.issues[0]?.message ?? 'An e-way bill number is 12 digits' });
      return;
    }
    form.clearErrors('number');
    setLooking(true);
    try {
      setFound(await lookupEwayBill(dir, orderId, parsed.data.number));
    } catch (err) {
      if (err instanceof ApiError && err.status === 503) {
        setUnreachable(err.message);
        return;
      }
      setError(applyServerErrors(err, form.setError, ['number']));
    } finally {
      setLooking(false);
    }
  };
  return { found, looking, unreachable, lookup };
}

/** The dialog's form: the lookup, then the add (with the copy's details when the system was out of reach). */
function useAddBillForm(dir: Dir, order: { id: number; number: string }, onClose: () => void) {
  const refresh = useRefreshOrders();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<EwayBillInput>({
    resolver: zodResolver(ewayBillInputSchema),
    defaultValues: { number: '', overDimensional: false },
  });
  const number = useWatch({ control: form.control, name: 'number' });
  const { found, looking, unreachable, lookup } = useBillLookup(dir, order.id, form, setError);

  const submit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      await addEwayBill(dir, order.id, {
        number: body.number,
        overDimensional: body.overDimensional,
        manual: unreachable ? body.manual : undefined,
      });
      toast(`E-way bill ${body.number} added to order ${order.number}.`);
      void refresh();
      onClose();
    } catch (err) {
      setError(applyServerErrors(err, form.setError, ['number', 'overDimensional', 'manual']));
    }
  });

  const current = found && found.number === number.trim() ? found : null;
  const ready = Boolean(current) || Boolean(unreachable);
  return { form, error, looking, unreachable, lookup, submit, current, ready };
}

/**
 * Add an e-way bill by its number: the e-way bill system is asked and fills the form, the user
 * confirms. A bill the server refuses (unknown, expired, another business's) says why on the number.
 */
export function EwayBillAddDialog({ dir, order, onClose }: { dir: Dir; order: { id: number; number: string }; onClose: () => void }) {
  const { form, error, looking, unreachable, lookup, submit, current, ready } = useAddBillForm(dir, order, onClose);
  return (
    <Modal opened onClose={onClose} title={`Add an e-way bill to ${order.number}`} centered size="lg">
      <form
        onSubmit={(e) => {
          // Enter on the number fetches it first; once fetched, it adds the bill.
          if (ready) {
            void submit(e);
            return;
          }
          e.preventDefault();
          void lookup();
        }}
        noValidate
      >
        <Stack>
          <NumberRow form={form} onFetch={() => void lookup()} looking={looking} />
          {/* The system knows a fetched bill's cargo type; only a bill typed from its copy is told. */}
          {unreachable && <Checkbox label="Over-dimensional cargo (a day of validity per 20 km)" {...form.register('overDimensional')} />}
          {unreachable && <EwayBillManualFields form={form} reason={unreachable} />}
          {current && <FoundDetails bill={current} />}
          {!ready && (
            <Text size="sm" c="dimmed">
              Enter the number and fetch: the e-way bill system fills in the bill, then you confirm.
            </Text>
          )}
          <DialogFooter error={error} onCancel={onClose} cancelLabel="Close">
            <Button type="submit" disabled={!ready} loading={form.formState.isSubmitting}>
              Add e-way bill
            </Button>
          </DialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}
