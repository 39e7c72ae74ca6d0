import { Alert, Badge, Button, Group, NumberInput, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CONFIRM_TEXT } from '@freightdesk/shared/constants';
import type { RankedBid } from '@freightdesk/shared/schemas/bid';
import type { Order } from '@freightdesk/shared/schemas/order';
import type { TransportRequest } from '@freightdesk/shared/schemas/request';
import { ORDER_STATUS_LABEL } from '@freightdesk/shared/status/order';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { Page } from '../../components/layout/page.tsx';
import { useMasterList, useMasterOne } from '../../components/master/use-master.ts';
import { ApiError, api } from '../../lib/api.ts';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { useRequestEvents } from '../../lib/socket.ts';
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
              <Table.Td>{b.carrierName}</Table.Td>
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

/** `/request/{dir}/detail/:id/:tab?`: details, bids, orders. */
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
  return (
    <Page
      title={`Request ${r.number}`}
      actions={
        <>
          <RequestStatusBadge status={r.status} />
          {canEdit && r.status === 'draft' && <Button onClick={() => act.mutate('publish')}>Publish</Button>}
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
        </Tabs.Panel>
        <Tabs.Panel value="bids">{(tab ?? 'details') === 'bids' && <BidBoard dir={dir} request={r} />}</Tabs.Panel>
        <Tabs.Panel value="orders">{tab === 'orders' && <RequestOrders dir={dir} request={r} />}</Tabs.Panel>
      </Tabs>
    </Page>
  );
}
