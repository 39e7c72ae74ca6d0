import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { invoices } from '../db/schema/money.ts';
import { carriers, industries } from '../db/schema/tenancy.ts';
import { AGE_DAYS, DUE, OVERDUE } from './invoice-dues.repository.ts';
import type { Rule } from '../lib/policy-require.ts';

/** The policy's invoice rule for the caller. */
type InvoiceRule = Rule<'invoice'>;

/**
 * The payment summary's statements (modules/invoices/payment-summary.ts), over the invoices of
 * `scope`: the policy's invoice rule for the viewer, so both sides add up the same invoices.
 */

/** The summary lists the counterparts with the most due first, this many at most; the totals count them all. */
export const SUMMARY_ROWS = 200;

export type SummaryFilters = { plantId?: number; carrierLinkId?: number; industryId?: number };

const sum = (expr: SQL) => sql<number>`coalesce(sum(${expr}), 0)::float8`;
const dueAged = (from: number, to?: number) =>
  sum(sql`case when ${AGE_DAYS} >= ${from} ${to === undefined ? sql`` : sql`and ${AGE_DAYS} <= ${to}`} then ${DUE} else 0 end`);

export const figures = {
  invoices: sql<number>`count(*)::int`,
  billedPaise: sum(sql`${invoices.totalPaise}`),
  approvedPaise: sum(sql`${invoices.approvedPaise}`),
  disputedPaise: sum(sql`case when ${invoices.status} = 'disputed' then ${invoices.totalPaise} else 0 end`),
  paidPaise: sum(sql`${invoices.paidPaise}`),
  duePaise: sum(DUE),
  overduePaise: sum(OVERDUE),
  d0_30: dueAged(0, 30),
  d31_60: dueAged(31, 60),
  d61_90: dueAged(61, 90),
  d90plus: dueAged(91),
};

export type SummaryFigures = { [K in keyof typeof figures]: number };

const whereOf = (scope: InvoiceRule, filters: SummaryFilters) =>
  and(
    scope,
    filters.plantId ? eq(invoices.plantId, filters.plantId) : undefined,
    filters.carrierLinkId ? eq(invoices.industryCarrierId, filters.carrierLinkId) : undefined,
    filters.industryId ? eq(invoices.industryId, filters.industryId) : undefined,
  );

/** Per carrier (the shipper's summary), the most due first. */
export const byCarrierQuery = (db: DbOrTx, scope: InvoiceRule, filters: SummaryFilters) =>
  db
    .select({
      carrierLinkId: invoices.industryCarrierId,
      industryId: sql<number>`min(${invoices.industryId})`,
      name: carriers.name,
      ...figures,
    })
    .from(invoices)
    .innerJoin(carriers, eq(carriers.id, invoices.carrierId))
    .where(whereOf(scope, filters))
    .groupBy(invoices.industryCarrierId, carriers.name)
    .orderBy(sql`${sum(DUE)} desc`, carriers.name)
    .limit(SUMMARY_ROWS);

/** Per shipper (a carrier's summary), the most due first. */
export const byShipperQuery = (db: DbOrTx, scope: InvoiceRule, filters: SummaryFilters) =>
  db
    .select({
      carrierLinkId: sql<number>`min(${invoices.industryCarrierId})`,
      industryId: invoices.industryId,
      name: industries.name,
      ...figures,
    })
    .from(invoices)
    .innerJoin(industries, eq(industries.id, invoices.industryId))
    .where(whereOf(scope, filters))
    .groupBy(invoices.industryId, industries.name)
    .orderBy(sql`${sum(DUE)} desc`, industries.name)
    .limit(SUMMARY_ROWS);

/** Every invoice of the scope added up. */
export const summaryTotalsQuery = (db: DbOrTx, scope: InvoiceRule, filters: SummaryFilters) =>
  db
    .select({ carrierLinkId: sql<number>`0`, industryId: sql<number>`0`, name: sql<string>`''`, ...figures })
    .from(invoices)
    .where(whereOf(scope, filters));

/** The summary's rows (per carrier or per shipper) and its totals row. */
export async function paymentSummaryRows(db: DbOrTx, scope: InvoiceRule, by: 'carrier' | 'shipper', filters: SummaryFilters) {
  const rows = by === 'carrier' ? await byCarrierQuery(db, scope, filters) : await byShipperQuery(db, scope, filters);
  const [all] = await summaryTotalsQuery(db, scope, filters);
  return { rows, all };
}
