import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from './harness.ts';
import type { Procurement } from './procurement.ts';
import { rowsOf } from '../db/rows.ts';

/** The demo plant's place and a drop-off 250 km away (Surat), as the tracking tests drive between them. */
export const SURAT = { latitude: 21.17, longitude: 72.83 };

let vehicles = 0;

export type TrackedOrder = { id: number; number: string; plant: { latitude: number; longitude: number }; identifier: string };

/**
 * Pairs a phone as a shipper's (`/api/tracking/devices`) or a carrier's user would: the answer's
 * issued identifier, which the phone then reports with, and the device's id.
 */
export async function pairPhone(t: TestContext, token: string, name?: string): Promise<{ id: number; identifier: string }> {
  const carrier = (await t.app.inject({ method: 'GET', url: '/api/carrier/tracking/devices', headers: t.as(token) })).statusCode === 200;
  const res = await t.app.inject({
    method: 'POST',
    url: carrier ? '/api/carrier/tracking/devices' : '/api/tracking/devices',
    headers: t.as(token),
    payload: { kind: 'phone', ...(name ? { name } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { data: { id: number }; pairing: { identifier: string } };
  return { id: body.data.id, identifier: body.pairing.identifier };
}

/**
 * An outbound offline order of Vayu (vehicle assigned) with its lane — the plant, then Surat —
 * tracked by a phone the carrier pairs on the way (`name` names it); `identifier` is the one issued.
 */
export async function trackedOrder(t: TestContext, p: Procurement, name: string): Promise<TrackedOrder> {
  const plantId = (p.base.plantId as number) ?? 0;
  const vehicleNumber = `GJ05TR${String(1000 + vehicles++)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/offline-orders/outbound',
    headers: t.as(p.owner),
    payload: {
      carrierLinkId: p.vayuLink,
      plantId,
      vehicleTypeId: p.base.vehicleTypeId,
      priceRupees: 30000,
      pickupAt: new Date(Date.now() + 3_600_000).toISOString(),
      vehicleNumber,
      driverName: 'Ramesh',
      driverMobile: '9822012345',
      dropoffs: p.base.dropoffs,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().data as { id: number; number: string };
  const [plant] = rowsOf<{ latitude: number; longitude: number }>(
    await t.database.db.execute(sql`select latitude, longitude from plants where id = ${plantId}`),
  );
  const at = { latitude: Number(plant?.latitude ?? 19), longitude: Number(plant?.longitude ?? 73) };
  // The lane as the order keeps it (issue 9 fills it from the form; written here when it did not).
  const [stops] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from order_stops where order_id = ${order.id}`),
  );
  if (!stops?.n) {
    await t.database.db.execute(sql`insert into order_stops (order_id, seq, kind, plant_id, label, city, latitude, longitude, geofence_radius)
      values (${order.id}, 0, 'pickup', ${plantId}, 'Plant', 'Plant city', ${at.latitude}, ${at.longitude}, 800),
             (${order.id}, 1, 'drop', null, 'Surat DC', 'Surat', ${SURAT.latitude}, ${SURAT.longitude}, 500)`);
  }
  const phone = await pairPhone(t, p.vayu, name);
  const identifier = phone.identifier;
  const set = await t.app.inject({
    method: 'PUT',
    url: `/api/carrier/tracking/orders/${order.id}/method`,
    headers: t.as(p.vayu),
    payload: { method: 'device', deviceId: phone.id },
  });
  expect(set.statusCode, set.body).toBe(200);
  // Tracked since two hours ago (as if the carrier set it when assigning the vehicle): the
  // positions the tests send from the last hour are this trip's (trail.ts, ingest.ts rowOf).
  await t.database.db.execute(sql`update order_tracking set created_at = now() - interval '2 hours' where order_id = ${order.id}`);
  return { ...order, plant: at, identifier };
}

/** A raw HTTP call to the OsmAnd port: status and body as the device sees them. */
export function osmand(
  port: number,
  path: string,
  opts: { method?: string; body?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'), headers: opts.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** The query of a Traccar Client post: id, lat, lon, timestamp (seconds), speed (knots) and the rest. */
/** A time to the whole second, as a device sends its fix. */
export const wholeSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

export const traccarClient = (id: string, lat: number, lon: number, at: Date, extra: Record<string, string> = {}) =>
  `/?${new URLSearchParams({ id, lat: String(lat), lon: String(lon), timestamp: String(Math.floor(at.getTime() / 1000)), speed: '0', bearing: '0', altitude: '10', accuracy: '5', batt: '80', ...extra })}`;

/** Positions stored for an order, oldest fix first. */
export async function storedPositions(t: TestContext, orderId: number) {
  return rowsOf<{
    fix_time: Date | string;
    latitude: number | null;
    longitude: number | null;
    speed_kmh: number | null;
    source: string;
    attributes: Record<string, unknown> | null;
  }>(
    await t.database.db.execute(
      sql`select fix_time, latitude, longitude, speed_kmh, source, attributes from positions where order_id = ${orderId} order by fix_time`,
    ),
  );
}
