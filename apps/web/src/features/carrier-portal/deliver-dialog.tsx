import { Alert, Button, FileInput, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import type { Order } from '@freightdesk/shared/schemas/order';
import { toast } from '../../components/feedback/feedback.tsx';
import { DateTimeField } from '../../components/form/date-time-field.tsx';
import { isoToIndiaTime } from '../../components/form/date-time.ts';
import { NumberField } from '../../components/form/number-field.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { type DeliverValues, deliverProblems, POD_ACCEPT, podFields } from './deliver-form.ts';
import { keptText } from './order-moves.ts';
import { useCarrierOrder } from './api/carrier-orders.ts';
import { sendDelivery, useInvalidateOrders } from './api/order-moves.ts';
import type { OutboxPart } from '../../lib/outbox.ts';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';

const FIELDS = ['receiverName', 'receiverMobile', 'deliveredAt', 'shortageQty', 'damageQty', 'remarks', 'file'] as const;

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The shared POD schema (and the file's type and size) checks the form before anything is sent. */
const resolverFor =
  (untouchedDefault: string | null): Resolver<DeliverValues> =>
  async (values) => {
    const problems = deliverProblems(values, new Date(), untouchedDefault);
    if (Object.keys(problems).length === 0) {
      return { values, errors: {} };
    }
    const errors: FieldErrors<DeliverValues> = {};
    for (const [name, message] of Object.entries(problems)) {
      Object.assign(errors, { [name]: { type: 'validate', message } });
    }
    return { values: {}, errors };
  };

/** The POD's multipart parts: its fields as the API reads them, and the file (kept as a Blob when there is no network). */
function podParts(values: DeliverValues, untouchedDefault: string | null): OutboxPart[] {
  const fields = Object.entries(podFields(values, new Date(), untouchedDefault)).map(([name, value]) => ({ name, value }));
  return values.file ? [...fields, { name: 'file', file: values.file, fileName: values.file.name }] : fields;
}

/** The POD form: the last POD sent back (its receiver and quantities as the start), the checks, and the upload. */
function useDeliverForm(order: Order, onClose: () => void) {
  const invalidateOrders = useInvalidateOrders();
  const detail = useCarrierOrder(order.id);
  const sentBack = detail.data?.pod?.status === 'rejected' ? detail.data.pod : null;
  const now = useMemo(() => isoToIndiaTime(new Date().toISOString()), []);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DeliverValues>({
    resolver: resolverFor(now),
    defaultValues: { receiverName: '', receiverMobile: '', deliveredAt: now, remarks: '', file: null },
  });
  // Sent back: the last POD's receiver and quantities as the start of the corrected one.
  useEffect(() => {
    if (sentBack && !form.formState.isDirty) {
      const { receiverName, receiverMobile, shortageQty, damageQty, remarks } = sentBack;
      form.reset({
        ...form.getValues(),
        receiverName,
        receiverMobile: receiverMobile ?? '',
        shortageQty,
        damageQty,
        remarks: remarks ?? '',
      });
    }
  }, [sentBack, form]);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    let kept: boolean;
    try {
      kept = (await sendDelivery(order, podParts(values, now))).kind === 'kept';
    } catch (err) {
      setError(applyServerErrors(err, form.setError, FIELDS));
      return;
    }
    toast(kept ? keptText('Delivered with POD', order) : `${order.number} delivered; the shipper reviews the POD.`);
    invalidateOrders();
    onClose();
  });
  return { form, sentBack, error, submit };
}

/** The photo or PDF of the signed copy; choosing another clears its error. */
function PodFileField({ form }: { form: UseFormReturn<DeliverValues> }) {
  return (
    <Controller
      control={form.control}
      name="file"
      render={({ field, fieldState }) => (
        <FileInput
          label="Proof of delivery"
          description="A photo (JPEG, PNG or WebP) or a PDF of the signed copy"
          withAsterisk
          accept={POD_ACCEPT}
          leftSection={<IconPaperclip size={16} />}
          placeholder="Choose a photo or PDF"
          clearable
          value={field.value}
          onChange={(file) => {
            field.onChange(file);
            form.clearErrors('file');
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** The POD file, the receiver, when, shortage and damage, and the remarks. */
function DeliverFields({ form }: { form: UseFormReturn<DeliverValues> }) {
  const { errors } = form.formState;
  const text = (name: 'receiverName' | 'receiverMobile', label: string, required = false) => (
    <TextInput label={label} withAsterisk={required} {...form.register(name)} error={errors[name]?.message} />
  );
  return (
    <>
      <PodFileField form={form} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('receiverName', 'Receiver name', true)}
        {text('receiverMobile', 'Receiver mobile')}
      </SimpleGrid>
      <Controller
        control={form.control}
        name="deliveredAt"
        render={({ field, fieldState }) => (
          <DateTimeField
            label="Delivered at"
            withAsterisk
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberField control={form.control} name="shortageQty" label="Shortage quantity" placeholder="0" decimals={3} />
        <NumberField control={form.control} name="damageQty" label="Damage quantity" placeholder="0" decimals={3} />
      </SimpleGrid>
      <Textarea
        label="Remarks"
        description="Required with a shortage or damage: what is short or damaged"
        autosize
        minRows={2}
        maxLength={500}
        {...form.register('remarks')}
        error={errors.remarks?.message}
      />
    </>
  );
}

/**
 * Delivered, with the proof of delivery: the photo or PDF of the signed copy, who received it,
 * when (now unless changed), and any shortage or damage with what it was. The shipper then accepts
 * it or sends it back with a reason (shown here when it was).
 */
export function DeliverDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { form, sentBack, error, submit } = useDeliverForm(order, onClose);
  return (
    <Modal opened onClose={onClose} title={`Delivered: ${order.number}`} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {sentBack && (
            <Alert color="red" title="The shipper sent the last POD back">
              {sentence(sentBack.decisionReason ?? 'No reason given')} Submit it again, corrected.
            </Alert>
          )}
          <DeliverFields form={form} />
          <DialogFooter error={error} onCancel={onClose}>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Submit POD
            </Button>
          </DialogFooter>
          <Text size="xs" c="dimmed">
            The order moves to Delivered and the shipper is asked to accept the POD.
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
