import { Alert, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OrderDetail } from '@freightdesk/shared/schemas/order-detail';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import type { Dir } from './cancel-order-dialog.tsx';
import { RequestLink } from './order-links.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { formatMinutes } from '../../lib/format.ts';

/** A label over its value; an empty value shows a dash. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div">{children || children === 0 ? children : '—'}</Text>
    </div>
  );
}

const SOURCE_FIELD = { request: 'Request', indent: 'Indent', offline: 'Source' } as const;

/** What the order is: material, weight, vehicle and driver, price, where it came from, and its times. */
export function OrderSummary({ dir, order: o }: { dir: Dir; order: OrderDetail }) {
  const rows: [string, ReactNode][] = [
    ['Status', <OrderStatusBadge key="s" status={o.status} />],
    [SOURCE_FIELD[o.source], <RequestLink key="r" dir={dir} order={o} />],
    ['Carrier', o.carrierName],
    ['Plant', o.plantName],
    ['Material', o.productName],
    ['Weight', o.weightTonnes === null ? null : `${o.weightTonnes} t`],
    ['Vehicle type', o.vehicleTypeName],
    ['Vehicle', o.vehicleNumber],
    ['Driver', o.driverName ? `${o.driverName}${o.driverMobile ? `, ${o.driverMobile}` : ''}` : null],
    ['Price', `${formatInr(o.priceRupees)} per ${o.priceBasis}`],
    ['Pickup Date', formatDateTime(o.pickupAt)],
    ['Reported', o.reportedAt ? formatDateTime(o.reportedAt) : null],
    ['Gate In Date', o.gateInAt ? formatDateTime(o.gateInAt) : null],
    ['Gate Out Date', o.gateOutAt ? formatDateTime(o.gateOutAt) : null],
    ['Turnaround (reported → gate out)', o.turnaroundMinutes === null ? null : formatMinutes(o.turnaroundMinutes)],
    ['Arrived', o.arrivedAt ? formatDateTime(o.arrivedAt) : null],
    ['Delivered', o.deliveredAt ? formatDateTime(o.deliveredAt) : null],
    ['Closed', o.closedAt ? formatDateTime(o.closedAt) : null],
  ];
  if (o.externalRef) {
    rows.push([
      'ERP reference',
      <Text key="erp" size="sm" ff="monospace">
        {o.externalRef}
      </Text>,
    ]);
  }
  if (o.rejectedAt) {
    rows.push(['Rejected Date', `${formatDateTime(o.rejectedAt)}${o.rejectReason ? ` · ${o.rejectReason}` : ''}`]);
  }
  if (o.cancelledAt) {
    rows.push(['Cancelled', `${formatDateTime(o.cancelledAt)}${o.cancelReason ? ` · ${o.cancelReason}` : ''}`]);
  }
  return (
    <>
      {o.vehicleOnAnotherOrder && (
        <Alert color="orange" mb="md" title="Vehicle on another active order">
          {o.vehicleNumber} is also on another active order of yours. Check with {o.carrierName} before it reports.
        </Alert>
      )}
      {o.vehicleMismatch && (
        <Alert color="orange" mb="md" title="Vehicle mismatch at the gate">
          The vehicle at the gate was not the one assigned; the guard let it in with an override reason (see Gate below).
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="lg">
        {rows.map(([label, value]) => (
          <Field key={label} label={label}>
            {value}
          </Field>
        ))}
      </SimpleGrid>
    </>
  );
}
