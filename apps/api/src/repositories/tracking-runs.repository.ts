import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { jobs } from '../db/schema/jobs.ts';

/**
 * The statements of tracking's jobs (issue 32): the trip scan, the provider poll and the demo's
 * device simulator, over every active trip (`order_tracking`). No viewer: the platform runs them.
 */

/** Schedules a recurring job unless it is already pending or running. */
export async function ensureRecurringJob(db: DbOrTx, kind: string, runAt: Date): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind, key: kind, runAt, payload: {} })
    .onConflictDoUpdate({
      target: jobs.key,
      set: { status: 'pending', runAt, attempts: 0, lockedUntil: null, lastError: null, doneAt: null },
      setWhere: sql`${jobs.status} in ('done', 'failed')`,
    });
}

/** Trips out of the gate start at their gate out. */
export async function startTrips(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    update order_tracking t set started_at = o.gate_out_at, updated_at = now() from orders o
    where o.id = t.order_id and t.started_at is null and t.stopped_at is null and o.gate_out_at is not null`);
}

/** Stops the trips of finished orders; answers their orders and devices' identifiers. */
export async function stopFinishedTrips(db: DbOrTx): Promise<{ order_id: number; identifier: string | null }[]> {
  return rowsOf<{ order_id: number; identifier: string | null }>(
    await db.execute(sql`
      with s as (
        update order_tracking t set stopped_at = coalesce(o.delivered_at, o.cancelled_at, o.rejected_at, now()), updated_at = now()
        from orders o where o.id = t.order_id and t.stopped_at is null
          and o.status in ('delivered', 'closed', 'rejected', 'cancelled')
        returning t.order_id, t.device_id)
      select s.order_id, d.identifier from s left join tracking_devices d on d.id = s.device_id`),
  );
}

/** The lent locks that tracked these orders are back with their shipper. */
export async function returnLentLocks(tx: DbOrTx, orderIds: number[]): Promise<void> {
  await tx.execute(sql`
      update devices set state = 'with_shipper', updated_at = now() where state = 'on_order' and id in (
        select d.platform_device_id from order_tracking t join tracking_devices d on d.id = t.device_id
        where t.order_id = any(${sql.param(orderIds)}::int[]) and d.platform_device_id is not null)`);
}

/** The orders of every active trip. */
export async function activeTrackedOrders(db: DbOrTx): Promise<number[]> {
  return rowsOf<{ order_id: number }>(
    await db.execute(sql`select order_id from order_tracking where stopped_at is null order by order_id limit 20000`),
  ).map((r) => Number(r.order_id));
}

/** The scan's ETA and km left, on the trip's last position. */
export async function setLastPositionEta(db: DbOrTx, orderId: number, eta: Date, km: number): Promise<void> {
  await db.execute(
    sql`update tracking_last_positions set eta_at = ${eta.toISOString()}::timestamptz, km_left = ${km} where order_id = ${orderId}`,
  );
}

/** The order's active e-way bills valid only until before `eta`. */
export async function billsExpiringBefore(db: DbOrTx, orderId: number, eta: Date) {
  return rowsOf<{ id: number; number: string; valid_until: Date | string }>(
    await db.execute(sql`select id, number, valid_until from eway_bills
      where order_id = ${orderId} and status = 'active' and valid_until < ${eta.toISOString()}::timestamptz`),
  );
}

export type ProviderCandidate<M, S> = {
  id: number;
  order_id: number;
  method: M;
  provider_state: S | null;
  last_polled_at: string | Date | null;
};

/** The active provider trips (FASTag, rail, phone-SIM) not asked since `askedBefore`, longest waiting first. */
export const providerCandidatesStatement = (askedBefore: Date): SQL => sql`
      select id, order_id, method, provider_state, last_polled_at from order_tracking
      where stopped_at is null and method in ('fastag', 'rail', 'sim')
        and (last_polled_at is null or last_polled_at <= ${askedBefore.toISOString()}::timestamptz)
      order by last_polled_at nulls first limit 200`;

export async function providerCandidates<M, S>(db: DbOrTx, askedBefore: Date): Promise<ProviderCandidate<M, S>[]> {
  return rowsOf<ProviderCandidate<M, S>>(await db.execute(providerCandidatesStatement(askedBefore)));
}

/** A provider's answer kept on the trip, and when it was asked. */
export async function saveProviderState(tx: DbOrTx, trackingId: number, state: unknown, now: Date): Promise<void> {
  await tx.execute(sql`
        update order_tracking set provider_state = ${JSON.stringify(state)}::jsonb, last_polled_at = ${now.toISOString()}::timestamptz, updated_at = now()
        where id = ${trackingId}`);
}

/** "Ask now": the trip's provider is due at the next turn. */
export async function clearLastPolled(tx: DbOrTx, trackingId: number): Promise<void> {
  await tx.execute(sql`update order_tracking set last_polled_at = null, updated_at = now() where id = ${trackingId}`);
}

/** A driver's SIM consent, changed. */
export async function setConsentState(tx: DbOrTx, trackingId: number, to: string, expiresAt: Date | null, now: Date): Promise<void> {
  await tx.execute(sql`
    update order_tracking set consent_state = ${to}, consent_updated_at = ${now.toISOString()}::timestamptz,
      consent_expires_at = ${expiresAt ? expiresAt.toISOString() : null}::timestamptz, updated_at = now()
    where id = ${trackingId}`);
}

/** The active trips the demo's simulated devices track (at most 50). */
export async function simulatedDeviceTrips(db: DbOrTx): Promise<{ order_id: number; device_id: number }[]> {
  return rowsOf<{ order_id: number; device_id: number }>(
    await db.execute(sql`
      select t.order_id, t.device_id from order_tracking t join tracking_devices d on d.id = t.device_id
      where t.stopped_at is null and t.method = 'device' and t.started_at is not null and d.credential = 'simulated'
      limit 50`),
  );
}
