import { and, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { SummaryParams } from '@freightdesk/shared/schemas/report';
import { orders } from '../db/schema/orders.ts';
import { commonFilters, orderLanes, percent, type ReportStatements } from './report-summary.repository.ts';
import { orderLane } from './common/order-measures.ts';

const o = orders;

/**
 * Bills that expired while the vehicle was on the road: the active bills whose validity ended after
 * the gate out and before the delivery (kept on the order), or before now while it is undelivered
 * (read from the active bills' ends, only for those orders).
 */
const expiredOnRoad = sql`case when ${o.deliveredAt} is not null then ${o.ewayExpiredOnRoad}
  else (select count(*) from unnest(${o.ewayActiveUntil}) ends(at) where ends.at > ${o.gateOutAt} and ends.at < now()) end`;

const rowFigures = sql`count(*)::int as "left",
  (count(*) filter (where ${o.ewayCovered}))::int as "withBill",
  (count(*) filter (where not ${o.ewayCovered}))::int as "withoutBill",
  sum(${expiredOnRoad})::int as "expiredOnRoad",
  sum(${o.ewayExtended})::int as "extended",
  ${percent(sql`count(*) filter (where ${o.ewayCovered})`, sql`count(*)`)} as "compliancePercent"`;

/** Every plant's counts added up. */
const totalFigures = sql`coalesce(sum("left"), 0)::int as "left", coalesce(sum("withBill"), 0)::int as "withBill",
  coalesce(sum("withoutBill"), 0)::int as "withoutBill", sum("expiredOnRoad")::int as "expiredOnRoad",
  sum("extended")::int as "extended", ${percent(sql`sum("withBill")`, sql`sum("left")`)} as "compliancePercent"`;

const where = (scope: SQL, p: SummaryParams) =>
  and(
    scope,
    isNotNull(o.gateOutAt),
    commonFilters(p, {
      plantId: o.plantId,
      carrierLinkId: o.industryCarrierId,
      direction: o.requestType,
      day: o.gateOutAt,
      lane: orderLane,
    }),
  );

/** The eway-compliance report's statements (modules/reports/eway-compliance.ts). */
export const ewayComplianceStatements: ReportStatements = {
  rows: (scope, p) => sql`select pl.name as "plant", ${rowFigures}
    from ${o} join plants pl on pl.id = ${o.plantId}
    where ${where(scope, p)}
    group by pl.id, pl.name
    order by "left" desc, pl.name`,
  totals: { fromRows: (rows) => sql`select ${totalFigures} from ${rows}` },
  lanes: orderLanes,
};
