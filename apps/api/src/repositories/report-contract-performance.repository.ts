import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { SummaryParams } from '@freightdesk/shared/schemas/report';
import { CONTRACT_STATUS_LABEL } from '@freightdesk/shared/schemas/contract';
import { contractLanes, contracts, rfqLanes } from '../db/schema/contracts.ts';
import { indentAllocations, indents } from '../db/schema/indents.ts';
import { orders } from '../db/schema/orders.ts';
import { carrierName, orderWorth } from './common/order-measures.ts';
import { contractLaneName, indentLane } from './common/lane-names.ts';
import { commonFilters, labelOf, percent, type ReportStatements } from './report-summary.repository.ts';

const c = contracts;
const a = indentAllocations;

/** The indents a contract's figures count: reporting in the range, of the direction asked. */
const indentsIn = (p: SummaryParams) =>
  commonFilters(p, { plantId: indents.plantId, direction: indents.requestType, day: indents.reportingAt, lane: indentLane });

/**
 * Its lanes and the trips a month it committed to: each lane's expected trips times the contract's
 * share (with a lane filter, that lane's).
 */
const lanes = (p: SummaryParams) => sql`cross join lateral (select count(*) as lanes,
    round(coalesce(sum(${rfqLanes.tripsPerMonth} * ${contractLanes.sharePct} / 100.0), 0)::numeric, 1) as trips
  from ${contractLanes} join ${rfqLanes} on ${rfqLanes.id} = ${contractLanes.rfqLaneId}
  where ${and(eq(contractLanes.contractId, c.id), p.lane ? sql`${contractLaneName} = ${p.lane}` : undefined)}) lanes`;
/** The carrier's turns on indents at this contract's rate: indents offered, vehicles asked and accepted. */
const offers = (p: SummaryParams) => sql`cross join lateral (select count(*) as indents,
    coalesce(sum(${a.vehiclesAsked}), 0) as asked, coalesce(sum(${a.vehiclesAccepted}), 0) as accepted
  from ${a} join ${indents} on ${indents.id} = ${a.indentId}
  where ${and(eq(a.contractId, c.id), sql`${a.offeredAt} is not null`, indentsIn(p))}) offers`;
/** The orders its acceptances made (not rejected or cancelled since) and their freight. */
const placed = (p: SummaryParams) => sql`cross join lateral (select count(*) as orders,
    coalesce(sum(${orderWorth(sql`${orders.pricePaise}`)}), 0) as spend
  from ${orders} join ${a} on ${a.id} = ${orders.indentAllocationId} join ${indents} on ${indents.id} = ${orders.indentId}
  where ${and(eq(a.contractId, c.id), sql`${orders.status} not in ('rejected', 'cancelled')`, indentsIn(p))}) placed`;

/** The contracts in scope, of the plant and carrier asked, valid at some time in the range. */
const where = (scope: SQL, p: SummaryParams) =>
  and(
    scope,
    p.plantId ? eq(c.plantId, p.plantId) : undefined,
    p.carrierLinkId ? eq(c.industryCarrierId, p.carrierLinkId) : undefined,
    p.lane ? sql`lanes.lanes > 0` : undefined,
    p.from ? gte(c.validTo, p.from) : undefined,
    p.to ? lte(c.validFrom, p.to) : undefined,
  );

const perContract = (scope: SQL, p: SummaryParams) => sql`select ${c.number} as "contract",
    ${carrierName(sql`${c.industryCarrierId}`)} as "carrier", ${labelOf(c.status, CONTRACT_STATUS_LABEL)} as "status",
    ${c.validFrom}::text as "validFrom", ${c.validTo}::text as "validTo",
    lanes.lanes::int as "lanes", lanes.trips as "tripsPerMonth",
    offers.indents::int as "indentsOffered", offers.asked::int as "vehiclesOffered", offers.accepted::int as "vehiclesAccepted",
    ${percent(sql`offers.accepted`, sql`offers.asked`)} as "acceptancePercent",
    placed.orders::int as "orders", placed.spend as "spendRupees"
  from ${c} ${lanes(p)} ${offers(p)} ${placed(p)}
  where ${where(scope, p)}`;

const total = (key: string) => sql`coalesce(sum(${sql.identifier(key)}), 0)::int as ${sql.identifier(key)}`;

/** The contract-performance report's statements (modules/reports/contract-performance.ts). */
export const contractPerformanceStatements: ReportStatements = {
  rows: (scope, p) => sql`${perContract(scope, p)} order by ${c.validFrom} desc, ${c.number}`,
  totals: (scope, p) => sql`select ${total('lanes')}, round(coalesce(sum("tripsPerMonth"), 0)::numeric, 1) as "tripsPerMonth",
    ${total('indentsOffered')}, ${total('vehiclesOffered')}, ${total('vehiclesAccepted')},
    ${percent(sql`sum("vehiclesAccepted")`, sql`sum("vehiclesOffered")`)} as "acceptancePercent",
    ${total('orders')}, sum("spendRupees") as "spendRupees"
    from (${perContract(scope, p)}) per_contract`,
  lanes: {
    from: sql`${c} join ${contractLanes} on ${contractLanes.contractId} = ${c.id} join ${rfqLanes} on ${rfqLanes.id} = ${contractLanes.rfqLaneId}`,
    lane: contractLaneName,
  },
};
