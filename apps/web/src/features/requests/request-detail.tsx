import { Alert, Badge, Button, Group, NumberInput, SimpleGrid, Stack, Table, Tabs, Text, Timeline, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CONFIRM_TEXT } from '@freightdesk/shared/constants';
import type { RankedBid } from '@freightdesk/shared/schemas/bid';
import { REQUEST_DOCUMENT_KINDS } from '@freightdesk/shared/schemas/document';
import type { Order } from '@freightdesk/shared/schemas/order';
import type { RequestHistoryEntry, TransportRequest } from '@freightdesk/shared/schemas/request';
import { REQUEST_STATUS_LABEL, type RequestStatus } from '@freightdesk/shared/status/request';
import { ORDER_STATUS_LABEL } from '@freightdesk/shared/status/order';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { Page } from '../../components/layout/page.tsx';
import { useMasterList, useMasterOne } from '../../components/master/use-master.ts';
import { ApiError, api } from '../../lib/api.ts';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { useRequestEvents } from '../../lib/socket.ts';
import { DocumentsPanel } from '../documents/documents-panel.tsx';
import { type Direction, RequestStatusBadge } from './request-list.tsx';

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

/** The ranked bids, refreshed every few seconds while bidding is open; award with vehicles per bid. */
function BidBoard({ dir, request }: { dir: Direction; request: TransportRequest }) {
  const client = useQueryClient();
  const live = request.status === 'open';
  const board = useQuery({
    queryKey: [`requests/${dir}`, 'bids', request.id],
    queryFn: () => api.get<{ data: RankedBid[] }>(`/requests/${dir}/${request.id}/bids`).then((r) => r.data),
    // Bids arrive over the socket; a slow poll covers a dropped connection.
    refetchInterval: live ? 30_000 : false,
  });
  useRequestEvents([request.id], [[`requests/${dir}`]]);
  const [vehicles, setVehicles] = useState<Record<number, number>>({});
  const award = useMutation({
    mutationFn: () =>
      api.post<{ data: Order[] }>(`/requests/${dir}/${request.id}/award`, {
        awards: Object.entries(vehicles)
          .filter(([, v]) => v > 0)
          .map(([bidId, v]) => ({ bidId: Number(bidId), vehicles: v })),
      }),
    onSuccess: (res) => {
      toast(`${res.data.length} order(s) placed.`);
      setVehicles({});
      void client.invalidateQueries({ queryKey: [`requests/${dir}`] });
    },
    onError: (err) => toast(err instanceof ApiError ? err.message : 'The award failed.', 'error'),
  });
  const canAward =
    (request.status === 'closed' || request.status === 'awarded') &&
    hasPermission(dir === 'outbound' ? 'edit-outbound-request' : 'edit-inbound-request');
  const rows = board.data ?? [];
  if (!rows.length) {
    return <Text c="dimmed">No Available Data</Text>;
  }
  return (
    <Stack>
      {live && <Alert color="green">Bidding is open; ranks refresh live.</Alert>}
      <Table striped aria-label="Bids">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rank</Table.Th>
            <Table.Th>Carrier</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Vehicles offered</Table.Th>
            <Table.Th>Saving vs target</Table.Th>
            <Table.Th>Bid at</Table.Th>
            {canAward && <Table.Th>Award vehicles</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td>
                <Badge color={b.rank === 1 ? 'green' : 'gray'}>L{b.rank}</Badge>
              </Table.Td>
              <Table.Td>
                <Link to={`/request/${dir}/view-bid/${b.id}/${request.id}`}>{b.carrierName}</Link>
              </Table.Td>
              <Table.Td>{formatInr(b.amountRupees)}</Table.Td>
              <Table.Td>{b.vehicles}</Table.Td>
              <Table.Td>{b.savingRupees === null ? '—' : `${formatInr(b.savingRupees)} (${b.savingPercent}%)`}</Table.Td>
              <Table.Td>{formatDateTime(b.bidAt)}</Table.Td>
              {canAward && (
                <Table.Td>
                  <NumberInput
                    aria-label={`Vehicles to award to ${b.carrierName}`}
                    size="xs"
                    w={90}
                    min={0}
                    max={b.vehicles}
                    allowDecimal={false}
                    value={vehicles[b.id] ?? 0}
                    onChange={(v) => setVehicles({ ...vehicles, [b.id]: Number(v) || 0 })}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {canAward && (
        <Group>
          <Button onClick={() => award.mutate()} loading={award.isPending} disabled={!Object.values(vehicles).some((v) => v > 0)}>
            Award
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function RequestOrders({ dir, request }: { dir: Direction; request: TransportRequest }) {
  const { data } = useMasterList<Order>(`orders/${dir}`, { search: request.number, pageSize: 100 });
  const rows = (data?.data ?? []).filter((o) => o.requestId === request.id);
  if (!rows.length) {
    return <Text c="dimmed">No Available Data</Text>;
  }
  return (
    <Table striped aria-label="Orders">
      <Table.Tbody>
        {rows.map((o) => (
          <Table.Tr key={o.id}>
            <Table.Td>
              <Link to={`/order/${dir}/${dir === 'inbound' ? 'detail/' : ''}${o.id}`}>{o.number}</Link>
            </Table.Td>
            <Table.Td>{o.carrierName}</Table.Td>
            <Table.Td>{formatInr(o.priceRupees)}</Table.Td>
            <Table.Td>{ORDER_STATUS_LABEL[o.status]}</Table.Td>
            <Table.Td>{o.vehicleNumber ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

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
      return `${e.carrierName} bid ${formatInr(e.amountRupees)} for ${e.vehicles} vehicle(s)`;
    case 'awarded':
      return `Awarded ${e.vehicles} vehicle(s) to ${e.carrierName} at ${formatInr(e.amountRupees)}`;
  }
}

/** Every change of the request with who, when and why; bids and awards in between. */
function RequestHistory({ dir, request }: { dir: Direction; request: TransportRequest }) {
  const { data } = useQuery({
    queryKey: [`requests/${dir}`, 'history', request.id],
    queryFn: () => api.get<{ data: RequestHistoryEntry[] }>(`/requests/${dir}/${request.id}/history`).then((r) => r.data),
  });
  if (!data?.length) {
    return <Text c="dimmed">No Available Data</Text>;
  }
  return (
    <Timeline active={data.length} bulletSize={14} lineWidth={2} aria-label="History">
      {data.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: history lines have no id of their own
        <Timeline.Item key={i} title={describe(e)}>
          <Text size="xs" c="dimmed">
            {formatDateTime(e.at)} · {e.byName ?? 'System'}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** `/request/{dir}/detail/:id/:tab?`: details, bids, orders, history. */
export function RequestDetailPage({ dir }: { dir: Direction }) {
  const { id, tab } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { data: r } = useMasterOne<TransportRequest>(`requests/${dir}`, Number(id));
  const act = useMutation({
    mutationFn: (action: 'cancel' | 'publish') => api.post(`/requests/${dir}/${id}/${action}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [`requests/${dir}`] }),
    onError: (err) => toast(err instanceof ApiError ? err.message : 'That did not work.', 'error'),
  });
  if (!r) {
    return <Page title="Request">{null}</Page>;
  }
  const canEdit = hasPermission(dir === 'outbound' ? 'edit-outbound-request' : 'edit-inbound-request');
  const canAdd = hasPermission(dir === 'outbound' ? 'add-outbound-request' : 'add-inbound-request');
  const canReplicate = hasPermission(dir === 'outbound' ? 'replicate-outbound-request' : 'replicate-inbound-request');
  return (
    <Page
      title={`Request ${r.number}`}
      actions={
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
            <Button
              color="red"
              variant="light"
              onClick={async () => (await confirmAction(CONFIRM_TEXT.statusChange)) && act.mutate('cancel')}
            >
              Cancel request
            </Button>
          )}
        </>
      }
    >
      <Tabs value={tab ?? 'details'} onChange={(v) => navigate(`/request/${dir}/detail/${id}/${v}`)}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="bids">Bids</Tabs.Tab>
          <Tabs.Tab value="orders">Orders</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
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
            <Field label="Invited" value={`${r.carrierLinkIds.length} carrier(s), ${r.groupIds.length} group(s)`} />
            <Field label="Material hidden from carriers" value={r.hideMaterial ? 'Yes' : 'No'} />
            <Field label="Remarks" value={r.remarks} />
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
        </Tabs.Panel>
        <Tabs.Panel value="bids">{(tab ?? 'details') === 'bids' && <BidBoard dir={dir} request={r} />}</Tabs.Panel>
        <Tabs.Panel value="orders">{tab === 'orders' && <RequestOrders dir={dir} request={r} />}</Tabs.Panel>
        <Tabs.Panel value="history">{tab === 'history' && <RequestHistory dir={dir} request={r} />}</Tabs.Panel>
      </Tabs>
    </Page>
  );
}
