import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { type Procurement, setupProcurement } from '../../test/procurement.ts';
import { osmand, pairPhone, storedPositions, type TrackedOrder, trackedOrder, traccarClient, wholeSecond } from '../../test/tracking.ts';
import { OSMAND_MAX_BODY } from './osmand-server.ts';
import { listenTracking } from './tracking.ts';
import { rowsOf } from '../../db/rows.ts';

const t = useTestApp();
let p: Procurement;
let port: number;
let order: TrackedOrder;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

async function lastPosition(orderId: number) {
  const [row] = rowsOf<{ fix_time: Date | string; latitude: number; longitude: number; signal_at: Date | string | null }>(
    await t.database.db.execute(
      sql`select fix_time, latitude, longitude, signal_at from tracking_last_positions where order_id = ${orderId}`,
    ),
  );
  return row;
}

beforeAll(async () => {
  p = await setupProcurement(t);
  order = await trackedOrder(t, p, 'OSM-PHONE-1');
  // Tracked for two hours: the backlog the tests send (up to 50 minutes old) is this trip's, on its trail.
  await t.database.db.execute(sql`update order_tracking set created_at = now() - interval '2 hours' where order_id = ${order.id}`);
  port = (await listenTracking(t.app, 0, '127.0.0.1')).port;
});

describe('OsmAnd port: the three forms Traccar accepts', () => {
  it('stores a GET query (Traccar Client) after the commit and answers 200 with an empty body', async () => {
    const at = minutesAgo(50);
    const res = await osmand(port, traccarClient(order.identifier, 19.2, 73.1, at, { speed: '10', bearing: '45', hdop: '1.5' }));
    expect(res).toEqual({ status: 200, body: '' });
    // The 200 comes after the commit: the row is there at once.
    const stored = (await storedPositions(t, order.id)).find((r) => iso(r.fix_time) === wholeSecond(at).toISOString());
    expect(stored).toMatchObject({ latitude: 19.2, longitude: 73.1, source: 'osmand' });
    expect(stored?.speed_kmh).toBeCloseTo(18.52, 1);
    expect(stored?.attributes).toMatchObject({ hdop: 1.5 });
  });

  it('stores a form POST (OsmAnd, GPSLogger) the same way', async () => {
    const at = minutesAgo(49);
    const body = new URLSearchParams({
      deviceid: order.identifier,
      location: '19.21,73.11',
      timestamp: String(at.getTime()),
      speed: '0',
    }).toString();
    const res = await osmand(port, '/', { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res).toEqual({ status: 200, body: '' });
    const stored = (await storedPositions(t, order.id)).find((r) => iso(r.fix_time) === at.toISOString());
    expect(stored).toMatchObject({ latitude: 19.21, longitude: 73.11, speed_kmh: 0 });
  });

  it('stores a background-geolocation JSON body, speed in m/s and -1 as unknown', async () => {
    const at = minutesAgo(48);
    const json = (speed: number, when: Date) =>
      JSON.stringify({
        device_id: order.identifier,
        location: {
          timestamp: when.toISOString(),
          coords: { latitude: 19.22, longitude: 73.12, speed, heading: -1, accuracy: 8, altitude: 30 },
          battery: { level: 0.5, is_charging: false },
          is_moving: true,
        },
      });
    const res = await osmand(port, '/', { body: json(10, at), headers: { 'content-type': 'application/json' } });
    expect(res).toEqual({ status: 200, body: '' });
    const unknown = minutesAgo(47.5);
    expect(
      (await osmand(port, '/', { body: json(-1, unknown), headers: { 'content-type': 'application/json; charset=utf-8' } })).status,
    ).toBe(200);
    const rows = await storedPositions(t, order.id);
    const stored = rows.find((r) => iso(r.fix_time) === at.toISOString());
    expect(stored).toMatchObject({ latitude: 19.22, longitude: 73.12 });
    expect(stored?.speed_kmh).toBeCloseTo(36, 3);
    expect(stored?.attributes).toMatchObject({ motion: true });
    expect(rows.find((r) => iso(r.fix_time) === unknown.toISOString())?.speed_kmh).toBeNull();
  });

  it('reads every timestamp form: seconds, milliseconds, ISO 8601 with an offset, yyyy-MM-dd HH:mm:ss as UTC', async () => {
    const base = wholeSecond(minutesAgo(46));
    const ist = new Date(base.getTime() + 60_000);
    const utc = new Date(base.getTime() + 120_000);
    const forms: [string, Date][] = [
      [String(base.getTime() / 1000), base],
      [String(base.getTime() + 30_000), new Date(base.getTime() + 30_000)],
      // 05:30 ahead of UTC, written the way Indian phones do.
      [new Date(ist.getTime() + 330 * 60_000).toISOString().replace('Z', '+05:30').replace('.000', ''), ist],
      [utc.toISOString().slice(0, 19).replace('T', ' '), utc],
    ];
    for (const [timestamp, expected] of forms) {
      const res = await osmand(port, `/?${new URLSearchParams({ id: order.identifier, lat: '19.23', lon: '73.13', timestamp })}`);
      expect(res.status, `${timestamp}: ${res.body}`).toBe(200);
      const times = (await storedPositions(t, order.id)).map((r) => iso(r.fix_time));
      expect(times, timestamp).toContain(expected.toISOString());
    }
  });
});

describe('OsmAnd port: refusals name the field, filtered positions are answered 200', () => {
  it('answers 400 only for what does not read: a missing id, a value that is no number, a body that is no JSON', async () => {
    const cases: [string, string][] = [
      ['/?lat=19&lon=73', 'id'],
      [`/?id=${order.identifier}&lat=19&lon=73&speed=fast`, 'speed'],
      [`/?id=${order.identifier}&lat=north&lon=73`, 'lat'],
    ];
    for (const [path, field] of cases) {
      const res = await osmand(port, path);
      expect(res.status, path).toBe(400);
      expect(res.body.startsWith(`${field}:`), `${path}: ${res.body}`).toBe(true);
    }
    const garbled = await osmand(port, '/', { body: '{"device_id":', headers: { 'content-type': 'application/json' } });
    expect(garbled.status).toBe(400);
    expect(garbled.body).toMatch(/^body:/);
  });

  it('answers 200 to a fix ahead of the clock, one from 1970, one out of range and lat without lon, and stores none of them as a fix (issue 31)', async () => {
    const before = (await storedPositions(t, order.id)).length;
    const paths = [
      `/?id=${order.identifier}&lat=19&lon=73&timestamp=${Math.floor(Date.now() / 1000) + 3600}`,
      `/?id=${order.identifier}&lat=19&lon=73&timestamp=1000`,
      `/?id=${order.identifier}&lat=95&lon=73&timestamp=${Math.floor(minutesAgo(44).getTime() / 1000)}`,
    ];
    for (const path of paths) {
      expect(await osmand(port, path), path).toEqual({ status: 200, body: '' });
    }
    expect((await storedPositions(t, order.id)).length).toBe(before);
    // Traccar keeps lat without lon as a report without a fix: so do we.
    const noLon = wholeSecond(minutesAgo(43.5));
    expect(await osmand(port, `/?id=${order.identifier}&lat=19.3&timestamp=${noLon.getTime() / 1000}`)).toEqual({ status: 200, body: '' });
    const kept = (await storedPositions(t, order.id)).find((r) => iso(r.fix_time) === noLon.toISOString());
    expect(kept).toMatchObject({ latitude: null, longitude: null });
  });

  it('answers an unknown device exactly as a known one, in the query and the JSON form', async () => {
    const known = await osmand(port, traccarClient(order.identifier, 19.235, 73.135, wholeSecond(minutesAgo(44.5))));
    const query = await osmand(port, traccarClient('NOBODY-123', 19, 73, new Date()));
    const byDeviceId = await osmand(port, '/?deviceid=NOBODY-124&lat=19&lon=73');
    const json = await osmand(port, '/', {
      body: JSON.stringify({
        device_id: 'NOBODY-125',
        location: { timestamp: new Date().toISOString(), coords: { latitude: 19, longitude: 73 } },
      }),
      headers: { 'content-type': 'application/json' },
    });
    expect(known).toEqual({ status: 200, body: '' });
    expect([query, byDeviceId, json]).toEqual([known, known, known]);
  });

  it('refuses an oversize body (declared or streamed) with 413 and stores nothing', async () => {
    const before = (await storedPositions(t, order.id)).length;
    const padding = 'x'.repeat(OSMAND_MAX_BODY + 100);
    const declared = await osmand(port, '/', {
      body: `id=${order.identifier}&lat=19&lon=73&note=${padding}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(declared.status).toBe(413);
    expect(declared.body).toMatch(/^body:/);
    const streamed = await osmand(port, '/', {
      body: JSON.stringify({ device_id: order.identifier, location: { timestamp: new Date().toISOString(), pad: padding } }),
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    expect(streamed.status).toBe(413);
    expect((await storedPositions(t, order.id)).length).toBe(before);
    // The port still serves the next device.
    expect((await osmand(port, traccarClient(order.identifier, 19.24, 73.14, minutesAgo(45)))).status).toBe(200);
  });

  it('answers 405 to other methods', async () => {
    expect((await osmand(port, '/', { method: 'DELETE' })).status).toBe(405);
  });
});

describe('OsmAnd port: routing to the trip', () => {
  it('stores a paired phone’s positions without an order until it is put on one, then on that order', async () => {
    const spare = await pairPhone(t, p.vayu, 'Spare phone');
    const before = wholeSecond(minutesAgo(8));
    expect((await osmand(port, traccarClient(spare.identifier, 19.6, 73.6, before))).status).toBe(200);
    const [loose] = rowsOf<{ order_id: number | null }>(
      await t.database.db.execute(
        sql`select order_id from positions where fix_time = ${before.toISOString()}::timestamptz and device_id = ${spare.id}`,
      ),
    );
    expect(loose).toEqual({ order_id: null });
    const next = await trackedOrder(t, p, 'Next phone');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/carrier/tracking/orders/${next.id}/method`,
      headers: t.as(p.vayu),
      payload: { method: 'device', deviceId: spare.id },
    });
    expect(put.statusCode, put.body).toBe(200);
    // The ingest remembered "no order" for this device a moment ago (for 3 s); the assignment's
    // NOTIFY makes every process forget it once it arrives, well before that.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = wholeSecond(minutesAgo(7));
    expect((await osmand(port, traccarClient(spare.identifier, 19.61, 73.61, after))).status).toBe(200);
    expect((await storedPositions(t, next.id)).map((r) => iso(r.fix_time))).toEqual([after.toISOString()]);
  });
});

describe('OsmAnd port: late, out-of-order and no-fix positions', () => {
  it('stores a backlog in time order and never moves the last position backwards', async () => {
    const newest = wholeSecond(minutesAgo(10));
    expect((await osmand(port, traccarClient(order.identifier, 19.5, 73.5, newest))).status).toBe(200);
    // The phone was offline: its backlog arrives after the newest fix, oldest last.
    for (const [minutes, lat] of [
      [20, 19.45],
      [30, 19.4],
      [25, 19.42],
    ] as const) {
      expect((await osmand(port, traccarClient(order.identifier, lat, 73.4, wholeSecond(minutesAgo(minutes))))).status).toBe(200);
    }
    const rows = await storedPositions(t, order.id);
    const times = rows.map((r) => new Date(r.fix_time).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const last = await lastPosition(order.id);
    expect(iso(last?.fix_time ?? null)).toBe(newest.toISOString());
    expect(last).toMatchObject({ latitude: 19.5, longitude: 73.5 });
    const track = await t.app.inject({ method: 'GET', url: `/api/tracking/outbound/orders/${order.id}`, headers: t.as(p.owner) });
    expect(track.statusCode, track.body).toBe(200);
    const data = track.json().data;
    expect(data.lastPosition).toMatchObject({ latitude: 19.5, longitude: 73.5, fixTime: newest.toISOString(), source: 'osmand' });
    const trailTimes = (data.trail as [number, number, number][]).map((x) => x[2]);
    expect(trailTimes).toEqual([...trailTimes].sort((a, b) => a - b));
    expect(trailTimes.at(-1)).toBe(newest.getTime());
  });

  it('stores the same fix twice only once (a retry after a lost answer)', async () => {
    const at = wholeSecond(minutesAgo(9));
    const path = traccarClient(order.identifier, 19.51, 73.51, at);
    expect((await osmand(port, path)).status).toBe(200);
    expect((await osmand(port, path)).status).toBe(200);
    const same = (await storedPositions(t, order.id)).filter((r) => iso(r.fix_time) === at.toISOString());
    expect(same).toHaveLength(1);
  });

  it('stores a cell or wifi only position without coordinates, and it counts as a signal, not a position', async () => {
    const at = wholeSecond(minutesAgo(5));
    const res = await osmand(
      port,
      `/?${new URLSearchParams({ id: order.identifier, timestamp: String(at.getTime() / 1000) })}&cell=404,20,1234,5678&wifi=00-14-22-01-23-45,-70`,
    );
    expect(res).toEqual({ status: 200, body: '' });
    const stored = (await storedPositions(t, order.id)).find((r) => iso(r.fix_time) === at.toISOString());
    expect(stored).toMatchObject({ latitude: null, longitude: null });
    expect(stored?.attributes).toMatchObject({ network: { cellTowers: [{ mcc: 404, mnc: 20, lac: 1234, cid: 5678 }] } });
    const last = await lastPosition(order.id);
    expect(last?.latitude).toBe(19.51);
    expect(iso(last?.signal_at ?? null)).toBe(at.toISOString());
  });
});

describe('OsmAnd port: many devices at once', () => {
  it('stores every acknowledged position of concurrent, shuffled uploads; each last position is its newest fix', async () => {
    const orders = [];
    for (let i = 0; i < 4; i++) {
      orders.push(await trackedOrder(t, p, `OSM-FLEET-${i}`));
    }
    const posts = orders.flatMap((o, i) =>
      Array.from({ length: 30 }, (_, k) => ({ o, at: wholeSecond(minutesAgo(40 - k)), lat: 20 + i + k * 0.001 })),
    );
    // A deterministic shuffle: backlogs and live positions interleaved.
    const shuffled = posts.map((x, n) => ({ x, key: (n * 7919) % posts.length })).sort((a, b) => a.key - b.key);
    const answers = await Promise.all(shuffled.map(({ x }) => osmand(port, traccarClient(x.o.identifier, x.lat, 74, x.at))));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    for (const [i, o] of orders.entries()) {
      const rows = await storedPositions(t, o.id);
      expect(rows).toHaveLength(30);
      const last = await lastPosition(o.id);
      expect(iso(last?.fix_time ?? null)).toBe(iso(rows.at(-1)?.fix_time ?? null));
      expect(last?.latitude).toBeCloseTo(20 + i + 29 * 0.001, 6);
    }
  });
});
