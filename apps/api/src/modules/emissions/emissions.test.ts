import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { indiaDayKey } from '@freightdesk/shared/date-time';
import { DEFAULT_FACTOR_VERSION } from '@freightdesk/shared/emission-defaults';
import { caller, type Road, offlineOrder, setupRoad, walk } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { createStaff } from '../../test/staff.ts';
import { storeFinishedFigures } from './emissions.service.ts';

const t = useTestApp();
const call = caller(t);
let r: Road;
let truck21: number;
let cng9: number;
let delhiStop: number;

const dayAfter = (days: number) => indiaDayKey(new Date(Date.now() + days * 86_400_000));
const version = (label: string, validFrom: string, patch: Record<string, unknown> = {}) => ({
  label,
  validFrom,
  factors: { ...DEFAULT_FACTOR_VERSION.factors, ...patch },
});
const emissionsOf = (id: number, token: string) => call('GET', `/api/emissions/orders/${id}`, token);

beforeAll(async () => {
  r = await setupRoad(t);
  const vt = (name: string, capacityTonnes: number, fuel: string) =>
    call('POST', '/api/vehicle-types', r.owner, { name, body: 'open', capacityTonnes, fuel });
  truck21 = (await vt('Emissions 10-wheeler', 21, 'diesel')).json().data.id;
  cng9 = (await vt('Emissions CNG 19 ft', 9, 'cng')).json().data.id;
  const lane = await call('POST', '/api/route-masters', r.owner, {
    name: 'Plant to Surat DC',
    originPlantId: r.plants[0]?.id,
    destinationStopIds: [r.dropStopId],
    distanceKm: 500,
    transitHours: 12,
  });
  expect(lane.statusCode, lane.body).toBe(201);
  const stop = await call('POST', '/api/stops', r.owner, {
    name: 'Tughlakabad yard',
    type: 'drop',
    address: 'ICD',
    city: 'New Delhi',
    state: 'Delhi',
    pincode: '110044',
    latitude: 28.51,
    longitude: 77.29,
  });
  delhiStop = stop.json().data.id;
});

describe('an order’s emissions', () => {
  it('computes a full diesel load over its lane’s route master with the default empty running', async () => {
    const order = await offlineOrder(t, r, 'outbound', { patch: { vehicleTypeId: truck21, weightTonnes: 21 } });
    const res = await emissionsOf(order.id, r.owner);
    expect(res.statusCode, res.body).toBe(200);
    const { figure, basis } = res.json().data;
    // 500 km planned (route master); empty km = 500 × 0.3 / 0.7 = 214.29; fuel = 500 × 0.27 + 214.29 × 0.203 = 178.5 l;
    // WTW = 178.5 × (2.69 + 0.61) = 589.05 kg (IPCC 2006 TTW, GLEC v3 WTT).
    expect(basis).toBe('estimate');
    expect(figure.distanceBasis).toBe('planned');
    expect(figure.distanceKm).toBe(500);
    expect(figure.wtwKg).toBeCloseTo(589.05, 3);
    expect(figure.factorVersion.label).toBe('IN-DEFAULT-2026');
    expect(figure.factors.map((f: { code: string }) => f.code)).toContain('fuel.diesel.wtt');
    // The carrier it was addressed to reads the same figure.
    const carrier = await emissionsOf(order.id, r.vayu);
    expect(carrier.statusCode, carrier.body).toBe(200);
    expect(carrier.json().data.figure.wtwKg).toBeCloseTo(589.05, 3);
  });

  it('computes a CNG load by kilograms of gas', async () => {
    const order = await offlineOrder(t, r, 'outbound', { patch: { vehicleTypeId: cng9, weightTonnes: 9 } });
    const { figure } = (await emissionsOf(order.id, r.owner)).json().data;
    // MCV CNG: fuel = 500 × 0.19 + 214.29 × 0.143 = 125.643 kg; WTW = 125.643 × (2.85 + 0.55) = 427.186 kg.
    expect(figure.fuel).toBe('cng');
    expect(figure.fuelUnit).toBe('kg');
    expect(figure.wtwKg).toBeCloseTo(427.186, 2);
  });

  it('says why there is no figure for an order without a weight', async () => {
    const order = await offlineOrder(t, r, 'outbound', { patch: { vehicleTypeId: truck21 } });
    const res = await emissionsOf(order.id, r.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.figure).toBeNull();
    expect(res.json().data.unavailable).toMatch(/no weight/);
  });

  it('compares with rail where the lane’s ends lie on one rail corridor', async () => {
    const order = await offlineOrder(t, r, 'outbound', {
      patch: { vehicleTypeId: truck21, weightTonnes: 21, dropoffs: [{ stopId: delhiStop }] },
    });
    const { figure, byRail } = (await emissionsOf(order.id, r.owner)).json().data;
    expect(byRail.fromStation).toBe('PUNE JN (PUNE)');
    expect(byRail.toStation).toBe('TUGHLAKABAD (TKD)');
    expect(byRail.rail.mode).toBe('rail');
    // 21 t by rail at 9 g/tkm plus the first and last mile by the truck is far below the road figure.
    expect(byRail.wtwKg).toBeCloseTo(byRail.rail.wtwKg + byRail.firstLastMile.wtwKg, 3);
    expect(byRail.wtwKg).toBeLessThan(figure.wtwKg / 2);
  });

  it('answers 404 to another carrier, another shipper and staff of other plants; 403 to the platform admin', async () => {
    const order = await offlineOrder(t, r, 'outbound', { patch: { vehicleTypeId: truck21, weightTonnes: 21 } });
    expect((await emissionsOf(order.id, r.ganesh)).statusCode).toBe(404);
    expect((await emissionsOf(order.id, await t.login('noplan@demo.test'))).statusCode).toBe(404);
    const other = r.plants.find((p) => p.id !== r.plants[0]?.id);
    expect(other).toBeDefined();
    const staff = await createStaff(t, r.owner, { permissions: ['list-outbound-order'], plantIds: [other?.id ?? 0] });
    expect((await emissionsOf(order.id, staff.token)).statusCode).toBe(404);
    const ownPlantStaff = await createStaff(t, r.owner, { permissions: ['list-outbound-order'], plantIds: [r.plants[0]?.id ?? 0] });
    expect((await emissionsOf(order.id, ownPlantStaff.token)).statusCode).toBe(200);
    expect((await emissionsOf(order.id, await t.login('admin@demo.test'))).statusCode).toBe(403);
    expect((await emissionsOf(999_999, r.owner)).statusCode).toBe(404);
  });
});

describe('finished loads', () => {
  it('keep the figure stored when the trip ended, by the tracked distance, whatever version comes later', async () => {
    const order = await offlineOrder(t, r, 'outbound', { patch: { vehicleTypeId: truck21, weightTonnes: 21 } });
    await walk(t, r, 'outbound', order, 'arrived');
    // A phone tracked it: three accepted fixes 0.1° of latitude apart (2 × 11.119 km) and one filtered fix, not counted.
    await t.seed(async (db) => {
      await db.execute(sql`insert into order_tracking (order_id, industry_id, method)
        select id, industry_id, 'device' from orders where id = ${order.id}
        on conflict (order_id) do update set method = 'device'`);
      await db.execute(sql`insert into positions (order_id, industry_id, source, fix_time, latitude, longitude, filtered) values
        (${order.id}, 1, 'osmand', now() - interval '3 hours', 18.6, 73.8, null),
        (${order.id}, 1, 'osmand', now() - interval '2 hours', 18.7, 73.8, null),
        (${order.id}, 1, 'osmand', now() - interval '90 minutes', 25.0, 73.8, 'jump'),
        (${order.id}, 1, 'osmand', now() - interval '1 hour', 18.8, 73.8, null)`);
    });
    expect(await storeFinishedFigures(t.database.db)).toBeGreaterThanOrEqual(1);
    const own = await call(
      'POST',
      '/api/emissions/factors',
      r.owner,
      version('Own today', dayAfter(0), { 'fuel.diesel.wtt': { ...DEFAULT_FACTOR_VERSION.factors['fuel.diesel.wtt'], value: 0.9 } }),
    );
    expect(own.statusCode, own.body).toBe(201);
    const { figure, basis } = (await emissionsOf(order.id, r.owner)).json().data;
    // 2 hops of 0.1° latitude = 22.239 km tracked → 22.2 km; fuel = 22.2 × 0.27 + 22.2 × 0.3 / 0.7 × 0.203 = 7.925 l; WTW × 3.30 = 26.153 kg.
    expect(basis).toBe('final');
    expect(figure.distanceBasis).toBe('tracked');
    expect(figure.distanceKm).toBe(22.2);
    expect(figure.wtwKg).toBeCloseTo(26.153, 2);
    expect(figure.factorVersion.label).toBe('IN-DEFAULT-2026');
    // A load of today not finished yet is estimated with the version now in force.
    const fresh = await offlineOrder(t, r, 'outbound', {
      patch: { vehicleTypeId: truck21, weightTonnes: 21, pickupAt: new Date().toISOString() },
    });
    expect((await emissionsOf(fresh.id, r.owner)).json().data.figure.factorVersion.label).toBe('Own today');
    // A second run stores nothing again for it.
    const stored = await t.seed((db) => db.execute(sql`select count(*)::int as n from order_emissions where order_id = ${order.id}`));
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});

describe('the emissions reports', () => {
  it('sum the stored figures by month and in the BRSR Scope 3 category 4 shape, and export them', async () => {
    const sums = await t.seed((db) =>
      db.execute(sql`select count(wtw_kg)::int as loads, sum(wtw_kg) as kg from order_emissions
        where industry_id = (select industry_id from users where email = 'owner@demo.test')`),
    );
    const expected = (sums as unknown as { rows: { loads: number; kg: number }[] }).rows[0];
    expect(expected?.loads).toBeGreaterThanOrEqual(1);
    const month = await call('GET', '/api/reports/emissions?groupBy=month', r.owner);
    expect(month.statusCode, month.body).toBe(200);
    expect(month.json().data.totals.loads).toBe(expected?.loads);
    expect(month.json().data.totals.wtwKg).toBe(Math.round(Number(expected?.kg)));
    const brsr = await call('GET', '/api/reports/brsr-scope3', r.owner);
    expect(brsr.statusCode, brsr.body).toBe(200);
    const [row] = brsr.json().data.rows;
    expect(row.category).toBe('Category 4: Upstream transportation and distribution');
    expect(row.mode).toBe('road');
    expect(row.label).toMatch(/^FY 20\d\d-\d\d$/);
    expect(row.co2eTonnes).toBeCloseTo(Number(expected?.kg) / 1000, 1);
    expect(row.factorVersions).toContain('IN-DEFAULT-2026');
    const asked = await call('POST', '/api/exports', r.owner, { report: 'brsr-scope3', format: 'csv', params: {} });
    expect(asked.statusCode, asked.body).toBe(202);
    await t.app.deps.jobs.tick();
    const file = await t.app.inject({ method: 'GET', url: `/api/exports/${asked.json().data.id}/file`, headers: t.as(r.owner) });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('Category 4: Upstream transportation and distribution');
    expect(file.body).toContain('Emissions (t CO2e, WTW)');
  });

  it('refuses carriers and a bad grouping by name', async () => {
    expect((await call('GET', '/api/reports/emissions', r.vayu)).statusCode).toBe(403);
    const bad = await call('GET', '/api/reports/emissions?groupBy=vehicle', r.owner);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['groupBy']);
  });
});

describe('factor versions', () => {
  it('adds a company version once per key, lists it to the company only, and the admin adds defaults', async () => {
    const body = version('Own FY27', dayAfter(30));
    const headers = { 'idempotency-key': 'emissions-factor-1' };
    const first = await call('POST', '/api/emissions/factors', r.owner, body, headers);
    expect(first.statusCode, first.body).toBe(201);
    const again = await call('POST', '/api/emissions/factors', r.owner, body, headers);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await call('POST', '/api/emissions/factors', r.owner, body)).statusCode).toBe(409);
    const mine = (await call('GET', '/api/emissions/factors?search=FY27', r.owner)).json();
    expect(mine.data.map((v: { label: string }) => v.label)).toEqual(['Own FY27']);
    const theirs = (await call('GET', '/api/emissions/factors', await t.login('noplan@demo.test'))).json();
    expect(theirs.data.map((v: { label: string }) => v.label)).toEqual(['IN-DEFAULT-2026']);
    const admin = await t.login('admin@demo.test');
    const byAdmin = await call('POST', '/api/emissions/factors', admin, version('IN-DEFAULT-2027', dayAfter(120)));
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json().data.industryId).toBeNull();
  });

  it('refuses a backdated version, a missing or outlandish factor, and users who may not add one', async () => {
    const refused = async (body: object, field: RegExp) => {
      const res = await call('POST', '/api/emissions/factors', r.owner, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().error.fields).join()).toMatch(field);
    };
    await refused(version('Backdated', dayAfter(-1)), /validFrom/);
    const { 'rail.wtw': _, ...noRail } = DEFAULT_FACTOR_VERSION.factors;
    await refused({ label: 'No rail', validFrom: dayAfter(1), factors: noRail }, /factors/);
    await refused(version('Huge', dayAfter(1), { 'rail.wtw': { ...DEFAULT_FACTOR_VERSION.factors['rail.wtw'], value: 9000 } }), /factors/);
    await refused(
      version('Negative', dayAfter(1), { 'fuel.cng.ttw': { ...DEFAULT_FACTOR_VERSION.factors['fuel.cng.ttw'], value: -1 } }),
      /factors/,
    );
    await refused(version('Unknown', dayAfter(1), { 'road.bike.diesel.full': DEFAULT_FACTOR_VERSION.factors['rail.wtw'] }), /factors/);
    expect((await call('POST', '/api/emissions/factors', r.vayu, version('Carrier', dayAfter(1)))).statusCode).toBe(403);
    const viewer = await createStaff(t, r.owner, { permissions: ['bid-list'] });
    expect((await call('POST', '/api/emissions/factors', viewer.token, version('Staff', dayAfter(1)))).statusCode).toBe(403);
    const count = await t.seed((db) =>
      db.execute(sql`select count(*)::int as n from emission_factor_versions where label in ('Backdated', 'Carrier', 'Staff')`),
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
