import type { DashboardTrends } from '@freightdesk/shared/schemas/dashboard';
import { ORDER_STATUS_LABEL, ORDER_STATUSES, type OrderStatus } from '@freightdesk/shared/status/order';
import type { DbOrTx } from '../../db/client.ts';
import type { StaffScope } from '../../lib/policy.ts';
import { type DashboardFilter, rupees } from '../../repositories/dashboard-freight.repository.ts';
import { trendRows } from '../../repositories/dashboard-trends.repository.ts';

/** The months the spend chart shows at most (the latest ones). */
export const TREND_MONTHS = 24;
const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);

/** YYYY-MM of each month from `first` to `last` (both YYYY-MM), oldest first. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  let [y, m] = first.split('-').map(Number) as [number, number];
  const end = last.slice(0, 7);
  for (let ym = first.slice(0, 7); ym <= end; ym = `${y}-${String(m).padStart(2, '0')}`) {
    out.push(ym);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

type Rows = Awaited<ReturnType<typeof trendRows>>;

/** Every month from the range's start (else the first order's) to its end (else the last's), the latest TREND_MONTHS. */
function spendByMonth(months: Rows['months'], q: DashboardFilter): DashboardTrends['spendByMonth'] {
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const seen = [...byMonth.keys()].sort();
  return seen.length
    ? monthsBetween(q.startDate ?? (seen[0] as string), q.endDate ?? (seen.at(-1) as string))
        .slice(-TREND_MONTHS)
        .map((ym) => {
          const m = byMonth.get(ym);
          return { month: ym, spendRupees: rupees(m?.spend), savingRupees: rupees(m?.saving), orders: m?.orders ?? 0 };
        })
    : [];
}

/** Each status with orders, in lifecycle order. */
function ordersByStatus(statuses: Rows['statuses']): DashboardTrends['ordersByStatus'] {
  const counted = new Map(statuses.map((s) => [s.status, s.count]));
  return ORDER_STATUSES.filter((s) => counted.get(s)).map((status: OrderStatus) => ({
    status,
    label: ORDER_STATUS_LABEL[status],
    count: counted.get(status) ?? 0,
  }));
}

/**
 * The shipper dashboard's charts, over the orders picked up in the filter's days (India time; as
 * the reports the charts open count them), of
 * the shipper, within a staff user's plants and the filter's plant or business unit (as
 * freightCards counts them), inbound and outbound together:
 * - spendByMonth: per India month of pickup, the spend and saving of kept orders (not rejected or
 *   cancelled; freightCards' rules for a per-tonne price and the target) and their count; every
 *   month from the range's start (else the first order's) to its end (else the last order's), the
 *   latest TREND_MONTHS of them (months of pickup); none when no order is picked up in the range;
 * - ordersByStatus: orders by their current status (each status with orders, in lifecycle order);
 * - onTime: placement on time is a vehicle reported (else let in at the gate) at or before the
 *   pickup time + 2 hours, of the orders whose vehicle reported or was let in; delivery on time is
 *   an order arrived with no 'delay' event in tracking_events, of the orders arrived. A percent
 *   (one decimal) is null when its base is empty;
 * - topLanes: the 5 lanes of most spend (kept orders): outbound the plant to the order's last drop
 *   (its city, else its label); inbound the vendor's pickup (city, else label) to the plant;
 * - carrierRanking: the 5 carriers of most kept orders, their spend, and their on-time percent:
 *   placements and deliveries on time, of those judged (both rules above together);
 * - inTransit: orders out of the gate on the road (status gate_out).
 */
export async function dashboardTrends(db: DbOrTx, user: StaffScope, industryId: number, q: DashboardFilter): Promise<DashboardTrends> {
  const { months, statuses, times, lanes, ranking } = await trendRows(db, user, industryId, q);
  const t = times ?? { placed: 0, placedOnTime: 0, delivered: 0, deliveredOnTime: 0, inTransit: 0 };
  return {
    spendByMonth: spendByMonth(months, q),
    ordersByStatus: ordersByStatus(statuses),
    onTime: {
      placementPercent: percent(t.placedOnTime, t.placed),
      deliveryPercent: percent(t.deliveredOnTime, t.delivered),
      placed: t.placed,
      placedOnTime: t.placedOnTime,
      delivered: t.delivered,
      deliveredOnTime: t.deliveredOnTime,
    },
    topLanes: lanes.map((l) => ({ lane: l.lane, spendRupees: rupees(l.spend), orders: l.orders })),
    carrierRanking: ranking.map((c) => ({
      carrier: c.carrier,
      orders: c.orders,
      spendRupees: rupees(c.spend),
      onTimePercent: percent(c.onTime + c.arrivedOnTime, c.judged + c.arrived),
    })),
    inTransit: t.inTransit,
  };
}
