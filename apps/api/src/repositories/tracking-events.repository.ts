import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { orders } from '../db/schema/orders.ts';
import { type TRACKING_EVENT_KINDS, trackingEvents } from '../db/schema/tracking.ts';

/**
 * The statements of a trip's episodes (tracking_events, issue 32): geofence stays, halts, no
 * signal, delays, expiring e-way bills; opened and ended by the scan and the geofence check, read
 * by the track once its order was found in the viewer's scope.
 */

export type EventKind = (typeof TRACKING_EVENT_KINDS)[number];
export type TrackingEventRow = typeof trackingEvents.$inferSelect;

/** NOTIFY channel of a trip's episode opening or ending: boards and maps refetch (tracking-live). */
export const CHANGES_CHANNEL = 'fd_tracking_changes';

/** The notice of a changed episode (or a provider's answer: kind "provider"), with what the live rooms need. */
export const announceChangeStatement = (orderId: number, kind: EventKind | 'provider'): SQL =>
  sql`select pg_notify(${CHANGES_CHANNEL}, json_build_object('orderId', id, 'industryId', industry_id,
    'requestType', request_type, 'plantId', plant_id, 'kind', ${kind}::text)::text) from orders where id = ${orderId}`;

/** Announces a changed episode after commit. */
export async function announceChange(tx: DbOrTx, orderId: number, kind: EventKind | 'provider'): Promise<void> {
  await tx.execute(announceChangeStatement(orderId, kind));
}

/** Inserts an episode; none when one of this kind (and stop) is already open. */
export async function insertEvent(tx: DbOrTx, row: typeof trackingEvents.$inferInsert): Promise<TrackingEventRow | null> {
  const rows = (await tx.insert(trackingEvents).values(row).onConflictDoNothing().returning()) as TrackingEventRow[];
  return rows[0] ?? null;
}

/** Ends the open episode(s) of a kind (and stop); answers how many ended. */
export async function endEvents(tx: DbOrTx, orderId: number, kind: EventKind, at: Date, refId?: number): Promise<number> {
  const rows = await tx
    .update(trackingEvents)
    .set({ endedAt: at })
    .where(
      and(
        eq(trackingEvents.orderId, orderId),
        eq(trackingEvents.kind, kind),
        isNull(trackingEvents.endedAt),
        refId === undefined ? undefined : eq(trackingEvents.refId, refId),
      ),
    )
    .returning({ id: trackingEvents.id });
  return rows.length;
}

/** Ends every open episode of these orders (their trips stopped). */
export async function endAllEvents(tx: DbOrTx, orderIds: number[]): Promise<void> {
  await tx.execute(
    sql`update tracking_events set ended_at = now() where ended_at is null and order_id = any(${sql.param(orderIds)}::int[])`,
  );
}

/** Every episode of the order, oldest first. */
export async function eventsOfOrder(db: DbOrTx, orderId: number): Promise<TrackingEventRow[]> {
  return db.select().from(trackingEvents).where(eq(trackingEvents.orderId, orderId)).orderBy(trackingEvents.startedAt);
}

/** Every geofence stay of the order, ended or not. */
export async function geofenceStays(db: DbOrTx, orderId: number): Promise<TrackingEventRow[]> {
  return db
    .select()
    .from(trackingEvents)
    .where(and(eq(trackingEvents.orderId, orderId), eq(trackingEvents.kind, 'geofence')));
}

/** The stops the order's stays began at and when, oldest first. */
export async function geofenceEntries(db: DbOrTx, orderId: number): Promise<{ refId: number; startedAt: Date }[]> {
  return db
    .select({ refId: trackingEvents.refId, startedAt: trackingEvents.startedAt })
    .from(trackingEvents)
    .where(and(eq(trackingEvents.orderId, orderId), eq(trackingEvents.kind, 'geofence')))
    .orderBy(asc(trackingEvents.startedAt));
}

/** The stops each trip has reached (a geofence stay, ended or not), by order. */
export async function reachedStops(db: DbOrTx, orderIds: number[]): Promise<Map<number, Set<number>>> {
  const reached = new Map(orderIds.map((id) => [id, new Set<number>()]));
  if (!orderIds.length) {
    return reached;
  }
  const rows = await db
    .selectDistinct({ orderId: trackingEvents.orderId, refId: trackingEvents.refId })
    .from(trackingEvents)
    .where(and(inArray(trackingEvents.orderId, orderIds), eq(trackingEvents.kind, 'geofence')));
  for (const r of rows) {
    reached.get(r.orderId)?.add(r.refId);
  }
  return reached;
}

/** The (order, stop) pairs of the geofence stays of these orders. */
export async function reachedPairs(db: DbOrTx, orderIds: number[]): Promise<{ order_id: number; ref_id: number }[]> {
  return rowsOf<{ order_id: number; ref_id: number }>(
    await db.execute(
      sql`select distinct order_id, ref_id from tracking_events where kind = 'geofence' and order_id = any(${sql.param(orderIds)}::int[])`,
    ),
  );
}

/** A stay's pending move replaced by its evidence. */
export async function recordEvidence(tx: DbOrTx, eventId: number, evidence: Record<string, unknown>): Promise<void> {
  await tx.execute(sql`update tracking_events set details = (coalesce(details, '{}') - 'pending') || ${JSON.stringify({ evidence })}::jsonb
    where id = ${eventId}`);
}

/** An open delay's minutes, updated. */
export async function setDelayMinutes(db: DbOrTx, eventId: number, late: number): Promise<void> {
  await db.execute(
    sql`update tracking_events set details = jsonb_set(coalesce(details, '{}'), '{delayMinutes}', to_jsonb(${late}::int)) where id = ${eventId}`,
  );
}

/** The order's status, its row locked for the geofence check's moves. */
export async function lockOrderStatus(tx: DbOrTx, orderId: number): Promise<{ status: string } | undefined> {
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/**
 * Runs `step` in a savepoint: released when it succeeds (answers true), rolled back when it throws
 * (answers false, the error handed to `failed`), so the transaction goes on either way. Once
 * released, the savepoint is gone: whatever follows runs outside it.
 */
export async function inSavepoint(
  tx: DbOrTx,
  name: 'tracking_move' | 'tracking_alert',
  step: () => Promise<unknown>,
  failed: (err: unknown) => void = () => {},
): Promise<boolean> {
  await tx.execute(sql.raw(`savepoint ${name}`));
  try {
    await step();
  } catch (err) {
    await tx.execute(sql.raw(`rollback to savepoint ${name}`));
    failed(err);
    return false;
  }
  await tx.execute(sql.raw(`release savepoint ${name}`));
  return true;
}
