import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BillableOrdersQuery } from '@freightdesk/shared/schemas/invoice';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { plants } from '../db/schema/plants.ts';
import { industryCarriers } from '../db/schema/tenancy.ts';
import { cappedPage, countUpTo, numberMatch } from './common/list-page.ts';

/**
 * The invoice form's picker (modules/invoices/billable-orders.ts): the carrier's delivered orders of
 * one shipper (on its links with that shipper) that no invoice bills yet.
 */

const billable = (carrierId: number, q: BillableOrdersQuery) =>
  and(
    eq(orders.industryId, q.industryId),
    sql`${orders.industryCarrierId} in (select id from ${industryCarriers} where carrier_id = ${carrierId} and industry_id = ${q.industryId})`,
    inArray(orders.status, ['delivered', 'closed']),
    sql`not exists (select 1 from invoice_orders io where io.order_id = ${orders.id})`,
    q.plantId ? eq(orders.plantId, q.plantId) : undefined,
    q.search ? numberMatch(orders.number, q.search) : undefined,
  );

/** A page of the billable orders, newest first, with their plant's name. */
export const billableOrdersQuery = (db: DbOrTx, carrierId: number, q: BillableOrdersQuery, limit: number, offset: number) =>
  db
    .select({ id: orders.id, plantName: plants.name })
    .from(orders)
    .innerJoin(plants, eq(plants.id, orders.plantId))
    .where(billable(carrierId, q))
    .orderBy(desc(orders.id))
    .limit(limit)
    .offset(offset);

/** The page of billable orders the query asks for, with their count (capped as every list's). */
export function billableOrderPage(db: DbOrTx, carrierId: number, q: BillableOrdersQuery) {
  return cappedPage(
    q,
    (limit, offset) => billableOrdersQuery(db, carrierId, q, limit, offset),
    countUpTo(db, db.select({ id: orders.id }).from(orders).where(billable(carrierId, q))),
  );
}
