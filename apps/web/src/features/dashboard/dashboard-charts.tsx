import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Anchor, Box, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { DashboardTrends } from '@freightdesk/shared/schemas/dashboard';
import { useDashboardTrends } from './api/get-dashboard-trends.ts';
import type { OrderStatus } from '@freightdesk/shared/status/order';
import { ChartCard } from './chart-card.tsx';
import { type ChartFilter, inrShort, monthLabel, reportLink } from './chart-format.ts';
import { CarrierRanking, OnTimeRing, STATUS_COLOR } from './chart-parts.tsx';
import { plural } from '../../lib/format.ts';

/**
 * The charts below the dashboard's cards, for its date range, plant and business unit: spend and
 * saving by month, orders by status, on-time placement and delivery, orders in transit, top lanes
 * and the carriers with most orders. Each opens the report (or list) behind it on the same filters.
 */

/** "1 order", "0 orders": a count the charts show beside their figures. */
const orderCount = (n: number) => plural(n, 'order', 'orders', { zero: '0' });

type Props = {
  filter: ChartFilter;
  businessUnitId: number | null;
  orderList?: string;
  inTransitList?: string;
};

export function DashboardCharts({ filter, businessUnitId, orderList, inTransitList }: Props) {
  const { data, isPending, isError } = useDashboardTrends(filter, businessUnitId);
  if (isError) {
    return (
      <Text c="red" mt="lg">
        The charts could not be loaded. Reload the page to try again.
      </Text>
    );
  }
  const loading = isPending;
  return (
    <Box mt="xl" component="section" aria-label="Trends">
      <Title order={3} mb="sm">
        Trends
      </Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <SpendChart data={data} filter={filter} loading={loading} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <StatusChart data={data} orderList={orderList} loading={loading} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <LanesChart data={data} filter={filter} loading={loading} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <OnTimeChart data={data} filter={filter} loading={loading} inTransitList={inTransitList} />
        </Grid.Col>
        <Grid.Col span={12}>
          <ChartCard
            title="Carriers with most orders"
            to={reportLink('carrier-scorecard', filter)}
            loading={loading}
            empty={(data?.carrierRanking ?? []).length === 0}
            height={120}
          >
            <CarrierRanking carriers={data?.carrierRanking ?? []} />
          </ChartCard>
        </Grid.Col>
      </Grid>
    </Box>
  );
}

/** What each chart card takes: the trends (undefined while loading) and the filters its link keeps. */
type ChartProps = { data: DashboardTrends | undefined; filter: ChartFilter; loading: boolean };

function SpendChart({ data, filter, loading }: ChartProps) {
  const months = (data?.spendByMonth ?? []).map((m) => ({ ...m, month: monthLabel(m.month) }));
  return (
    <ChartCard
      title="Freight spend and saving by month"
      to={reportLink('spend', filter, 'month')}
      loading={loading}
      empty={!months.some((m) => m.orders > 0 || m.spendRupees !== 0)}
      height={240}
    >
      <BarChart
        h={240}
        data={months}
        dataKey="month"
        series={[
          { name: 'spendRupees', label: 'Spend', color: 'brand.5' },
          { name: 'savingRupees', label: 'Saving against target', color: 'blue.5' },
        ]}
        valueFormatter={inrShort}
        yAxisProps={{ width: 72 }}
        withLegend
        legendProps={{ verticalAlign: 'bottom', height: 28, itemSorter: null }}
        maxBarWidth={36}
        gridAxis="y"
      />
    </ChartCard>
  );
}

function StatusChart({ data, orderList, loading }: Omit<ChartProps, 'filter'> & { orderList?: string }) {
  const statuses = data?.ordersByStatus ?? [];
  const total = statuses.reduce((sum, s) => sum + s.count, 0);
  return (
    <ChartCard title="Orders by status" to={orderList} linkLabel="Open orders" loading={loading} empty={total === 0} height={240}>
      <Group wrap="nowrap" align="center" gap="md" h={240}>
        <DonutChart
          size={150}
          thickness={22}
          data={statuses.map((s) => ({ name: s.label, value: s.count, color: STATUS_COLOR[s.status as OrderStatus] ?? 'gray.5' }))}
          chartLabel={orderCount(total)}
          tooltipDataSource="segment"
        />
        <Stack gap={4} style={{ minWidth: 0 }}>
          {statuses.map((s) => (
            <Group key={s.status} gap={6} wrap="nowrap">
              <Box w={10} h={10} bg={STATUS_COLOR[s.status as OrderStatus] ?? 'gray.5'} style={{ borderRadius: 2, flex: 'none' }} />
              <Text size="sm" truncate>
                {s.label}
              </Text>
              <Text size="sm" fw={600} ml="auto">
                {s.count}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </ChartCard>
  );
}

function LanesChart({ data, filter, loading }: ChartProps) {
  const lanes = data?.topLanes ?? [];
  return (
    <ChartCard
      title="Top lanes by spend"
      to={reportLink('spend', filter, 'lane')}
      loading={loading}
      empty={lanes.length === 0}
      height={220}
    >
      <BarChart
        h={220}
        data={lanes}
        dataKey="lane"
        orientation="vertical"
        series={[{ name: 'spendRupees', label: 'Spend', color: 'brand.5' }]}
        valueFormatter={inrShort}
        yAxisProps={{ width: 200 }}
        maxBarWidth={24}
        gridAxis="x"
      />
    </ChartCard>
  );
}

function OnTimeChart({ data, filter, loading, inTransitList }: ChartProps & { inTransitList?: string }) {
  const onTime = data?.onTime;
  return (
    <ChartCard
      title="On time"
      to={reportLink('carrier-scorecard', filter)}
      loading={loading}
      empty={!onTime || (onTime.placed === 0 && onTime.delivered === 0 && (data?.inTransit ?? 0) === 0)}
      height={220}
    >
      <Group justify="space-around" align="flex-start" h={220} wrap="nowrap">
        <OnTimeRing
          label="Placement"
          percent={onTime?.placementPercent ?? null}
          part={onTime?.placedOnTime ?? 0}
          whole={onTime?.placed ?? 0}
          of="reported"
        />
        <OnTimeRing
          label="Delivery"
          percent={onTime?.deliveryPercent ?? null}
          part={onTime?.deliveredOnTime ?? 0}
          whole={onTime?.delivered ?? 0}
          of="arrived"
        />
        <InTransitFigure count={data?.inTransit ?? 0} list={inTransitList} />
      </Group>
    </ChartCard>
  );
}

/** The orders in transit now, linked to their list when the user may open it. */
function InTransitFigure({ count, list }: { count: number; list?: string }) {
  return (
    <Stack gap={2} align="center" justify="center" h={104}>
      <Text fw={700} fz={32} lh={1}>
        {list ? (
          <Anchor component={Link} to={list} inherit aria-label={`In transit now: ${orderCount(count)}`}>
            {count}
          </Anchor>
        ) : (
          count
        )}
      </Text>
      <Text size="sm" fw={500} mt={8}>
        In transit
      </Text>
    </Stack>
  );
}
