import { Button, SimpleGrid, Tabs, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { CONFIRM_TEXT } from '@freightdesk/shared/constants';
import { REQUEST_DOCUMENT_KINDS } from '@freightdesk/shared/schemas/document';
import type { TransportRequest } from '@freightdesk/shared/schemas/request';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { useMasterOne } from '../../components/master/use-master.ts';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime, formatInr, plural } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { DocumentsPanel } from '../../domain/documents/documents-panel.tsx';
import { BidBoard } from './bid-board.tsx';
import { RequestHistory } from './request-history.tsx';
import { type Direction, RequestStatusBadge } from './request-list.tsx';
import { RequestOrders } from './request-orders.tsx';
import { useChangeRequestStatus } from './api/change-request-status.ts';

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div">{value ?? '—'}</Text>
    </div>
  );
}

/** `/request/{dir}/detail/:id/:tab?`: details, bids, orders, history. */
export function RequestDetailPage({ dir }: { dir: Direction }) {
  const { id, tab } = useParams();
  const navigate = useNavigate();
  const query = useMasterOne<TransportRequest>(`requests/${dir}`, Number(id));
  const r = query.data;
  if (!r) {
    return <PageQueryState title="Request" query={query} loading="Loading the request" failed="The request could not be loaded." />;
  }
  return (
    <Page title={`Request ${r.number}`} actions={<RequestActions dir={dir} request={r} />}>
      <Tabs value={tab ?? 'details'} onChange={(v) => navigate(`/request/${dir}/detail/${id}/${v}`)}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="bids">Bids</Tabs.Tab>
          <Tabs.Tab value="orders">Orders</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
          <RequestDetails dir={dir} request={r} />
        </Tabs.Panel>
        <Tabs.Panel value="bids">{(tab ?? 'details') === 'bids' && <BidBoard dir={dir} request={r} />}</Tabs.Panel>
        <Tabs.Panel value="orders">{tab === 'orders' && <RequestOrders dir={dir} request={r} />}</Tabs.Panel>
        <Tabs.Panel value="history">{tab === 'history' && <RequestHistory dir={dir} request={r} />}</Tabs.Panel>
      </Tabs>
    </Page>
  );
}

/** The status and what the user may do with the request: publish, edit, replicate, cancel. */
function RequestActions({ dir, request: r }: { dir: Direction; request: TransportRequest }) {
  const act = useChangeRequestStatus(dir, r.id, (err) => toast(err instanceof ApiError ? err.message : 'That did not work.', 'error'));
  const canEdit = hasPermission(dir === 'outbound' ? 'edit-outbound-request' : 'edit-inbound-request');
  const canReplicate = hasPermission(dir === 'outbound' ? 'replicate-outbound-request' : 'replicate-inbound-request');
  return (
    <>
      <RequestStatusBadge status={r.status} />
      {canEdit && r.status === 'draft' && <Button onClick={() => act.mutate('publish')}>Publish</Button>}
      {canEdit && (r.status === 'draft' || r.status === 'scheduled') && (
        <Button variant="default" component={Link} to={`/request/${dir}/edit/${r.id}/single`}>
          Edit
        </Button>
      )}
      {canReplicate && (
        <Button variant="default" component={Link} to={`/request/${dir}/replicate/${r.id}/single`}>
          Replicate
        </Button>
      )}
      {canEdit && ['draft', 'scheduled', 'open'].includes(r.status) && (
        <Button color="red" variant="light" onClick={async () => (await confirmAction(CONFIRM_TEXT.statusChange)) && act.mutate('cancel')}>
          Cancel request
        </Button>
      )}
    </>
  );
}

/** The details tab: the request's fields and its attachments. */
function RequestDetails({ dir, request: r }: { dir: Direction; request: TransportRequest }) {
  const canEdit = hasPermission(dir === 'outbound' ? 'edit-outbound-request' : 'edit-inbound-request');
  const canAdd = hasPermission(dir === 'outbound' ? 'add-outbound-request' : 'add-inbound-request');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Field label="Plant" value={r.plantName} />
        <Field label="Drop-off" value={r.dropoffs.map((d) => d.label).join('; ')} />
        <Field label="Vehicles" value={`${r.vehicleCount} × ${r.vehicleTypeName}`} />
        <Field label="Weight" value={`${r.weightTonnes} t`} />
        <Field label="Product" value={r.productName} />
        <Field label="Target price" value={`${formatInr(r.targetPriceRupees)} per ${r.priceBasis}`} />
        <Field label="Bid start" value={formatDateTime(r.bidStartAt)} />
        <Field label="Bid end" value={formatDateTime(r.bidEndAt)} />
        <Field label="Pickup Date" value={formatDateTime(r.pickupAt)} />
        <Field label="Invited" value={`${plural(r.carrierLinkIds.length, 'carrier')}, ${plural(r.groupIds.length, 'group')}`} />
        <Field label="Material hidden from carriers" value={r.hideMaterial ? 'Yes' : 'No'} />
        <Field label="Remarks" value={r.remarks} />
        {r.externalRef && <Field label="ERP reference" value={r.externalRef} />}
      </SimpleGrid>
      <Title order={4} mt="xl" mb="sm">
        Attachments
      </Title>
      <DocumentsPanel
        listUrl={`/requests/${dir}/${r.id}/attachments`}
        uploadUrl={canEdit || canAdd ? `/requests/${dir}/${r.id}/attachments` : undefined}
        kinds={REQUEST_DOCUMENT_KINDS}
        canDelete={(d) => (canEdit || canAdd) && d.side === 'shipper'}
      />
    </>
  );
}
