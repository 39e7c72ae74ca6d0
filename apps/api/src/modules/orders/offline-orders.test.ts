import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
let owner = '';
let base: Record<string, unknown> = {};
let stops: number[] = [];
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, ifMatch?: string) =>
  t.app.inject({ method, url, headers: { ...t.as(token), ...(ifMatch ? { 'if-match': `"${ifMatch}"` } : {}) }, payload });
const addStop = async (name: string, city: string) => {
  const res = await call('POST', '/api/stops', owner, {
    name,
    type: 'drop',
    address: 'Yard',
    city,
    state: 'Gujarat',
    pincode: '395003',
    latitude: 21.17,
    longitude: 72.83,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};

beforeAll(async () => {
  owner = await t.login('owner@demo.test');
  const [plant] = (await call('GET', '/api/plants/options', owner)).json().data;
  const [vehicle] = (await call('GET', '/api/vehicle-types/options', owner)).json().data;
  const [carrier] = (await call('GET', '/api/carriers/options', owner)).json().data;
  stops = [await addStop('Surat DC', 'Surat'), await addStop('Vapi DC', 'Vapi'), await addStop('Bharuch DC', 'Bharuch')];
  base = {
    carrierLinkId: carrier.id,
    plantId: plant.id,
    vehicleTypeId: vehicle.id,
    priceRupees: 38000,
    pickupAt: new Date(Date.now() + 86_400_000).toISOString(),
    dropoffs: [{ stopId: stops[0] }],
  };
});

describe('offline orders', () => {
  it('records an offline order, with its vehicle when known, listed apart from awarded ones', async () => {
    const plain = await call('POST', '/api/offline-orders/outbound', owner, base);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data).toMatchObject({ source: 'offline', status: 'placed', priceRupees: 38000, carrierName: 'Vayu Roadlines' });
    const withVehicle = await call('POST', '/api/offline-orders/outbound', owner, {
      ...base,
      vehicleNumber: 'mh14 xy 9876',
      driverName: 'Sunil',
      driverMobile: '9822000000',
    });
    expect(withVehicle.json().data).toMatchObject({ status: 'vehicle_assigned', vehicleNumber: 'MH14XY9876' });
    const list = (await call('GET', '/api/offline-orders/outbound', owner)).json();
    expect(list.total).toBe(2);
    const detail = (await call('GET', `/api/offline-orders/outbound/${plain.json().data.id}`, owner)).json().data;
    expect(detail.timeline[0]).toMatchObject({ to: 'placed', reason: 'offline order' });
    // The carrier sees it in its portal too.
    const carrier = await t.login('carrier@demo.test');
    expect((await call('GET', '/api/carrier/orders', carrier)).json().total).toBe(2);
  });

  it('names bad fields; 401, 403 by permission, 404 for another shipper', async () => {
    for (const [patch, field] of [
      [{ priceRupees: 0 }, 'priceRupees'],
      [{ vehicleNumber: 'XYZ' }, 'vehicleNumber'],
      [{ carrierLinkId: 999_999 }, 'carrierLinkId'],
      [{ pickupAt: 'soon' }, 'pickupAt'],
      [{ dropoffs: [] }, 'dropoffs'],
    ] as const) {
      expect((await call('POST', '/api/offline-orders/outbound', owner, { ...base, ...patch })).json().error.fields, field).toHaveProperty(
        field,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/offline-orders/inbound' })).statusCode).toBe(401);
    const staff = await t.login('staff@demo.test');
    expect((await call('POST', '/api/offline-orders/outbound', staff, base)).statusCode).toBe(403);
    expect((await call('GET', '/api/offline-orders/inbound', staff)).statusCode).toBe(403);
    const [mine] = (await call('GET', '/api/offline-orders/outbound', owner)).json().data;
    expect((await call('GET', `/api/offline-orders/outbound/${mine.id}`, await t.login('noplan@demo.test'))).statusCode).toBe(404);
  });

  it('edits the drop-offs against the version opened; a stale save is 409 and changes nothing', async () => {
    const created = (
      await call('POST', '/api/offline-orders/outbound', owner, { ...base, dropoffs: [{ stopId: stops[0] }, { stopId: stops[1] }] })
    ).json().data;
    const url = `/api/offline-orders/outbound/${created.id}`;
    const edit = { ...base, dropoffs: [{ stopId: stops[2] }, { stopId: stops[0] }] };
    const saved = await call('PUT', url, owner, edit, created.updatedAt);
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = (await call('GET', url, owner)).json().data;
    const drops = detail.lane.filter((s: { kind: string }) => s.kind === 'drop').map((s: { stopId: number }) => s.stopId);
    expect(drops).toEqual([stops[2], stops[0]]);
    expect(detail).toMatchObject({ vehicleTypeId: base.vehicleTypeId, dropLabel: 'Surat DC', dropCount: 2 });
    expect(detail.timeline.at(-1).reason).toMatch(/^Offline order edited: lane now .+ → Bharuch DC → Surat DC$/);
    // A second save from the form opened before the first one is refused, naming the change.
    const stale = await call('PUT', url, owner, { ...base, dropoffs: [{ stopId: stops[1] }] }, created.updatedAt);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'STALE' });
    expect(stale.json().error.message).toContain('changed since you opened it');
    const after = (await call('GET', url, owner)).json().data;
    expect(after.lane.filter((s: { kind: string }) => s.kind === 'drop')).toHaveLength(2);
    // No drop-off at all is a 400 on the list.
    const none = await call('PUT', url, owner, { ...base, dropoffs: [] }, after.updatedAt);
    expect(none.json().error.fields).toHaveProperty('dropoffs');
  });
});
