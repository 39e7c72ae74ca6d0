import { Button, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { CONFIRM_TEXT } from '@freightdesk/shared/constants';
import type { Order } from '@freightdesk/shared/schemas/order';
import { toast } from '../../components/feedback/feedback.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import type { CarrierVehicle } from '@freightdesk/shared/schemas/carrier-vehicles';
import { keptText } from './order-moves.ts';
import { type AssignBody, sendAssign, sendReject, sendRoadMove, useInvalidateOrders } from './api/order-moves.ts';
import { trackingMethodPath, useRefreshTrackingMethod } from './api/order-tracking.ts';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';
import { TrackingMethodDialog } from '../../domain/tracking/tracking-method-dialog.tsx';
import { VehicleNumberInput } from './vehicle-number-input.tsx';
import { LicenceFields } from './licence-fields.tsx';
import { type Driver, driverAfterPick } from './vehicle-pick.ts';

type AssignValues = AssignBody;
type Errors = Partial<Record<keyof AssignValues | 'reason' | 'remarks' | 'form', string>>;

/** Field errors from the server on their fields; anything else above the buttons. */
function errorsOf(err: unknown, fields: readonly string[]): Errors {
  const placed: Errors = {};
  const form = applyServerErrors<Record<string, string>>(err, (name, error) => Object.assign(placed, { [name]: error.message }), fields);
  return form ? { ...placed, form } : placed;
}

/** The assign form's values and errors, and the driver the dialog put in the fields itself. */
function useAssignForm(order: Order) {
  const [values, setValues] = useState<AssignValues>({
    vehicleNumber: order.vehicleNumber ?? '',
    driverName: order.driverName ?? '',
    driverMobile: order.driverMobile ?? '',
    driverLicenceNumber: '',
    driverDob: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  // What the dialog put in the driver fields itself (the order's, or a picked vehicle's last driver).
  const [filled, setFilled] = useState<Driver>({ driverName: values.driverName, driverMobile: values.driverMobile });
  const setField = (key: keyof AssignValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((x) => ({ ...x, [key]: undefined }));
  };
  const pick = (vehicle: CarrierVehicle) => {
    const next = driverAfterPick(values, filled, vehicle);
    setValues((v) => ({ ...v, vehicleNumber: vehicle.vehicleNumber, ...next.driver }));
    setFilled(next.filled);
  };
  return { values, errors, setErrors, setField, pick };
}

type AssignForm = ReturnType<typeof useAssignForm>;

/** The vehicle (offered from the carrier's own as it is typed) and the driver. */
function AssignFields({ form }: { form: AssignForm }) {
  const field = (key: keyof Driver, label: string, placeholder: string) => (
    <TextInput
      label={label}
      withAsterisk
      placeholder={placeholder}
      value={form.values[key]}
      onChange={(e) => form.setField(key, e.currentTarget.value)}
      error={form.errors[key]}
    />
  );
  return (
    <>
      <VehicleNumberInput
        value={form.values.vehicleNumber}
        onChange={(vehicleNumber) => form.setField('vehicleNumber', vehicleNumber)}
        onPick={form.pick}
        error={form.errors.vehicleNumber}
      />
      {field('driverName', 'Driver name', 'Full name')}
      {field('driverMobile', 'Driver mobile', '10-digit mobile')}
      <LicenceFields
        description="Optional: with the date of birth, SARATHI checks the licence and its class before gate in"
        licence={{
          value: form.values.driverLicenceNumber ?? '',
          onChange: (e) => form.setField('driverLicenceNumber', e.currentTarget.value),
          error: form.errors.driverLicenceNumber,
        }}
        dob={{
          value: form.values.driverDob ?? '',
          onChange: (e) => form.setField('driverDob', e.currentTarget.value),
          error: form.errors.driverDob,
        }}
      />
    </>
  );
}

/** After the assignment: how the trip is tracked (or later, from the order's panel). */
function TrackingAfterAssign({ order, assigned, onClose }: { order: Order; assigned: Order; onClose: () => void }) {
  const refreshTracking = useRefreshTrackingMethod();
  return (
    <TrackingMethodDialog
      endpoint={trackingMethodPath(order.id)}
      orderNumber={order.number}
      vehicleNumber={assigned.vehicleNumber}
      driverMobile={assigned.driverMobile}
      current={null}
      intro={`${assigned.vehicleNumber ?? 'The vehicle'} is assigned. How will the shipper see this trip? You can also set it later under the order.`}
      cancelLabel="Later"
      onClose={onClose}
      onSaved={() => refreshTracking(order.id)}
    />
  );
}

/**
 * A move of a dialog sent or kept (lib/outbox-send.ts): `pending` while it goes; `run` answers the
 * outcome, or null once a refusal's errors are placed (`fields` onto their fields).
 */
function useSendOrKeep() {
  const [pending, setPending] = useState(false);
  const invalidate = useInvalidateOrders();
  async function run<T>(send: () => Promise<T>, fields: readonly string[], setErrors: (errors: Errors) => void): Promise<T | null> {
    setPending(true);
    setErrors({});
    try {
      const outcome = await send();
      invalidate();
      return outcome;
    } catch (err) {
      setErrors(errorsOf(err, fields));
      return null;
    } finally {
      setPending(false);
    }
  }
  return { pending, run };
}

/**
 * Assign the vehicle and driver of a placed order: this is how the carrier accepts it. Without
 * network it is kept on the phone (the order shows assigned, waiting to send) and the tracking
 * question waits for the order's panel.
 */
export function AssignVehicleDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const form = useAssignForm(order);
  const [assigned, setAssigned] = useState<Order | null>(null);
  const { pending, run } = useSendOrKeep();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = form.values;
    // The licence and birth date go together or not at all (the server names the one missing).
    const body = { ...values, driverLicenceNumber: values.driverLicenceNumber || undefined, driverDob: values.driverDob || undefined };
    const fields: (keyof AssignValues)[] = ['vehicleNumber', 'driverName', 'driverMobile', 'driverLicenceNumber', 'driverDob'];
    const outcome = await run(() => sendAssign(order, body), fields, form.setErrors);
    if (outcome?.kind === 'kept') {
      toast(keptText(`Vehicle ${values.vehicleNumber}`, order));
      onClose();
    } else if (outcome) {
      toast(`Vehicle ${outcome.answer.data.vehicleNumber ?? values.vehicleNumber} assigned to ${order.number}.`);
      // Next: how the trip is tracked (or later, from the order's panel).
      setAssigned(outcome.answer.data);
    }
  };
  if (assigned) {
    return <TrackingAfterAssign order={order} assigned={assigned} onClose={onClose} />;
  }
  return (
    <Modal opened onClose={onClose} title={`Assign a vehicle to ${order.number}`} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <AssignFields form={form} />
          <DialogFooter error={form.errors.form} onCancel={onClose}>
            <Button type="submit" loading={pending}>
              Assign
            </Button>
          </DialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}

/** The confirm dialog for rejecting a placed order, with an optional reason for the shipper. */
export function RejectOrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { pending, run } = useSendOrKeep();
  const send = async () => {
    const outcome = await run(() => sendReject(order, reason.trim() || undefined), ['reason'], setErrors);
    if (outcome) {
      toast(outcome.kind === 'kept' ? keptText('the rejection', order) : `Order ${order.number} rejected.`);
      onClose();
    }
  };
  return (
    <Modal opened onClose={onClose} title={CONFIRM_TEXT.title} centered>
      <Stack>
        <Text size="sm">
          Reject order <b>{order.number}</b>? The shipper is told at once and the load goes back to them. This cannot be undone.
        </Text>
        <Textarea
          label="Reason"
          placeholder="e.g. No vehicle available on that date"
          autosize
          minRows={2}
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
          data-autofocus
        />
        <DialogFooter error={errors.form} onCancel={onClose}>
          <Button color="red" onClick={() => void send()} loading={pending}>
            Reject order
          </Button>
        </DialogFooter>
      </Stack>
    </Modal>
  );
}

const MOVES = {
  report: {
    path: 'report',
    title: 'Reported at plant',
    text: (o: Order) => `${o.vehicleNumber ?? 'The vehicle'} is at ${o.plantName} for ${o.number}. The plant's gate is told at once.`,
    done: (o: Order) => `${o.number}: reported at ${o.plantName}.`,
  },
  arrive: {
    path: 'arrive',
    title: 'Arrived at destination',
    text: (o: Order) =>
      `${o.vehicleNumber ?? 'The vehicle'} of ${o.number} is at ${o.dropLabel ?? 'the destination'}. The shipper is told at once.`,
    done: (o: Order) => `${o.number}: arrived at ${o.dropLabel ?? 'the destination'}.`,
  },
} as const;

/** One of the carrier's taps on the road (reported at the plant, arrived), confirmed, with optional remarks for the timeline. */
export function MoveDialog({ order, move, onClose }: { order: Order; move: keyof typeof MOVES; onClose: () => void }) {
  const m = MOVES[move];
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { pending, run } = useSendOrKeep();
  // Without network the tap is kept on the device with its time and sent when the network returns.
  const send = async () => {
    const outcome = await run(() => sendRoadMove(order, m.path, m.title, remarks.trim() || undefined), ['remarks'], setErrors);
    if (outcome) {
      toast(outcome.kind === 'kept' ? keptText(m.title, order) : m.done(order));
      onClose();
    }
  };
  return (
    <Modal opened onClose={onClose} title={`${m.title}: ${order.number}`} centered>
      <Stack>
        <Text size="sm">{m.text(order)}</Text>
        <TextInput
          label="Remarks"
          placeholder="Optional, for the order's timeline"
          maxLength={300}
          value={remarks}
          onChange={(e) => setRemarks(e.currentTarget.value)}
          error={errors.remarks}
          data-autofocus
        />
        <DialogFooter error={errors.form} onCancel={onClose}>
          <Button onClick={() => void send()} loading={pending}>
            {m.title}
          </Button>
        </DialogFooter>
      </Stack>
    </Modal>
  );
}
