import type { BoardQuery, BoardResponse, BoardRow, MapVehicle, TrackingTab, TripState } from '@freightdesk/shared/schemas/tracking';
import { TRACKING_TABS } from '@freightdesk/shared/schemas/tracking';
import type { OrderStatus } from '@freightdesk/shared/status/order';
import type { Db } from '../../db/client.ts';
import { activeVehicleRows, boardRead } from '../../repositories/tracking-boards.repository.ts';
import type { OrderReach } from '../../repositories/tracking-trips.repository.ts';
import { describePlace } from './places.ts';
import { etasNow } from './trip-eta.ts';
import { tripState } from './trip.ts';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * A tracking board (one direction): trips with a tracking method, in the viewer's scope (the
 * policy's order rule as SQL on `orders`), on the tab, filtered by plant, pickup days, carrier
 * and method; every tab's count; each row its last place, ETA and delay. Paginated on the server.
 */
/** A board row from its query's row: its trip's state, its last place, and its ETA (the scan's, else worked out now). */
function boardRow(r: Record<string, unknown>, etas: Map<number, Date>): BoardRow {
  const lat = r.latitude === null ? null : Number(r.latitude);
  const lng = r.longitude === null ? null : Number(r.longitude);
  return {
    orderId: Number(r.id),
    orderNumber: String(r.number),
    status: r.status as OrderStatus,
    state: tripState(
      String(r.status),
      { halt: Boolean(r.halted), noSignal: Boolean(r.no_signal), delay: Boolean(r.delayed) },
      lat !== null,
    ),
    plantName: String(r.plant_name),
    carrierName: String(r.carrier_name),
    vehicleNumber: (r.vehicle_number as string | null) ?? null,
    method: r.method as BoardRow['method'],
    pickupAt: new Date(r.pickup_at as string).toISOString(),
    destination: (r.destination as string | null) ?? null,
    lastPlace: (r.place_name as string | null) ?? (lat !== null && lng !== null ? describePlace(lat, lng) : null),
    lastFixTime: iso(r.fix_time as string | null),
    speedKmh: r.speed_kmh === null ? null : Math.round(Number(r.speed_kmh)),
    etaAt: r.status === 'gate_out' ? (iso(r.eta_at as string | null) ?? etas.get(Number(r.id))?.toISOString() ?? null) : null,
    delayMinutes: r.delay_minutes === null ? null : Number(r.delay_minutes),
  };
}

export async function trackingBoard(db: Db, reach: OrderReach, q: BoardQuery): Promise<BoardResponse> {
  const { counts, rows } = await boardRead(db, reach, q);
  // Trips on the road whose first positions the minute's scan has not reached yet: their ETA by the same rule, now.
  const etas = await etasNow(
    db,
    rows.filter((r) => r.status === 'gate_out' && r.eta_at === null && r.latitude !== null).map((r) => Number(r.id)),
  );
  const data = rows.map((r) => boardRow(r, etas));
  const total = counts?.[q.tab] ?? 0;
  return {
    data,
    total,
    page: q.page,
    pageSize: q.pageSize,
    counts: Object.fromEntries(TRACKING_TABS.map((tab) => [tab, counts?.[tab] ?? 0])) as Record<TrackingTab, number>,
  };
}

/** The most vehicles the all-in-one map draws at once. */
export const MAP_LIMIT = 5000;

/** Every active vehicle of the shipper the viewer may see (scope on `orders`), at its last position. */
export async function activeVehicles(db: Db, reach: OrderReach): Promise<MapVehicle[]> {
  const rows = await activeVehicleRows(db, reach, MAP_LIMIT);
  return rows.map((r) => ({
    orderId: Number(r.id),
    requestType: Number(r.request_type),
    orderNumber: String(r.number),
    vehicleNumber: (r.vehicle_number as string | null) ?? null,
    state: tripState(
      String(r.status),
      { halt: Boolean(r.halted), noSignal: Boolean(r.no_signal), delay: Boolean(r.delayed) },
      true,
    ) as TripState,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    fixTime: new Date(r.fix_time as string).toISOString(),
    speedKmh: r.speed_kmh === null ? null : Math.round(Number(r.speed_kmh)),
  }));
}
