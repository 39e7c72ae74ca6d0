import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { OrderStatus } from '@freightdesk/shared/status/order';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { industries } from '../db/schema/tenancy.ts';
import { notFound } from '../lib/errors.ts';
import { type Direction, ordersFor, type Viewer } from '../lib/policy.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * The statements of an order's moves (issue 32): the order locked for a change within the
 * policy's change rule (404 outside it), its state read and written by the status machine.
 */

const o = orders;

/** The order's row as the moves need it. */
export type LockedOrder = {
  id: number;
  industryId: number;
  number: string;
  source: string;
  requestType: number;
  status: OrderStatus;
  carrierLinkId: number;
  plantId: number;
  plantName: string;
  vehicleNumber: string | null;
  driverName: string | null;
  driverMobile: string | null;
  reportedAt: Date | null;
  gateInAt: Date | null;
  gateOutAt: Date | null;
};

/** The statement locking the order, if `scope` admits it. */
export const lockOrderQuery = (tx: DbOrTx, orderId: number, scope: SQL | null) =>
  tx
    .select({
      id: o.id,
      industryId: o.industryId,
      number: o.number,
      source: o.source,
      requestType: o.requestType,
      status: o.status,
      carrierLinkId: o.industryCarrierId,
      plantId: o.plantId,
      plantName: sql<string>`(select p.name from plants p where p.id = ${o.plantId})`,
      vehicleNumber: o.vehicleNumber,
      driverName: o.driverName,
      driverMobile: o.driverMobile,
      reportedAt: o.reportedAt,
      gateInAt: o.gateInAt,
      gateOutAt: o.gateOutAt,
    })
    .from(o)
    .where(and(eq(o.id, orderId), scope ?? sql`false`))
    .for('update');

/**
 * Locks the order for the rest of the transaction, if `scope` (the policy's condition for the
 * viewer) admits it; 404 otherwise, so another tenant's, carrier's or plant's order is not found.
 */
export async function lockOrder(tx: DbOrTx, orderId: number, scope: SQL | null): Promise<LockedOrder> {
  const [row] = await lockOrderQuery(tx, orderId, scope);
  if (!row) {
    throw notFound('Order');
  }
  return { ...row, status: row.status as OrderStatus };
}

/** Locks an order the viewer may change (the policy's change rule, of the direction when given); 404 otherwise. */
export const lockOrderToChange = (tx: DbOrTx, viewer: Viewer, orderId: number, direction?: Direction): Promise<LockedOrder> =>
  lockOrder(tx, orderId, ordersFor(viewer, 'change', direction));

/** The order's state as a move reads it. */
export async function orderMoveState(tx: DbOrTx, orderId: number) {
  const [order] = await tx
    .select({ status: o.status, industryId: o.industryId, requestType: o.requestType, plantId: o.plantId, reportedAt: o.reportedAt })
    .from(o)
    .where(eq(o.id, orderId));
  return order;
}

/** Writes the columns a move sets. */
export async function updateOrder(tx: DbOrTx, orderId: number, values: Partial<typeof orders.$inferInsert>): Promise<void> {
  await tx.update(o).set(values).where(eq(o.id, orderId));
}

/** Inserts an order; its id. */
export async function insertOrder(tx: DbOrTx, values: typeof orders.$inferInsert): Promise<number> {
  const [row] = await tx.insert(o).values(values).returning({ id: o.id });
  return row?.id ?? 0;
}

/** The order's row as stored. */
export async function orderRow(tx: DbOrTx, orderId: number) {
  const [row] = await tx.select().from(o).where(eq(o.id, orderId));
  return row;
}

/** The statement locking an order the viewer may change with what a cancel tells. */
export const lockForCancelQuery = (tx: DbOrTx, viewer: Viewer, direction: Direction, orderId: number) =>
  tx
    .select({ status: o.status, number: o.number, requestId: o.requestId, link: o.industryCarrierId, shipper: industries.name })
    .from(o)
    .innerJoin(industries, eq(industries.id, o.industryId))
    .where(and(eq(o.id, orderId), ordersFor(viewer, 'change', direction) ?? sql`false`))
    .for('update', { of: o });

/** Locks an order the viewer may change (the policy's change rule) for a cancel; 404 otherwise. */
export async function lockForCancel(tx: DbOrTx, viewer: Viewer, direction: Direction, orderId: number) {
  const [row] = await lockForCancelQuery(tx, viewer, direction, orderId);
  if (!row) {
    throw notFound('Order');
  }
  return row;
}

/** The label of the order's last drop-off, if any. */
export async function lastDropLabel(tx: DbOrTx, orderId: number): Promise<string | undefined> {
  const [drop] = rowsOf<{ label: string }>(
    await tx.execute(sql`select label from order_stops where order_id = ${orderId} and kind = 'drop' order by seq desc limit 1`),
  );
  return drop?.label;
}
