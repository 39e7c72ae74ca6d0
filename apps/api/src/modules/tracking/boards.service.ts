import { sql, type SQL } from 'drizzle-orm';
import type { BoardQuery, BoardResponse, BoardRow, MapVehicle, TrackingTab, TripState } from '@freightdesk/shared/schemas/tracking';
import { TRACKING_TABS } from '@freightdesk/shared/schemas/tracking';
import type { OrderStatus } from '@freightdesk/shared/status/order';
import type { Db } from '../../db/client.ts';
import { indiaDay } from '../../lib/rows.ts';
import { likePattern } from '../../lib/pagination.ts';
import { describePlace } from './places.ts';
import { etasNow } from './trip-eta.ts';
import { tripState } from './trip.ts';
import { rowsOf } from '../../db/rows.ts';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** Open episodes of a trip as SQL flags. */
const openFlag = (kind: string) =>
  sql.raw(`exists (select 1 from tracking_events e where e.order_id = orders.id and e.kind = '${kind}' and e.ended_at is null)`);

/** Each tab's rule. In transit is every trip on the road; delayed, halted and no signal are among them. */
const TAB_RULE: Record<TrackingTab, SQL> = {
  'in-transit': sql`orders.status = 'gate_out'`,
  delayed: sql`orders.status = 'gate_out' and ${openFlag('delay')}`,
  halted: sql`orders.status = 'gate_out' and ${openFlag('halt')}`,
  'no-signal': sql`orders.status = 'gate_out' and ${openFlag('no_signal')}`,
  arrived: sql`orders.status = 'arrived'`,
};

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

export async function trackingBoard(db: Db, scope: SQL, q: BoardQuery): Promise<BoardResponse> {
  const filters = sql.join(
    [
      sql`t.order_id is not null`,
      scope,
      q.plantId ? sql`orders.plant_id = ${q.plantId}` : undefined,
      q.carrierLinkId ? sql`orders.industry_carrier_id = ${q.carrierLinkId}` : undefined,
      q.method ? sql`t.method = ${q.method}` : undefined,
      q.pickupFrom ? sql`orders.pickup_at >= ${indiaDay(q.pickupFrom).toISOString()}::timestamptz` : undefined,
      q.pickupTo ? sql`orders.pickup_at < ${indiaDay(q.pickupTo, 1).toISOString()}::timestamptz` : undefined,
      q.search ? sql`(orders.number ilike ${likePattern(q.search)} or orders.vehicle_number ilike ${likePattern(q.search)})` : undefined,
    ].filter((x): x is SQL => x !== undefined),
    sql` and `,
  );
  const from = sql`from orders join order_tracking t on t.order_id = orders.id`;
  const counts = rowsOf<Record<string, number>>(
    await db.execute(
      sql`select ${sql.join(
        TRACKING_TABS.map((tab) => sql`count(*) filter (where ${TAB_RULE[tab]})::int as ${sql.identifier(tab)}`),
        sql`, `,
      )} ${from} where ${filters}`,
    ),
  )[0];
  const offset = (q.page - 1) * q.pageSize;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select orders.id, orders.number, orders.status, orders.vehicle_number, orders.pickup_at, t.method, p.name as plant_name, c.name as carrier_name,
        (select s.label from order_stops s where s.order_id = orders.id order by s.seq desc limit 1) as destination,
        l.latitude, l.longitude, l.place_name, l.fix_time, l.speed_kmh, l.eta_at,
        (select (e.details->>'delayMinutes')::int from tracking_events e where e.order_id = orders.id and e.kind = 'delay' and e.ended_at is null limit 1) as delay_minutes,
        ${openFlag('halt')} as halted, ${openFlag('no_signal')} as no_signal, ${openFlag('delay')} as delayed
      ${from}
      join plants p on p.id = orders.plant_id
      join industry_carriers ic on ic.id = orders.industry_carrier_id join carriers c on c.id = ic.carrier_id
      left join tracking_last_positions l on l.order_id = orders.id
      where ${filters} and ${TAB_RULE[q.tab]}
      order by orders.pickup_at desc, orders.id desc limit ${q.pageSize} offset ${offset}`),
  );
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
export async function activeVehicles(db: Db, scope: SQL): Promise<MapVehicle[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select orders.id, orders.number, orders.request_type, orders.status, orders.vehicle_number, l.latitude, l.longitude, l.fix_time, l.speed_kmh,
        ${openFlag('halt')} as halted, ${openFlag('no_signal')} as no_signal, ${openFlag('delay')} as delayed
      from orders join order_tracking t on t.order_id = orders.id and t.stopped_at is null
      join tracking_last_positions l on l.order_id = orders.id
      where ${scope}
      order by l.fix_time desc limit ${MAP_LIMIT}`),
  );
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
