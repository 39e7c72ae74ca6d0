import { and, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { ReportColumnView, SummaryParams } from '@freightdesk/shared/schemas/report';
import { orders } from '../../db/schema/orders.ts';
import { ordersFor, permissionNeeded } from '../../lib/policy.ts';
import { commonFilters, orderLanes, type SummaryReport } from './summary.ts';
import { orderLane } from '../../lib/order-measures.ts';

const o = orders;

const minutes = (later: SQL, earlier: SQL) => sql`extract(epoch from (${later} - ${earlier})) / 60.0`;
/** The stretches of a vehicle's stay: waiting (reported → gate in), inside (gate in → gate out), turnaround (reported → gate out). */
const STRETCHES = [
  { key: 'wait', label: 'waiting', value: minutes(sql`${o.gateInAt}`, sql`${o.reportedAt}`) },
  { key: 'inside', label: 'inside', value: minutes(sql`${o.gateOutAt}`, sql`${o.gateInAt}`) },
  { key: 'turnaround', label: 'turnaround', value: sql`${o.turnaroundMinutes}` },
] as const;

const figures = sql.join(
  [
    sql`count(*)::int as "vehicles"`,
    ...STRETCHES.flatMap((s) => [
      sql`round((avg(${s.value}))::numeric, 1) as ${sql.identifier(`${s.key}AverageMinutes`)}`,
      sql`round((percentile_cont(0.9) within group (order by ${s.value}))::numeric, 1) as ${sql.identifier(`${s.key}P90Minutes`)}`,
    ]),
  ],
  sql`, `,
);

const where = (scope: SQL, p: SummaryParams) =>
  and(
    scope,
    isNotNull(o.gateInAt),
    commonFilters(p, {
      plantId: o.plantId,
      carrierLinkId: o.industryCarrierId,
      direction: o.requestType,
      day: o.gateInAt,
      lane: orderLane,
    }),
  );

const label = (s: (typeof STRETCHES)[number]['label']) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Gate turnaround by plant: the vehicles gated in on the days of the range (whatever became of the
 * order since), with the average and 90th percentile minutes of their wait from reporting to gate
 * in, their stay inside from gate in to gate out, and the turnaround from reporting to gate out.
 * A vehicle not yet out (or that never reported) counts in the vehicles and in the stretches it has.
 */
export const gateTurnaroundReport: SummaryReport = {
  name: 'gate-turnaround',
  description:
    'Vehicles gated in at each plant, with the average and 90th percentile minutes waiting (reported to gate in), ' +
    'inside (gate in to gate out) and turnaround (reported to gate out).',
  dateLabel: 'Gate In Date',
  columns: () => [
    { key: 'plant', label: 'Plant', kind: 'text' },
    { key: 'vehicles', label: 'Vehicles gated in', kind: 'count' },
    ...STRETCHES.flatMap((s): ReportColumnView[] => [
      { key: `${s.key}AverageMinutes`, label: `Average ${s.label} (min)`, kind: 'minutes' },
      { key: `${s.key}P90Minutes`, label: `${label(s.label)} 90th percentile (min)`, kind: 'minutes' },
    ]),
  ],
  scope: (viewer, p) => ordersFor(viewer, 'export', p.direction),
  refused: permissionNeeded('order', 'export'),
  rows: (scope, p) => sql`select pl.name as "plant", ${figures}
    from ${o} join plants pl on pl.id = ${o.plantId}
    where ${where(scope, p)}
    group by pl.id, pl.name
    order by "vehicles" desc, pl.name`,
  totals: (scope, p) => sql`select ${figures} from ${o} where ${where(scope, p)}`,
  lanes: orderLanes,
};
