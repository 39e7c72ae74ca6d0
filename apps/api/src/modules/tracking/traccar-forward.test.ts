import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { type Procurement, setupProcurement } from '../../test/procurement.ts';
import { storedPositions, type TrackedOrder, trackedOrder } from '../../test/tracking.ts';

const t = useTestApp();
const SECRET = 'forward-secret-3f9a1c';
let p: Procurement;
let order: TrackedOrder;
const iso = (d: Date | string) => new Date(d).toISOString();
const minutesAgo = (m: number) => new Date(Math.floor((Date.now() - m * 60_000) / 1000) * 1000);

/** A forwarded position exactly as Traccar 6 writes it (`forward.type=json`): `position.id` 0, speed in knots. */
const forward = (uniqueId: string, at: Date, position: Record<string, unknown> = {}) => ({
  position: {
    id: 0,
    attributes: { batteryLevel: 76, distance: 12.5, totalDistance: 18234.2, motion: true, ignition: true },
    deviceId: 17,
    protocol: 'teltonika',
    serverTime: new Date().toISOString().replace('Z', '+00:00'),
    deviceTime: at.toISOString().replace('Z', '+00:00'),
    fixTime: at.toISOString().replace('Z', '+00:00'),
    outdated: false,
    valid: true,
    latitude: 19.3,
    longitude: 73.2,
    altitude: 540,
    speed: 20,
    course: 87,
    address: null,
    accuracy: 0,
    network: null,
    geofenceIds: null,
    ...position,
  },
  device: {
    id: 17,
    attributes: {},
    groupId: 0,
    calendarId: 0,
    name: 'MH12 truck',
    uniqueId,
    status: 'online',
    lastUpdate: new Date().toISOString(),
    positionId: 0,
    phone: null,
    model: null,
    contact: null,
    category: 'truck',
    disabled: false,
    expirationTime: null,
  },
});

const post = (payload: unknown, headers: Record<string, string> = { 'x-traccar-secret': SECRET }, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/tracking/traccar${query}`, headers, payload: payload as object });

beforeAll(async () => {
  p = await setupProcurement(t);
  order = await trackedOrder(t, p, '356938035643809');
});

describe('Traccar forwarding: the shared secret', () => {
  it('is refused (401) while the server has no forwarding secret set', async () => {
    const res = await post(forward(order.identifier, minutesAgo(30)));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toMatch(/TRACCAR_FORWARD_SECRET/);
  });

  it('needs the secret in X-Traccar-Secret or ?secret=, checked before the body', async () => {
    t.app.deps.config.traccarForwardSecret = SECRET;
    expect((await post(forward(order.identifier, minutesAgo(30)), {})).statusCode).toBe(401);
    expect((await post(forward(order.identifier, minutesAgo(30)), { 'x-traccar-secret': `${SECRET}x` })).statusCode).toBe(401);
    // A wrong secret with a garbled body is still a 401: nothing about the body is said to a stranger.
    expect((await post({ nonsense: true }, { 'x-traccar-secret': 'wrong' })).statusCode).toBe(401);
    const byQuery = await post(forward(order.identifier, minutesAgo(30)), {}, `?secret=${SECRET}`);
    expect(byQuery.statusCode, byQuery.body).toBe(200);
    const byHeader = await post(forward(order.identifier, minutesAgo(29)));
    expect(byHeader.statusCode, byHeader.body).toBe(200);
    expect(byHeader.json()).toEqual({ data: { stored: true, outcome: 'accepted' } });
  });
});

describe('Traccar forwarding: positions', () => {
  it('stores the position with speed from knots, course, altitude, battery and the attributes', async () => {
    const at = minutesAgo(20);
    const res = await post(forward(order.identifier, at));
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await storedPositions(t, order.id)).find((r) => iso(r.fix_time) === at.toISOString());
    expect(stored).toMatchObject({ latitude: 19.3, longitude: 73.2, source: 'traccar' });
    expect(stored?.speed_kmh).toBeCloseTo(37.04, 1);
    expect(stored?.attributes).toMatchObject({ motion: true, ignition: true, totalDistance: 18234.2 });
    const track = await t.app.inject({ method: 'GET', url: `/api/tracking/outbound/orders/${order.id}`, headers: t.as(p.owner) });
    expect(track.json().data.lastPosition).toMatchObject({ source: 'traccar', speedKmh: 37, bearing: 87 });
  });

  it('dedupes on the device unique id and fix time: a retried forward is stored once', async () => {
    const at = minutesAgo(15);
    for (let i = 0; i < 3; i++) {
      const res = await post(forward(order.identifier, at, { speed: 5 }));
      expect(res.statusCode, res.body).toBe(200);
    }
    const later = await post(forward(order.identifier, new Date(at.getTime() + 1000)));
    expect(later.statusCode).toBe(200);
    const rows = (await storedPositions(t, order.id)).filter((r) =>
      [at.getTime(), at.getTime() + 1000].includes(new Date(r.fix_time).getTime()),
    );
    expect(rows).toHaveLength(2);
  });

  it('reads fix times with an offset or Z, and stores 0,0 (no fix) without coordinates', async () => {
    const at = minutesAgo(10);
    const ist = new Date(at.getTime() + 330 * 60_000).toISOString().replace('Z', '+05:30');
    expect((await post(forward(order.identifier, at, { fixTime: ist }))).statusCode).toBe(200);
    const noFix = minutesAgo(9);
    expect((await post(forward(order.identifier, noFix, { latitude: 0, longitude: 0, valid: false }))).statusCode).toBe(200);
    const rows = await storedPositions(t, order.id);
    expect(rows.map((r) => iso(r.fix_time))).toContain(at.toISOString());
    expect(rows.find((r) => iso(r.fix_time) === noFix.toISOString())).toMatchObject({ latitude: null, longitude: null });
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [forward(order.identifier, minutesAgo(5), { fixTime: undefined }), 'position.fixTime'],
      [forward(order.identifier, minutesAgo(5), { fixTime: 'yesterday' }), 'position.fixTime'],
      [forward(order.identifier, minutesAgo(5), { latitude: 'north' }), 'position.latitude'],
      [forward(order.identifier, minutesAgo(5), { longitude: 200 }), 'position.longitude'],
      [forward(order.identifier, minutesAgo(5), { speed: -1 }), 'position.speed'],
      [{ position: forward(order.identifier, minutesAgo(5)).position }, 'device'],
      [forward('', minutesAgo(5)), 'device.uniqueId'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), `${field}: ${res.body}`).toContain(field);
    }
  });

  it('answers 200 to a fix ahead of the clock or years old, stores neither, and counts both on the device (issue 31)', async () => {
    const before = (await storedPositions(t, order.id)).length;
    const ahead = await post(forward(order.identifier, new Date(Date.now() + 3_600_000)));
    expect(ahead.statusCode, ahead.body).toBe(200);
    expect(ahead.json().data).toEqual({ stored: false, outcome: 'future' });
    const old = await post(forward(order.identifier, new Date('2020-01-01T00:00:00Z')));
    expect(old.json().data).toEqual({ stored: false, outcome: 'past' });
    expect((await storedPositions(t, order.id)).length).toBe(before);
  });

  it('keeps what Traccar knows of the position: its geofences and its address', async () => {
    const at = minutesAgo(8);
    const res = await post(forward(order.identifier, at, { geofenceIds: [3, 7], address: 'Chakan MIDC, Pune, Maharashtra' }));
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await storedPositions(t, order.id)).find((r) => iso(r.fix_time) === at.toISOString());
    expect(stored?.attributes).toMatchObject({ geofenceIds: [3, 7], address: 'Chakan MIDC, Pune, Maharashtra' });
  });

  it('takes a GPS unit registered by its typed IMEI (which the open OsmAnd port refuses to believe)', async () => {
    const unit = await t.app.inject({
      method: 'POST',
      url: '/api/carrier/tracking/devices',
      headers: t.as(p.vayu),
      payload: { kind: 'gps', identifier: '356938035643809', name: 'Teltonika FMB920' },
    });
    expect(unit.statusCode, unit.body).toBe(201);
    const res = await post(forward('356938035643809', minutesAgo(7)));
    expect(res.json().data).toEqual({ stored: true, outcome: 'accepted' });
  });

  it('marks the device seen, as a position from the OsmAnd port does', async () => {
    await t.app.tracking.ingest.flush();
    const device = (
      await t.app.inject({ method: 'GET', url: '/api/carrier/tracking/devices?search=356938035643809', headers: t.as(p.vayu) })
    )
      .json()
      .data.find((d: { credential: string }) => d.credential === 'issued');
    expect(device.lastSeenAt).toEqual(expect.any(String));
    expect(Date.now() - new Date(device.lastSeenAt).getTime()).toBeLessThan(5 * 60_000);
  });

  it('skips a device nobody registered with its reason, as a success (Traccar retries a failure), storing nothing', async () => {
    const rows = async () =>
      Number(
        (
          (await t.database.db.execute(sql`select count(*)::int as n from positions where source = 'traccar'`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n,
      );
    const before = await rows();
    const res = await post(forward('999999999999999', minutesAgo(3)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ stored: false, reason: 'No device is registered with this unique id.' });
    expect(await rows()).toBe(before);
  });
});
