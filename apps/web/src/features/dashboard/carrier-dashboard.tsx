import { SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CarrierDashboard as Figures } from '@freightdesk/shared/schemas/dashboard';
import { api } from '../../lib/api.ts';
import { plural } from '../../lib/format.ts';
import { StatCard, shown } from './stat-card.tsx';

/** The carrier's dashboard: where its bids stand in live auctions and the orders it has to serve. */
export function CarrierDashboard() {
  const { data } = useQuery({
    queryKey: ['dashboard', 'carrier'],
    queryFn: () => api.get<{ data: Figures }>('/dashboard/carrier').then((r) => r.data),
    refetchInterval: 60_000,
  });
  const hidden = data?.bidsPositionHidden ?? 0;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }}>
      <StatCard label="Live auctions" value={shown(data?.liveAuctions)} hint="Open for your bids now" to="/carrier/requests" />
      <StatCard label="Bids leading (L1)" value={shown(data?.bidsLeading)} hint="Your bid is the lowest" to="/carrier/requests" />
      <StatCard
        label="Bids trailing"
        value={shown(data?.bidsTrailing)}
        hint={hidden ? `Revise to lead; ${plural(hidden, 'other bid')} where the shipper hides positions` : 'Revise to lead'}
        to="/carrier/requests"
      />
      <StatCard
        label="Orders to serve"
        value={shown(data?.ordersToServe)}
        hint="Assign a vehicle and driver"
        to="/carrier/orders?status=placed"
      />
      <StatCard
        label="Orders in transit"
        value={shown(data?.ordersInTransit)}
        hint="Out of the gate, on the road"
        to="/carrier/orders?status=gate_out"
      />
    </SimpleGrid>
  );
}
