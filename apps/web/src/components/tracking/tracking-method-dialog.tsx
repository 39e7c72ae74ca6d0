import { Alert, Button, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  type OrderTracking,
  SIM_OPERATOR_LABEL,
  SIM_OPERATORS,
  TRACKING_METHOD_LABEL,
  TRACKING_METHODS,
  type TrackingMethod,
  trackingChoiceSchema,
} from '@freightdesk/shared/schemas/tracking';
import { toast } from '../feedback/feedback.tsx';
import { DialogFooter } from '../form/dialog-footer.tsx';
import { applyServerErrors } from '../form/server-errors.ts';
import { api } from '../../lib/api.ts';

type Values = {
  method: TrackingMethod;
  identifier: string;
  kind: 'phone' | 'gps';
  simNumber: string;
  simOperator: string;
  vehicleNumber: string;
  fnr: string;
};
const FIELDS = ['method', 'identifier', 'deviceId', 'kind', 'simNumber', 'simOperator', 'vehicleNumber', 'fnr'] as const;

const HINT: Record<TrackingMethod, string> = {
  device:
    'A phone running Traccar Client (or any OsmAnd app) or a GPS device, pointed at this server’s tracking port. Type the identifier it reports with; a new one is registered for you.',
  sim: 'The driver gets a consent SMS from the operator and answers it; the phone is then located every few minutes, to within 1–2 km. Airtel and Vi consent lasts about a year; Jio asks on every trip; BSNL cannot be tracked.',
  fastag: 'Toll-plaza crossings of the vehicle’s FASTag, read from NHAI through ULIP every 10 minutes while the trip runs.',
  rail: 'The rake’s station reports from Indian Railways (FOIS), by the 11-digit FNR on the railway receipt.',
};

/** The body the API takes for the chosen method (only that method's fields). */
function bodyOf(v: Values) {
  switch (v.method) {
    case 'device':
      return { method: v.method, identifier: v.identifier.trim(), kind: v.kind };
    case 'sim':
      return { method: v.method, simNumber: v.simNumber.trim(), simOperator: v.simOperator || undefined };
    case 'fastag':
      return { method: v.method, vehicleNumber: v.vehicleNumber.trim() || undefined };
    default:
      return { method: v.method, fnr: v.fnr.trim() };
  }
}

/**
 * How an order is tracked, chosen or changed: app/GPS device, phone SIM, FASTag or rail FNR, each
 * with its own fields. Used by the carrier (when it assigns the vehicle) and the shipper;
 * `endpoint` is the caller's `…/orders/:id/method`.
 */
export function TrackingMethodDialog({
  endpoint,
  orderNumber,
  vehicleNumber,
  current,
  onClose,
  onSaved,
  intro,
  cancelLabel,
  driverMobile,
}: {
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
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    defaultValues: {
      method: current?.method ?? 'device',
      identifier: current?.device?.identifier ?? '',
      kind: current?.device?.kind === 'gps' ? 'gps' : 'phone',
      simNumber: current?.simNumber ?? driverMobile ?? '',
      simOperator: current?.simOperator ?? '',
      vehicleNumber: current?.vehicleNumber ?? vehicleNumber ?? '',
      fnr: current?.fnr ?? '',
    },
  });
  const [method, simOperator, kind] = useWatch({ control: form.control, name: ['method', 'simOperator', 'kind'] });
  const errors = form.formState.errors;

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
    if (values.method === 'device' && !values.identifier.trim()) {
      form.setError('identifier', { message: 'Type the identifier the phone or device reports with' });
      return;
    }
    try {
      const saved = (await api.put<{ data: OrderTracking }>(endpoint, parsed.data)).data;
      toast(`${orderNumber} is tracked by ${TRACKING_METHOD_LABEL[saved.method]}.`);
      onSaved(saved);
      onClose();
    } catch (err) {
      setError(applyServerErrors(err, form.setError, FIELDS));
    }
  });

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
          {method === 'device' && (
            <>
              <TextInput
                label="Device identifier"
                withAsterisk
                placeholder="e.g. the id shown in Traccar Client"
                {...form.register('identifier')}
                error={errors.identifier?.message}
                data-autofocus
              />
              <SegmentedControl
                aria-label="Device kind"
                data={[
                  { value: 'phone', label: 'Phone app' },
                  { value: 'gps', label: 'GPS device' },
                ]}
                value={kind}
                onChange={(v) => form.setValue('kind', v as 'phone' | 'gps')}
              />
            </>
          )}
          {method === 'sim' && (
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
          )}
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
