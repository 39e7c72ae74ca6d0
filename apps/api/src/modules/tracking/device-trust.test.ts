import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, offlineOrder, type Road, setupRoad, walk } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { osmand, pairPhone, traccarClient } from '../../test/tracking.ts';
import { createOsmandServer } from './osmand-server.ts';
import { listenTracking } from './tracking.ts';
import { scanTrips } from './trip-scan.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * Issue 31: a position can be trusted. The spoof of the issue (a real identifier, three fixes at
 * the drop-off from 1,000 km away) changes nothing; Traccar's own OsmAnd requests are all answered
 * 200 for a registered device; a 2013 fix is answered 200 and is never the last position; each
 * device's health says what became of its positions; the port limits a source.
 */
const t = useTestApp();
const call = caller(t);
let r: Road;
let port: number;
const minutesAgo = (m: number) => new Date(Math.floor((Date.now() - m * 60_000) / 1000) * 1000);
/** Tughlakabad ICD, New Delhi: some 1,150 km from the Chakan plant. */
const DELHI = { latitude: 28.505, longitude: 77.292 };

const status = async (id: number) =>
  rowsOf<{ status: string }>(await t.database.db.execute(sql`select status from orders where id = ${id}`))[0]?.status;
const health = async (deviceId: number) => {
  await t.app.tracking.ingest.flush();
  const data = (await call('GET', `/api/tracking/devices/${deviceId}`, r.owner)).json().data;
  return Object.fromEntries((data.health as { reason: string; count: number }[]).map((h) => [h.reason, h.count]));
};

beforeAll(async () => {
  r = await setupRoad(t);
  port = (await listenTracking(t.app, 0, '127.0.0.1')).port;
});

describe('the spoof of issue 31', () => {
  it('a stranger with the real identifier sends three fixes at the drop-off from 1,000 km away: the order stays where it was', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const phone = await pairPhone(t, r.owner, 'Spoofed phone');
    expect(
      (await call('PUT', `/api/tracking/outbound/orders/${order.id}/method`, r.owner, { method: 'device', deviceId: phone.id })).statusCode,
    ).toBe(200);
    // The drop-off is in Delhi; the truck has just left the Chakan plant and its phone reports from the road.
    await t.database.db.execute(sql`update order_stops set latitude = ${DELHI.latitude}, longitude = ${DELHI.longitude}, label = 'Tughlakabad ICD'
      where order_id = ${order.id} and kind = 'drop'`);
    await walk(t, r, 'outbound', order, 'gate_out');
    await t.database.db.execute(sql`update orders set gate_out_at = now() - interval '1 hour' where id = ${order.id}`);
    await t.database.db.execute(sql`update order_tracking set created_at = now() - interval '2 hours' where order_id = ${order.id}`);
    const track = (await call('GET', `/api/tracking/outbound/orders/${order.id}`, r.owner)).json().data;
    const plant = track.stops[0] as { latitude: number; longitude: number };
    for (const m of [9, 6, 3]) {
      const res = await osmand(
        port,
        traccarClient(phone.identifier, plant.latitude + 0.04 + (9 - m) * 0.003, plant.longitude, minutesAgo(m)),
      );
      expect(res.status).toBe(200);
    }
    await t.app.tracking.geofencesIdle();
    // The spoofer: the same identifier, three fixes at the drop-off over six minutes, answered like any other.
    for (const m of [2, -1, -4]) {
      const res = await osmand(port, traccarClient(phone.identifier, DELHI.latitude, DELHI.longitude + m * 0.0001, minutesAgo(m)));
      expect(res).toEqual({ status: 200, body: '' });
    }
    await t.app.tracking.geofencesIdle();
    await scanTrips(t.database.db, new Date());
    expect(await status(order.id)).toBe('gate_out');
    const after = (await call('GET', `/api/tracking/outbound/orders/${order.id}`, r.owner)).json().data;
    expect(after.lastPosition.latitude).toBeCloseTo(plant.latitude + 0.058, 6);
    expect((after.events as { kind: string }[]).filter((e) => e.kind === 'geofence_enter')).toEqual([]);
    expect((after.trail as [number, number, number][]).every(([lat]) => lat < 20)).toBe(true);
    const notices = (await call('GET', '/api/notifications?pageSize=100', r.owner)).json().data as { referId: number; title: string }[];
    expect(notices.filter((n) => n.referId === order.id && n.title === 'Vehicle arrived')).toEqual([]);
    // Kept for whoever asks later what the device sent, counted on its health, used for nothing.
    const spoofed = rowsOf<{ filtered: string | null }>(
      await t.database.db.execute(sql`select filtered from positions where device_id = ${phone.id} and latitude > 28`),
    );
    expect(spoofed.map((p) => p.filtered)).toEqual(['jump', 'jump', 'jump']);
    expect(await health(phone.id)).toMatchObject({ accepted: 3, jump: 3 });
  });

  it('the phone’s own stay at the drop-off, after the road there, marks the order arrived (the same rule, not a blanket refusal)', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const phone = await pairPhone(t, r.owner, 'Honest phone');
    await call('PUT', `/api/tracking/outbound/orders/${order.id}/method`, r.owner, { method: 'device', deviceId: phone.id });
    await t.database.db.execute(sql`update order_stops set latitude = ${DELHI.latitude}, longitude = ${DELHI.longitude}
      where order_id = ${order.id} and kind = 'drop'`);
    await walk(t, r, 'outbound', order, 'gate_out');
    // Out of the gate two days ago; on the road near Agra yesterday; at the ICD for the last ten minutes.
    await t.database.db.execute(sql`update orders set gate_out_at = now() - interval '2 days' where id = ${order.id}`);
    await t.database.db.execute(sql`update order_tracking set created_at = now() - interval '3 days' where order_id = ${order.id}`);
    expect((await osmand(port, traccarClient(phone.identifier, 27.18, 78.0, minutesAgo(24 * 60)))).status).toBe(200);
    for (const m of [10, 7, 4]) {
      expect((await osmand(port, traccarClient(phone.identifier, DELHI.latitude, DELHI.longitude, minutesAgo(m)))).status).toBe(200);
      await t.app.tracking.geofencesIdle();
    }
    expect(await status(order.id)).toBe('arrived');
    expect(await health(phone.id)).toEqual({ accepted: 4 });
  });
});

describe("Traccar's own OsmAnd decoder requests", () => {
  /**
   * Every request of traccar/traccar src/test/java/org/traccar/protocol/OsmAndProtocolDecoderTest.java
   * (commit 9e5c458, 2026-08-21), its device identifiers replaced by a phone paired here. Traccar
   * decodes each into a position; here each is answered 200, whatever the filters make of it (most
   * carry 2013–2016 times, older than the positions kept; their places are half a world apart).
   */
  const QUERIES = [
    '/?id=ID&timestamp=1377177267&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80&wifi=00-1C-B3-09-85-15,-70',
    '/?id=ID&lat=42.06288&lon=-88.23412&timestamp=2016-01-27T18%3A55%3A47Z&hdop=6.0&altitude=224.0&speed=0.0',
    '/?id=ID&lat=42.06288&lon=-88.23412&timestamp=1442068686579&hdop=6.0&altitude=224.0&speed=0.0',
    '/?lat=49.60688&lon=6.15788&timestamp=2014-06-04+09%3A10%3A11&altitude=384.7&speed=0.0&id=ID',
    '/?id=ID&timestamp=1377177267&lat=60.0&lon=30.0&speed=0.0&bearing=0.0&altitude=0&hdop=0.0',
    '/?id=ID&timestamp=1377177267&lat=60.0&lon=30.0',
    '/?lat=60.0&lon=30.0&speed=0.0&heading=0.0&vacc=0&hacc=0&altitude=0&deviceid=ID',
    '/?id=ID&lat=41.666667&lon=-0.883333&altitude=350.059479&speed=0.000000&batt=87',
    '/?id=ID&timestamp=1377177267&location=60.0,30.0',
    '/?id=ID&timestamp=1504763810&lat=40.7232948571&lon=-74.0061408571&bearing=7.19889788244&speed=40&ignition=true&rpm=933&fuel=24',
  ];
  const JSONS = [
    '{"location":{"timestamp":"2025-06-15T13:45:12.862Z","coords":{"latitude":37.4219983,"longitude":-122.084,"accuracy":5,"speed":0,"heading":-1,"altitude":5},"is_moving":false,"odometer":0,"event":"motionchange","battery":{"level":1,"is_charging":false},"activity":{"type":"still"},"extras":{},"_":"&id=48241179&lat=37.4219983&lon=-122.084&timestamp=2025-06-15T13:45:12.862Z&"},"device_id":"ID"}',
    '{"location":{"timestamp":"2025-06-15T13:45:12.862Z","coords":{"latitude":37.4219983,"longitude":-122.084,"accuracy":5,"speed":0,"heading":-1,"altitude":5},"is_moving":false,"odometer":0,"event":"motionchange","battery":{"level":1,"is_charging":false},"activity":{"type":"still"},"extras":{"device_string_test":"long_device_id","device_bool_test":true,"device_bool_false_test":false,"device_integer_test":1,"device_integer_twelve_test":12,"device_double_test":1.345,"device_very_long_double_test":1763636.3442},"_":"&id=48241179&lat=37.4219983&lon=-122.084&timestamp=2025-06-15T13:45:12.862Z&"},"device_id":"ID"}',
    '{"location":{"extras":{},"mock":true,"coords":{"speed_accuracy":-1,"speed":-1,"longitude":-122.406417,"ellipsoidal_altitude":0,"floor":null,"heading_accuracy":-1,"latitude":37.785834000000001,"accuracy":5,"altitude_accuracy":-1,"altitude":0,"heading":-1},"is_moving":false,"age":188,"odometer":0,"uuid":"2FB04C65-99CF-42AB-8DD3-EBCB4B108BF8","event":"motionchange","battery":{"level":-1,"is_charging":false},"activity":{"type":"unknown","confidence":100},"timestamp":"2025-05-09T04:11:30.579Z"},"device_id":"ID"}',
    '{"location":{"event":"motionchange","is_moving":false,"uuid":"0e9a2473-a9a7-4c00-997b-fb97d2154e75","timestamp":"2021-07-21T08:06:34.444Z","odometer":0,"coords":{"latitude":-6.1148096,"longitude":106.6837015,"accuracy":3.8,"speed":18.67,"speed_accuracy":0.26,"heading":63,"heading_accuracy":0.28,"altitude":35.7,"altitude_accuracy":3.8},"activity":{"type":"still","confidence":100},"battery":{"is_charging":false,"level":0.79},"extras":{}},"device_id":"ID"}',
  ];

  it('answers every one 200 for a registered device, and counts each on its health', async () => {
    const phone = await pairPhone(t, r.owner, 'Traccar test phone');
    for (const path of QUERIES) {
      const res = await osmand(port, path.replace('=ID', `=${phone.identifier}`));
      expect(res, path).toEqual({ status: 200, body: '' });
    }
    for (const body of JSONS) {
      const res = await osmand(port, '/', {
        body: body.replace('"ID"', `"${phone.identifier}"`),
        headers: { 'content-type': 'application/json' },
      });
      expect(res, body.slice(0, 80)).toEqual({ status: 200, body: '' });
    }
    const counts = await health(phone.id);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(QUERIES.length + JSONS.length);
    expect(counts.past).toBe(QUERIES.length + JSONS.length - 2);
    // The two without a time are taken as now: the first accepted, the next 6,500 km away a jump.
    expect(counts).toMatchObject({ accepted: 1, jump: 1 });
  });

  it('answers the one request without any device 400 naming id, as Traccar refuses it too', async () => {
    const res = await osmand(port, '/?timestamp=1377177267&lat=60.0&lon=30.0');
    expect(res.status).toBe(400);
    expect(res.body).toMatch(/^id: missing/);
  });
});

describe('a fix from 2013', () => {
  it('is answered 200 and never becomes the last position (a phone with a wrong clock does not stall its backlog)', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const phone = await pairPhone(t, r.owner, 'Old clock phone');
    await call('PUT', `/api/tracking/outbound/orders/${order.id}/method`, r.owner, { method: 'device', deviceId: phone.id });
    await t.database.db.execute(sql`update order_tracking set created_at = now() - interval '1 hour' where order_id = ${order.id}`);
    const now = minutesAgo(2);
    expect((await osmand(port, traccarClient(phone.identifier, 19.0, 73.9, now))).status).toBe(200);
    const old = await osmand(port, traccarClient(phone.identifier, 19.5, 73.5, new Date('2013-08-22T13:14:27Z')));
    expect(old).toEqual({ status: 200, body: '' });
    // The backlog goes on after it.
    expect((await osmand(port, traccarClient(phone.identifier, 19.01, 73.9, minutesAgo(1)))).status).toBe(200);
    const last = rowsOf<{ latitude: number; fix_time: Date | string }>(
      await t.database.db.execute(sql`select latitude, fix_time from tracking_last_positions where order_id = ${order.id}`),
    )[0];
    expect(last?.latitude).toBe(19.01);
    expect(await health(phone.id)).toEqual({ accepted: 2, past: 1 });
  });
});

describe('the OsmAnd port’s limit per source address', () => {
  it('answers 429 with Retry-After past the burst, and takes the source again once refilled', async () => {
    const server = createOsmandServer(t.app.tracking.ingest, t.app.log, { rate: 1, burst: 2 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const limited = (server.address() as { port: number }).port;
    try {
      const send = () => fetch(`http://127.0.0.1:${limited}${traccarClient('NOBODY-LIMIT', 19, 73, new Date())}`);
      const answers = [await send(), await send(), await send()];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(answers[2]?.headers.get('retry-after')).toBe('1');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await send()).status).toBe(200);
    } finally {
      server.closeAll();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    }
  });
});
