import { canMoveOrder, type OrderStatus } from '@freightdesk/shared/status/order';
import type { Db, DbOrTx } from '../../db/client.ts';
import { carrierUsersOfLinks, notify } from '../../lib/notify.ts';
import { audience } from '../../lib/policy.ts';
import {
  announceChange,
  type EventKind,
  endEvents,
  inSavepoint,
  insertEvent,
  lockOrderStatus,
  recordEvidence,
  type TrackingEventRow,
} from '../../repositories/tracking-events.repository.ts';
import type { Trip } from '../../repositories/tracking-trips.repository.ts';
import { moveOrder } from '../orders/orders.service.ts';
import { trackingSettingsFor } from '../settings/tracking-settings.service.ts';
import { entryStarts, type Evidence, evidenceOf, evidenceReason, pendingOf, ripeStays, sufficient } from './arrival-evidence.ts';
import { insideGeofence, type TripStop } from './trip.ts';

type Kind = EventKind;
type Point = { latitude: number; longitude: number };

type TrackingEvent = TrackingEventRow;
/** Opens an episode (answered); null when one of this kind (and stop) is already open: each alerts once. */
export async function openEvent(
  tx: DbOrTx,
  trip: Pick<Trip, 'id' | 'industryId'>,
  kind: Kind,
  refId: number,
  at: Date,
  point: Point | null,
  details: Record<string, unknown> = {},
): Promise<TrackingEvent | null> {
  const row = await insertEvent(tx, {
    orderId: trip.id,
    industryId: trip.industryId,
    kind,
    refId,
    startedAt: at,
    latitude: point?.latitude,
    longitude: point?.longitude,
    details,
  });
  if (row) {
    await announceChange(tx, trip.id, kind);
  }
  return row;
}

/** Ends the open episode(s) of a kind (and stop); answers how many ended. */
export async function closeEvent(tx: DbOrTx, orderId: number, kind: Kind, at: Date, refId?: number): Promise<number> {
  const ended = await endEvents(tx, orderId, kind, at, refId);
  if (ended) {
    await announceChange(tx, orderId, kind);
  }
  return ended;
}

/** Tells the shipper's users who may open the order and the carrier's users: stored, live, pushed. */
export async function alert(
  tx: DbOrTx,
  trip: Pick<Trip, 'id' | 'industryId' | 'carrierLinkId' | 'requestType'>,
  title: string,
  msg: string,
) {
  const users = [...(await audience(tx, trip.industryId, 'order', trip.id)), ...(await carrierUsersOfLinks(tx, [trip.carrierLinkId]))];
  await notify(tx, users, { title, msg, type: 'order', referId: trip.id, requestType: trip.requestType });
}

/**
 * The move a geofence entry makes: the order's own plant marks it reported, a drop-off marks it
 * arrived, when the order's road allows that move from where it is.
 */
export function moveOnEntry(trip: Pick<Trip, 'plantId' | 'status'>, stop: TripStop): OrderStatus | null {
  const status = trip.status as OrderStatus;
  if (stop.plantId === trip.plantId && canMoveOrder(status, 'reported')) {
    return 'reported';
  }
  if (stop.kind === 'drop' && stop.plantId !== trip.plantId && canMoveOrder(status, 'arrived')) {
    return 'arrived';
  }
  return null;
}

/** The stops whose geofence the point is in. */
export const stopsAround = (trip: Trip, point: Point) => new Set(trip.stops.filter((s) => insideGeofence(s, point)).map((s) => s.id));

/** The stops whose geofence stay is open in the database. */
export const openStays = (trip: Trip) => new Set(trip.open.filter((e) => e.kind === 'geofence').map((e) => e.refId));

/**
 * Would the point enter or leave a geofence: is the set of stops around it other than the stays
 * open? The same rule as `stopsAround` against `openStays`, without building either (it runs for
 * every order of every committed batch; a change is rare).
 */
export function geofencesChange(trip: Trip, point: Point): boolean {
  let open = 0;
  for (const e of trip.open) {
    if (e.kind === 'geofence') {
      open++;
    }
  }
  let inside = 0;
  for (const s of trip.stops) {
    if (insideGeofence(s, point)) {
      inside++;
      if (!trip.open.some((e) => e.kind === 'geofence' && e.refId === s.id)) {
        return true;
      }
    }
  }
  // Every stop around is open; any other open stay is one the point has left.
  return inside !== open;
}

type Ripe = { stay: Trip['open'][number]; stop: TripStop; evidence: Evidence };

/** The ripe stays whose evidence is complete, read before any transaction (most are not yet). */
async function provenStays(db: Db, trip: Trip, point: Point & { at: Date }): Promise<Ripe[]> {
  const ripe = ripeStays(trip, point);
  if (!ripe.length) {
    return [];
  }
  const { arrivalDwellMinutes } = await trackingSettingsFor(db, trip.industryId);
  const proven: Ripe[] = [];
  for (const r of ripe) {
    const evidence = await evidenceOf(db, trip, r.stop, r.stay.startedAt);
    if (sufficient(evidence, arrivalDwellMinutes)) {
      proven.push({ ...r, evidence });
    }
  }
  return proven;
}

/** Where a failed alert is told (the geofence watch's and the scan's logger). */
export type TripLog = { error: (o: object, m: string) => void };

/** Tells the shipper and carrier that tracking moved the order to `to` at the stay's stop. */
function alertMove(tx: DbOrTx, trip: Trip, to: OrderStatus, r: Ripe) {
  const verb = to === 'reported' ? 'reached' : 'arrived at';
  return alert(
    tx,
    trip,
    to === 'reported' ? 'Vehicle reported' : 'Vehicle arrived',
    `${trip.vehicleNumber ?? 'The vehicle'} of ${trip.number} ${verb} ${r.stop.label}.`,
  );
}

/**
 * Makes a stay's pending move on its evidence (as the platform: `by` null), dated at the first fix
 * inside, and alerts. A move the order's road refuses meanwhile (the gate was faster) is dropped;
 * either way the stay keeps its evidence and waits for nothing more. The alert has a savepoint of
 * its own: one that fails is logged and leaves the move made.
 */
async function moveOnEvidence(tx: DbOrTx, trip: Trip, current: OrderStatus, r: Ripe, log?: TripLog): Promise<OrderStatus | null> {
  const to = pendingOf(r.stay);
  let moved: OrderStatus | null = null;
  if (to && canMoveOrder(current, to)) {
    // The order's road may refuse the move (it moved meanwhile): the savepoint is rolled back, the stay still recorded.
    const made = await inSavepoint(tx, 'tracking_move', () =>
      moveOrder(tx, trip.id, current, to, null, { reason: evidenceReason(r.evidence, r.stop), at: r.evidence.firstAt }),
    );
    if (made) {
      await inSavepoint(
        tx,
        'tracking_alert',
        () => alertMove(tx, trip, to, r),
        (err) => log?.error({ err, orderId: trip.id }, 'tracking move made; its alert failed'),
      );
    }
    moved = made ? to : null;
  }
  const evidence = { fixes: r.evidence.fixes, firstAt: r.evidence.firstAt.toISOString(), lastAt: r.evidence.lastAt.toISOString(), moved };
  await recordEvidence(tx, r.stay.id, evidence);
  return moved;
}

/**
 * Records geofence entries and exits at a position, and the moves tracking makes. An entry opens
 * a stay with its move pending (the order's own plant: reported; a drop-off: arrived, where the
 * order's road allows it); the move is made only once the stay has its evidence (arrival-evidence.ts).
 * Runs in its own transaction with the order's row lock, only when something changes.
 */
export async function applyGeofences(db: Db, trip: Trip, point: Point, at: Date, log?: TripLog): Promise<OrderStatus | null> {
  const inside = stopsAround(trip, point);
  const open = openStays(trip);
  const entered = trip.stops.filter((s) => inside.has(s.id) && !open.has(s.id));
  const left = [...open].filter((id) => !inside.has(id));
  const proven = await provenStays(db, trip, { ...point, at });
  if (!entered.length && !left.length && !proven.length) {
    return null;
  }
  const starts = await entryStarts(db, trip, entered, at);
  const { arrivalDwellMinutes } = entered.length ? await trackingSettingsFor(db, trip.industryId) : { arrivalDwellMinutes: 0 };
  return db.transaction(async (tx) => {
    const row = await lockOrderStatus(tx, trip.id);
    if (!row) {
      return null;
    }
    for (const id of left) {
      await closeEvent(tx, trip.id, 'geofence', at, id);
    }
    const opened: Ripe[] = [];
    for (const stop of entered) {
      const pending = moveOnEntry({ plantId: trip.plantId, status: row.status }, stop);
      const since = starts.get(stop.id) ?? at;
      const stay = await openEvent(tx, trip, 'geofence', stop.id, since, point, { label: stop.label, ...(pending ? { pending } : {}) });
      // A stay that begins with its evidence already stored (a backlog) is proven at once.
      const evidence = stay && pending ? await evidenceOf(tx, trip, stop, since) : null;
      if (stay && sufficient(evidence, arrivalDwellMinutes)) {
        opened.push({ stay, stop, evidence });
      }
    }
    let status = row.status as OrderStatus;
    let moved: OrderStatus | null = null;
    for (const r of [...proven.filter((p) => !left.includes(p.stop.id)), ...opened]) {
      moved = (await moveOnEvidence(tx, trip, status, r, log)) ?? moved;
      status = moved ?? status;
    }
    return moved;
  });
}
