import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { offlineOrder, type Road } from '../../test/execution.ts';
import { indiaToday } from '../../lib/india-time.ts';
import { createStaff } from '../../test/staff.ts';
import { osmand, traccarClient } from '../../test/tracking.ts';
import { fields, minutesAgo, PHONE, type RoadOrder, url, useTrackedRoad } from '../../test/tracking-road.ts';

/** Tracking's shipper and carrier routes: devices, lent locks, an order's tracking method and the boards (tracking-track.test.ts: an order's track, schedule and public links). */
const s = useTrackedRoad();
const { t, call, fixes, guarded } = s;
let r: Road;
let port: number;
let tenant: string;
let staff: string;
let onRoad: RoadOrder;
let arrived: RoadOrder;
let waiting: RoadOrder;
beforeAll(() => {
  ({ r, port, tenant, staff, onRoad, arrived, waiting } = s);
});

describe('tracking devices', () => {
  it('pairs a phone: its identifier issued once with its setup, only a hash and its last four kept (issue 31)', async () => {
    const made = await call('POST', '/api/tracking/devices', r.owner, { kind: 'phone', name: 'Driver phone' });
    expect(made.statusCode, made.body).toBe(201);
    const { data, pairing } = made.json();
    expect(pairing.identifier).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(data).toMatchObject({ kind: 'phone', credential: 'issued', label: `…${pairing.identifier.slice(-4)}`, owner: 'shipper' });
    expect(pairing.serverUrl).toMatch(/^https?:\/\//);
    // Traccar Client's QR scanner reads the server URL and the identifier from this address.
    expect(new URL(pairing.setupUri).searchParams.get('id')).toBe(pairing.identifier);
    expect(pairing.osmandUrl).toContain(`id=${pairing.identifier}&lat={0}&lon={1}`);
    const [stored] = (
      (await t.database.db.execute(sql`select identifier, hint from tracking_devices where id = ${data.id}`)) as unknown as {
        rows: { identifier: string; hint: string }[];
      }
    ).rows;
    expect(stored?.identifier).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(stored?.hint).toBe(pairing.identifier.slice(-4));
    const again = await call('GET', `/api/tracking/devices/${data.id}`, r.owner);
    expect(again.body).not.toContain(pairing.identifier);
    // Two pairings never share an identifier.
    const other = (await call('POST', '/api/tracking/devices', r.owner, { kind: 'phone' })).json();
    expect(other.pairing.identifier).not.toBe(pairing.identifier);
    // A retried pairing (the same Idempotency-Key) answers the first one again: one device, not two.
    const retry = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/tracking/devices',
        headers: { ...t.as(r.owner), 'idempotency-key': 'pair-retry-1' },
        payload: body,
      });
    const first = (await retry({ kind: 'phone', name: 'Retried phone' })).json();
    const second = await retry({ kind: 'phone', name: 'Retried phone' });
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().pairing.identifier).toBe(first.pairing.identifier);
    expect((await call('GET', '/api/tracking/devices?search=Retried', r.owner)).json().total).toBe(1);
  });

  it('registers a GPS unit by its typed identifier, refuses bad fields naming them (400) and a taken identifier saying only that it cannot be used (409)', async () => {
    const made = await call('POST', '/api/tracking/devices', r.owner, { identifier: 'RT-GPS-1', kind: 'gps', name: 'Lock on MH12' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({
      label: 'RT-GPS-1',
      kind: 'gps',
      credential: 'typed',
      owner: 'shipper',
      status: 'active',
      activeOrderNumber: null,
    });
    expect(made.json().pairing).toBeUndefined();
    const badKind = await call('POST', '/api/tracking/devices', r.owner, { identifier: 'has space', kind: 'watch' });
    expect(badKind.statusCode).toBe(400);
    expect(fields(badKind)).toContain('kind');
    const badId = await call('POST', '/api/tracking/devices', r.owner, { identifier: 'has space', kind: 'gps' });
    expect(badId.statusCode).toBe(400);
    expect(fields(badId)).toEqual(['identifier']);
    for (const [token, url] of [
      [r.vayu, '/api/carrier/tracking/devices'],
      [r.owner, '/api/tracking/devices'],
    ] as const) {
      const taken = await call('POST', url, token, { identifier: 'RT-GPS-1', kind: 'gps' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toMatchObject({
        message: 'This identifier cannot be used.',
        fields: { identifier: 'This identifier cannot be used' },
      });
    }
  });

  it('lists with search and server pagination, and filters by status', async () => {
    for (let i = 0; i < 27; i++) {
      const res = await call('POST', '/api/tracking/devices', r.owner, {
        identifier: `RT-LIST-${String(i).padStart(2, '0')}`,
        kind: 'gps',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const first = await call('GET', '/api/tracking/devices?search=rt-list&pageSize=25', r.owner);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ total: 27, page: 1, pageSize: 25 });
    expect(first.json().data).toHaveLength(25);
    const second = (await call('GET', '/api/tracking/devices?search=rt-list&pageSize=25&page=2', r.owner)).json();
    expect(second.data).toHaveLength(2);
    const ids = new Set([...first.json().data, ...second.data].map((d: { id: number }) => d.id));
    expect(ids.size).toBe(27);
    const badPage = await call('GET', '/api/tracking/devices?pageSize=7', r.owner);
    expect(badPage.statusCode).toBe(400);
    expect(fields(badPage)).toContain('pageSize');
    // The phone the shipper paired for the order shows its trip and, found by its last four, its health.
    const phone = (await call('GET', `/api/tracking/devices?search=${s.phone.identifier.slice(-4)}`, r.owner)).json().data[0];
    expect(phone).toMatchObject({ name: PHONE, activeOrderNumber: onRoad.number });
    expect(phone.health).toEqual(expect.any(Array));
  });

  it('switches a device off and on: a switched-off phone is answered 200, nothing stored, counted; one on a trip stays on (409)', async () => {
    const made = (await call('POST', '/api/tracking/devices', r.owner, { kind: 'phone', name: 'RT-OFF-1' })).json();
    const off = await call('POST', `/api/tracking/devices/${made.data.id}/status`, r.owner, { status: 'inactive' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.status).toBe('inactive');
    const listed = (await call('GET', '/api/tracking/devices?status=inactive', r.owner)).json().data;
    expect(listed.map((d: { id: number }) => d.id)).toContain(made.data.id);
    expect(await osmand(port, traccarClient(made.pairing.identifier, 20, 73, new Date()))).toEqual({ status: 200, body: '' });
    await t.app.tracking.ingest.flush();
    const health = (await call('GET', `/api/tracking/devices/${made.data.id}`, r.owner)).json().data.health;
    expect(health).toEqual([expect.objectContaining({ reason: 'inactive', count: 1 })]);
    const bad = await call('POST', `/api/tracking/devices/${made.data.id}/status`, r.owner, { status: 'sleeping' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toContain('status');
    const busy = await call('POST', `/api/tracking/devices/${s.phone.id}/status`, r.owner, { status: 'inactive' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toContain(onRoad.number);
  });

  it('issues a phone a new identifier: the old one stops at once, the new one reports; a GPS unit keeps its own (409)', async () => {
    const made = (await call('POST', '/api/tracking/devices', r.owner, { kind: 'phone', name: 'RT-REISSUE' })).json();
    const old = made.pairing.identifier as string;
    expect((await osmand(port, traccarClient(old, 20.1, 73.1, minutesAgo(5)))).status).toBe(200);
    const again = await call('POST', `/api/tracking/devices/${made.data.id}/identifier`, r.owner);
    expect(again.statusCode, again.body).toBe(200);
    const fresh = again.json().data.identifier as string;
    expect(fresh).not.toBe(old);
    expect(again.json().data.device.label).toBe(`…${fresh.slice(-4)}`);
    // The announcement reaches the ingest within moments; then the old identifier is nobody's.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const count = async () =>
      Number(
        (
          (await t.database.db.execute(sql`select count(*)::int as n from positions where device_id = ${made.data.id}`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n,
      );
    expect(await count()).toBe(1);
    expect((await osmand(port, traccarClient(old, 20.11, 73.1, minutesAgo(4)))).status).toBe(200);
    expect(await count()).toBe(1);
    expect((await osmand(port, traccarClient(fresh, 20.12, 73.1, minutesAgo(3)))).status).toBe(200);
    expect(await count()).toBe(2);
    const gps = (await call('GET', '/api/tracking/devices?search=RT-GPS-1', r.owner)).json().data[0];
    expect((await call('POST', `/api/tracking/devices/${gps.id}/identifier`, r.owner)).statusCode).toBe(409);
    expect((await call('POST', `/api/tracking/devices/${made.data.id}/identifier`, tenant)).statusCode).toBe(404);
  });

  it('keeps devices to their owner: 401 without a token, 403 for a carrier on the shipper routes, 404 for another company', async () => {
    const mine = (await call('GET', `/api/tracking/devices?search=RT-GPS-1`, r.owner)).json().data[0];
    const one = await call('GET', `/api/tracking/devices/${mine.id}`, r.owner);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: mine.id, label: 'RT-GPS-1', name: 'Lock on MH12' });
    expect((await call('GET', '/api/tracking/devices/0', r.owner)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/tracking/devices' })).statusCode).toBe(401);
    expect((await call('GET', '/api/tracking/devices', r.vayu)).statusCode).toBe(403);
    expect((await call('GET', '/api/carrier/tracking/devices', r.owner)).statusCode).toBe(403);
    expect((await call('GET', `/api/tracking/devices/${mine.id}`, tenant)).statusCode).toBe(404);
    expect((await call('POST', `/api/tracking/devices/${mine.id}/status`, tenant, { status: 'inactive' })).statusCode).toBe(404);
    expect((await call('GET', '/api/tracking/devices?search=RT-', tenant)).json().total).toBe(0);
    const carrierDevice = await call('POST', '/api/carrier/tracking/devices', r.vayu, { kind: 'phone', name: 'RT-VAYU-1' });
    expect(carrierDevice.statusCode, carrierDevice.body).toBe(201);
    expect(carrierDevice.json().data.owner).toBe('carrier');
    const vayuList = (await call('GET', '/api/carrier/tracking/devices?search=RT-', r.vayu)).json().data;
    expect(vayuList.map((d: { name: string }) => d.name)).toEqual(['RT-VAYU-1']);
    expect(
      (await call('POST', `/api/carrier/tracking/devices/${carrierDevice.json().data.id}/status`, r.ganesh, { status: 'inactive' }))
        .statusCode,
    ).toBe(404);
  });

  it('answers staff by their permissions and plants: none, 403; order lists, reading; settings, changing; another plant’s trip, hidden (issue 31)', async () => {
    const phoneOnRoad = s.phone.id;
    expect((await call('GET', '/api/tracking/devices', staff)).statusCode).toBe(403);
    expect((await call('POST', '/api/tracking/devices', staff, { kind: 'phone' })).statusCode).toBe(403);
    expect((await call('POST', `/api/tracking/devices/${phoneOnRoad}/status`, staff, { status: 'inactive' })).statusCode).toBe(403);
    const reader = (await createStaff(t, r.owner, { permissions: ['list-outbound-order'] })).token;
    const seen = (await call('GET', `/api/tracking/devices?search=${PHONE}`, reader)).json().data;
    expect(seen.map((d: { id: number; activeOrderNumber: string }) => [d.id, d.activeOrderNumber])).toEqual([[phoneOnRoad, onRoad.number]]);
    expect((await call('POST', '/api/tracking/devices', reader, { kind: 'phone' })).statusCode).toBe(403);
    const otherPlant = r.plants[1]?.id;
    expect(otherPlant).toBeDefined();
    const elsewhere = (
      await createStaff(t, r.owner, { permissions: ['list-outbound-order', 'add-edit-delete'], plantIds: [otherPlant ?? 0] })
    ).token;
    const theirs = (await call('GET', '/api/tracking/devices?search=RT-', elsewhere)).json();
    expect(theirs.data.map((d: { id: number }) => d.id)).not.toContain(phoneOnRoad);
    expect(theirs.total).toBeGreaterThan(0);
    expect((await call('GET', `/api/tracking/devices/${phoneOnRoad}`, elsewhere)).statusCode).toBe(404);
    expect((await call('POST', `/api/tracking/devices/${phoneOnRoad}/identifier`, elsewhere)).statusCode).toBe(404);
  });
});

describe('lent GPS locks of the platform', () => {
  it("a lock the admin lent the shipper reports at once, shows as the shipper's, goes on an order and back", async () => {
    const admin = await t.login('admin@demo.test');
    const made = await call('POST', '/api/admin/devices', admin, { serial: 'lk-7001', kind: 'lock', model: 'E-lock 4G' });
    expect(made.statusCode, made.body).toBe(201);
    const [plant] = (
      (await t.database.db.execute(sql`select industry_id from plants where id = ${r.plants[0]?.id ?? 0}`)) as unknown as {
        rows: { industry_id: number }[];
      }
    ).rows;
    const industryId = plant?.industry_id;
    const assigned = await call('POST', `/api/admin/devices/${made.json().data.id}/assign`, admin, { industryId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // Its first report, through the platform's Traccar server, registers it for the shipper it was lent to.
    t.app.deps.config.traccarForwardSecret = 'lent-locks-forward-secret';
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/tracking/traccar',
      headers: { 'x-traccar-secret': 'lent-locks-forward-secret' },
      payload: {
        position: { fixTime: minutesAgo(3).toISOString(), latitude: 19.3, longitude: 73.3, speed: 0, valid: true },
        device: { uniqueId: 'LK-7001', name: 'E-lock 4G' },
      },
    });
    expect(report.json().data).toEqual({ stored: true, outcome: 'accepted' });
    // The open port does not believe a typed serial: answered alike, not stored.
    expect(await osmand(port, traccarClient('LK-7001', 19.31, 73.3, minutesAgo(2)))).toEqual({ status: 200, body: '' });
    const lock = (await call('GET', '/api/tracking/devices?search=LK-7001', r.owner)).json().data[0];
    expect(lock).toMatchObject({ label: 'LK-7001', kind: 'lent', credential: 'typed', owner: 'shipper', name: 'E-lock 4G' });
    const order = await offlineOrder(t, r, 'outbound');
    const set = await call('PUT', url('outbound', order, '/method'), r.owner, { method: 'device', deviceId: lock.id });
    expect(set.statusCode, set.body).toBe(200);
    const state = async () =>
      (await call('GET', '/api/devices?search=LK-7001', r.owner)).json().data.find((d: { serial: string }) => d.serial === 'LK-7001')
        ?.state;
    expect(await state()).toBe('on_order');
    // The shipper tracks it by SIM instead: the lock is back with the shipper.
    expect((await call('PUT', url('outbound', order, '/method'), r.owner, { method: 'rail', fnr: '12345678901' })).statusCode).toBe(200);
    expect(await state()).toBe('with_shipper');
    // Another shipper cannot put it on its orders.
    const theirs = await call('PUT', url('outbound', order, '/method'), tenant, { method: 'device', deviceId: lock.id });
    expect(theirs.statusCode).toBe(404);
  });
});

describe("an order's tracking method", () => {
  it('is set by the shipper (PUT): SIM with consent pending, FASTag, rail; bad values are 400 naming the field', async () => {
    const sim = await call('PUT', url('outbound', waiting, '/method'), r.owner, {
      method: 'sim',
      simNumber: '9822012345',
      simOperator: 'jio',
    });
    expect(sim.statusCode, sim.body).toBe(200);
    expect(sim.json().data).toMatchObject({ method: 'sim', simOperator: 'jio', consentState: 'pending' });
    expect(sim.json().data.simNote).toMatch(/Jio/);
    const cases: [object, string][] = [
      [{ method: 'sim', simNumber: '9822012345', simOperator: 'bsnl' }, 'simOperator'],
      [{ method: 'sim', simNumber: '12345', simOperator: 'airtel' }, 'simNumber'],
      [{ method: 'rail', fnr: '123' }, 'fnr'],
      [{ method: 'device' }, 'deviceId'],
      [{ method: 'teleport' }, 'method'],
    ];
    for (const [body, field] of cases) {
      const res = await call('PUT', url('outbound', waiting, '/method'), r.owner, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(fields(res), `${field}: ${res.body}`).toContain(field);
    }
    const rail = await call('PUT', url('outbound', waiting, '/method'), r.owner, { method: 'rail', fnr: '12345678901' });
    expect(rail.json().data).toMatchObject({ method: 'rail', fnr: '12345678901', simNumber: null });
  });

  it('refuses a device on another trip (409) and one of another company (409)', async () => {
    const busy = await call('PUT', url('outbound', waiting, '/method'), r.owner, { method: 'device', deviceId: s.phone.id });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toContain(onRoad.number);
    const theirs = await call('POST', '/api/tracking/devices', tenant, { identifier: 'RT-SUNRISE-1', kind: 'gps' });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const foreign = await call('PUT', url('outbound', waiting, '/method'), r.owner, { method: 'device', identifier: 'RT-SUNRISE-1' });
    expect(foreign.statusCode).toBe(409);
    // Whose it is, or that it exists at all, is not said.
    expect(foreign.json().error).toMatchObject({ message: 'This identifier cannot be used.' });
    expect(fields(foreign)).toEqual(['identifier']);
    const theirId = theirs.json().data.id;
    expect((await call('PUT', url('outbound', waiting, '/method'), r.owner, { method: 'device', deviceId: theirId })).statusCode).toBe(400);
  });

  it('is set by the carrier on its own orders only, and guarded for everyone else', async () => {
    const carrierSet = await call('PUT', `/api/carrier/tracking/orders/${waiting.id}/method`, r.vayu, {
      method: 'device',
      identifier: 'RT-VAYU-GPS',
    });
    expect(carrierSet.statusCode, carrierSet.body).toBe(200);
    expect(carrierSet.json().data.device).toMatchObject({ label: 'RT-VAYU-GPS', kind: 'gps', credential: 'typed' });
    const read = await call('GET', `/api/carrier/tracking/orders/${waiting.id}/method`, r.vayu);
    expect(read.json().data.method).toBe('device');
    expect((await call('GET', `/api/carrier/tracking/orders/${waiting.id}/method`, r.ganesh)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/carrier/tracking/orders/${waiting.id}/method`, r.ganesh, { method: 'rail', fnr: '12345678901' })).statusCode,
    ).toBe(404);
    await guarded('PUT', url('outbound', waiting, '/method'), { method: 'rail', fnr: '12345678901' });
    // The inbound routes do not reach an outbound order.
    expect((await call('PUT', url('inbound', waiting, '/method'), r.owner, { method: 'rail', fnr: '12345678901' })).statusCode).toBe(404);
  });
});

describe('tracking boards', () => {
  it('counts every tab and lists the tab asked, each row with its last place', async () => {
    const onBoard = await call('GET', `/api/tracking/outbound/board?search=${onRoad.number}`, r.owner);
    expect(onBoard.statusCode, onBoard.body).toBe(200);
    const body = onBoard.json();
    expect(body.counts).toEqual({ 'in-transit': 1, delayed: 0, halted: 0, 'no-signal': 0, arrived: 0 });
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ orderId: onRoad.id, status: 'gate_out', state: 'in_transit', method: 'device', speedKmh: 50 });
    expect(body.data[0].lastPlace).toEqual(expect.any(String));
    expect(body.data[0].lastFixTime).toBe(fixes[26]?.toISOString());
    const all = (await call('GET', '/api/tracking/outbound/board?tab=arrived', r.owner)).json();
    expect(all.data.map((row: { orderId: number }) => row.orderId)).toContain(arrived.id);
    expect(all.counts.arrived).toBe(all.total);
    const byMethod = (await call('GET', '/api/tracking/outbound/board?tab=arrived&method=device', r.owner)).json();
    expect(byMethod.data.map((row: { orderId: number }) => row.orderId)).not.toContain(arrived.id);
    const istDay = (iso: string, days = 0) => indiaToday(new Date(new Date(iso).getTime() + days * 86_400_000));
    const pickupAt = body.data[0].pickupAt as string;
    const onDay = (q: string) =>
      call('GET', `/api/tracking/outbound/board?search=${onRoad.number}&${q}`, r.owner).then((res) => res.json().total);
    expect(await onDay(`pickupFrom=${istDay(pickupAt)}&pickupTo=${istDay(pickupAt)}`)).toBe(1);
    expect(await onDay(`pickupFrom=${istDay(pickupAt, 1)}`)).toBe(0);
    expect(await onDay(`pickupTo=${istDay(pickupAt, -1)}`)).toBe(0);
    expect(await onDay(`plantId=${r.plants[0]?.id}&carrierLinkId=${r.vayuLink}&method=device`)).toBe(1);
    expect(await onDay(`carrierLinkId=${r.ganeshLink}`)).toBe(0);
    const inbound = (await call('GET', `/api/tracking/inbound/board?search=${onRoad.number}`, r.owner)).json();
    expect(inbound.total).toBe(0);
  });

  it('refuses a bad filter naming it, and is guarded', async () => {
    const bad = await call('GET', '/api/tracking/outbound/board?tab=lost&pickupFrom=yesterday', r.owner);
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(expect.arrayContaining(['tab', 'pickupFrom']));
    expect((await t.app.inject({ method: 'GET', url: '/api/tracking/outbound/board' })).statusCode).toBe(401);
    expect((await call('GET', '/api/tracking/outbound/board', staff)).statusCode).toBe(403);
    const other = (await call('GET', `/api/tracking/outbound/board?search=${onRoad.number}`, tenant)).json();
    expect(other.total).toBe(0);
  });

  it('puts every active vehicle on the all-in-one map, the other shipper none of them', async () => {
    const map = await call('GET', '/api/tracking/map', r.owner);
    expect(map.statusCode, map.body).toBe(200);
    const vehicle = map.json().data.find((v: { orderId: number }) => v.orderId === onRoad.id);
    expect(vehicle).toMatchObject({ latitude: 20.26, longitude: 72.74, state: 'in_transit' });
    expect((await t.app.inject({ method: 'GET', url: '/api/tracking/map' })).statusCode).toBe(401);
    expect((await call('GET', '/api/tracking/map', staff)).statusCode).toBe(403);
    expect((await call('GET', '/api/tracking/map', r.vayu)).statusCode).toBe(403);
    const theirs = (await call('GET', '/api/tracking/map', tenant)).json().data;
    expect(theirs.map((v: { orderId: number }) => v.orderId)).not.toContain(onRoad.id);
  });
});
