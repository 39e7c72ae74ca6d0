import { SimpleGrid } from '@mantine/core';
import { useCarrierDashboard } from './api/get-carrier-dashboard.ts';
import { formatInr, plural } from '../../lib/format.ts';
import { StatCard, shown } from './stat-card.tsx';

/**
 * The carrier's dashboard: where its bids stand in live auctions, the auctions it won and lost, the
 * orders it has to serve, and its invoices the shippers have approved but not paid in full.
 */
export function CarrierDashboard() {
  const { data } = useCarrierDashboard();
  const hidden = data?.bidsPositionHidden ?? 0;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
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
      <StatCard label="Bids won" value={shown(data?.bidsWon)} hint="Auctions awarded to you" to="/carrier/requests" />
      <StatCard label="Bids lost" value={shown(data?.bidsLost)} hint="Auctions awarded to others" to="/carrier/requests" />
      <StatCard
        label="Invoices due"
        value={shown(data?.invoicesDue)}
        hint={data ? `${formatInr(data.invoicesDueRupees)} approved, not yet paid` : 'Approved, not yet paid'}
        to="/carrier/invoices"
      />
    </SimpleGrid>
  );
}
