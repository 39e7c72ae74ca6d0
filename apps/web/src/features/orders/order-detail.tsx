import { Button, SimpleGrid, Stack, Tabs, Text, Timeline } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Order } from '@freightdesk/shared/schemas/order';
import { ORDER_STATUS_LABEL } from '@freightdesk/shared/status/order';
import { Page } from '../../components/layout/page.tsx';
import { useMasterOne } from '../../components/master/use-master.ts';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { DocumentsPanel } from '../documents/documents-panel.tsx';
import { CancelOrderDialog, canCancelOrder, type Dir } from './cancel-order-dialog.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { orderPath, RequestLink } from './order-links.tsx';

type OrderDetail = Order & {
  timeline: { from: string | null; to: string; byName: string | null; byCompany: string | null; reason: string | null; at: string }[];
};

function OrderTimeline({ order }: { order: OrderDetail }) {
  return (
    <Stack>
      <Timeline bulletSize={14} lineWidth={2}>
        {order.timeline.map((e) => (
          <Timeline.Item key={`${e.at}-${e.to}-${e.reason ?? ''}`} title={ORDER_STATUS_LABEL[e.to as Order['status']] ?? e.to}>
            <Text size="xs" c="dimmed">
              {formatDateTime(e.at)} · {e.byName ? `${e.byName}${e.byCompany ? `, ${e.byCompany}` : ''}` : 'Freightdesk'}
            </Text>
            {e.reason && <Text size="sm">{e.reason}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}

function OrderFields({ dir, order: o }: { dir: Dir; order: OrderDetail }) {
  const rows: [string, React.ReactNode][] = [
    ['Status', <OrderStatusBadge key="s" status={o.status} />],
    ['Request', o.requestNumber ? <RequestLink key="r" dir={dir} order={o} /> : null],
    ['Carrier', o.carrierName],
    ['Plant', o.plantName],
    ['Vehicle type', o.vehicleTypeName],
    ['Price', `${formatInr(o.priceRupees)} per ${o.priceBasis}`],
    ['Pickup Date', formatDateTime(o.pickupAt)],
    ['Vehicle', o.vehicleNumber],
    ['Gate In Date', o.gateInAt ? formatDateTime(o.gateInAt) : null],
    ['Gate Out Date', o.gateOutAt ? formatDateTime(o.gateOutAt) : null],
    ['Driver', o.driverName ? `${o.driverName} ${o.driverMobile ?? ''}` : null],
    ['Rejected Date', o.rejectedAt ? `${formatDateTime(o.rejectedAt)} ${o.rejectReason ?? ''}` : null],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="lg">
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="div">{value || '—'}</Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** An order's details, timeline and documents; the shipper may cancel it while the status allows. */
export function OrderDetailPage({ dir, offline = false }: { dir: Dir; offline?: boolean }) {
  const params = useParams();
  const navigate = useNavigate();
  const [cancelling, setCancelling] = useState(false);
  const { data: o } = useMasterOne<OrderDetail>(offline ? `offline-orders/${dir}` : `orders/${dir}`, Number(params.id));
  // Documents go through /api/orders/{dir}, which needs the order list permission of the direction.
  const documents = hasPermission(dir === 'inbound' ? 'list-inbound-order' : 'list-outbound-order');
  const tab = params.tab === 'timeline' || (params.tab === 'documents' && documents) ? params.tab : 'details';
  if (!o) {
    return <Page title="Order">{null}</Page>;
  }
  return (
    <Page
      title={`Order ${o.number}`}
      actions={
        canCancelOrder(dir, o) && (
          <Button color="red" variant="light" onClick={() => setCancelling(true)}>
            Cancel order
          </Button>
        )
      }
    >
      <Tabs value={tab} onChange={(v) => navigate(`${orderPath(dir, o.id, offline)}/${v ?? 'details'}`)} mb="md">
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="timeline">Timeline</Tabs.Tab>
          {documents && <Tabs.Tab value="documents">Documents</Tabs.Tab>}
        </Tabs.List>
      </Tabs>
      {tab === 'details' && <OrderFields dir={dir} order={o} />}
      {tab === 'timeline' && <OrderTimeline order={o} />}
      {tab === 'documents' && (
        <DocumentsPanel
          listUrl={`/orders/${dir}/${o.id}/documents`}
          uploadUrl={`/orders/${dir}/${o.id}/documents`}
          canDelete={(doc) => doc.side === 'shipper'}
          emptyText="No documents yet. Upload the LR, POD, invoice or e-way bill here; the carrier can add its own."
        />
      )}
      {cancelling && <CancelOrderDialog dir={dir} order={o} onClose={() => setCancelling(false)} />}
    </Page>
  );
}
