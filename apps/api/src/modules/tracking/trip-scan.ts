import { DEFAULT_TRACKING_SETTINGS } from '@freightdesk/shared/schemas/tracking-settings';
import { formatIst } from '@freightdesk/shared/eway-bill';
import { greatCircleKm, ROAD_DETOUR_FACTOR } from '@freightdesk/shared/geo';
import type { Db } from '../../db/client.ts';
import { endAllEvents, reachedPairs, setDelayMinutes } from '../../repositories/tracking-events.repository.ts';
import { firstFixesSince, newestReports } from '../../repositories/tracking-positions.repository.ts';
import {
  activeTrackedOrders,
  billsExpiringBefore,
  returnLentLocks,
  setLastPositionEta,
  startTrips,
  stopFinishedTrips,
} from '../../repositories/tracking-runs.repository.ts';
import { trackingSettingsOf } from '../settings/tracking-settings.service.ts';
import { announceRoutes } from './order-tracking.service.ts';
import { describePlace } from './places.ts';
import { loadTrips, type Trip } from '../../repositories/tracking-trips.repository.ts';
import { alert, applyGeofences, closeEvent, openEvent } from './trip-events.ts';
import { DELAY_GRACE_MINUTES, delayMinutes, insideGeofence } from './trip.ts';
import { etaFromHere } from './trip-eta.ts';
import { plural } from '@freightdesk/shared/words';

const MINUTE = 60_000;
const hours = (minutes: number) => (minutes >= 90 ? `${Math.round(minutes / 6) / 10} hours` : plural(minutes, 'minute'));

/**
 * Trips start at gate out (or their first position, which the ingest records) and stop once the
 * order is delivered, closed, rejected or cancelled: the device is free for its next trip, a lent
 * lock is back with its shipper, and open episodes end.
 */
async function startAndStop(db: Db): Promise<void> {
  await startTrips(db);
  const stopped = await stopFinishedTrips(db);
  if (!stopped.length) {
    return;
  }
  const ids = stopped.map((s) => Number(s.order_id));
  await db.transaction(async (tx) => {
    await endAllEvents(tx, ids);
    await returnLentLocks(tx, ids);
    await announceRoutes(
      tx,
      stopped.flatMap((s) => (s.identifier ? [s.identifier] : [])),
    );
  });
}

/** The halt check: stationary (within the halt radius) for the shipper's halt minutes, outside every stop's geofence. */
async function checkHalt(db: Db, trip: Trip, now: Date, haltMinutes: number): Promise<void> {
  const last = trip.last;
  if (!last) {
    return;
  }
  const open = trip.open.find((e) => e.kind === 'halt');
  if (open && last.anchorAt > open.startedAt) {
    await closeEvent(db, trip.id, 'halt', last.anchorAt);
    return;
  }
  const anchor = { latitude: last.anchorLatitude, longitude: last.anchorLongitude };
  const still = last.fixTime.getTime() - last.anchorAt.getTime() >= haltMinutes * MINUTE;
  if (open || !still || trip.status !== 'gate_out' || trip.stops.some((s) => insideGeofence(s, anchor))) {
    return;
  }
  await db.transaction(async (tx) => {
    if (await openEvent(tx, trip, 'halt', 0, last.anchorAt, anchor)) {
      const place = describePlace(anchor.latitude, anchor.longitude) ?? 'its last position';
      const minutes = Math.round((now.getTime() - last.anchorAt.getTime()) / MINUTE);
      await alert(
        tx,
        trip,
        'Vehicle halted',
        `${trip.vehicleNumber ?? 'The vehicle'} of ${trip.number} has not moved for ${hours(minutes)} (${place}).`,
      );
    }
  });
}

/** No signal: no report of any kind for the shipper's no-signal minutes on the road. */
async function checkSignal(db: Db, trip: Trip, now: Date, heard: Date | undefined, noSignalMinutes: number): Promise<void> {
  const t = trip.tracking;
  // FASTag and rail report only at plazas and stations: their signal is the provider answering.
  const answered = t && (t.method === 'fastag' || t.method === 'rail') && !(t.providerState as { lastError?: string } | null)?.lastError;
  const reported =
    trip.last?.signalAt && heard ? (trip.last.signalAt > heard ? trip.last.signalAt : heard) : (trip.last?.signalAt ?? heard);
  const signal = answered && t.lastPolledAt && (!reported || t.lastPolledAt > reported) ? t.lastPolledAt : reported;
  const since = signal ?? trip.tracking?.startedAt ?? trip.gateOutAt;
  const open = trip.open.find((e) => e.kind === 'no_signal');
  if (open && since && since > open.startedAt) {
    await closeEvent(db, trip.id, 'no_signal', since);
    return;
  }
  if (open || !since || trip.status !== 'gate_out' || now.getTime() - since.getTime() < noSignalMinutes * MINUTE) {
    return;
  }
  await db.transaction(async (tx) => {
    if (await openEvent(tx, trip, 'no_signal', 0, since, null)) {
      await alert(
        tx,
        trip,
        'No signal',
        `No position from ${trip.vehicleNumber ?? 'the vehicle'} of ${trip.number} since ${formatIst(since)}.`,
      );
    }
  });
}

/**
 * ETA and delay: road km left through the drop-offs not reached yet, at the last hour's speed (or
 * the lane's); stored on the last position for the boards. A delay past the grace alerts once per
 * episode; an e-way bill that expires before the ETA alerts once per bill.
 */
async function checkEta(db: Db, trip: Trip, reached: Set<number>, speed: number | null, now: Date): Promise<void> {
  const last = trip.last;
  const here = etaFromHere(trip, reached, speed, now);
  if (!last || !here) {
    return;
  }
  const { eta, km } = here;
  await setLastPositionEta(db, trip.id, eta, km);
  const late = delayMinutes(eta, trip.planned.at(-1) ?? null) ?? 0;
  const open = trip.open.find((e) => e.kind === 'delay');
  if (open && late <= 0) {
    await closeEvent(db, trip.id, 'delay', now);
  } else if (open) {
    await setDelayMinutes(db, open.id, late);
  } else if (late > DELAY_GRACE_MINUTES) {
    await db.transaction(async (tx) => {
      if (await openEvent(tx, trip, 'delay', 0, now, last, { delayMinutes: late })) {
        await alert(tx, trip, 'Delayed', `${trip.number} is running ${hours(late)} late: ETA ${formatIst(eta)}.`);
      }
    });
  }
  await checkEwayBills(db, trip, eta);
}

async function checkEwayBills(db: Db, trip: Trip, eta: Date): Promise<void> {
  const bills = await billsExpiringBefore(db, trip.id, eta);
  // A bill extended (or cancelled) since its warning no longer expires on the road: the warning ends.
  const expiring = new Set(bills.map((b) => Number(b.id)));
  for (const e of trip.open.filter((o) => o.kind === 'eway_expiring' && !expiring.has(o.refId))) {
    await closeEvent(db, trip.id, 'eway_expiring', new Date(), e.refId);
  }
  for (const bill of bills) {
    await db.transaction(async (tx) => {
      if (await openEvent(tx, trip, 'eway_expiring', Number(bill.id), new Date(), null, { number: bill.number })) {
        const until = formatIst(new Date(bill.valid_until));
        await alert(
          tx,
          trip,
          'E-way bill expires on the road',
          `E-way bill ${bill.number} of ${trip.number} expires at ${until}, before the ETA ${formatIst(eta)}. Extend it.`,
        );
      }
    });
  }
}

/**
 * One pass over every active trip (the tracking-scan job, every minute): starts and stops trips,
 * re-checks geofences from the last position (the ingest's fast path may have missed one in a
 * crash), then halts, no signal, ETA, delay and e-way bills, by its shipper's tracking settings
 * (read once per pass). Each trip is checked on its own, so one trip's failure does not stop the others.
 */
export async function scanTrips(db: Db, now = new Date(), log?: { error: (o: object, m: string) => void }): Promise<number> {
  await startAndStop(db);
  const ids = await activeTrackedOrders(db);
  const trips = await loadTrips(db, ids);
  const settings = await trackingSettingsOf(
    db,
    [...trips.values()].map((trip) => trip.industryId),
  );
  const settingsOf = (trip: Trip) => settings.get(trip.industryId) ?? DEFAULT_TRACKING_SETTINGS;
  const speeds = await firstFixes(db, ids, now);
  const heard = await recentReports(db, [...trips.values()], now, (trip) => settingsOf(trip).noSignalMinutes);
  const reached = await reachedPairs(db, ids);
  for (const trip of trips.values()) {
    try {
      if (trip.last) {
        await applyGeofences(db, trip, trip.last, trip.last.fixTime, log);
      }
      const stays = new Set(reached.filter((r) => Number(r.order_id) === trip.id).map((r) => Number(r.ref_id)));
      const own = settingsOf(trip);
      await checkHalt(db, trip, now, own.haltMinutes);
      await checkSignal(db, trip, now, heard.get(trip.id), own.noSignalMinutes);
      await checkEta(db, trip, stays, speedOf(trip, speeds.get(trip.id)), now);
    } catch (err) {
      log?.error({ err, orderId: trip.id }, 'tracking scan: trip check failed');
    }
  }
  return trips.size;
}

/**
 * The newest report within each trip's no-signal minutes, with or without a fix, of the trips
 * whose last located position is older: a phone heard only by its cell towers or wifi has no last
 * position to carry its signal time, and is not "no signal".
 */
async function recentReports(db: Db, trips: Trip[], now: Date, minutesOf: (trip: Trip) => number): Promise<Map<number, Date>> {
  const sinceOf = (trip: Trip) => new Date(now.getTime() - minutesOf(trip) * MINUTE);
  const quiet = trips.filter((t) => !t.last || t.last.signalAt < sinceOf(t));
  if (!quiet.length) {
    return new Map();
  }
  const ids = quiet.map((t) => t.id);
  // One query from the earliest window: a newer report is the newest either way.
  const since = new Date(Math.min(...quiet.map((t) => sinceOf(t).getTime())));
  return newestReports(db, ids, since);
}

type Fix = { latitude: number; longitude: number; at: Date };

/** The first fix of the last hour of each trip (its recent speed is measured from it to the last position). */
async function firstFixes(db: Db, ids: number[], now: Date): Promise<Map<number, Fix>> {
  if (!ids.length) {
    return new Map();
  }
  return firstFixesSince(db, ids, new Date(now.getTime() - 60 * MINUTE));
}

function speedOf(trip: Trip, first: Fix | undefined): number | null {
  const last = trip.last;
  if (!last || !first) {
    return null;
  }
  const hoursSpan = (last.fixTime.getTime() - first.at.getTime()) / 3_600_000;
  return hoursSpan >= 0.25 ? (greatCircleKm(first, last) * ROAD_DETOUR_FACTOR) / hoursSpan : null;
}
