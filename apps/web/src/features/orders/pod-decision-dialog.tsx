import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { podAcceptBodySchema, podRejectBodySchema } from '@freightdesk/shared/schemas/pod';
import { toast } from '../../components/feedback/feedback.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import type { Dir } from './cancel-order-dialog.tsx';
import { decidePod } from './api/decide-pod.ts';
import { useRefreshOrders } from './api/refresh-orders.ts';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';

// The body schema defaults a missing body; the form always has one.
const acceptFormSchema = podAcceptBodySchema.unwrap();
type AcceptForm = z.input<typeof acceptFormSchema>;
type RejectForm = z.input<typeof podRejectBodySchema>;

/**
 * Sends the decision and refreshes the order; `placeErrors` puts the server's field errors on the
 * dialog's fields and answers what is left for its alert.
 */
function useDecision(dir: Dir, order: { id: number; number: string }, decision: 'accept' | 'reject', onClose: () => void) {
  const refresh = useRefreshOrders();
  const [error, setError] = useState<string | null>(null);
  const send = async (body: AcceptForm | RejectForm, placeErrors: (err: unknown) => string | null) => {
    setError(null);
    try {
      await decidePod(dir, order.id, decision, body);
      toast(
        decision === 'accept'
          ? `POD accepted: order ${order.number} is closed.`
          : 'POD sent back: the carrier has been told to deliver the proof again.',
      );
      void refresh();
      onClose();
    } catch (err) {
      setError(placeErrors(err));
    }
  };
  return { error, send };
}

type Props = { dir: Dir; order: { id: number; number: string }; onClose: () => void };

/** Accept the proof of delivery: the order closes. Remarks are optional. */
export function AcceptPodDialog({ dir, order, onClose }: Props) {
  const form = useForm<AcceptForm>({ resolver: zodResolver(acceptFormSchema), defaultValues: { remarks: '' } });
  const { error, send } = useDecision(dir, order, 'accept', onClose);
  const submit = form.handleSubmit((body) => send(body, (err) => applyServerErrors(err, form.setError, ['remarks'])));
  return (
    <Modal opened onClose={onClose} title="Accept the proof of delivery?" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">Order {order.number} will be closed. A shortage or damage on this POD stays on the order and its invoice.</Text>
          <Textarea
            label="Remarks"
            autosize
            minRows={2}
            maxLength={300}
            {...form.register('remarks')}
            error={form.formState.errors.remarks?.message}
          />
          <DialogFooter error={error} onCancel={onClose} cancelLabel="Not now">
            <Button type="submit" color="green" loading={form.formState.isSubmitting}>
              Accept and close
            </Button>
          </DialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}

/** Send the proof of delivery back to the carrier with a reason: the order is arrived again until a new one comes. */
export function RejectPodDialog({ dir, order, onClose }: Props) {
  const form = useForm<RejectForm>({ resolver: zodResolver(podRejectBodySchema), defaultValues: { reason: '' } });
  const { error, send } = useDecision(dir, order, 'reject', onClose);
  const submit = form.handleSubmit((body) => send(body, (err) => applyServerErrors(err, form.setError, ['reason'])));
  return (
    <Modal opened onClose={onClose} title="Send the proof of delivery back?" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">The carrier is told why and delivers the proof again; order {order.number} stays open.</Text>
          <Textarea
            label="Reason for sending it back"
            withAsterisk
            autosize
            minRows={2}
            maxLength={300}
            placeholder="e.g. The receiver's signature is missing"
            {...form.register('reason')}
            error={form.formState.errors.reason?.message}
            data-autofocus
          />
          <DialogFooter error={error} onCancel={onClose} cancelLabel="Keep it">
            <Button type="submit" color="red" loading={form.formState.isSubmitting}>
              Send back
            </Button>
          </DialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}
