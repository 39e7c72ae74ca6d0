import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PaymentSummary, PaymentSummaryRow } from '@freightdesk/shared/schemas/invoice-views';
import type { DbOrTx } from '../../db/client.ts';
import { invoices } from '../../db/schema/money.ts';
import { carriers, industries } from '../../db/schema/tenancy.ts';
import { AGE_DAYS, DUE, OVERDUE } from './invoice-read.ts';

/** The summary lists the counterparts with the most due first, this many at most; the totals count them all. */
export const SUMMARY_ROWS = 200;

const sum = (expr: SQL) => sql<number>`coalesce(sum(${expr}), 0)::float8`;
const dueAged = (from: number, to?: number) =>
  sum(sql`case when ${AGE_DAYS} >= ${from} ${to === undefined ? sql`` : sql`and ${AGE_DAYS} <= ${to}`} then ${DUE} else 0 end`);

const figures = {
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

type Raw = { [K in keyof typeof figures]: number } & { carrierLinkId: number; industryId: number; name: string };

function toRow({ d0_30, d31_60, d61_90, d90plus, ...rest }: Raw): PaymentSummaryRow {
  return { ...rest, ageing: { d0_30, d31_60, d61_90, d90plus } };
}

/**
 * The payment summary: per carrier for the shipper (`by: 'carrier'`), per shipper for a carrier's
 * own (`by: 'shipper'`) — billed, approved, disputed, paid, due, overdue, and what is due aged by
 * days since the invoice date (0–30, 31–60, 61–90, 90+). `scope` is the policy's invoice rule, so
 * both sides add up the same invoices and agree.
 */
export async function paymentSummary(
  db: DbOrTx,
  scope: SQL,
  by: 'carrier' | 'shipper',
  filters: { plantId?: number; carrierLinkId?: number; industryId?: number } = {},
): Promise<PaymentSummary> {
  const where = and(
    scope,
    filters.plantId ? eq(invoices.plantId, filters.plantId) : undefined,
    filters.carrierLinkId ? eq(invoices.industryCarrierId, filters.carrierLinkId) : undefined,
    filters.industryId ? eq(invoices.industryId, filters.industryId) : undefined,
  );
  const rows =
    by === 'carrier'
      ? await db
          .select({
            carrierLinkId: invoices.industryCarrierId,
            industryId: sql<number>`min(${invoices.industryId})`,
            name: carriers.name,
            ...figures,
          })
          .from(invoices)
          .innerJoin(carriers, eq(carriers.id, invoices.carrierId))
          .where(where)
          .groupBy(invoices.industryCarrierId, carriers.name)
          .orderBy(sql`${sum(DUE)} desc`, carriers.name)
          .limit(SUMMARY_ROWS)
      : await db
          .select({
            carrierLinkId: sql<number>`min(${invoices.industryCarrierId})`,
            industryId: invoices.industryId,
            name: industries.name,
            ...figures,
          })
          .from(invoices)
          .innerJoin(industries, eq(industries.id, invoices.industryId))
          .where(where)
          .groupBy(invoices.industryId, industries.name)
          .orderBy(sql`${sum(DUE)} desc`, industries.name)
          .limit(SUMMARY_ROWS);
  const list = (rows as Raw[]).map((r) => toRow(r));
  const [all] = await db
    .select({ carrierLinkId: sql<number>`0`, industryId: sql<number>`0`, name: sql<string>`''`, ...figures })
    .from(invoices)
    .where(where);
  const { carrierLinkId: _l, industryId: _i, name: _n, ...totals } = toRow(all as Raw);
  return { rows: list, totals, more: list.length === SUMMARY_ROWS, asOf: new Date().toISOString() };
}
