import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CELL_DATE_TIME_SQL } from '@freightdesk/shared/date-time';
import type { OrderRegisterParams } from '@freightdesk/shared/schemas/report';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { plants } from '../db/schema/plants.ts';
import { vehicleTypes } from '../db/schema/settings.ts';
import { carriers, industryCarriers } from '../db/schema/tenancy.ts';
import { inDays } from './common/rows.ts';

/** The order register's statements (modules/reports/order-register.ts), within the policy's order export scope. */

/** The invoice that bills an order (one at most: invoice_orders' key). */
const INVOICE_NUMBER = sql<string | null>`(select i.number from invoice_orders io join invoices i on i.id = io.invoice_id
  where io.order_id = ${orders.id})`;
/** What that invoice bills for the order: its charges less its deductions, less what credit notes took off. */
const BILLED = sql<string | null>`(select sum(case when l.kind = 'deduction' then l.credited_paise - l.amount_paise
    else l.amount_paise - l.credited_paise end)
  from invoice_orders io join invoices i on i.id = io.invoice_id
  join invoice_lines l on l.invoice_id = i.id and l.version = i.version and l.order_id = io.order_id
  where io.order_id = ${orders.id})`;

/**
 * A moment as India reads it in a sheet (24-11-2026 14:05, date-time.ts `formatCellDateTime`),
 * formatted by the database: a million rows would otherwise make five Date objects and five
 * formatted strings each in the API.
 */
const indiaMinute = (column: PgColumn) =>
  sql<string | null>`to_char(${column} at time zone 'Asia/Kolkata', ${sql.raw(`'${CELL_DATE_TIME_SQL}'`)})`;

/** The filters as SQL over orders (each one served by an index of the lists, issue 15). */
function filtersOf(p: OrderRegisterParams): SQL | undefined {
  return and(
    p.plantId ? eq(orders.plantId, p.plantId) : undefined,
    p.carrierLinkId ? eq(orders.industryCarrierId, p.carrierLinkId) : undefined,
    p.lane ? eq(orders.lane, p.lane) : undefined,
    p.status ? eq(orders.status, p.status) : undefined,
    inDays(orders.pickupAt, p.pickupFrom, p.pickupTo),
    inDays(orders.gateInAt, p.gateInFrom, p.gateInTo),
    inDays(orders.gateOutAt, p.gateOutFrom, p.gateOutTo),
    inDays(orders.rejectedAt, p.rejectedFrom, p.rejectedTo),
  );
}

/** The orders the register counts, up to 2,000,001 (the progress bar's estimate). */
export function orderRegisterEstimateQuery(db: DbOrTx, scope: SQL, p: OrderRegisterParams) {
  const capped = db
    .select({ one: sql`1` })
    .from(orders)
    .where(and(scope, filtersOf(p)))
    .limit(2_000_001)
    .as('capped');
  return db.select({ n: sql<number>`count(*)::int` }).from(capped);
}

/** How many orders the register will read, capped. */
export async function orderRegisterEstimate(db: DbOrTx, scope: SQL, p: OrderRegisterParams): Promise<number> {
  const [row] = await orderRegisterEstimateQuery(db, scope, p);
  return Number(row?.n ?? 0);
}

/** One batch of the register: the next `size` orders below id `before`, newest first. */
export const orderRegisterBatchQuery = (db: DbOrTx, scope: SQL, p: OrderRegisterParams, size: number, before: number | undefined) =>
  db
    .select({
      id: orders.id,
      number: orders.number,
      direction: orders.requestType,
      status: orders.status,
      source: orders.source,
      plant: plants.name,
      lane: orders.lane,
      carrier: carriers.name,
      vehicleType: vehicleTypes.name,
      vehicleNumber: orders.vehicleNumber,
      driverName: orders.driverName,
      pickupAt: indiaMinute(orders.pickupAt),
      gateInAt: indiaMinute(orders.gateInAt),
      gateOutAt: indiaMinute(orders.gateOutAt),
      deliveredAt: indiaMinute(orders.deliveredAt),
      rejectedAt: indiaMinute(orders.rejectedAt),
      pricePaise: orders.pricePaise,
      priceBasis: orders.priceBasis,
      weightTonnes: orders.weightTonnes,
      invoiceNumber: INVOICE_NUMBER,
      billedPaise: BILLED,
    })
    .from(orders)
    .innerJoin(plants, eq(plants.id, orders.plantId))
    .innerJoin(industryCarriers, eq(industryCarriers.id, orders.industryCarrierId))
    .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, orders.vehicleTypeId))
    .where(and(and(scope, filtersOf(p)), before === undefined ? undefined : lt(orders.id, before)))
    .orderBy(desc(orders.id))
    .limit(size);
