import { and, type SQL, sql } from 'drizzle-orm';
import type { SpendGroup, SummaryParams } from '@freightdesk/shared/schemas/report';
import { orderEmissions } from '../db/schema/emissions.ts';
import { orders } from '../db/schema/orders.ts';
import { carrierName, orderLane } from './common/order-measures.ts';
import { commonFilters, orderLanes, percent, type ReportStatements } from './report-summary.repository.ts';

/**
 * The emissions reports (issue 37, modules/reports/emissions.ts): the stored figures of finished
 * loads (order_emissions, kept by the emissions job), summed by month, lane, plant or carrier, and
 * in the BRSR's Scope 3 category 4 shape (per financial year and mode, in tonnes CO2e). Scoped by
 * the orders' rule and filtered like every summary (pickup date, plant, carrier, direction, lane).
 */
const o = orders;
const e = orderEmissions;
const from = sql`${o} join ${e} on ${e.orderId} = ${o.id}`;

const where = (scope: SQL, p: SummaryParams) =>
  and(
    scope,
    commonFilters(p, {
      plantId: o.plantId,
      carrierLinkId: o.industryCarrierId,
      direction: o.requestType,
      day: o.pickupAt,
      lane: orderLane,
    }),
  );

const GROUP: Record<SpendGroup, { key: SQL; name: SQL }> = {
  month: { key: sql`${e.month}`, name: sql`to_char(g."key", 'YYYY-MM')` },
  lane: { key: orderLane, name: sql`g."key"` },
  plant: { key: sql`${o.plantId}`, name: sql`(select p.name from plants p where p.id = g."key")` },
  carrier: { key: sql`${o.industryCarrierId}`, name: carrierName(sql`g."key"`) },
};
export const EMISSION_GROUP_LABEL: Record<SpendGroup, string> = { month: 'Month', lane: 'Lane', plant: 'Plant', carrier: 'Carrier' };

const intensity = (kg: SQL, tkm: SQL) => sql`round((1000.0 * ${kg} / nullif(${tkm}, 0))::numeric, 1)`;
/** Kilograms CO2e as tonnes, three decimals (0 without any). */
export const co2eTonnes = (kg: SQL) => sql`round((coalesce(${kg}, 0) / 1000)::numeric, 3)`;

/** Per group; the hidden sums let the totals add the groups up exactly. */
const figures = sql`count(${e.wtwKg})::int as "loads",
  count(*) filter (where ${e.wtwKg} is null)::int as "withoutFigure",
  round(sum(${e.tonneKm})::numeric, 1) as "tonneKm",
  round(sum(${e.wtwKg})::numeric) as "wtwKg",
  ${co2eTonnes(sql`sum(${e.wtwKg})`)} as "co2eTonnes",
  ${intensity(sql`sum(${e.wtwKg})`, sql`sum(${e.tonneKm})`)} as "intensity",
  count(*) filter (where ${e.figure}->>'distanceBasis' = 'tracked')::int as "tracked",
  ${percent(sql`count(*) filter (where ${e.figure}->>'distanceBasis' = 'tracked')`, sql`count(${e.wtwKg})`)} as "trackedPercent",
  sum(${e.wtwKg}) as "wtwSum", sum(${e.tonneKm}) as "tkmSum"`;
const totalFigures = sql`coalesce(sum("loads"), 0)::int as "loads", coalesce(sum("withoutFigure"), 0)::int as "withoutFigure",
  round(sum("tkmSum")::numeric, 1) as "tonneKm", round(sum("wtwSum")::numeric) as "wtwKg", ${co2eTonnes(sql`sum("wtwSum")`)} as "co2eTonnes",
  ${intensity(sql`sum("wtwSum")`, sql`sum("tkmSum")`)} as "intensity",
  ${percent(sql`sum("tracked")`, sql`sum("loads")`)} as "trackedPercent"`;

/** The emissions report's statements (modules/reports/emissions.ts). */
export const emissionStatements: ReportStatements = {
  rows: (scope, p) => {
    const group = GROUP[p.groupBy ?? 'month'];
    return sql`select ${group.name} as "label", g.* from (select ${group.key} as "key", ${figures}
      from ${from} where ${where(scope, p)} group by 1) g order by ${p.groupBy && p.groupBy !== 'month' ? sql`"wtwSum" desc nulls last, 1` : sql`g."key" desc`}`;
  },
  totals: { fromRows: (rows) => sql`select ${totalFigures} from ${rows}` },
  lanes: orderLanes,
};

/** The Indian financial year (April to March) of the load's month: 'FY 2026-27'. */
const financialYear = sql`'FY ' || (extract(year from ${e.month} - interval '3 months'))::int || '-' ||
  lpad(((extract(year from ${e.month} - interval '3 months'))::int % 100 + 1)::text, 2, '0')`;

/**
 * BRSR Principle 6, Scope 3 category 4 (upstream transportation and distribution, GHG Protocol):
 * per financial year and mode, the loads, their tonne-km and emissions in tonnes CO2e, the share
 * measured on a tracked distance (primary data), and the method and factor versions used.
 */
export const brsrStatements: ReportStatements = {
  rows: (scope, p) => sql`select g.fy as "label", 'Category 4: Upstream transportation and distribution' as "category", g.way as "mode", g.*
    from (select ${financialYear} as fy, ${e.mode} as way, ${figures},
      string_agg(distinct ${e.figure}->'factorVersion'->>'label', ', ') as "factorVersions",
      string_agg(distinct ${e.figure}->>'method', '; ') as "method"
      from ${from} where ${and(where(scope, p), sql`${e.wtwKg} is not null`)} group by 1, 2) g
    order by g.fy desc, g.way`,
  totals: {
    fromRows: (rows) => sql`select ${totalFigures} from ${rows}`,
  },
  lanes: orderLanes,
};
