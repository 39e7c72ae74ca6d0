import { Alert, Anchor, Button, Group, List, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { CarrierIndent, IndentAnswer } from '@freightdesk/shared/schemas/indent';
import { toast } from '../../components/feedback/feedback.tsx';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';
import { NumberTextInput } from '../../components/form/number-input.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime, plural } from '../../lib/format.ts';
import {
  type AnswerDraft,
  type AnswerErrors,
  acceptSummary,
  answerBody,
  answerFieldOf,
  defaultVehicles,
  ORDERS_TO_ASSIGN_LINK,
  orderLink,
} from './indent-answer.ts';
import { useAnswerIndent } from './api/answer-indent.ts';

type Refusal = { title: string; message: string };

/** Server field messages on their fields; the rest (a 409: the turn is over) in the alert. */
function refusalOf(err: unknown): { errors: AnswerErrors; refusal: Refusal | null } {
  if (!(err instanceof ApiError)) {
    return { errors: {}, refusal: { title: 'Not sent', message: 'Something went wrong. Please try again.' } };
  }
  const errors: AnswerErrors = {};
  let unplaced = Object.keys(err.fields).length === 0;
  for (const [field, message] of Object.entries(err.fields)) {
    const key = answerFieldOf(field);
    if (key) {
      errors[key] = message;
    } else {
      unplaced = true;
    }
  }
  const title = err.status === 409 ? 'This indent can no longer be answered' : 'Not sent';
  return { errors, refusal: unplaced ? { title, message: err.message } : null };
}

/** After accepting: the orders made, each a link to the orders page where its vehicle is assigned. */
function Accepted({ indent, onClose }: { indent: CarrierIndent; onClose: () => void }) {
  return (
    <Stack>
      <Text>
        You accepted {plural(indent.vehiclesAccepted, 'vehicle')} on indent {indent.number}. Assign a vehicle and driver to each order now:
      </Text>
      <List>
        {indent.orders.map((o) => (
          <List.Item key={o.id}>
            <Anchor component={Link} to={orderLink(o.number)}>
              {o.number}
            </Anchor>
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Later
        </Button>
        <Button component={Link} to={ORDERS_TO_ASSIGN_LINK}>
          Assign vehicles
        </Button>
      </Group>
    </Stack>
  );
}

/** The answer being written, its errors, and sending it (a refusal on its fields or in the alert). */
function useIndentAnswer(indent: CarrierIndent, initial: AnswerDraft['answer'], onClose: () => void) {
  const [draft, setDraft] = useState<AnswerDraft>({ answer: initial, vehicles: defaultVehicles(indent), reason: '' });
  const [errors, setErrors] = useState<AnswerErrors>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [accepted, setAccepted] = useState<CarrierIndent | null>(null);
  // The turn ended meanwhile (409): nothing more can be sent from this dialog.
  const [over, setOver] = useState(false);
  const send = useAnswerIndent(indent.id);
  const onSuccess = ({ data }: { data: CarrierIndent }, body: IndentAnswer) => {
    if (body.answer === 'reject') {
      toast(`Indent ${indent.number} rejected. The shipper is told.`);
      onClose();
      return;
    }
    toast(`Indent ${indent.number} accepted: ${plural(data.orders.length, 'order')} created.`);
    setAccepted(data);
  };
  const onError = (err: unknown) => {
    const placed = refusalOf(err);
    setErrors(placed.errors);
    setRefusal(placed.refusal);
    if (err instanceof ApiError && err.status === 409) {
      setOver(true);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const built = answerBody(draft, indent.vehiclesAsked);
    setErrors(built.errors);
    if (built.body) {
      send.mutate(built.body, { onSuccess, onError });
    }
  };
  return { draft, setDraft, errors, setErrors, refusal, accepted, over, pending: send.isPending, submit };
}

type AnswerState = ReturnType<typeof useIndentAnswer>;

/** Accept or reject; how many vehicles (and what they come to), or the reason. */
function AnswerFields({ indent, answer }: { indent: CarrierIndent; answer: AnswerState }) {
  const { draft, setDraft, errors, setErrors } = answer;
  const asked = indent.vehiclesAsked ?? 1;
  return (
    <>
      <SegmentedControl
        aria-label="Your answer"
        value={draft.answer}
        onChange={(v) => setDraft((d) => ({ ...d, answer: v === 'reject' ? 'reject' : 'accept' }))}
        data={[
          { value: 'accept', label: 'Accept' },
          { value: 'reject', label: 'Reject' },
        ]}
      />
      {draft.answer === 'accept' ? (
        <>
          <NumberTextInput
            label="Vehicles you accept"
            description={`1 to ${asked}; the rest goes to the next carrier`}
            withAsterisk
            decimals={0}
            value={draft.vehicles}
            onChange={(vehicles) => {
              setDraft((d) => ({ ...d, vehicles }));
              setErrors((e) => ({ ...e, vehicles: undefined }));
            }}
            error={errors.vehicles}
            data-autofocus
          />
          <Text size="sm" fw={600}>
            {acceptSummary(draft.vehicles, indent.rateRupees)}
          </Text>
        </>
      ) : (
        <Textarea
          label="Reason"
          withAsterisk
          placeholder="e.g. No vehicle free on that date"
          autosize
          minRows={2}
          value={draft.reason}
          onChange={(e) => {
            const reason = e.currentTarget.value;
            setDraft((d) => ({ ...d, reason }));
            setErrors((x) => ({ ...x, reason: undefined }));
          }}
          error={errors.reason}
          data-autofocus
        />
      )}
    </>
  );
}

/**
 * Answer the carrier's turn on an indent: accept some or all of the vehicles asked (one order per
 * vehicle at the contract rate), or reject with a reason. A turn that ended meanwhile (409) shows
 * the API's message and refreshes the indent.
 */
export function IndentAnswerDialog({
  indent,
  initial = 'accept',
  onClose,
}: {
  indent: CarrierIndent;
  initial?: AnswerDraft['answer'];
  onClose: () => void;
}) {
  const answer = useIndentAnswer(indent, initial, onClose);
  const { refusal, over } = answer;
  const asked = indent.vehiclesAsked ?? 1;
  const accepting = answer.draft.answer === 'accept';
  return (
    <Modal opened onClose={onClose} title={`Indent ${indent.number}`} centered>
      {answer.accepted ? (
        <Accepted indent={answer.accepted} onClose={onClose} />
      ) : (
        <form onSubmit={answer.submit} noValidate>
          <Stack>
            <Text size="sm">
              {indent.shipperName} asks for {plural(asked, 'vehicle')} ({indent.vehicleTypeName}) on {indent.laneLabel}, reporting{' '}
              {formatDateTime(indent.reportingAt)}.
            </Text>
            <AnswerFields indent={indent} answer={answer} />
            {refusal && (
              <Alert color="red" title={refusal.title} role="alert">
                {refusal.message}
              </Alert>
            )}
            <DialogFooter onCancel={onClose} cancelLabel={over ? 'Close' : 'Cancel'}>
              <Button type="submit" color={accepting ? undefined : 'red'} loading={answer.pending} disabled={over}>
                {accepting ? 'Accept' : 'Reject indent'}
              </Button>
            </DialogFooter>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
