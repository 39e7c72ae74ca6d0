import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { ewayBills, orderStops } from '../db/schema/execution.ts';
import { orders } from '../db/schema/orders.ts';
import { plants } from '../db/schema/plants.ts';
import { industries } from '../db/schema/tenancy.ts';
import { trackingLastPositions } from '../db/schema/tracking.ts';
import { foundOr404 } from '../lib/errors.ts';
import type { Action, Direction, Viewer } from '../lib/policy.ts';
import { ruleOrForbidden } from '../lib/policy-require.ts';

/**
 * The e-way bills' statements (modules/eway-bills): the order a bill belongs to, read within the
 * policy's order rule for the viewer, and the bills of that order.
 */

export type EwayBillRow = typeof ewayBills.$inferSelect;
export type NewEwayBill = typeof ewayBills.$inferInsert;

/** The order in the viewer's scope, with its shipper's and plant's GSTINs. */
export const billOrderQuery = (db: DbOrTx, scope: SQL, orderId: number) =>
  db
    .select({
      id: orders.id,
      industryId: orders.industryId,
      number: orders.number,
      requestType: orders.requestType,
      status: orders.status,
      vehicleNumber: orders.vehicleNumber,
      carrierLinkId: orders.industryCarrierId,
      plantGstin: plants.gstin,
      gstins: sql<string[]>`array_remove(array[${industries.gstin}]
        || array(select p.gstin from plants p where p.industry_id = ${orders.industryId}), null)`,
    })
    .from(orders)
    .innerJoin(plants, eq(plants.id, orders.plantId))
    .innerJoin(industries, eq(industries.id, orders.industryId))
    .where(and(eq(orders.id, orderId), scope));

/** The order, if the policy lets the viewer take `action` on it (403 without any right, 404 out of reach). */
export function billOrderRow(db: DbOrTx, viewer: Viewer, action: Action, orderId: number, direction?: Direction) {
  const allowed = ruleOrForbidden(viewer, 'order', action, direction);
  return foundOr404(billOrderQuery(db, allowed, orderId), 'Order');
}

/** The order's stops in their order, where they are (null where a stop has no place). */
export const orderStopPoints = (db: DbOrTx, orderId: number) =>
  db
    .select({ latitude: orderStops.latitude, longitude: orderStops.longitude })
    .from(orderStops)
    .where(eq(orderStops.orderId, orderId))
    .orderBy(asc(orderStops.seq));

/** The order's last tracked position, if any. */
export async function lastPosition(db: DbOrTx, orderId: number) {
  const [last] = await db
    .select({
      latitude: trackingLastPositions.latitude,
      longitude: trackingLastPositions.longitude,
      fixTime: trackingLastPositions.fixTime,
      kmLeft: trackingLastPositions.kmLeft,
    })
    .from(trackingLastPositions)
    .where(eq(trackingLastPositions.orderId, orderId));
  return last;
}

/** The order's e-way bills, newest first. */
export const billsOfOrder = (db: DbOrTx, orderId: number): Promise<EwayBillRow[]> =>
  db.select().from(ewayBills).where(eq(ewayBills.orderId, orderId)).orderBy(sql`${ewayBills.generatedAt} desc`);

/** The bill of the order, if it is one of its bills. */
export async function billOfOrder(db: DbOrTx, orderId: number, billId: number): Promise<EwayBillRow | undefined> {
  const [row] = await db
    .select()
    .from(ewayBills)
    .where(and(eq(ewayBills.id, billId), eq(ewayBills.orderId, orderId)));
  return row;
}

/** The order an active bill of this number is recorded on, if any. */
export async function activeBillOf(tx: DbOrTx, number: string) {
  const [taken] = await tx
    .select({ orderId: ewayBills.orderId })
    .from(ewayBills)
    .where(and(eq(ewayBills.number, number), eq(ewayBills.status, 'active')));
  return taken;
}

/** Stores a bill: its id and validity. */
export async function insertBill(tx: DbOrTx, values: NewEwayBill) {
  const [row] = await tx.insert(ewayBills).values(values).returning({ id: ewayBills.id, validUntil: ewayBills.validUntil });
  return row;
}

/** A bill extended to `validUntil` (one extension more). */
export async function markBillExtended(tx: DbOrTx, billId: number, validUntil: Date, now: Date) {
  await tx
    .update(ewayBills)
    .set({ validUntil, extensions: sql`${ewayBills.extensions} + 1`, updatedAt: now })
    .where(eq(ewayBills.id, billId));
}

/** A bill cancelled now, for the reason given. */
export async function markBillCancelled(tx: DbOrTx, billId: number, reason: string | null, now: Date) {
  await tx
    .update(ewayBills)
    .set({ status: 'cancelled', cancelledAt: now, cancelReason: reason, updatedAt: now })
    .where(eq(ewayBills.id, billId));
}

/** A bill with its order, as its expiry alert reads it. */
export const billAlertQuery = (tx: DbOrTx, billId: number) =>
  tx
    .select({
      number: ewayBills.number,
      status: ewayBills.status,
      validUntil: ewayBills.validUntil,
      orderId: orders.id,
      orderNumber: orders.number,
      orderStatus: orders.status,
      industryId: orders.industryId,
      requestType: orders.requestType,
      carrierLinkId: orders.industryCarrierId,
    })
    .from(ewayBills)
    .innerJoin(orders, eq(orders.id, ewayBills.orderId))
    .where(eq(ewayBills.id, billId));
