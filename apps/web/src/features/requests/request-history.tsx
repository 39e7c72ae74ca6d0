import { Text, Timeline } from '@mantine/core';
import type { RequestHistoryEntry, TransportRequest } from '@freightdesk/shared/schemas/request';
import { REQUEST_STATUS_LABEL, type RequestStatus } from '@freightdesk/shared/status/request';
import { actorLabel, formatDateTime, formatInr, plural } from '../../lib/format.ts';
import type { Direction } from './request-list.tsx';
import { useRequestHistory } from './api/get-request-history.ts';

const FIELD_LABEL: Record<string, string> = {
  status: 'Status',
  plantId: 'Plant',
  pickupAddressId: 'Pickup address',
  productId: 'Product',
  packageId: 'Package',
  quantity: 'Quantity',
  weightTonnes: 'Weight (t)',
  vehicleTypeId: 'Vehicle type',
  vehicleCount: 'Vehicles',
  pickupAt: 'Pickup Date',
  bidStartAt: 'Bid start',
  bidEndAt: 'Bid end',
  targetPriceRupees: 'Target price',
  priceBasis: 'Price basis',
  hideMaterial: 'Material hidden',
  remarks: 'Remarks',
  carrierLinkIds: 'Invited carriers',
  groupIds: 'Invited groups',
  dropoffs: 'Drop-offs',
};

const shown = (v: unknown): string => {
  if (v === null || v === undefined || v === '') {
    return '—';
  }
  if (typeof v === 'string' && v in REQUEST_STATUS_LABEL) {
    return REQUEST_STATUS_LABEL[v as RequestStatus];
  }
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) {
    return formatDateTime(v);
  }
  return Array.isArray(v) ? v.join(', ') || '—' : String(v);
};

/** What one history line says: who did what (and why) to the request. */
function describe(e: RequestHistoryEntry): React.ReactNode {
  switch (e.kind) {
    case 'created':
      return `Created as ${REQUEST_STATUS_LABEL[e.to as RequestStatus] ?? e.to}`;
    case 'status':
      return `${REQUEST_STATUS_LABEL[e.from as RequestStatus] ?? e.from} → ${REQUEST_STATUS_LABEL[e.to as RequestStatus] ?? e.to}${e.reason ? ` (${e.reason})` : ''}`;
    case 'edited':
      return (
        <>
          Edited
          {Object.entries((e.from ?? {}) as Record<string, [unknown, unknown]>).map(([key, [a, b]]) => (
            <Text key={key} size="sm" c="dimmed">
              {FIELD_LABEL[key] ?? key}: {shown(a)} → {shown(b)}
            </Text>
          ))}
        </>
      );
    case 'bid':
      return `${e.carrierName} bid ${formatInr(e.amountRupees)} for ${plural(e.vehicles ?? 0, 'vehicle')}`;
    case 'awarded':
      return `Awarded ${plural(e.vehicles ?? 0, 'vehicle')} to ${e.carrierName} at ${formatInr(e.amountRupees)}`;
  }
}

/** Every change of the request with who, when and why; bids and awards in between. */
export function RequestHistory({ dir, request }: { dir: Direction; request: TransportRequest }) {
  const { data } = useRequestHistory(dir, request.id);
  if (!data?.length) {
    return <Text c="dimmed">No Available Data</Text>;
  }
  return (
    <Timeline active={data.length} bulletSize={14} lineWidth={2} aria-label="History">
      {data.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: history lines have no id of their own
        <Timeline.Item key={i} title={describe(e)}>
          <Text size="xs" c="dimmed">
            {formatDateTime(e.at)} · {actorLabel(e.byName, e.byCompany)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
