import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { devices } from '../db/schema/platform.ts';
import { industryCarriers } from '../db/schema/tenancy.ts';
import { orderTracking, type SIM_OPERATORS, trackingDevices } from '../db/schema/tracking.ts';
import { deviceOwners } from '../lib/policy-devices.ts';

/**
 * The statements of an order's tracking method (order_tracking, issue 32): read for the order's
 * page once the order was found in scope, and set under the policy's change rule (the caller's
 * `scope`, from `ordersFor`), with the device it names checked against the policy's device owners.
 */

const d = trackingDevices;
export type OrderTrackingInsert = typeof orderTracking.$inferInsert;

/** The NOTIFY channel that makes every process's ingest forget a device's route at once. */
export const ROUTES_CHANNEL = 'fd_tracking_routes';

/** Tells every API process to forget these devices' routes (after commit). */
export const notifyRoutesStatement = (identifiers: string[]): SQL =>
  sql`select pg_notify(${ROUTES_CHANNEL}, ${JSON.stringify(identifiers.slice(0, 100))})`;

export async function notifyRoutes(tx: DbOrTx, identifiers: string[]): Promise<void> {
  await tx.execute(notifyRoutesStatement(identifiers));
}

/** The order's tracking with its device's identifier, hint, kind and credential. */
export async function orderTrackingRow(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({ t: orderTracking, identifier: d.identifier, hint: d.hint, kind: d.kind, credential: d.credential })
    .from(orderTracking)
    .leftJoin(d, eq(d.id, orderTracking.deviceId))
    .where(eq(orderTracking.orderId, orderId));
  return row;
}

/** The order (within `scope`, the policy's change rule) with its carrier, its row locked. */
export const lockOrderQuery = (tx: DbOrTx, orderId: number, scope: SQL) =>
  tx
    .select({
      id: orders.id,
      industryId: orders.industryId,
      status: orders.status,
      vehicleNumber: orders.vehicleNumber,
      number: orders.number,
      gateOutAt: orders.gateOutAt,
      carrierId: industryCarriers.carrierId,
    })
    .from(orders)
    .innerJoin(industryCarriers, eq(industryCarriers.id, orders.industryCarrierId))
    .where(and(eq(orders.id, orderId), scope))
    .for('update', { of: orders });

export async function lockOrderForTracking(tx: DbOrTx, orderId: number, scope: SQL) {
  const [order] = await lockOrderQuery(tx, orderId, scope);
  return order;
}

/** The device a choice names (by id, or a typed identifier), and whether the order's shipper or carrier owns it. */
export async function choiceDevice(
  tx: DbOrTx,
  order: { industryId: number; carrierId: number },
  choice: { deviceId?: number | null; identifier?: string | null },
) {
  const [device] = await tx
    .select({ id: d.id, status: d.status, platformDeviceId: d.platformDeviceId, owned: sql<boolean>`${deviceOwners(order)}` })
    .from(d)
    .where(choice.deviceId ? eq(d.id, choice.deviceId) : and(eq(d.identifier, choice.identifier ?? ''), eq(d.credential, 'typed')));
  return device;
}

/** Registers a typed GPS unit; none when its identifier is taken. */
export async function insertTypedDevice(tx: DbOrTx, row: typeof trackingDevices.$inferInsert) {
  const [made] = await tx
    .insert(d)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: d.id, status: d.status, platformDeviceId: d.platformDeviceId });
  return made;
}

/** Another active trip the device tracks, if any (its order's number). */
export async function busyElsewhere(tx: DbOrTx, deviceId: number, orderId: number) {
  const [busy] = await tx
    .select({ number: orders.number })
    .from(orderTracking)
    .innerJoin(orders, eq(orders.id, orderTracking.orderId))
    .where(and(eq(orderTracking.deviceId, deviceId), isNull(orderTracking.stoppedAt), ne(orderTracking.orderId, orderId)));
  return busy;
}

/** The latest expiry of a standing approved consent of this number and operator. */
export async function standingConsent(tx: DbOrTx, simNumber: string, operator: (typeof SIM_OPERATORS)[number]): Promise<Date | null> {
  const [row] = await tx
    .select({ expiresAt: orderTracking.consentExpiresAt })
    .from(orderTracking)
    .where(
      and(
        eq(orderTracking.simNumber, simNumber),
        eq(orderTracking.simOperator, operator),
        eq(orderTracking.consentState, 'approved'),
        sql`${orderTracking.consentExpiresAt} > now()`,
      ),
    )
    .orderBy(sql`${orderTracking.consentExpiresAt} desc`)
    .limit(1);
  return row?.expiresAt ?? null;
}

/** The order's device before a change: its id, identifier and lent lock. */
export async function trackingDeviceBefore(tx: DbOrTx, orderId: number) {
  const [before] = await tx
    .select({ deviceId: orderTracking.deviceId, identifier: d.identifier, platformDeviceId: d.platformDeviceId })
    .from(orderTracking)
    .leftJoin(d, eq(d.id, orderTracking.deviceId))
    .where(eq(orderTracking.orderId, orderId));
  return before;
}

/** Sets the order's tracking (made, or its one row replaced). */
export async function upsertOrderTracking(
  tx: DbOrTx,
  orderId: number,
  industryId: number,
  set: Omit<OrderTrackingInsert, 'orderId' | 'industryId'>,
): Promise<void> {
  await tx
    .insert(orderTracking)
    .values({ orderId, industryId, ...set })
    .onConflictDoUpdate({ target: orderTracking.orderId, set });
}

/** A lent lock leaves its order (back with its shipper), or goes on one. */
export async function moveLentLock(tx: DbOrTx, platformDeviceId: number, to: 'with_shipper' | 'on_order', now: Date): Promise<void> {
  if (to === 'with_shipper') {
    await tx
      .update(devices)
      .set({ state: 'with_shipper', updatedAt: now })
      .where(and(eq(devices.id, platformDeviceId), eq(devices.state, 'on_order')));
    return;
  }
  await tx.update(devices).set({ state: 'on_order', updatedAt: now }).where(eq(devices.id, platformDeviceId));
}

/** What a device's label is made of. */
export async function deviceLabelFacts(tx: DbOrTx, deviceId: number) {
  const [device] = await tx.select({ identifier: d.identifier, hint: d.hint, credential: d.credential }).from(d).where(eq(d.id, deviceId));
  return device;
}
