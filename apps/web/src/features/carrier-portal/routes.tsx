import { Badge, Button, Card, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import type { BidPosition } from '@freightdesk/shared/schemas/bid';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { Order } from '@freightdesk/shared/schemas/order';
import { REQUEST_STATUS_LABEL, type RequestStatus } from '@freightdesk/shared/status/request';
import { toast } from '../../components/feedback/feedback.tsx';
import { Page } from '../../components/layout/page.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { useRequestEvents } from '../../lib/socket.ts';
import { OrderStatusBadge } from '../orders/routes.tsx';

type InvitedRequest = {
  id: number;
  number: string;
  status: RequestStatus;
  weightTonnes: number;
  vehicleCount: number;
  pickupAt: string;
  bidEndAt: string;
  priceBasis: string;
  hideMaterial: boolean;
};

function Countdown({ until }: { until: string }) {
  const [now, setNow] = useState(Date.now());
  useInterval(() => setNow(Date.now()), 1000, { autoInvoke: true });
  const left = Math.max(0, new Date(until).getTime() - now);
  const h = Math.floor(left / 3_600_000);
  const m = Math.floor((left % 3_600_000) / 60_000);
  const s = Math.floor((left % 60_000) / 1000);
  return (
    <Text fw={600} aria-label="Time left">
      {left ? `${h}h ${String(m).padStart(2, '0')}m ${String(s).padStart(2, '0')}s` : 'Closed'}
    </Text>
  );
}

function BidCard({ request }: { request: InvitedRequest }) {
  const client = useQueryClient();
  const [amount, setAmount] = useState<number | string>('');
  const [vehicles, setVehicles] = useState<number | string>(1);
  const [position, setPosition] = useState<BidPosition | null>(null);
  const place = useMutation({
    mutationFn: () =>
      api.post<{ data: BidPosition }>(`/carrier/requests/${request.id}/bids`, {
        amountRupees: Number(amount),
        vehicles: Number(vehicles),
        idempotencyKey: `${request.id}-${amount}-${vehicles}-${Math.floor(Date.now() / 10_000)}`,
      }),
    onSuccess: (res) => {
      setPosition(res.data);
      toast(`Bid placed: ${formatInr(res.data.amountRupees)}${res.data.rank ? `, you are L${res.data.rank}` : ''}.`);
      void client.invalidateQueries({ queryKey: ['carrier-requests'] });
    },
    onError: (err) => toast(err instanceof ApiError ? err.message : 'The bid failed.', 'error'),
  });
  return (
    <Card withBorder>
      <Group justify="space-between">
        <Title order={4}>{request.number}</Title>
        <Badge color={request.status === 'open' ? 'green' : 'gray'}>{REQUEST_STATUS_LABEL[request.status]}</Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {request.vehicleCount} vehicle(s), {request.weightTonnes} t · pickup {formatDateTime(request.pickupAt)}
        {request.hideMaterial ? ' · material not disclosed' : ''}
      </Text>
      <Group justify="space-between" mt="xs">
        <Text size="sm">Bidding ends in</Text>
        <Countdown until={position?.bidEndAt ?? request.bidEndAt} />
      </Group>
      {position && (
        <Text size="sm" mt="xs" aria-live="polite">
          Your bid {formatInr(position.amountRupees)}
          {position.rank ? ` · rank L${position.rank}` : ''}
          {position.lowestRupees !== null ? ` · lowest ${formatInr(position.lowestRupees)}` : ''}
        </Text>
      )}
      {request.status === 'open' && (
        <Group mt="sm" align="flex-end">
          <NumberInput
            label={`Amount per ${request.priceBasis} (INR)`}
            min={1}
            decimalScale={2}
            value={amount}
            onChange={setAmount}
            w={180}
          />
          <NumberInput
            label="Vehicles"
            min={1}
            max={request.vehicleCount}
            allowDecimal={false}
            value={vehicles}
            onChange={setVehicles}
            w={100}
          />
          <Button onClick={() => place.mutate()} loading={place.isPending} disabled={!amount}>
            {position ? 'Lower bid' : 'Place bid'}
          </Button>
        </Group>
      )}
    </Card>
  );
}

/** `/carrier/requests`: what shippers invited this carrier to bid on. */
function CarrierRequestsPage() {
  const { data } = useQuery({
    queryKey: ['carrier-requests'],
    queryFn: () => api.get<{ data: InvitedRequest[] }>('/carrier/requests').then((r) => r.data),
    refetchInterval: 30_000,
  });
  useRequestEvents(
    (data ?? []).map((r) => r.id),
    [['carrier-requests']],
  );
  return (
    <Page title="Requests to bid">
      {data?.length === 0 && <Text c="dimmed">No Available Data</Text>}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {data?.map((r) => (
          <BidCard key={r.id} request={r} />
        ))}
      </SimpleGrid>
    </Page>
  );
}

function AssignDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const client = useQueryClient();
  const [values, setValues] = useState({ vehicleNumber: '', driverName: '', driverMobile: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const assign = useMutation({
    mutationFn: () => api.post(`/carrier/orders/${order.id}/assign`, values),
    onSuccess: () => {
      toast('Vehicle assigned.');
      void client.invalidateQueries({ queryKey: ['carrier-orders'] });
      onClose();
    },
    onError: (err) => setErrors(err instanceof ApiError ? err.fields : {}),
  });
  const field = (key: keyof typeof values, label: string) => (
    <TextInput
      label={label}
      withAsterisk
      value={values[key]}
      onChange={(e) => setValues({ ...values, [key]: e.currentTarget.value })}
      error={errors[key]}
    />
  );
  return (
    <Modal opened onClose={onClose} title={`Assign a vehicle to ${order.number}`} centered>
      <Stack>
        {field('vehicleNumber', 'Vehicle number')}
        {field('driverName', 'Driver name')}
        {field('driverMobile', 'Driver mobile')}
        <Button onClick={() => assign.mutate()} loading={assign.isPending}>
          Assign
        </Button>
      </Stack>
    </Modal>
  );
}

/** `/carrier/orders`: awarded loads; assign vehicle and driver, or reject. */
function CarrierOrdersPage() {
  const client = useQueryClient();
  const [assigning, setAssigning] = useState<Order | null>(null);
  const { data } = useQuery({
    queryKey: ['carrier-orders'],
    queryFn: () => api.get<ListResponse<Order>>('/carrier/orders', { pageSize: 100 }),
  });
  const reject = useMutation({
    mutationFn: (id: number) => api.post(`/carrier/orders/${id}/reject`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['carrier-orders'] }),
    onError: (err) => toast(err instanceof ApiError ? err.message : 'Could not reject.', 'error'),
  });
  return (
    <Page title="My orders">
      {assigning && <AssignDialog order={assigning} onClose={() => setAssigning(null)} />}
      {data?.data.length === 0 && <Text c="dimmed">No Available Data</Text>}
      <Stack>
        {data?.data.map((o) => (
          <Card key={o.id} withBorder>
            <Group justify="space-between">
              <div>
                <Text fw={600}>
                  {o.number} · {o.plantName}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatInr(o.priceRupees)} per {o.priceBasis} · pickup {formatDateTime(o.pickupAt)}{' '}
                  {o.vehicleNumber ? `· ${o.vehicleNumber}` : ''}
                </Text>
              </div>
              <Group>
                <OrderStatusBadge status={o.status} />
                {(o.status === 'placed' || o.status === 'vehicle_assigned') && (
                  <Button size="xs" onClick={() => setAssigning(o)}>
                    Assign vehicle
                  </Button>
                )}
                {o.status === 'placed' && (
                  <Button size="xs" color="red" variant="light" onClick={() => reject.mutate(o.id)}>
                    Reject
                  </Button>
                )}
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
    </Page>
  );
}

export const carrierPortalRouteElements: Record<string, ReactElement> = {
  'carrier-requests': <CarrierRequestsPage />,
  'carrier-orders': <CarrierOrdersPage />,
};
