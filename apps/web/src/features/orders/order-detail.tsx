import { Divider, Stack, Tabs, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { hasPermission } from '../../lib/session.ts';
import { ConsignmentNoteCard } from '../../domain/documents/consignment-note-card.tsx';
import { DocumentsPanel } from '../../domain/documents/documents-panel.tsx';
import { EmissionsCard } from '../../domain/emissions/emissions-card.tsx';
import { OrderVerificationCard } from '../../domain/verification/order-verification-card.tsx';
import type { Dir } from './cancel-order-dialog.tsx';
import { OrderActions } from './order-actions.tsx';
import { OrderEwayBills } from './order-eway-bills.tsx';
import { OrderGateCard } from './order-gate-card.tsx';
import { OrderLaneCard } from './order-lane-card.tsx';
import { orderPath } from './order-links.tsx';
import { OrderPodReview } from './order-pod-review.tsx';
import { OrderSummary } from './order-summary.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { useOrderDetail } from './api/get-order.ts';

/**
 * An order's working page: what and where (lane and map), the gate, e-way bills, proof of
 * delivery, the timeline and documents, with the actions the viewer may take now. A notification
 * about orders refreshes it live (the bell invalidates every `orders/…` query).
 */
export function OrderDetailPage({ dir, offline = false }: { dir: Dir; offline?: boolean }) {
  const params = useParams();
  const navigate = useNavigate();
  const query = useOrderDetail(dir, Number(params.id), offline);
  const o = query.data;
  // Documents go through /api/orders/{dir}, which needs the order list permission of the direction.
  const documents = hasPermission(dir === 'inbound' ? 'list-inbound-order' : 'list-outbound-order');
  const tab = params.tab === 'timeline' || (params.tab === 'documents' && documents) ? params.tab : 'details';
  if (!o) {
    return <PageQueryState title="Order" query={query} loading="Loading the order" failed="The order could not be loaded." />;
  }
  return (
    <Page title={`Order ${o.number}`} actions={<OrderActions dir={dir} order={o} />}>
      <Tabs value={tab} onChange={(v) => navigate(`${orderPath(dir, o.id, offline)}/${v ?? 'details'}`)} mb="md">
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="timeline">Timeline</Tabs.Tab>
          {documents && <Tabs.Tab value="documents">Documents</Tabs.Tab>}
        </Tabs.List>
      </Tabs>
      {tab === 'details' && (
        <Stack gap={0}>
          <OrderSummary dir={dir} order={o} />
          <OrderLaneCard lane={o.lane} />
          <Title order={4} mt="lg" mb={6}>
            Emissions (CO2e, well-to-wheel)
          </Title>
          <EmissionsCard orderId={o.id} />
          <Divider my="lg" />
          {o.vehicleNumber && <OrderVerificationCard path={`/orders/${dir}/${o.id}/verification`} />}
          <OrderPodReview dir={dir} order={o} />
          <Divider mb="lg" />
          <OrderEwayBills dir={dir} order={o} />
          <OrderGateCard events={o.gateEvents} />
          <ConsignmentNoteCard
            note={o.consignmentNote}
            pdfPath={`/orders/${dir}/${o.id}/consignment-note/pdf`}
            empty={dir === 'outbound' ? 'Made when the vehicle gates out.' : 'The carrier makes it when it picks up the goods.'}
          />
        </Stack>
      )}
      {tab === 'timeline' && <OrderTimeline entries={o.timeline} direction={o.requestType === 2 ? 2 : 1} />}
      {tab === 'documents' && (
        <DocumentsPanel
          listUrl={`/orders/${dir}/${o.id}/documents`}
          uploadUrl={`/orders/${dir}/${o.id}/documents`}
          canDelete={(doc) => doc.side === 'shipper'}
          emptyText="No documents yet. Upload the LR, POD, invoice or e-way bill here; the carrier can add its own."
        />
      )}
    </Page>
  );
}
