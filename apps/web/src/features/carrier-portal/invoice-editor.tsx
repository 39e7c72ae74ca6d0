import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { invoiceInputSchema } from '@freightdesk/shared/schemas/invoice';
import type { BillableOrder } from '@freightdesk/shared/schemas/invoice-views';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { FormErrorSummary, useErrorSummary } from '../../components/form/use-error-summary.tsx';
import { BillableOrderPicker } from './billable-order-picker.tsx';
import { DRAFT_FIELDS, type InvoiceDraft, linesFromBillable } from './invoice-draft.ts';
import { InvoiceDraftTotals } from './invoice-draft-totals.tsx';
import { InvoiceEditorFields } from './invoice-editor-fields.tsx';
import { InvoiceLineRows } from './invoice-line-rows.tsx';
import { InvoiceShipperPicker, type Shipper } from './invoice-shipper-picker.tsx';

type Plant = { id: number; name: string };

type Props = {
  initial: InvoiceDraft;
  /** Sends the draft; rejects with the server's ApiError. */
  save: (draft: InvoiceDraft) => Promise<void>;
  cancelTo: string;
};

/** The draft's form and lines, the shipper and plant they bill, the picker's state and the submit. */
function useInvoiceEditor(initial: InvoiceDraft, save: Props['save']) {
  const form = useForm<InvoiceDraft>({
    resolver: zodResolver(invoiceInputSchema as never) as never,
    defaultValues: initial,
    shouldFocusError: false,
  });
  const array = useFieldArray({ control: form.control, name: 'lines' });
  const summary = useErrorSummary(form);
  const [shipper, setShipper] = useState<Shipper | null>(null);
  const [addedPlant, setAddedPlant] = useState<Plant | null>(null);
  const [picking, setPicking] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const plant = array.fields.length ? addedPlant : null;

  const changeShipper = async (next: Shipper | null) => {
    if (
      array.fields.length &&
      !(await confirmAction('The orders added are of this shipper: changing it takes them all off the invoice.'))
    ) {
      return;
    }
    array.replace([]);
    setShipper(next);
  };
  const addOrders = (orders: BillableOrder[]) => {
    const first = orders[0];
    if (first && !plant) {
      setAddedPlant({ id: first.plantId, name: first.plantName });
    }
    array.append(orders.flatMap(linesFromBillable));
    setPicking(false);
  };

  const submit = form.handleSubmit(async () => {
    setAlert(null);
    try {
      await save(form.getValues());
    } catch (err) {
      setAlert(applyServerErrors(err, form.setError, DRAFT_FIELDS));
      summary.reveal();
    }
  }, summary.onInvalid);
  return { form, array, summary, shipper, plant, picking, setPicking, alert, changeShipper, addOrders, submit };
}

type Editor = ReturnType<typeof useInvoiceEditor>;

/** The lines, grouped by order, with "Add delivered orders" (once the shipper is chosen) and the lines' own error. */
function LinesSection({ editor }: { editor: Editor }) {
  const { form, array, shipper } = editor;
  const linesError = form.formState.errors.lines?.root?.message ?? form.formState.errors.lines?.message;
  return (
    <Stack gap="xs" data-path="lines" data-label="Lines" component="section" aria-label="Lines">
      <Group justify="space-between">
        <Title order={4}>Lines</Title>
        <Button variant="light" leftSection={<IconPlus size={16} />} disabled={!shipper} onClick={() => editor.setPicking(true)}>
          Add delivered orders
        </Button>
      </Group>
      {linesError && (
        <Text size="sm" c="red" role="alert">
          {linesError}
        </Text>
      )}
      {array.fields.length ? (
        <InvoiceLineRows form={form} array={array} />
      ) : (
        <Text size="sm" c="dimmed">
          {shipper ? 'Add the delivered orders this invoice bills.' : 'Choose the shipper first, then add its delivered orders.'}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The invoice editor of a new invoice: the shipper, delivered orders added from a
 * paged picker (each with its freight and detention prefilled), charges and deductions per order,
 * number, date and GST kind, totals as typed. Server messages land on their fields and lines.
 */
export function InvoiceEditor({ initial, save, cancelTo }: Props) {
  const editor = useInvoiceEditor(initial, save);
  const { form, array, summary, shipper, plant, alert } = editor;
  return (
    <form ref={summary.formRef} onSubmit={editor.submit} noValidate>
      {editor.picking && shipper && (
        <BillableOrderPicker
          industryId={shipper.id}
          plant={plant}
          added={new Set(array.fields.map((f) => f.orderId))}
          onAdd={editor.addOrders}
          onClose={() => editor.setPicking(false)}
        />
      )}
      <Stack>
        {alert && (
          <Alert color="red" role="alert" title="Not submitted">
            {alert}
          </Alert>
        )}
        <FormErrorSummary summary={summary} />
        <Group align="flex-end" gap="xl">
          <InvoiceShipperPicker value={shipper} onChange={(s) => void editor.changeShipper(s)} />
          <Text>
            Plant: <b>{plant?.name ?? 'the plant of the first order added'}</b>
          </Text>
        </Group>
        <InvoiceEditorFields form={form} />
        <LinesSection editor={editor} />
        <InvoiceDraftTotals control={form.control} />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Submit invoice
          </Button>
          <Button component={Link} to={cancelTo} variant="subtle">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
