import { and, ne, type SQL, sql } from 'drizzle-orm';
import type { SummaryParams } from '@freightdesk/shared/schemas/report';
import { REQUEST_STATUS_LABEL } from '@freightdesk/shared/status/request';
import { orders } from '../db/schema/orders.ts';
import { bids, transportRequests } from '../db/schema/requests.ts';
import { orderWorth } from './common/order-measures.ts';
import { commonFilters, labelOf, percent, type ReportStatements } from './report-summary.repository.ts';
import { requestLane } from './common/lane-names.ts';

const r = transportRequests;
const o = orders;

/** Carriers invited: links invited directly and members of the invited groups, each once. */
const invited = sql`(select count(*)::int from (
    select i.industry_carrier_id from request_invites i where i.request_id = ${r.id}
    union
    select m.industry_carrier_id from request_invite_groups g join carrier_group_members m on m.group_id = g.group_id
      where g.request_id = ${r.id}) invited)`;

const target = sql`${r.targetPricePaise}`;
/**
 * The request with its bids (carriers who bid, the lowest amount) and the orders its award made
 * that still stand (not rejected or cancelled): their vehicles, freight, target worth and saving.
 */
const from = sql`${r}
  left join lateral (select count(*)::int as "n", min(${bids.amountPaise}) as "l1"
    from ${bids} where ${bids.requestId} = ${r.id}) b on true
  left join lateral (select count(*)::int as "vehicles",
      sum(${orderWorth(sql`${o.pricePaise}`)}) as "worth",
      sum(${orderWorth(target)}) as "targetWorth",
      sum(${orderWorth(sql`(${target} - ${o.pricePaise})`)}) as "saving"
    from ${o} where ${o.requestId} = ${r.id} and ${o.status} not in ('rejected', 'cancelled')) aw on true`;

const where = (scope: SQL, p: SummaryParams) =>
  and(
    scope,
    ne(r.status, 'draft'),
    commonFilters(p, { plantId: r.plantId, direction: r.requestType, day: r.pickupAt, lane: requestLane }),
    p.carrierLinkId
      ? sql`exists (select 1 from ${bids} where ${bids.requestId} = ${r.id} and ${bids.industryCarrierId} = ${p.carrierLinkId})`
      : undefined,
  );

/** The bid-summary report's statements (modules/reports/bid-summary.ts). */
export const bidSummaryStatements: ReportStatements = {
  rows: (scope, p) => sql`select ${r.number} as "number",
      (select pl.name from plants pl where pl.id = ${r.plantId}) as "plant",
      to_char(${r.pickupAt} at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as "pickupDay",
      ${labelOf(r.status, REQUEST_STATUS_LABEL)} as "status",
      ${r.vehicleCount} as "vehicles",
      ${invited} as "invited",
      b."n" as "bids",
      b."l1" as "l1Rupees",
      ${target} as "targetRupees",
      aw."vehicles" as "awardedVehicles",
      aw."worth" as "awardedRupees",
      aw."saving" as "savingRupees",
      ${percent(sql`aw."saving"`, sql`aw."targetWorth"`)} as "savingPercent"
    from ${from} where ${where(scope, p)}
    order by ${r.pickupAt} desc, ${r.id} desc`,
  totals: (scope, p) => sql`select
      count(*)::int::text || case when count(*) = 1 then ' request' else ' requests' end as "number",
      sum(${r.vehicleCount})::int as "vehicles",
      sum(${invited})::int as "invited",
      sum(b."n")::int as "bids",
      sum(aw."vehicles")::int as "awardedVehicles",
      sum(aw."worth") as "awardedRupees",
      sum(aw."saving") as "savingRupees",
      ${percent(sql`sum(aw."saving")`, sql`sum(aw."targetWorth")`)} as "savingPercent"
    from ${from} where ${where(scope, p)}`,
  count: (scope, p) => sql`select count(*)::int from ${r} where ${where(scope, p)}`,
  lanes: { from: sql`${r}`, lane: requestLane, where: ne(r.status, 'draft') },
};
