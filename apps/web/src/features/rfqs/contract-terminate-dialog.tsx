import { Button, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { ContractDetail } from '@freightdesk/shared/schemas/contract';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';
import { ApiError } from '../../lib/api.ts';
import { useTerminateContract } from './api/contract-changes.ts';

/** Ends an active contract: a reason (required), then the confirm dialog. */
export function TerminateDialog({ contract, onClose }: { contract: ContractDetail; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const end = useTerminateContract(contract.id, {
    onSuccess: () => {
      toast(`Contract ${contract.number} is terminated.`);
      onClose();
    },
    onError: (err) => {
      setError(err instanceof ApiError ? (err.fields.reason ?? null) : null);
      setAlert(err instanceof ApiError && !err.fields.reason ? err.message : null);
    },
  });
  const submit = async () => {
    if (!reason.trim()) {
      setError('Reason is required');
      return;
    }
    if (await confirmAction(`Contract ${contract.number} with ${contract.carrierName} will end now.`, 'Terminate', true)) {
      end.mutate(reason);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Terminate ${contract.number}`}>
      <Stack>
        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={3}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={error}
        />
        <DialogFooter error={alert} onCancel={onClose}>
          <Button color="red" onClick={submit} loading={end.isPending}>
            Terminate
          </Button>
        </DialogFooter>
      </Stack>
    </Modal>
  );
}
