import { and, type SQL, sql } from 'drizzle-orm';
import type { SpendGroup, SummaryParams } from '@freightdesk/shared/schemas/report';
import { orders } from '../db/schema/orders.ts';
import { carrierName, orderKept, orderLane, orderWorth } from './common/order-measures.ts';
import { commonFilters, orderLanes, percent, type ReportStatements } from './report-summary.repository.ts';

const o = orders;

const target = sql`tr.target_price_paise`;
const from = sql`${o} left join transport_requests tr on tr.id = ${o.requestId}`;

/**
 * How each grouping groups: by a key the database groups cheaply (an id, the month's first
 * moment — whose statistics tell the planner there are a few dozen — the lane kept on the order),
 * then names each group from its key (`g."key"`).
 */
export const GROUP: Record<SpendGroup, { label: string; key: SQL; name: SQL; order: SQL }> = {
  month: {
    label: 'Month',
    key: sql`date_trunc('month', ${o.pickupAt} at time zone 'Asia/Kolkata')`,
    name: sql`to_char(g."key", 'YYYY-MM')`,
    order: sql`g."key" desc`,
  },
  lane: { label: 'Lane', key: orderLane, name: sql`g."key"`, order: sql`"spendRupees" desc nulls last, 1` },
  plant: {
    label: 'Plant',
    key: sql`${o.plantId}`,
    name: sql`(select p.name from plants p where p.id = g."key")`,
    order: sql`"spendRupees" desc nulls last, 1`,
  },
  carrier: {
    label: 'Carrier',
    key: sql`${o.industryCarrierId}`,
    name: carrierName(sql`g."key"`),
    order: sql`"spendRupees" desc nulls last, 1`,
  },
};

const worth = orderWorth(sql`${o.pricePaise}`);
const targetWorth = sql`${orderWorth(target)}) filter (where ${target} is not null`;
/** Per group; the hidden `tonnesSum` and `pricedOrders` let the totals add the groups up exactly. */
const figures = sql`count(*)::int as "orders",
  sum(${o.weightTonnes}) as "tonnesSum",
  round(sum(${o.weightTonnes})::numeric, 1) as "tonnes",
  sum(${worth}) as "spendRupees",
  sum(${worth}) filter (where ${target} is not null) as "targetedSpendRupees",
  count(${worth})::int as "pricedOrders",
  sum(${targetWorth}) as "targetRupees",
  sum(${orderWorth(sql`(${target} - ${o.pricePaise})`)}) filter (where ${target} is not null) as "savingRupees",
  ${percent(sql`sum(${orderWorth(sql`(${target} - ${o.pricePaise})`)}) filter (where ${target} is not null)`, sql`sum(${targetWorth})`)} as "savingPercent",
  round(sum(${worth}) / nullif(count(${worth}), 0)) as "averageRupees"`;
/** Every group added up: the same figures over all the orders of the rows. */
const totalFigures = sql`coalesce(sum("orders"), 0)::int as "orders",
  round(sum("tonnesSum")::numeric, 1) as "tonnes",
  sum("spendRupees") as "spendRupees",
  sum("targetedSpendRupees") as "targetedSpendRupees",
  sum("targetRupees") as "targetRupees",
  sum("savingRupees") as "savingRupees",
  ${percent(sql`sum("savingRupees")`, sql`sum("targetRupees")`)} as "savingPercent",
  round(sum("spendRupees") / nullif(sum("pricedOrders"), 0)) as "averageRupees"`;
const where = (scope: SQL, p: SummaryParams) =>
  and(
    scope,
    orderKept,
    commonFilters(p, {
      plantId: o.plantId,
      carrierLinkId: o.industryCarrierId,
      direction: o.requestType,
      day: o.pickupAt,
      lane: orderLane,
    }),
  );

/** The spend report's statements (modules/reports/spend.ts). */
export const spendStatements: ReportStatements = {
  rows: (scope, p) => {
    const group = GROUP[p.groupBy ?? 'month'];
    return sql`select ${group.name} as "label", g.* from (select ${group.key} as "key", ${figures}
      from ${from} where ${where(scope, p)} group by 1) g order by ${group.order}`;
  },
  // Every figure adds up across the groups: the totals come from the rows, in the same run.
  totals: { fromRows: (rows) => sql`select ${totalFigures} from ${rows}` },
  lanes: orderLanes,
};
