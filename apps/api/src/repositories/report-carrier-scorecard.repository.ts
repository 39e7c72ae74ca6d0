import { and, type SQL, sql } from 'drizzle-orm';
import type { SummaryParams } from '@freightdesk/shared/schemas/report';
import { indentAllocations, indents } from '../db/schema/indents.ts';
import { invoiceLines } from '../db/schema/money.ts';
import { orderEmissions } from '../db/schema/emissions.ts';
import { orders } from '../db/schema/orders.ts';
import { orderTracking, trackingLastPositions } from '../db/schema/tracking.ts';
import { arrivedOnTime, atPlant, carrierName, orderLane, placedOnTime } from './common/order-measures.ts';
import { co2eTonnes } from './report-emissions.repository.ts';
import { commonFilters, orderLanes, percent, type ReportStatements } from './report-summary.repository.ts';
import { indentLane } from './common/lane-names.ts';

const o = orders;
const a = indentAllocations;

/**
 * Tracked: its tracking started and a position came. Each an uncorrelated IN, which the database
 * answers from one hash of the set rather than a lookup per order (a year of orders is a million).
 */
const tracked = sql`${o.id} in (select ${orderTracking.orderId} from ${orderTracking} where ${orderTracking.startedAt} is not null)
  and ${o.id} in (select ${trackingLastPositions.orderId} from ${trackingLastPositions})`;
/** Each billed order's invoice lines reviewed (approved, adjusted or disputed) and approved, joined by hash. */
const billed = sql`left join (select ${invoiceLines.orderId} as order_id,
    count(*) filter (where ${invoiceLines.decision} in ('approved', 'adjusted', 'disputed')) as reviewed,
    count(*) filter (where ${invoiceLines.decision} = 'approved') as approved
  from ${invoiceLines} group by 1) billed on billed.order_id = ${o.id}`;

/** Per carrier link: the orders' figures (pickup in the range). */
const byOrder = (scope: SQL, p: SummaryParams) => sql`select ${o.industryCarrierId} as olink,
    count(*) as orders,
    count(*) filter (where ${o.status} = 'rejected') as "ordersRejected",
    count(*) filter (where ${atPlant} is not null) as reported,
    count(*) filter (where ${placedOnTime}) as "placedOnTime",
    count(*) filter (where ${o.arrivedAt} is not null) as arrived,
    count(*) filter (where ${arrivedOnTime}) as "arrivedOnTime",
    count(*) filter (where ${o.gateOutAt} is not null) as "leftGate",
    count(*) filter (where ${o.gateOutAt} is not null and ${tracked}) as tracked,
    coalesce(sum(billed.reviewed), 0) as "linesReviewed",
    coalesce(sum(billed.approved), 0) as "linesApproved",
    sum(${orderEmissions.wtwKg}) as "wtwKg",
    sum(${orderEmissions.tonneKm}) as "tonneKm"
  from ${o} ${billed} left join ${orderEmissions} on ${orderEmissions.orderId} = ${o.id}
  where ${and(scope, commonFilters(p, { plantId: o.plantId, carrierLinkId: o.industryCarrierId, direction: o.requestType, day: o.pickupAt, lane: orderLane }))}
  group by 1`;

/**
 * Per carrier link: the indent offers made to it (offered in the range). They are scoped by the
 * orders' rule (`ordersFor`) applied to the order the indent would make — its shipper, plant and
 * direction, from an indent — so the same tenant, direction permission and staff plants apply.
 */
const byOffer = (scope: SQL, p: SummaryParams) => sql`select ${a.industryCarrierId} as alink,
    count(*) as offers,
    count(*) filter (where ${a.status} in ('accepted', 'rejected')) as answered,
    count(*) filter (where ${a.status} = 'accepted') as accepted,
    count(*) filter (where ${a.status} = 'rejected') as rejected,
    count(*) filter (where ${a.status} in ('accepted', 'rejected', 'expired')) as decided
  from ${a} join ${indents} on ${indents.id} = ${a.indentId}
  cross join lateral (select ${indents.industryId} as industry_id, ${indents.plantId} as plant_id,
    ${indents.requestType} as request_type, 'indent'::text as source, ${a.industryCarrierId} as industry_carrier_id) as ${o}
  where ${and(
    scope,
    sql`${a.offeredAt} is not null`,
    commonFilters(p, {
      plantId: indents.plantId,
      carrierLinkId: a.industryCarrierId,
      direction: indents.requestType,
      day: a.offeredAt,
      lane: indentLane,
    }),
  )}
  group by 1`;

const COUNTS = ['orders', 'offers', 'answered', 'accepted', 'rejected', 'decided', 'ordersRejected', 'reported', 'placedOnTime'] as const;
const MORE = ['arrived', 'arrivedOnTime', 'leftGate', 'tracked', 'linesReviewed', 'linesApproved'] as const;
/** The stored emission figures of the carrier's finished loads (issue 37): kg CO2e and tonne-km, summed. */
const SUMS = ['wtwKg', 'tonneKm'] as const;
type Count = (typeof COUNTS)[number] | (typeof MORE)[number] | (typeof SUMS)[number];

/** Every carrier with orders or offers in the range, its counts (0 when none). */
const carriersOf = (scope: SQL, p: SummaryParams) => sql`with by_order as (${byOrder(scope, p)}), by_offer as (${byOffer(scope, p)})
  select coalesce(olink, alink) as link, ${sql.join(
    [...COUNTS, ...MORE].map((c) => sql`coalesce(${sql.identifier(c)}, 0)::int as ${sql.identifier(c)}`),
    sql`, `,
  )}, ${sql.join(
    SUMS.map((c) => sql`coalesce(${sql.identifier(c)}, 0)::float8 as ${sql.identifier(c)}`),
    sql`, `,
  )}
  from by_order full join by_offer on alink = olink`;

/** The report's figures from the counts: as they are (a carrier's row) or summed (the totals). */
const figures = (n: (c: Count) => SQL) => sql`${n('orders')} as "orders",
  ${n('offers')} as "offers", ${n('answered')} as "offersAnswered", ${n('accepted')} as "offersAccepted",
  ${n('rejected')} as "offersRejected", ${percent(n('accepted'), n('decided'))} as "acceptancePercent",
  ${n('ordersRejected')} as "ordersRejected",
  ${percent(n('placedOnTime'), n('reported'))} as "onTimePlacementPercent",
  ${percent(n('arrivedOnTime'), n('arrived'))} as "onTimeDeliveryPercent",
  ${percent(n('tracked'), n('leftGate'))} as "trackingPercent",
  ${percent(n('linesApproved'), n('linesReviewed'))} as "billingAccuracyPercent",
  ${co2eTonnes(n('wtwKg'))} as "co2eTonnes", round(${n('tonneKm')}::numeric, 1) as "tonneKm",
  round((1000.0 * ${n('wtwKg')} / nullif(${n('tonneKm')}, 0))::numeric, 1) as "emissionsIntensity"`;

const isSum = (c: Count) => (SUMS as readonly string[]).includes(c);

/** Who a row is: its column (`carrier` in the shipper's report, `shipper` in the carrier's own view) and the link's name. */
export type ScorecardSide = { key: string; name: (link: SQL) => SQL };

/**
 * The scorecard's statements, one row per carrier link named by `side`: the shipper's report
 * (modules/reports/carrier-scorecard.ts, each carrier of the shipper) and the carrier's own view
 * (modules/carrier-scorecard, each shipper it serves) are these same statements under their own
 * policy rule. Each row keeps its counts (hidden, as `count:<name>`): the totals add them up.
 */
export const scorecardStatements = (side: ScorecardSide): ReportStatements => ({
  rows: (scope, p) => sql`select ${side.name(sql`link`)} as ${sql.identifier(side.key)}, link as "carrierLinkId",
      ${figures((c) => sql`${sql.identifier(c)}`)},
      ${sql.join(
        [...COUNTS, ...MORE, ...SUMS].map((c) => sql`${sql.identifier(c)} as ${sql.identifier(`count:${c}`)}`),
        sql`, `,
      )}
    from (${carriersOf(scope, p)}) carriers order by "orders" desc, "offers" desc, 1`,
  totals: {
    fromRows: (rows) =>
      sql`select ${figures((c) => sql`coalesce(sum(${sql.identifier(`count:${c}`)}), 0)::${sql.raw(isSum(c) ? 'float8' : 'int')}`)} from ${rows}`,
  },
  lanes: orderLanes,
});

/** The carrier-scorecard report's statements: a row per carrier of the shipper. */
export const carrierScorecardStatements = scorecardStatements({ key: 'carrier', name: carrierName });
