import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { type ContractDetail, contractAmendSchema } from '@freightdesk/shared/schemas/contract';
import { toast } from '../../components/feedback/feedback.tsx';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';
import { NumberTextInput } from '../../components/form/number-input.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime, formatInr, inrLabel } from '../../lib/format.ts';
import { useAmendContractRate } from './api/contract-changes.ts';

type Lane = ContractDetail['laneList'][number];
type Errors = { rateRupees?: string; reason?: string };

/** The schema's first message per field of the amendment as typed. */
function checkAmend(rate: number | undefined, reason: string): Errors {
  const parsed = contractAmendSchema.safeParse({ rateRupees: rate, reason });
  const errors: Errors = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'rateRupees' || field === 'reason') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/** The amendment as typed, checked before it is sent; the server's refusal shown on its field or above. */
function useAmendRate(contract: ContractDetail, lane: Lane, onClose: () => void) {
  const [rate, setRate] = useState<number | undefined>(undefined);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const amend = useAmendContractRate(contract.id, lane.id, {
    onSuccess: () => {
      toast(`Lane ${lane.seq}'s rate is now ${formatInr(rate)}. Orders already placed keep their rate.`);
      onClose();
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) {
        setAlert('Something went wrong. Please try again.');
        return;
      }
      setErrors({ rateRupees: err.fields.rateRupees, reason: err.fields.reason });
      setAlert(err.fields.rateRupees || err.fields.reason ? null : err.message);
    },
  });
  const submit = () => {
    setAlert(null);
    const found = checkAmend(rate, reason);
    setErrors(found);
    if (!found.rateRupees && !found.reason) {
      amend.mutate({ rateRupees: rate, reason });
    }
  };
  const changeRate = (v: number | undefined) => {
    setRate(v);
    setErrors((e) => ({ ...e, rateRupees: undefined }));
  };
  const changeReason = (v: string) => {
    setReason(v);
    setErrors((x) => ({ ...x, reason: undefined }));
  };
  return { rate, reason, errors, alert, submit, changeRate, changeReason, pending: amend.isPending };
}

/**
 * A lane's rate amended during the contract, with the reason: indents placed from now on use the
 * new rate, orders already placed keep theirs, and the carrier is told. The lane's rates so far are listed.
 */
export function AmendRateDialog({ contract, lane, onClose }: { contract: ContractDetail; lane: Lane; onClose: () => void }) {
  const amend = useAmendRate(contract, lane, onClose);
  return (
    <Modal opened onClose={onClose} title={`Amend lane ${lane.seq}'s rate`}>
      <Stack>
        <div>
          <Text size="sm" fw={600}>
            {lane.label}
          </Text>
          <Text size="sm">
            {lane.vehicleTypeName} · rate now {formatInr(lane.rateRupees)} per trip
          </Text>
        </div>
        <NumberTextInput
          money
          label={inrLabel('New rate per trip')}
          withAsterisk
          data-autofocus
          value={amend.rate}
          onChange={amend.changeRate}
          error={amend.errors.rateRupees}
        />
        <Textarea
          label="Reason"
          description="The carrier sees it with the new rate."
          withAsterisk
          autosize
          minRows={2}
          value={amend.reason}
          onChange={(e) => amend.changeReason(e.currentTarget.value)}
          error={amend.errors.reason}
        />
        <RatesSoFar lane={lane} />
        <DialogFooter error={amend.alert} onCancel={onClose}>
          <Button onClick={amend.submit} loading={amend.pending}>
            Amend rate
          </Button>
        </DialogFooter>
      </Stack>
    </Modal>
  );
}

/** The lane's rates so far, each with when and why. */
function RatesSoFar({ lane }: { lane: Lane }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        Rates so far
      </Text>
      {lane.history.map((h) => (
        <Text key={`${h.at}-${h.rateRupees}`} size="xs">
          {formatDateTime(h.at)}: {formatInr(h.rateRupees)} ({h.reason})
        </Text>
      ))}
    </div>
  );
}
