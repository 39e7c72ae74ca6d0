import { Alert, Button, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import {
  type OrderTracking,
  SIM_OPERATOR_LABEL,
  SIM_OPERATORS,
  TRACKING_METHOD_LABEL,
  TRACKING_METHODS,
  type TrackingMethod,
  trackingChoiceSchema,
} from '@freightdesk/shared/schemas/tracking';
import { toast } from '../../components/feedback/feedback.tsx';
import { DeviceChoice } from './device-choice.tsx';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { putTrackingMethod } from './api/tracking-method-calls.ts';

type Values = {
  method: TrackingMethod;
  deviceId: string | null;
  identifier: string;
  simNumber: string;
  simOperator: string;
  vehicleNumber: string;
  fnr: string;
};
const FIELDS = ['method', 'identifier', 'deviceId', 'simNumber', 'simOperator', 'vehicleNumber', 'fnr'] as const;

const HINT: Record<TrackingMethod, string> = {
  device:
    'The driver’s phone running Traccar Client (or OsmAnd), paired here: choose it, or pair a new one and scan its QR code. A GPS unit reports through a Traccar server: choose it or type its identifier.',
  sim: 'The driver gets a consent SMS from the operator and answers it; the phone is then located every few minutes, to within 1–2 km. Airtel and Vi consent lasts about a year; Jio asks on every trip; BSNL cannot be tracked.',
  fastag: 'Toll-plaza crossings of the vehicle’s FASTag, read from NHAI through ULIP every 10 minutes while the trip runs.',
  rail: 'The rake’s station reports from Indian Railways (FOIS), by the 11-digit FNR on the railway receipt.',
};

/** The body the API takes for the chosen method (only that method's fields). */
function bodyOf(v: Values) {
  switch (v.method) {
    case 'device':
      return v.deviceId
        ? { method: v.method, deviceId: Number(v.deviceId) }
        : { method: v.method, identifier: v.identifier.trim() || undefined };
    case 'sim':
      return { method: v.method, simNumber: v.simNumber.trim(), simOperator: v.simOperator || undefined };
    case 'fastag':
      return { method: v.method, vehicleNumber: v.vehicleNumber.trim() || undefined };
    default:
      return { method: v.method, fnr: v.fnr.trim() };
  }
}

type TrackingMethodDialogProps = {
  intro?: string;
  /** The order's driver mobile: the phone-SIM number unless one is set. */
  driverMobile?: string | null;
  cancelLabel?: string;
  endpoint: string;
  orderNumber: string;
  vehicleNumber: string | null;
  current: OrderTracking | null;
  onClose: () => void;
  onSaved: (tracking: OrderTracking) => void;
};

/**
 * How an order is tracked, chosen or changed: app/GPS device, phone SIM, FASTag or rail FNR, each
 * with its own fields. Used by the carrier (when it assigns the vehicle) and the shipper;
 * `endpoint` is the caller's `…/orders/:id/method`.
 */
export function TrackingMethodDialog(props: TrackingMethodDialogProps) {
  const { endpoint, orderNumber, vehicleNumber, onClose, intro, cancelLabel } = props;
  const { form, error, submit } = useTrackingMethodForm(props);
  const method = useWatch({ control: form.control, name: 'method' });
  const devices = endpoint.startsWith('/carrier/') ? '/carrier/tracking' : '/tracking';

  return (
    <Modal opened onClose={onClose} title={`Tracking of ${orderNumber}`} centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {intro && <Alert color="green">{intro}</Alert>}
          <SegmentedControl
            aria-label="Tracking method"
            data={TRACKING_METHODS.map((m) => ({ value: m, label: TRACKING_METHOD_LABEL[m] }))}
            value={method}
            onChange={(v) => form.setValue('method', v as TrackingMethod)}
            fullWidth
          />
          <Text size="sm" c="dimmed">
            {HINT[method]}
          </Text>
          <MethodFields form={form} devices={devices} name={vehicleNumber ?? orderNumber} />
          <DialogFooter error={error} onCancel={onClose} cancelLabel={cancelLabel}>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save tracking
            </Button>
          </DialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}

/** The dialog's form: defaults from the current tracking, client checks, then the PUT. */
function useTrackingMethodForm({
  endpoint,
  orderNumber,
  vehicleNumber,
  current,
  driverMobile,
  onClose,
  onSaved,
}: TrackingMethodDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    defaultValues: {
      method: current?.method ?? 'device',
      deviceId: current?.device ? String(current.device.id) : null,
      identifier: '',
      simNumber: current?.simNumber ?? driverMobile ?? '',
      simOperator: current?.simOperator ?? '',
      vehicleNumber: current?.vehicleNumber ?? vehicleNumber ?? '',
      fnr: current?.fnr ?? '',
    },
  });

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const body = bodyOf(values);
    const parsed = trackingChoiceSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'method') as keyof Values;
        form.setError(field, { message: issue.message });
      }
      return;
    }
    if (values.method === 'device' && !values.deviceId && !values.identifier.trim()) {
      form.setError('deviceId', { message: 'Choose a device, pair a phone, or type a GPS unit’s identifier' });
      return;
    }
    try {
      const saved = await putTrackingMethod(endpoint, parsed.data);
      toast(`${orderNumber} is tracked by ${TRACKING_METHOD_LABEL[saved.method]}.`);
      onSaved(saved);
      onClose();
    } catch (err) {
      setError(applyServerErrors(err, form.setError, FIELDS));
    }
  });
  return { form, error, submit };
}

/** The chosen method's own fields. */
function MethodFields({ form, devices, name }: { form: UseFormReturn<Values>; devices: '/tracking' | '/carrier/tracking'; name: string }) {
  const [method, deviceId] = useWatch({ control: form.control, name: ['method', 'deviceId'] });
  const errors = form.formState.errors;
  return (
    <>
      {method === 'device' && (
        <DeviceChoice
          devicesBase={devices}
          name={name}
          deviceId={deviceId}
          onDevice={(id) => form.setValue('deviceId', id, { shouldValidate: false })}
          error={errors.deviceId?.message}
          identifier={form.register('identifier')}
          identifierError={errors.identifier?.message}
        />
      )}
      {method === 'sim' && <SimFields form={form} />}
      {method === 'fastag' && (
        <TextInput
          label="Vehicle number"
          placeholder="The order's vehicle"
          {...form.register('vehicleNumber')}
          error={errors.vehicleNumber?.message}
        />
      )}
      {method === 'rail' && (
        <TextInput
          label="FNR"
          withAsterisk
          inputMode="numeric"
          maxLength={11}
          placeholder="11 digits"
          {...form.register('fnr')}
          error={errors.fnr?.message}
        />
      )}
    </>
  );
}

/** Phone SIM: the driver's mobile and operator, warning about operators that cannot be tracked. */
function SimFields({ form }: { form: UseFormReturn<Values> }) {
  const simOperator = useWatch({ control: form.control, name: 'simOperator' });
  const errors = form.formState.errors;
  return (
    <>
      <TextInput
        label="Driver's mobile"
        withAsterisk
        inputMode="numeric"
        maxLength={10}
        {...form.register('simNumber')}
        error={errors.simNumber?.message}
      />
      <Select
        label="Operator"
        withAsterisk
        data={SIM_OPERATORS.map((o) => ({ value: o, label: SIM_OPERATOR_LABEL[o] }))}
        value={simOperator || null}
        onChange={(v) => form.setValue('simOperator', v ?? '', { shouldValidate: false })}
        error={errors.simOperator?.message}
      />
      {(simOperator === 'bsnl' || simOperator === 'other') && (
        <Alert color="orange">
          {simOperator === 'bsnl'
            ? 'BSNL numbers cannot be tracked by SIM. Choose the app, a GPS device or FASTag.'
            : 'Only Airtel, Vi and Jio numbers can be tracked; a number ported to another operator cannot.'}
        </Alert>
      )}
    </>
  );
}
