import { and, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { SummaryParams } from '@freightdesk/shared/schemas/report';
import { orders } from '../db/schema/orders.ts';
import { commonFilters, orderLanes, type ReportStatements } from './report-summary.repository.ts';
import { orderLane } from './common/order-measures.ts';

const o = orders;

/** Minutes between two times as a double (summing a million numerics costs half as much again). */
const minutes = (later: SQL, earlier: SQL) => sql`date_part('epoch', ${later} - ${earlier}) / 60`;
/** The stretches of a vehicle's stay: waiting (reported → gate in), inside (gate in → gate out), turnaround (reported → gate out). */
export const STRETCHES = [
  { key: 'wait', label: 'waiting', value: minutes(sql`${o.gateInAt}`, sql`${o.reportedAt}`) },
  { key: 'inside', label: 'inside', value: minutes(sql`${o.gateOutAt}`, sql`${o.gateInAt}`) },
  { key: 'turnaround', label: 'turnaround', value: sql`${o.turnaroundMinutes}::float8` },
] as const;

const one = (v: SQL) => sql`round((${v})::numeric, 1)`;
/** Per plant: the vehicles, and per stretch its sum and count (hidden: the totals add them up), average and longest. */
const rowFigures = sql.join(
  [
    sql`count(*)::int as "vehicles"`,
    ...STRETCHES.flatMap((s) => [
      sql`sum(${s.value}) as ${sql.identifier(`${s.key}Sum`)}`,
      sql`count(${s.value})::int as ${sql.identifier(`${s.key}Count`)}`,
      sql`${one(sql`sum(${s.value})::numeric / nullif(count(${s.value}), 0)`)} as ${sql.identifier(`${s.key}AverageMinutes`)}`,
      sql`${one(sql`max(${s.value})`)} as ${sql.identifier(`${s.key}LongestMinutes`)}`,
    ]),
  ],
  sql`, `,
);
/** Every plant's figures added up: the averages from the sums and counts, the longest of the longest. */
const totalFigures = sql.join(
  [
    sql`coalesce(sum("vehicles"), 0)::int as "vehicles"`,
    ...STRETCHES.flatMap((s) => {
      const [sum, count, longest] = ['Sum', 'Count', 'LongestMinutes'].map((k) => sql.identifier(`${s.key}${k}`));
      return [
        sql`${one(sql`sum(${sum})::numeric / nullif(sum(${count}), 0)`)} as ${sql.identifier(`${s.key}AverageMinutes`)}`,
        sql`max(${longest}) as ${sql.identifier(`${s.key}LongestMinutes`)}`,
      ];
    }),
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

/** The gate-turnaround report's statements (modules/reports/gate-turnaround.ts). */
export const gateTurnaroundStatements: ReportStatements = {
  rows: (scope, p) => sql`select pl.name as "plant", ${rowFigures}
    from ${o} join plants pl on pl.id = ${o.plantId}
    where ${where(scope, p)}
    group by pl.id, pl.name
    order by "vehicles" desc, pl.name`,
  totals: { fromRows: (rows) => sql`select ${totalFigures} from ${rows}` },
  lanes: orderLanes,
};
