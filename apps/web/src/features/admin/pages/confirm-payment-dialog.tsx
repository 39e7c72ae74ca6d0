import { Modal, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Payment } from '@freightdesk/shared/schemas/plan';
import { toast } from '../../../components/feedback/feedback.tsx';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { NumberTextInput } from '../../../components/form/number-input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatInr } from '../../../lib/format.ts';
import { useConfirmAdminPayment } from '../api/payments.ts';

/** The dialog's fields, the server's answer on them, and the confirmation. */
function useConfirmPayment(onClose: () => void) {
  const [utr, setUtr] = useState('');
  const [amount, setAmount] = useState<number | undefined>(undefined);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setUtr('');
    setAmount(undefined);
    setFields({});
    setError(null);
    onClose();
  };
  const confirm = useConfirmAdminPayment(
    { providerRef: utr, amountRupees: amount ?? null },
    {
      onSuccess: () => {
        toast('Payment confirmed: the plan is active and its tax invoice issued.');
        close();
      },
      onError: (err) => {
        setFields(err instanceof ApiError ? err.fields : {});
        setError(err instanceof ApiError && Object.keys(err.fields).length === 0 ? err.message : null);
      },
    },
  );
  return { utr, setUtr, amount, setAmount, fields, error, close, confirm };
}

/**
 * Confirms a plan payment (issue 33): the bank's UTR and the amount received, which must be the
 * payable. Confirming activates the plan and issues the platform's tax invoice, so it is a dialog,
 * never one click.
 */
export function ConfirmPaymentDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const { utr, setUtr, amount, setAmount, fields, error, close, confirm } = useConfirmPayment(onClose);
  return (
    <Modal opened={payment !== null} onClose={close} title="Confirm payment" size="md">
      {payment && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            confirm.mutate(payment.id);
          }}
        >
          <Stack>
            <Text size="sm">
              {payment.industryName}, {payment.planName}: {formatInr(payment.amountRupees)} payable (GST included), reference{' '}
              <b>{payment.reference}</b>. Check the bank statement, then enter the transfer's UTR and the amount received.
            </Text>
            <TextInput
              label="UTR (bank reference)"
              withAsterisk
              maxLength={22}
              value={utr}
              onChange={(e) => setUtr(e.currentTarget.value)}
              error={fields.providerRef}
              data-autofocus
            />
            <NumberTextInput
              money
              label="Amount received (INR)"
              withAsterisk
              value={amount}
              onChange={setAmount}
              error={fields.amountRupees}
            />
            <DialogFooter error={error} onCancel={close}>
              <Button type="submit" loading={confirm.isPending}>
                Confirm payment
              </Button>
            </DialogFooter>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
