import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type OrderTracking, SIM_OPERATOR_LABEL, TRACKING_METHOD_LABEL } from '@freightdesk/shared/schemas/tracking';
import { SIM_CONSENT_LABEL } from '@freightdesk/shared/schemas/tracking-providers';
import type { Order } from '@freightdesk/shared/schemas/order';
import { TrackingMethodDialog } from '../../domain/tracking/tracking-method-dialog.tsx';
import { trackingMethodPath, useSetTrackingMethod, useTrackingMethod } from './api/order-tracking.ts';

const FINISHED = ['delivered', 'closed', 'rejected', 'cancelled'];

/** What the tracking is, in a line: "Phone SIM · Airtel 98220… · waiting for the driver". */
function describe(t: OrderTracking): string {
  const label = TRACKING_METHOD_LABEL[t.method];
  switch (t.method) {
    case 'device':
      return `${label} · ${t.device?.label ?? ''}`;
    case 'sim':
      return `${label} · ${t.simOperator ? SIM_OPERATOR_LABEL[t.simOperator] : ''} ${t.simNumber ?? ''} · ${t.consentState ? SIM_CONSENT_LABEL[t.consentState] : ''}`;
    case 'fastag':
      return `${label} · ${t.vehicleNumber ?? ''}`;
    default:
      return `${label} · FNR ${t.fnr ?? ''}`;
  }
}

/** The order's tracking in the carrier's order panel: how it is tracked, and the way to set it. */
export function OrderTrackingSection({ order }: { order: Order }) {
  const setMethod = useSetTrackingMethod();
  const [choosing, setChoosing] = useState(false);
  const { data } = useTrackingMethod(order.id);
  const open = !FINISHED.includes(order.status);
  return (
    <Stack gap={6} align="flex-start">
      <Text size="sm" c={data ? undefined : 'dimmed'}>
        {data ? describe(data) : 'Not set: the shipper cannot see where the vehicle is.'}
      </Text>
      {data?.simNote && (
        <Text size="xs" c="dimmed">
          {data.simNote}
        </Text>
      )}
      {open && (
        <Button size="xs" variant="light" onClick={() => setChoosing(true)}>
          {data ? 'Change tracking' : 'Set tracking'}
        </Button>
      )}
      {choosing && (
        <TrackingMethodDialog
          endpoint={trackingMethodPath(order.id)}
          orderNumber={order.number}
          vehicleNumber={order.vehicleNumber}
          driverMobile={order.driverMobile}
          current={data ?? null}
          onClose={() => setChoosing(false)}
          onSaved={(saved) => setMethod(order.id, saved)}
        />
      )}
    </Stack>
  );
}
