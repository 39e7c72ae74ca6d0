import { Button, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CONFIRM_TEXT } from '@freightdesk/shared/constants';
import type { Order } from '@freightdesk/shared/schemas/order';
import { toast } from '../../components/feedback/feedback.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { api } from '../../lib/api.ts';
import { CARRIER_ORDERS_KEY } from './queries.ts';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';
import { TrackingMethodDialog } from '../../components/tracking/tracking-method-dialog.tsx';
import { VehicleNumberInput } from './vehicle-number-input.tsx';
import { type Driver, driverAfterPick } from './vehicle-pick.ts';

type AssignValues = { vehicleNumber: string; driverName: string; driverMobile: string };
type Errors = Partial<Record<keyof AssignValues | 'reason' | 'remarks' | 'form', string>>;

/** Field errors from the server on their fields; anything else above the buttons. */
function errorsOf(err: unknown, fields: readonly string[]): Errors {
  const placed: Errors = {};
  const form = applyServerErrors<Record<string, string>>(err, (name, error) => Object.assign(placed, { [name]: error.message }), fields);
  return form ? { ...placed, form } : placed;
}

/** Assign the vehicle and driver of a placed order: this is how the carrier accepts it. */
export function AssignVehicleDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const client = useQueryClient();
  const [values, setValues] = useState<AssignValues>({
    vehicleNumber: order.vehicleNumber ?? '',
    driverName: order.driverName ?? '',
    driverMobile: order.driverMobile ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  // What the dialog put in the driver fields itself (the order's, or a picked vehicle's last driver).
  const [filled, setFilled] = useState<Driver>({ driverName: values.driverName, driverMobile: values.driverMobile });
  const [assigned, setAssigned] = useState<Order | null>(null);
  const assign = useMutation({
    mutationFn: () => api.post<{ data: Order }>(`/carrier/orders/${order.id}/assign`, values),
    onSuccess: ({ data }) => {
      toast(`Vehicle ${data.vehicleNumber ?? values.vehicleNumber} assigned to ${order.number}.`);
      void client.invalidateQueries({ queryKey: CARRIER_ORDERS_KEY });
      // Next: how the trip is tracked (or later, from the order's panel).
      setAssigned(data);
    },
    onError: (err) => setErrors(errorsOf(err, ['vehicleNumber', 'driverName', 'driverMobile'])),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    assign.mutate();
  };
  const field = (key: keyof Driver, label: string, placeholder: string) => (
    <TextInput
      label={label}
      withAsterisk
      placeholder={placeholder}
      value={values[key]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [key]: value }));
        setErrors((x) => ({ ...x, [key]: undefined }));
      }}
      error={errors[key]}
    />
  );
  if (assigned) {
    return (
      <TrackingMethodDialog
        endpoint={`/carrier/tracking/orders/${order.id}/method`}
        orderNumber={order.number}
        vehicleNumber={assigned.vehicleNumber}
        driverMobile={assigned.driverMobile}
        current={null}
        intro={`${assigned.vehicleNumber ?? 'The vehicle'} is assigned. How will the shipper see this trip? You can also set it later under the order.`}
        cancelLabel="Later"
        onClose={onClose}
        onSaved={() => void client.invalidateQueries({ queryKey: ['carrier', 'tracking', order.id] })}
      />
    );
  }
  return (
    <Modal opened onClose={onClose} title={`Assign a vehicle to ${order.number}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <VehicleNumberInput
            value={values.vehicleNumber}
            onChange={(vehicleNumber) => {
              setValues((v) => ({ ...v, vehicleNumber }));
              setErrors((x) => ({ ...x, vehicleNumber: undefined }));
            }}
            onPick={(vehicle) => {
              const next = driverAfterPick(values, filled, vehicle);
              setValues((v) => ({ ...v, vehicleNumber: vehicle.vehicleNumber, ...next.driver }));
              setFilled(next.filled);
            }}
            error={errors.vehicleNumber}
          />
          {field('driverName', 'Driver name', 'Full name')}
          {field('driverMobile', 'Driver mobile', '10-digit mobile')}
          <DialogFooter error={errors.form} onCancel={onClose}>
            <Button type="submit" loading={assign.isPending}>
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
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const reject = useMutation({
    mutationFn: () => api.post<{ data: Order }>(`/carrier/orders/${order.id}/reject`, { reason: reason.trim() || undefined }),
    onSuccess: () => {
      toast(`Order ${order.number} rejected.`);
      void client.invalidateQueries({ queryKey: CARRIER_ORDERS_KEY });
      onClose();
    },
    onError: (err) => setErrors(errorsOf(err, ['reason'])),
  });
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
          <Button color="red" onClick={() => reject.mutate()} loading={reject.isPending}>
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
  const client = useQueryClient();
  const m = MOVES[move];
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useMutation({
    mutationFn: () => api.post<{ data: Order }>(`/carrier/orders/${order.id}/${m.path}`, { remarks: remarks.trim() || undefined }),
    onSuccess: () => {
      toast(m.done(order));
      void client.invalidateQueries({ queryKey: CARRIER_ORDERS_KEY });
      onClose();
    },
    onError: (err) => setErrors(errorsOf(err, ['remarks'])),
  });
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
          <Button onClick={() => mutation.mutate()} loading={mutation.isPending}>
            {m.title}
          </Button>
        </DialogFooter>
      </Stack>
    </Modal>
  );
}
