import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * The statements of the position ingest (issue 32): the devices a batch of keys names, with their
 * active trip and its anchor; a lent lock adopted on its first report; each device's counts and
 * last-seen time. No viewer: devices report, and are known only by their keys.
 */

export type DeviceRouteRaw = Record<string, number | string | Date | null>;

/**
 * The devices stored under these keys, with their active trip and its anchor, in one query. The
 * trip is looked up device by device (a lateral subquery of at most one row: a device is on one
 * active trip at most), so PostgreSQL cannot plan it as a join over every active trip: with the
 * statistics of a fleet just put on its trips, it built all 1,000 trips' rows (15-40 ms) to answer
 * three devices, and that was most of PostgreSQL's work at a paced 500 positions/s (docs/benchmarks.md).
 */
export const deviceRoutesStatement = (keys: string[]): SQL => sql`
      select d.identifier, d.id as device_id, d.credential, d.status, r.tracking_id, r.order_id, r.industry_id,
        r.request_type, r.plant_id, r.last_lat, r.last_lon, r.last_at, r.start_lat, r.start_lon, r.start_at, r.trip_start
      from tracking_devices d
      left join lateral (
        select t.id as tracking_id, t.order_id, o.industry_id, o.request_type, o.plant_id,
          lp.latitude as last_lat, lp.longitude as last_lon, lp.fix_time as last_at,
          ps.latitude as start_lat, ps.longitude as start_lon, ps.at as start_at,
          least(t.created_at, o.reported_at, o.gate_in_at, o.gate_out_at) as trip_start
        from order_tracking t
        left join orders o on o.id = t.order_id
        left join tracking_last_positions lp on lp.order_id = o.id
        left join lateral (
          select s.latitude, s.longitude, o.gate_out_at as at from order_stops s
          where s.order_id = o.id and s.kind = 'pickup' and s.latitude is not null
          order by s.seq limit 1
        ) ps on o.request_type = 1 and o.gate_out_at is not null
        where t.device_id = d.id and t.stopped_at is null and t.method = 'device'
        limit 1
      ) r on true
      where d.identifier = any(${sql.param(keys)}::text[])`;

export async function deviceRouteRows(db: DbOrTx, keys: string[]): Promise<DeviceRouteRaw[]> {
  return rowsOf<DeviceRouteRaw>(await db.execute(deviceRoutesStatement(keys)));
}

/** A lent lock (devices.serial) with a shipper becomes a tracking device of that shipper; answers whether one did. */
export async function adoptLentLock(db: DbOrTx, identifier: string): Promise<boolean> {
  const result = await db.execute(sql`
    insert into tracking_devices (identifier, kind, industry_id, platform_device_id, name)
    select ${identifier}, 'lent', d.industry_id, d.id, d.model
    from devices d
    where upper(d.serial) = upper(${identifier}) and d.industry_id is not null and d.state in ('with_shipper', 'on_order')
    on conflict do nothing
    returning id`);
  return rowsOf(result).length > 0;
}

/** When each device was last heard (the later of the stored and the new). */
export async function markDevicesSeen(db: DbOrTx, heard: { id: number; at: Date }[]): Promise<void> {
  await db.execute(sql`
        update tracking_devices d set last_seen_at = greatest(coalesce(d.last_seen_at, u.at), u.at)
        from unnest(${sql.param(heard.map((h) => h.id))}::int[], ${sql.param(heard.map((h) => h.at.toISOString()))}::timestamptz[]) as u(id, at)
        where d.id = u.id`);
}

/** Adds to each device's counts by outcome. */
export async function addDeviceCounts(db: DbOrTx, rows: { deviceId: number; outcome: string; n: number; at: Date }[]): Promise<void> {
  await db.execute(sql`
        insert into tracking_device_counts as c (device_id, reason, count, last_at)
        select u.d, u.r, u.n, u.at from unnest(${sql.param(rows.map((r) => r.deviceId))}::int[], ${sql.param(rows.map((r) => r.outcome))}::text[],
          ${sql.param(rows.map((r) => r.n))}::bigint[], ${sql.param(rows.map((r) => r.at.toISOString()))}::timestamptz[]) as u(d, r, n, at)
        join tracking_devices td on td.id = u.d
        on conflict (device_id, reason) do update set count = c.count + excluded.count, last_at = greatest(c.last_at, excluded.last_at)`);
}
