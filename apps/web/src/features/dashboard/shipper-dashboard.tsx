import { Group, Loader, SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { lazy, Suspense } from 'react';
import { DATE_FORMAT } from '@freightdesk/shared/constants';
import { setAppState, useAppState } from '../../lib/app-state.ts';
import { formatInr } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { toDay } from '../../components/form/date-time.ts';
import { ServerSelect } from '../../components/form/server-select.tsx';
import { StatCard } from './stat-card.tsx';
import { type Cards, type Freight, useShipperDashboard } from './api/get-shipper-dashboard.ts';
import { PageTitle } from '../../components/layout/page.tsx';
import { NearViewport } from '../../components/layout/near-viewport.tsx';

/** The charts (Recharts) load with the shipper's dashboard only: a carrier's or the admin's never fetches them. */
const DashboardCharts = lazy(() => import('./dashboard-charts.tsx').then((m) => ({ default: m.DashboardCharts })));

const CARDS: { key: keyof Cards; label: string; to: string }[] = [
  { key: 'activePlants', label: 'Active plants', to: '/extend_dashboard/plants' },
  { key: 'activeCarriers', label: 'Active carriers', to: '/extend_dashboard/carriers' },
  { key: 'blockedCarriers', label: 'Blocked carriers', to: '/extend_dashboard/carriers' },
  { key: 'clients', label: 'Clients', to: '/extend_dashboard/clients' },
  { key: 'vendors', label: 'Vendors', to: '/extend_dashboard/vendors' },
  { key: 'staff', label: 'Staff', to: '/extend_dashboard/staff' },
  { key: 'routes', label: 'Route masters', to: '/extend_dashboard/routes' },
  { key: 'devices', label: 'Devices', to: '/extend_dashboard/devices' },
];

/**
 * The freight cards (inbound and outbound together); a card opens the outbound list, or the inbound
 * one for a user who may see only that, filtered to what it counts.
 */
const FREIGHT: { key: keyof Freight; label: string; list?: 'request' | 'order'; status?: string; money?: boolean }[] = [
  { key: 'liveRequests', label: 'Live auctions', list: 'request', status: 'open' },
  { key: 'awaitingAward', label: 'Awaiting award', list: 'request', status: 'closed' },
  { key: 'awaitingVehicle', label: 'Orders awaiting a vehicle', list: 'order', status: 'placed' },
  { key: 'inTransit', label: 'Orders in transit', list: 'order', status: 'gate_out' },
  { key: 'delivered', label: 'Delivered this period' },
  { key: 'ordersPlaced', label: 'Orders placed', list: 'order' },
  { key: 'spendRupees', label: 'Freight spend (INR)', money: true },
  { key: 'savingRupees', label: 'Saving against target (INR)', money: true },
];

function freightLink(card: (typeof FREIGHT)[number]): string | undefined {
  if (!card.list) {
    return undefined;
  }
  const dir = hasPermission(`list-outbound-${card.list}`) ? 'outbound' : hasPermission(`list-inbound-${card.list}`) ? 'inbound' : null;
  return dir ? `/${card.list}/${dir}${card.status ? `?status=${card.status}` : ''}` : undefined;
}

/** The shipper's dashboard: counts for the selected date range, plant and business unit (spec held state). */
export function ShipperDashboard() {
  const range = useAppState((s) => s.dateRange);
  const filter = useAppState((s) => s.filter);
  const cards = useShipperDashboard(range, filter);

  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <PageTitle>Dashboard</PageTitle>
        <DashboardFilters />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="lg">
        {FREIGHT.map((c) => {
          const value = cards.data?.freight[c.key];
          const text = value === undefined ? '—' : c.money ? formatInr(value) : String(value);
          return <StatCard key={c.key} label={c.label} value={text} to={freightLink(c)} />;
        })}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {CARDS.map((c) => (
          <StatCard key={c.key} label={c.label} value={cards.data ? String(cards.data.cards[c.key]) : '—'} to={c.to} />
        ))}
      </SimpleGrid>
      {/* On a phone the charts are below sixteen cards: they load when scrolled near (record 0297). */}
      <NearViewport minHeight={320}>
        <Suspense fallback={<Loader size="sm" mt="md" aria-label="Loading the charts" />}>
          <DashboardCharts
            filter={{ startDate: range.startDate, endDate: range.endDate, plantId: filter.plantId }}
            businessUnitId={filter.businessId}
            orderList={freightLink({ key: 'ordersPlaced', label: 'Orders', list: 'order' })}
            inTransitList={freightLink({ key: 'inTransit', label: 'Orders in transit', list: 'order', status: 'gate_out' })}
          />
        </Suspense>
      </NearViewport>
    </>
  );
}

/** The date range and plant the whole dashboard counts for, kept in the app's held state. */
function DashboardFilters() {
  const range = useAppState((s) => s.dateRange);
  const filter = useAppState((s) => s.filter);
  return (
    <Group gap="sm">
      <DatePickerInput
        type="range"
        label="Date range"
        placeholder="Any time"
        valueFormat={DATE_FORMAT}
        clearable
        value={[range.startDate, range.endDate]}
        onChange={([start, end]) => setAppState({ dateRange: { startDate: toDay(start), endDate: toDay(end) } })}
        miw={240}
      />
      <ServerSelect
        source="plants"
        label="Plant"
        placeholder="All plants"
        clearable
        emptyHint={false}
        value={filter.plantId ? String(filter.plantId) : null}
        onChange={(v) => setAppState({ filter: { ...filter, plantId: v ? Number(v) : null }, selectedPlant: v ? Number(v) : null })}
      />
    </Group>
  );
}
