import { Button, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { IndentDetail } from '@freightdesk/shared/schemas/indent';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';
import { ApiError } from '../../lib/api.ts';
import { plural } from '../../lib/format.ts';
import { useCancelIndent } from './api/cancel-indent.ts';

/** Cancels what is still asked or waiting as spot: a reason (required), then the confirm dialog. Orders already made stay. */
export function IndentCancelDialog({ indent, onClose }: { indent: IndentDetail; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const cancel = useCancelIndent(indent.id, {
    cancelled: () => {
      toast(`Indent ${indent.number} is cancelled.`);
      onClose();
    },
    refused: (err) => {
      setError(err instanceof ApiError ? (err.fields.reason ?? null) : null);
      setAlert(err instanceof ApiError ? (err.fields.reason ? null : err.message) : 'Something went wrong. Please try again.');
    },
  });
  const submit = async () => {
    if (!reason.trim()) {
      setError('Reason is required');
      return;
    }
    const kept =
      indent.acceptedVehicles > 0 ? ` The ${plural(indent.acceptedVehicles, 'vehicle')} already accepted keep their orders.` : '';
    if (await confirmAction(`Indent ${indent.number} will be cancelled and its carriers told.${kept}`, 'Cancel indent', true)) {
      cancel.mutate(reason);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Cancel ${indent.number}`}>
      <Stack>
        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={3}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <DialogFooter error={alert} onCancel={onClose} cancelLabel="Keep indent">
          <Button color="red" onClick={submit} loading={cancel.isPending}>
            Cancel indent
          </Button>
        </DialogFooter>
      </Stack>
    </Modal>
  );
}
