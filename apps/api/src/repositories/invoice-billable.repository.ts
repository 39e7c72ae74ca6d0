import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BillableOrdersQuery } from '@freightdesk/shared/schemas/invoice';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { orders } from '../db/schema/orders.ts';
import { plants } from '../db/schema/plants.ts';
import { industryCarriers } from '../db/schema/tenancy.ts';
import { cappedPage, countUpTo, numberMatch } from './common/list-page.ts';

/**
 * Which orders a carrier may bill (the invoice-eligibility rule of modules/invoices, in one place):
 * delivered or closed, and on no invoice yet. The invoice form's picker
 * (modules/invoices/billable-orders.ts) lists them; raising an invoice (invoices.service.ts) refuses
 * any other with the same rule, naming the line.
 */

/** The statuses an order may be billed in: delivered (its POD in) or closed. */
export const BILLABLE_STATUSES: readonly string[] = ['delivered', 'closed'];

/** No invoice bills the order yet. */
const unbilled = sql`not exists (select 1 from invoice_orders io where io.order_id = ${orders.id})`;

/** The invoices already billing any of these orders: each order with its invoice's number. */
export const billedOrders = async (tx: DbOrTx, orderIds: number[]) =>
  rowsOf<{ order_id: number; number: string }>(
    await tx.execute(sql`
      select io.order_id, i.number from invoice_orders io join invoices i on i.id = io.invoice_id
      where io.order_id in ${orderIds}`),
  );

/** The picker's rows: the carrier's billable orders of one shipper (on its links with that shipper). */

const billable = (carrierId: number, q: BillableOrdersQuery) =>
  and(
    eq(orders.industryId, q.industryId),
    sql`${orders.industryCarrierId} in (select id from ${industryCarriers} where carrier_id = ${carrierId} and industry_id = ${q.industryId})`,
    inArray(orders.status, [...BILLABLE_STATUSES]),
    unbilled,
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
