import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { caller, offlineOrder, type Road, setupRoad } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { createStaff } from '../../test/staff.ts';
import { sendExpiryNotices } from './expiry-notices.ts';

/**
 * Verified vehicles and drivers with the built-in VAHAN and SARATHI (issue 37): the verdict on the
 * order and the gate card, gate in refused on red until the carrier changes the vehicle, the
 * shipper's rules, the refusals, and the daily expiry notices.
 */
const t = useTestApp();
const call = caller(t);
let r: Road;
beforeAll(async () => {
  r = await setupRoad(t);
});

const verification = (id: number, token = r.owner, dir = 'outbound') => call('GET', `/api/orders/${dir}/${id}/verification`, token);
const gateIn = (id: number, vehicleNumber: string, token = r.owner) =>
  call('POST', `/api/orders/outbound/${id}/gate-in`, token, { vehicleNumber, driverChecked: true });
const changeVehicle = (id: number, body: { vehicleNumber: string; driverName: string; driverMobile: string; reason: string }) =>
  call('POST', `/api/carrier/orders/${id}/vehicle`, r.vayu, body);
const boardRow = async (orderId: number) => {
  const board = (await call('GET', `/api/gate/outbound?plantId=${r.plants[0]?.id}`, r.owner)).json().data;
  return board.rows.find((row: { orderId: number }) => row.orderId === orderId);
};

describe('a vehicle with a lapsed fitness certificate at the gate', () => {
  it('is red on the order and the gate card, gate in is refused; after the carrier changes the vehicle it is green and gate in works', async () => {
    const order = await offlineOrder(t, r, 'outbound', { vehicle: 'MH12FX4321' });
    const red = await verification(order.id);
    expect(red.statusCode, red.body).toBe(200);
    expect(red.json().data).toMatchObject({ level: 'red', vehicle: { number: 'MH12FX4321', source: 'simulator', status: 'ACTIVE' } });
    expect(red.json().data.reasons[0]).toMatch(/^Fitness certificate expired on \d{2} \w{3} \d{4} \(blocks gate in\)$/);
    const card = await boardRow(order.id);
    expect(card.verification.level).toBe('red');
    expect(card.verification.reasons[0]).toMatch(/^Fitness certificate expired/);
    const carrierSees = await call('GET', `/api/carrier/orders/${order.id}/verification`, r.vayu);
    expect(carrierSees.json().data.level).toBe('red');

    const refused = await gateIn(order.id, 'MH12FX4321');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'NOT_CLEARED' });
    expect(refused.json().error.message).toMatch(/^Gate in refused: Fitness certificate expired on .*The carrier must change the vehicle/);
    const still = await call('GET', `/api/orders/outbound/${order.id}`, r.owner);
    expect(still.json().data.status).toBe('vehicle_assigned');

    const changed = await changeVehicle(order.id, {
      vehicleNumber: 'MH12TG1234',
      driverName: 'Suresh',
      driverMobile: '9822012346',
      reason: 'Fitness of the first truck lapsed',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await verification(order.id)).json().data).toMatchObject({ level: 'green', reasons: [], vehicle: { number: 'MH12TG1234' } });
    expect((await boardRow(order.id)).verification).toEqual({ level: 'green', reasons: [] });
    const inside = await gateIn(order.id, 'MH12TG1234');
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json().data.status).toBe('gate_in');
  });

  it('a lapsed PUC only warns (amber) and gate in works; a licence checked at assignment that lapsed blocks', async () => {
    const puc = await offlineOrder(t, r, 'outbound', { vehicle: 'MH12PX2345' });
    const amber = (await verification(puc.id)).json().data;
    expect(amber.level).toBe('amber');
    expect(amber.reasons).toEqual([expect.stringMatching(/^PUC certificate expired on \d{2} \w{3} \d{4}$/)]);
    expect((await gateIn(puc.id, 'MH12PX2345')).statusCode).toBe(200);

    const order = await offlineOrder(t, r, 'outbound', { vehicle: null });
    const assigned = await call('POST', `/api/carrier/orders/${order.id}/assign`, r.vayu, {
      vehicleNumber: 'MH12TG5678',
      driverName: 'Ramesh',
      driverMobile: '9822012345',
      driverLicenceNumber: 'MH1420110062999',
      driverDob: '1985-02-01',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const v = (await verification(order.id)).json().data;
    expect(v.level).toBe('red');
    expect(v.driver).toMatchObject({
      number: 'MH1420110062999',
      documents: [expect.objectContaining({ doc: 'licence', state: 'expired' })],
    });
    expect((await gateIn(order.id, 'MH12TG5678')).json().error.message).toMatch(/^Gate in refused: Driving licence expired on /);
  });

  it('a licence for light vehicles on a heavy truck is red; changed to a light goods vehicle, the same driver keeps the licence and it is green', async () => {
    const order = await offlineOrder(t, r, 'outbound', { vehicle: null });
    const driver = { driverName: 'Ganesh', driverMobile: '9822012347' };
    const assigned = await call('POST', `/api/carrier/orders/${order.id}/assign`, r.vayu, {
      vehicleNumber: 'MH12TG7777',
      ...driver,
      driverLicenceNumber: 'MH1420110062777',
      driverDob: '1988-04-12',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const red = (await verification(order.id)).json().data;
    expect(red).toMatchObject({ level: 'red', vehicle: { classes: 'HGV' }, driver: { classes: 'LMV-TR' } });
    expect(red.reasons).toEqual([
      'Driving licence MH1420110062777 (LMVTR) does not cover a heavy goods vehicle (HGV): it needs a transport (TRANS) or heavy goods class (blocks gate in)',
    ]);
    expect((await gateIn(order.id, 'MH12TG7777')).json().error.code).toBe('NOT_CLEARED');

    const changed = await changeVehicle(order.id, {
      vehicleNumber: 'MH12LG7777',
      ...driver,
      reason: 'A light truck for this load',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const green = (await verification(order.id)).json().data;
    expect(green).toMatchObject({ level: 'green', reasons: [], vehicle: { classes: 'LGV' }, driver: { number: 'MH1420110062777' } });
    const another = await changeVehicle(order.id, {
      vehicleNumber: 'MH12LG7777',
      driverName: 'Mahesh',
      driverMobile: '9822012348',
      reason: 'Another driver',
    });
    expect(another.statusCode, another.body).toBe(200);
    expect((await verification(order.id)).json().data.driver).toBeNull();
  });
});

describe('the shipper’s rules', () => {
  it('answers the defaults, saves new rules (audited, If-Match), and the verdict follows them', async () => {
    const before = await call('GET', '/api/settings/verification', r.owner);
    expect(before.json().data).toMatchObject({ isDefault: true, fitness: 'block', insurance: 'block', puc: 'warn', licence: 'block' });
    const rules = { ...before.json().data, puc: 'block' };
    delete rules.isDefault;
    delete rules.updatedAt;
    const saved = await call('PUT', '/api/settings/verification', r.owner, rules);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ isDefault: false, puc: 'block' });
    const order = await offlineOrder(t, r, 'outbound', { vehicle: 'MH12PX6789' });
    expect((await verification(order.id)).json().data.level).toBe('red');
    expect((await gateIn(order.id, 'MH12PX6789')).statusCode).toBe(409);

    const stale = await call(
      'PUT',
      '/api/settings/verification',
      r.owner,
      { ...rules, puc: 'warn' },
      { 'if-match': before.json().data.updatedAt },
    );
    expect(stale.statusCode, stale.body).toBe(409);
    const back = await call(
      'PUT',
      '/api/settings/verification',
      r.owner,
      { ...rules, puc: 'warn' },
      { 'if-match': saved.json().data.updatedAt },
    );
    expect(back.statusCode, back.body).toBe(200);
    expect((await verification(order.id)).json().data.level).toBe('amber');
    const audit = await t.database.db.execute(sql`select count(*)::int as n from audit_log where entity = 'verification-settings'`);
    expect(rowsOf<{ n: number }>(audit)[0]?.n).toBe(2);
  });

  it('refuses a bad or unknown field naming it, a carrier (403) and a user without the permission (403); a failed save changes nothing', async () => {
    const base = (await call('GET', '/api/settings/verification', r.owner)).json().data;
    const rules = {
      fitness: 'block',
      insurance: 'block',
      permit: 'warn',
      puc: 'warn',
      tax: 'warn',
      licence: 'block',
      registration: 'block',
    };
    const bad = await call('PUT', '/api/settings/verification', r.owner, { ...rules, fitness: 'sometimes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('fitness');
    const unknown = await call('PUT', '/api/settings/verification', r.owner, { ...rules, colour: 'block' });
    expect(unknown.statusCode).toBe(400);
    const missing = await call('PUT', '/api/settings/verification', r.owner, { ...rules, tax: undefined });
    expect(missing.json().error.fields).toHaveProperty('tax');
    expect((await call('PUT', '/api/settings/verification', r.vayu, rules)).statusCode).toBe(403);
    const viewer = await createStaff(t, r.owner, { permissions: ['list-outbound-order'] });
    expect((await call('PUT', '/api/settings/verification', viewer.token, rules)).statusCode).toBe(403);
    expect((await call('GET', '/api/settings/verification', r.owner)).json().data).toEqual(base);
  });
});

describe('refusals', () => {
  it('401 without a session, 403 without the permission, 404 for another tenant, direction or carrier, 400 for a bad id', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/outbound/${order.id}/verification` })).statusCode).toBe(401);
    const noPermission = await createStaff(t, r.owner, { permissions: ['list-inbound-order'] });
    expect((await verification(order.id, noPermission.token)).statusCode).toBe(403);
    expect((await verification(order.id, r.vayu)).statusCode).toBe(403);
    expect((await verification(order.id, await t.login('noplan@demo.test'))).statusCode).toBe(404);
    expect((await verification(order.id, r.owner, 'inbound')).statusCode).toBe(404);
    expect((await call('GET', `/api/carrier/orders/${order.id}/verification`, r.ganesh)).statusCode).toBe(404);
    expect((await call('GET', `/api/carrier/orders/${order.id}/verification`, r.owner)).statusCode).toBe(403);
    const badId = await verification(Number.NaN);
    expect(badId.statusCode).toBe(400);
  });

  it('an assignment with a licence but no date of birth, or a malformed licence, is 400 naming the field and assigns nothing', async () => {
    const order = await offlineOrder(t, r, 'outbound', { vehicle: null });
    const body = { vehicleNumber: 'MH12TG9012', driverName: 'Ramesh', driverMobile: '9822012345' };
    const noDob = await call('POST', `/api/carrier/orders/${order.id}/assign`, r.vayu, { ...body, driverLicenceNumber: 'MH1420110062821' });
    expect(noDob.statusCode).toBe(400);
    expect(noDob.json().error.fields).toHaveProperty('driverDob');
    const malformed = await call('POST', `/api/carrier/orders/${order.id}/assign`, r.vayu, {
      ...body,
      driverLicenceNumber: '12',
      driverDob: '1985-02-01',
    });
    expect(malformed.json().error.fields).toHaveProperty('driverLicenceNumber');
    const minor = await call('POST', `/api/carrier/orders/${order.id}/assign`, r.vayu, {
      ...body,
      driverLicenceNumber: 'MH1420110062821',
      driverDob: new Date().toISOString().slice(0, 10),
    });
    expect(minor.json().error.fields).toHaveProperty('driverDob');
    expect((await call('GET', `/api/orders/outbound/${order.id}`, r.owner)).json().data.status).toBe('placed');
  });
});

describe('expiry notices', () => {
  it('tell the carrier once per document and day of an insurance ending within 15 days', async () => {
    await offlineOrder(t, r, 'outbound', { vehicle: 'MH12IE3456' });
    const first = await sendExpiryNotices(t.database.db);
    expect(first).toBeGreaterThanOrEqual(1);
    const mine = await t.database.db.execute(
      sql`select n.msg from notifications n join users u on u.id = n.user_id where u.carrier_id is not null and n.msg like '%MH12IE3456%'`,
    );
    const msgs = rowsOf<{ msg: string }>(mine).map((m) => m.msg);
    expect(msgs.length).toBeGreaterThanOrEqual(1);
    expect(msgs[0]).toMatch(/^Insurance of vehicle MH12IE3456 ends on \d{2} \w{3} \d{4}\. Renew it before it blocks .* at the gate\.$/);
    expect(await sendExpiryNotices(t.database.db)).toBe(0);
    const again = await t.database.db.execute(sql`select count(*)::int as n from notifications where msg like '%MH12IE3456%'`);
    expect(rowsOf<{ n: number }>(again)[0]?.n).toBe(msgs.length);
  });
});
