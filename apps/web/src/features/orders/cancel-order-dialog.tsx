import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CONFIRM_TEXT } from '@freightdesk/shared/constants';
import { type CancelOrderBody, cancelOrderBodySchema, type Order } from '@freightdesk/shared/schemas/order';
import { canMoveOrder } from '@freightdesk/shared/status/order';
import { toast } from '../../components/feedback/feedback.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { hasPermission } from '../../lib/session.ts';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';
import { useCancelOrder } from './api/cancel-order.ts';
import type { Dir } from './api/order-paths.ts';

export type { Dir };

/**
 * May this user cancel the order from the shipper's screens: the status machine allows it (placed,
 * vehicle assigned, reported) and the user holds the order list permission of the direction, which
 * the cancel call needs.
 */
export function canCancelOrder(dir: Dir, order: Pick<Order, 'status'>): boolean {
  return canMoveOrder(order.status, 'cancelled') && hasPermission(dir === 'inbound' ? 'list-inbound-order' : 'list-outbound-order');
}

/**
 * The spec's confirm dialog ('Are you sure?', 'Status will be changed!') with the reason the
 * timeline keeps and the carrier is told. Refreshes every order query on success.
 */
export function CancelOrderDialog({ dir, order, onClose }: { dir: Dir; order: Pick<Order, 'id' | 'number'>; onClose: () => void }) {
  const cancel = useCancelOrder(dir, order.id);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CancelOrderBody>({ resolver: zodResolver(cancelOrderBodySchema), defaultValues: { reason: '' } });
  const submit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      await cancel.mutateAsync(body);
      toast(`Order ${order.number} cancelled. The carrier has been told.`);
      onClose();
    } catch (err) {
      setError(applyServerErrors(err, form.setError, ['reason']));
    }
  });
  return (
    <Modal opened onClose={onClose} title={CONFIRM_TEXT.title} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {CONFIRM_TEXT.statusChange} Order <b>{order.number}</b> will be cancelled and the carrier told why. A vehicle awarded from a
            request can then be awarded again.
          </Text>
          <Textarea
            label="Reason for cancelling"
            withAsterisk
            placeholder="e.g. Dispatch moved to next week"
            autosize
            minRows={2}
            maxLength={300}
            {...form.register('reason')}
            error={form.formState.errors.reason?.message}
            data-autofocus
          />
          <DialogFooter error={error} onCancel={onClose} cancelLabel="Keep order">
            <Button type="submit" color="red" loading={form.formState.isSubmitting}>
              Cancel order
            </Button>
          </DialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}
