import type { ListQuery } from '@freightdesk/shared/schemas/common';
import type { OrderSchedule, OrderTrack, PositionSource, TrackingEvent, TrackPlace } from '@freightdesk/shared/schemas/tracking';
import type { OrderStatus } from '@freightdesk/shared/status/order';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../repositories/common/pagination.ts';
import { eventsOfOrder, geofenceStays, type TrackingEventRow } from '../../repositories/tracking-events.repository.ts';
import { trailPage, trailRows } from '../../repositories/tracking-positions.repository.ts';
import { loadTrips, type OrderReach, orderIdInReach, orderMilestones, type Trip } from '../../repositories/tracking-trips.repository.ts';
import { orderTrackingOf } from './order-tracking.service.ts';
import { describePlace } from './places.ts';
import { etaNow } from './trip-eta.ts';
import { delayMinutes, radiusM, thin, tripState } from './trip.ts';

/** The most points a trail carries; a longer trip is thinned evenly (first and last kept). */
export const TRAIL_POINTS = 2000;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The order (by id) within the caller's policy scope (the policy's order rule for the reach), or 404. */
export async function tripInScope(db: DbOrTx, id: number, reach: OrderReach): Promise<Trip> {
  const found = await orderIdInReach(db, reach, id);
  const trip = found !== null ? (await loadTrips(db, [found])).get(found) : undefined;
  if (!trip) {
    throw notFound('Order');
  }
  return trip;
}

/** The trail: located positions on it (trail.ts) in time order, `[lat, lng, fix ms]`, thinned to TRAIL_POINTS. */
export async function trailOf(db: DbOrTx, trip: Trip): Promise<[number, number, number][]> {
  // Every `step`-th row by number, plus the last: the database thins, not the event loop.
  const rows = await trailRows(db, trip, TRAIL_POINTS);
  return thin(
    rows.map((r) => [Number(r.lat), Number(r.lng), new Date(r.at).getTime()] as [number, number, number]),
    TRAIL_POINTS,
  );
}

const EVENT_TEXT: Record<string, (e: TrackingEventRow) => string> = {
  halt: () => 'Halted',
  no_signal: () => 'No signal',
  delay: (e) => `Delayed${e.details?.delayMinutes ? ` by ${e.details.delayMinutes} min` : ''}`,
  eway_expiring: (e) => `E-way bill ${String(e.details?.number ?? '')} expires before arrival`,
};

/** Every episode of the trip, oldest first; a geofence stay is an entry and (once left) an exit. */
export async function eventsOf(db: DbOrTx, orderId: number): Promise<TrackingEvent[]> {
  const rows = await eventsOfOrder(db, orderId);
  return rows.flatMap((e): TrackingEvent[] => {
    const base = { latitude: e.latitude, longitude: e.longitude };
    if (e.kind === 'geofence') {
      const label = String(e.details?.label ?? 'a stop');
      const enter: TrackingEvent = {
        kind: 'geofence_enter',
        at: e.startedAt.toISOString(),
        endedAt: null,
        ...base,
        text: `Entered ${label}`,
      };
      return e.endedAt
        ? [enter, { kind: 'geofence_exit', at: e.endedAt.toISOString(), endedAt: null, ...base, text: `Left ${label}` }]
        : [enter];
    }
    return [{ kind: e.kind, at: e.startedAt.toISOString(), endedAt: iso(e.endedAt), ...base, text: EVENT_TEXT[e.kind]?.(e) ?? e.kind }];
  });
}

export function stateOf(trip: Trip) {
  const kinds = new Set(trip.open.map((e) => e.kind));
  return tripState(
    trip.status,
    { halt: kinds.has('halt'), noSignal: kinds.has('no_signal'), delay: kinds.has('delay') },
    Boolean(trip.last),
  );
}

/** The last position as the map shows it: age, speed, source and place. */
export function lastPositionOf(trip: Trip, now = new Date()) {
  const last = trip.last;
  if (!last) {
    return null;
  }
  return {
    latitude: last.latitude,
    longitude: last.longitude,
    fixTime: last.fixTime.toISOString(),
    ageMinutes: Math.max(0, Math.floor((now.getTime() - last.fixTime.getTime()) / 60_000)),
    speedKmh: last.speedKmh === null ? null : Math.round(last.speedKmh),
    bearing: last.bearing,
    source: last.source as PositionSource,
    place: last.placeName ?? describePlace(last.latitude, last.longitude),
  };
}

/** An order's track: planned stops (with arrival and departure), trail, last position, ETA, halts, events. */
export async function orderTrack(db: Db, id: number, reach: OrderReach): Promise<OrderTrack> {
  const trip = await tripInScope(db, id, reach);
  const [trail, events, tracking] = await Promise.all([trailOf(db, trip), eventsOf(db, trip.id), orderTrackingOf(db, trip.id)]);
  const stays = await geofenceStays(db, trip.id);
  const plannedAt = trip.planned.at(-1) ?? null;
  const ahead = etaNow(trip, new Set(stays.map((e) => e.refId)));
  const eta = ahead?.eta ?? null;
  return {
    orderId: trip.id,
    orderNumber: trip.number,
    status: trip.status as OrderStatus,
    vehicleNumber: trip.vehicleNumber,
    state: stateOf(trip),
    tracking,
    stops: trip.stops.map((s, i) => {
      const stay = stays.filter((e) => e.refId === s.id).sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime())[0];
      return {
        id: s.id,
        seq: s.seq,
        kind: s.kind,
        label: s.label,
        city: s.city,
        latitude: s.latitude,
        longitude: s.longitude,
        geofenceRadiusM: radiusM(s),
        plannedAt: iso(trip.planned[i]),
        arrivedAt: iso(stay?.startedAt),
        leftAt: iso(stay?.endedAt),
      };
    }),
    trail,
    lastPosition: lastPositionOf(trip),
    etaAt: iso(eta),
    plannedAt: iso(plannedAt),
    delayMinutes: delayMinutes(eta, plannedAt),
    kmLeft: ahead?.km != null ? Math.round(ahead.km) : null,
    halts: events.filter((e) => e.kind === 'halt'),
    events,
  };
}

/** The order's positions as places with addresses, newest first, page by page (`source` narrows). */
export async function trackPlaces(db: Db, id: number, reach: OrderReach, q: ListQuery & { source?: PositionSource }) {
  const trip = await tripInScope(db, id, reach);
  // The trail's positions (onTrail): none filtered out (issue 31), none from before the trip (issue 38).
  const { limit, offset } = pageWindow(q);
  const { rows, total } = await trailPage(db, trip, q.source, limit, offset);
  const data: TrackPlace[] = rows.map((p) => ({
    id: p.id,
    fixTime: p.fixTime.toISOString(),
    receivedAt: p.receivedAt.toISOString(),
    latitude: p.latitude,
    longitude: p.longitude,
    speedKmh: p.speedKmh === null ? null : Math.round(p.speedKmh),
    source: p.source,
    address: p.placeName ?? (p.latitude !== null && p.longitude !== null ? describePlace(p.latitude, p.longitude) : null),
    providerRef: p.providerRef,
  }));
  return { data, total, page: q.page, pageSize: q.pageSize };
}

/** Planned against actual at every stop: the pickup by its reporting, drop-offs by their geofence entry. */
export async function orderSchedule(db: Db, id: number, reach: OrderReach): Promise<OrderSchedule> {
  const trip = await tripInScope(db, id, reach);
  const order = await orderMilestones(db, trip.id);
  const stays = await geofenceStays(db, trip.id);
  const eta = etaNow(trip, new Set(stays.map((e) => e.refId)))?.eta ?? null;
  const last = trip.stops.at(-1);
  const rows = trip.stops.map((s, i) => {
    const planned = trip.planned[i] ?? null;
    const stay = stays.filter((e) => e.refId === s.id).sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime())[0];
    const actual = stay?.startedAt ?? (s.kind === 'pickup' ? order?.reportedAt : s === last ? order?.arrivedAt : null) ?? null;
    const etaHere = !actual && s === last ? eta : null;
    const compare = actual ?? etaHere;
    return {
      seq: s.seq,
      kind: s.kind,
      label: s.label,
      plannedAt: iso(planned),
      actualAt: iso(actual),
      deltaMinutes: compare && planned ? Math.round((compare.getTime() - planned.getTime()) / 60_000) : null,
      etaAt: iso(etaHere),
    };
  });
  return { orderId: trip.id, orderNumber: trip.number, rows };
}
