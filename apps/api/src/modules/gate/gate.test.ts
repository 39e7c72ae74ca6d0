import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, type Road, freshVehicle, offlineOrder, setupRoad, walk } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { createStaff } from '../../test/staff.ts';
import { indiaDay } from '../../repositories/common/rows.ts';
import { indiaToday } from '../../lib/india-time.ts';
import { GATE_LOOKAHEAD_HOURS, gateBoard } from './gate-board.ts';

/** The gate: `POST /api/orders/{dir}/:id/gate-in | loaded | unloaded | gate-out` and `GET /api/gate/{dir}`. */
const t = useTestApp();
const call = caller(t);
let r: Road;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const detail = async (id: number, dir = 'outbound') => (await call('GET', `/api/orders/${dir}/${id}`, r.owner)).json().data;
const gateIn = (id: number, body: object, token = r.owner, dir = 'outbound') =>
  call('POST', `/api/orders/${dir}/${id}/gate-in`, token, body);
const loaded = (id: number, body: object, token = r.owner) => call('POST', `/api/orders/outbound/${id}/loaded`, token, body);
const gateOut = (id: number, body: object = {}, token = r.owner, dir = 'outbound') =>
  call('POST', `/api/orders/${dir}/${id}/gate-out`, token, body);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

beforeAll(async () => {
  r = await setupRoad(t);
});

describe('the gate, outbound', () => {
  it('gate in with a vehicle mismatch override, loaded with weights and seal, gate out with documents: times, weights, turnaround, timeline', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    expect((await call('POST', `/api/carrier/orders/${order.id}/report`, r.vayu, {})).json().data.status).toBe('reported');
    // Reported 95 minutes ago, so the turnaround is known.
    await t.database.db.execute(sql`update orders set reported_at = now() - interval '95 minutes' where id = ${order.id}`);

    const unexplained = await gateIn(order.id, { vehicleNumber: 'mh 14 xy 9999', driverChecked: true });
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json().error.fields.overrideReason).toMatch(/MH14XY9999.*not the order's/);
    const inside = await gateIn(order.id, {
      vehicleNumber: 'mh 14 xy 9999',
      driverChecked: true,
      overrideReason: 'Carrier swapped the truck after a breakdown',
      at: minutesAgo(80),
    });
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json().data).toMatchObject({ status: 'gate_in', vehicleMismatch: true });

    const weighed = await loaded(order.id, {
      grossKg: 24_350,
      tareKg: 9_150,
      sealNumber: 'SEAL-7781',
      invoiceNumber: 'INV-2026-118',
      lrNumber: 'LR-5521',
      at: minutesAgo(20),
    });
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect(weighed.json().data.status).toBe('loaded');
    const out = await gateOut(order.id, { documents: ['invoice', 'lr', 'eway_bill', 'invoice'] });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().data).toMatchObject({ status: 'gate_out', turnaroundMinutes: 95 });
    expect(Date.parse(out.json().data.gateOutAt)).toBeGreaterThan(Date.now() - 60_000);

    const d = await detail(order.id);
    expect(d.gateEvents.map((g: { kind: string }) => g.kind)).toEqual(['gate_in', 'loaded', 'gate_out']);
    expect(d.gateEvents[0]).toMatchObject({
      vehicleNumberSeen: 'MH14XY9999',
      vehicleMismatch: true,
      overrideReason: 'Carrier swapped the truck after a breakdown',
      driverChecked: true,
      byName: 'Asha Kulkarni',
    });
    expect(d.gateEvents[1]).toMatchObject({ grossKg: 24_350, tareKg: 9_150, netKg: 15_200, sealNumber: 'SEAL-7781', lrNumber: 'LR-5521' });
    expect(d.gateEvents[2].documentsPresent).toEqual(['invoice', 'lr', 'eway_bill']);
    expect(d.timeline.map((e: { to: string }) => e.to)).toEqual(['vehicle_assigned', 'reported', 'gate_in', 'loaded', 'gate_out']);
    expect(d.timeline[1]).toMatchObject({ byName: 'Imran Khan', byCompany: 'Vayu Roadlines', byLabel: 'Imran Khan, Vayu Roadlines' });
    expect(d.timeline[2]).toMatchObject({ byLabel: 'Asha Kulkarni, Demo Industries' });
    expect(d.timeline[2].reason).toMatch(/MH14XY9999 let in instead of .*Carrier swapped/);
    expect(Date.parse(d.timeline[2].at)).toBeCloseTo(Date.parse(minutesAgo(80)), -5);
    expect(d.timeline[3].reason).toMatch(/net 15,200 kg .*seal SEAL-7781/);
    expect(d.timeline[4].reason).toBe('documents: Invoice, Lorry receipt (LR), E-way bill');
    // In transit: the shipper may still record e-way bills; the next move is the carrier's.
    expect(d.actions).toEqual(['addEwayBill']);
  });

  it('reports and gates in an order not yet reported with one tap; the time defaults to now, never in the future or before reporting', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const future = await gateIn(order.id, { vehicleNumber: order.vehicleNumber, driverChecked: false, at: minutesAgo(-60) });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields.at).toMatch(/future/);
    const tap = await gateIn(order.id, { vehicleNumber: order.vehicleNumber, driverChecked: false });
    expect(tap.statusCode, tap.body).toBe(200);
    expect(tap.json().data).toMatchObject({ status: 'gate_in', vehicleMismatch: false });
    const d = await detail(order.id);
    expect(d.timeline.slice(-2).map((e: { from: string; to: string }) => `${e.from}>${e.to}`)).toEqual([
      'vehicle_assigned>reported',
      'reported>gate_in',
    ]);
    expect(d.reportedAt).toBe(d.gateInAt);

    const reported = await offlineOrder(t, r, 'outbound');
    await call('POST', `/api/carrier/orders/${reported.id}/report`, r.vayu, {});
    const early = await gateIn(reported.id, { vehicleNumber: reported.vehicleNumber, driverChecked: true, at: minutesAgo(30) });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields.at).toMatch(/before the vehicle reported/);
  });

  it('names the bad field: weights (negative, tare over gross, net 0), times, documents, vehicle number', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    expect((await gateIn(order.id, { vehicleNumber: 'XYZ', driverChecked: true })).json().error.fields).toHaveProperty('vehicleNumber');
    expect((await gateIn(order.id, { vehicleNumber: order.vehicleNumber })).json().error.fields).toHaveProperty('driverChecked');
    await gateIn(order.id, { vehicleNumber: order.vehicleNumber, driverChecked: true, at: minutesAgo(30) });
    for (const [body, field] of [
      [{ grossKg: -1, tareKg: 0 }, 'grossKg'],
      [{ grossKg: 20_000, tareKg: -5 }, 'tareKg'],
      [{ grossKg: 9_000, tareKg: 12_000 }, 'tareKg'],
      [{ grossKg: 9_000, tareKg: 9_000 }, 'tareKg'],
      [{ grossKg: 0, tareKg: 0 }, 'grossKg'],
      [{ tareKg: 9_000 }, 'grossKg'],
      [{ grossKg: 20_000, tareKg: 9_000, at: minutesAgo(45) }, 'at'],
      [{ grossKg: 20_000, tareKg: 9_000, at: 'soon' }, 'at'],
    ] as const) {
      const res = await loaded(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await loaded(order.id, { grossKg: 20_000, tareKg: 9_000, at: minutesAgo(10) })).statusCode).toBe(200);
    const before = await gateOut(order.id, { at: minutesAgo(20) });
    expect(before.statusCode).toBe(400);
    expect(before.json().error.fields.at).toMatch(/before the loading/);
    expect((await gateOut(order.id, { documents: ['passport'] })).json().error.fields).toHaveProperty('documents.0');
    expect((await detail(order.id)).status).toBe('loaded');
  });

  it('refuses a move the road does not allow (409), and an order without its vehicle', async () => {
    const placed = await offlineOrder(t, r, 'outbound', { vehicle: null });
    expect((await gateIn(placed.id, { vehicleNumber: 'MH12AB1234', driverChecked: true, overrideReason: 'x' })).statusCode).toBe(409);
    const order = await offlineOrder(t, r, 'outbound');
    expect((await loaded(order.id, { grossKg: 20_000, tareKg: 9_000 })).statusCode).toBe(409);
    expect((await gateOut(order.id)).statusCode).toBe(409);
    await walk(t, r, 'outbound', order, 'gate_in');
    const twice = await gateIn(order.id, { vehicleNumber: order.vehicleNumber, driverChecked: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('INVALID_TRANSITION');
    expect((await gateOut(order.id)).statusCode).toBe(409);
    expect((await call('POST', `/api/orders/outbound/${order.id}/cancel`, r.owner, { reason: 'late' })).statusCode).toBe(409);
    // Unloading is the inbound gate's record: outbound has no such call.
    expect((await call('POST', `/api/orders/outbound/${order.id}/unloaded`, r.owner, { grossKg: 2, tareKg: 1 })).statusCode).toBe(404);
    expect((await detail(order.id)).status).toBe('gate_in');
  });

  it('401 without a session, 403 without the order list permission, 404 for another tenant, plant or direction', async () => {
    const order = await offlineOrder(t, r, 'outbound', { plantId: r.plants[0]?.id });
    const body = { vehicleNumber: order.vehicleNumber, driverChecked: true };
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/outbound/${order.id}/gate-in`, payload: body })).statusCode).toBe(401);
    const noPermission = await createStaff(t, r.owner, { permissions: ['list-outbound-request', 'list-inbound-order'] });
    expect((await gateIn(order.id, body, noPermission.token)).statusCode).toBe(403);
    expect((await gateIn(order.id, body, r.vayu)).statusCode).toBe(403);
    expect((await gateIn(order.id, body, await t.login('noplan@demo.test'))).statusCode).toBe(404);
    const elsewhere = await createStaff(t, r.owner, { permissions: ['list-outbound-order'], plantIds: [r.plants[1]?.id ?? 0] });
    expect((await gateIn(order.id, body, elsewhere.token)).statusCode).toBe(404);
    expect((await gateIn(order.id, body, r.owner, 'inbound')).statusCode).toBe(404);
    expect((await detail(order.id)).status).toBe('vehicle_assigned');
    const guard = await createStaff(t, r.owner, { permissions: ['list-outbound-order'], plantIds: [r.plants[0]?.id ?? 0] });
    expect((await gateIn(order.id, body, guard.token)).statusCode).toBe(200);
  });

  it('two guards gating the same vehicle at once record one gate in; a retry with the same key changes nothing', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const body = { vehicleNumber: order.vehicleNumber, driverChecked: true };
    const results = await Promise.all(Array.from({ length: 6 }, () => gateIn(order.id, body)));
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    const events = rows<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from gate_events where order_id = ${order.id} and kind = 'gate_in'`),
    );
    expect(events[0]?.n).toBe(1);
    expect((await detail(order.id)).timeline.filter((e: { to: string }) => e.to === 'gate_in')).toHaveLength(1);

    const key = { 'idempotency-key': `gate-out-${order.id}-retry` };
    await loaded(order.id, { grossKg: 20_000, tareKg: 9_000 });
    const first = await call('POST', `/api/orders/outbound/${order.id}/gate-out`, r.owner, { documents: ['lr'] }, key);
    const again = await call('POST', `/api/orders/outbound/${order.id}/gate-out`, r.owner, { documents: ['lr'] }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await detail(order.id)).timeline.filter((e: { to: string }) => e.to === 'gate_out')).toHaveLength(1);
  });
});

describe('the gate, inbound', () => {
  it('gate in, unloaded with a shortage (the receipt), gate out: delivered by itself, the receipt accepted closes it', async () => {
    const order = await offlineOrder(t, r, 'inbound');
    expect((await gateIn(order.id, { vehicleNumber: order.vehicleNumber, driverChecked: true }, r.owner, 'inbound')).statusCode).toBe(200);
    const wrongCall = await call('POST', `/api/orders/inbound/${order.id}/loaded`, r.owner, { grossKg: 2, tareKg: 1 });
    expect(wrongCall.statusCode).toBe(404);
    const missingWhy = await call('POST', `/api/orders/inbound/${order.id}/unloaded`, r.owner, {
      grossKg: 18_000,
      tareKg: 8_000,
      shortageQty: 2,
    });
    expect(missingWhy.json().error.fields).toHaveProperty('remarks');
    const unloaded = await call('POST', `/api/orders/inbound/${order.id}/unloaded`, r.owner, {
      grossKg: 18_000,
      tareKg: 8_000,
      shortageQty: 2,
      remarks: '2 drums short',
    });
    expect(unloaded.statusCode, unloaded.body).toBe(200);
    expect(unloaded.json().data).toMatchObject({ status: 'unloaded', podIssue: true });
    const out = await gateOut(order.id, { documents: ['invoice'] }, r.owner, 'inbound');
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().data.status).toBe('delivered');

    const d = await detail(order.id, 'inbound');
    expect(d.timeline.slice(-2)).toMatchObject([
      { from: 'unloaded', to: 'gate_out', byName: 'Asha Kulkarni' },
      { from: 'gate_out', to: 'delivered', byName: null, byLabel: 'Freightdesk (automatic)' },
    ]);
    expect(d.pod).toMatchObject({
      version: 1,
      status: 'submitted',
      receiverName: 'Asha Kulkarni',
      shortageQty: 2,
      hasIssue: true,
      documentId: null,
    });
    expect(d.actions).toEqual(['acceptPod']);
    expect((await call('POST', `/api/orders/inbound/${order.id}/pod/reject`, r.owner, { reason: 'recount' })).statusCode).toBe(409);
    const accepted = await call('POST', `/api/orders/inbound/${order.id}/pod/accept`, r.owner, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'closed', podIssue: true });
    expect((await detail(order.id, 'inbound')).pod).toMatchObject({ status: 'accepted', decidedByName: 'Asha Kulkarni' });
  });
});

describe('the gate board', () => {
  const board = async (query: string, token = r.owner, dir = 'outbound') => call('GET', `/api/gate/${dir}?${query}`, token);

  it('shows one plant’s day: counts per state, rows with times, e-way bill state and the actions possible now; searches a vehicle in any spacing', async () => {
    const plantId = r.plants[0]?.id ?? 0;
    const before = (await board(`plantId=${plantId}`)).json().data.counts;
    const expected = await offlineOrder(t, r, 'outbound', { plantId });
    const reported = await offlineOrder(t, r, 'outbound', { plantId });
    const inside = await offlineOrder(t, r, 'outbound', { plantId });
    const left = await offlineOrder(t, r, 'outbound', { plantId });
    const elsewhere = await offlineOrder(t, r, 'outbound', { plantId: r.plants[1]?.id });
    await walk(t, r, 'outbound', reported, 'reported');
    await walk(t, r, 'outbound', inside, 'gate_in');
    await walk(t, r, 'outbound', left, 'gate_out');
    await call('POST', `/api/orders/outbound/${inside.id}/eway-bills`, r.owner, { number: '331000077711' });

    const res = await board(`plantId=${plantId}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.plant).toMatchObject({ id: plantId });
    expect(data.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.counts).toEqual({
      expected: before.expected + 1,
      reported: before.reported + 1,
      inside: before.inside + 1,
      left: before.left + 1,
    });
    const row = (id: number) => data.rows.find((x: { orderId: number }) => x.orderId === id);
    expect(row(elsewhere.id)).toBeUndefined();
    expect(row(expected.id)).toMatchObject({ state: 'expected', status: 'vehicle_assigned', actions: ['gateIn'], ewayBillState: 'none' });
    expect(row(reported.id)).toMatchObject({ state: 'reported', actions: ['gateIn'], carrierName: 'Vayu Roadlines', driverName: 'Ramesh' });
    expect(row(inside.id)).toMatchObject({ state: 'inside', actions: ['loaded'], ewayBillState: 'valid', otherEnd: 'Surat DC' });
    expect(row(inside.id).gateInAt).toBeTruthy();
    expect(row(left.id)).toMatchObject({ state: 'left', statusLabel: 'In transit', actions: [] });
    expect(row(left.id).turnaroundMinutes).toBeGreaterThanOrEqual(0);

    const spaced = (left.vehicleNumber ?? '').toLowerCase().replace(/^(..)(..)(..)(.*)$/, '$1 $2 $3-$4');
    const found = (await board(`plantId=${plantId}&search=${encodeURIComponent(spaced)}`)).json().data;
    expect(found.rows.map((x: { orderId: number }) => x.orderId)).toEqual([left.id]);
    expect(found.counts).toEqual(data.counts);
    const insideOnly = (await board(`plantId=${plantId}&state=inside`)).json().data.rows;
    expect(insideOnly.length).toBe(data.counts.inside);
    expect(insideOnly.every((x: { state: string }) => x.state === 'inside')).toBe(true);
    expect((await board(`plantId=${plantId}&day=2001-01-01`)).json().data.counts).toEqual({ expected: 0, reported: 0, inside: 0, left: 0 });
  });

  it('keeps a guard to the plant: staff of another plant get 404 for this one and their own by default; 401, 403, another tenant 404', async () => {
    const [here, there] = [r.plants[0]?.id ?? 0, r.plants[1]?.id ?? 0];
    const order = await offlineOrder(t, r, 'outbound', { plantId: here });
    const guard = await createStaff(t, r.owner, { permissions: ['list-outbound-order'], plantIds: [there] });
    expect((await board(`plantId=${here}`, guard.token)).statusCode).toBe(404);
    const own = (await board('', guard.token)).json().data;
    expect(own.plant.id).toBe(there);
    expect(own.plants.map((p: { id: number }) => p.id)).toEqual([there]);
    expect(own.rows.map((x: { orderId: number }) => x.orderId)).not.toContain(order.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/gate/outbound' })).statusCode).toBe(401);
    const inboundOnly = await createStaff(t, r.owner, { permissions: ['list-inbound-order'] });
    expect((await board('', inboundOnly.token)).statusCode).toBe(403);
    expect((await board('', inboundOnly.token, 'inbound')).statusCode).toBe(200);
    expect((await board('', r.vayu)).statusCode).toBe(403);
    expect((await board(`plantId=${here}`, await t.login('noplan@demo.test'))).statusCode).toBe(404);
    const bad = await board('day=tomorrow&state=gone');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['day', 'state']);
  });

  it('at 23:30 India time today’s board lists the truck due at 00:30 (the next hours), not one due after them; another day’s board does not look ahead', async () => {
    const plantId = r.plants[0]?.id ?? 0;
    const day = indiaToday();
    const lateEvening = new Date(indiaDay(day, 1).getTime() - 30 * 60_000);
    const due = (hours: number) => new Date(lateEvening.getTime() + hours * 3_600_000).toISOString();
    const soon = await offlineOrder(t, r, 'outbound', { plantId, patch: { pickupAt: due(1) } });
    const later = await offlineOrder(t, r, 'outbound', { plantId, patch: { pickupAt: due(GATE_LOOKAHEAD_HOURS + 1) } });
    const [row] = rows<{ industryId: number }>(
      await t.database.db.execute(sql`select industry_id as "industryId" from orders where id = ${soon.id}`),
    );
    const industryId = row?.industryId ?? 0;
    const owner = {
      id: 0,
      userType: 3 as const,
      industryId,
      carrierId: null,
      permissions: ['list-outbound-order' as const],
      plantIds: [],
      businessUnitIds: [],
    };
    const ids = async (now: Date, query = {}) =>
      (await gateBoard(t.database.db, owner, 1, { plantId, ...query }, now)).rows.map((x) => x.orderId);
    const tonight = await ids(lateEvening);
    expect(tonight).toContain(soon.id);
    expect(tonight).not.toContain(later.id);
    expect(await ids(new Date(indiaDay(day).getTime() + 10 * 3_600_000))).not.toContain(soon.id);
    expect(await ids(lateEvening, { day: '2001-01-01' })).not.toContain(soon.id);
  });

  it('an inbound board shows the vendor as the other end, and a vehicle unloaded and out as left', async () => {
    const order = await offlineOrder(t, r, 'inbound', { vehicle: freshVehicle() });
    await walk(t, r, 'inbound', order, 'delivered');
    const data = (await board(`plantId=${r.plants[0]?.id}`, r.owner, 'inbound')).json().data;
    const row = data.rows.find((x: { orderId: number }) => x.orderId === order.id);
    expect(row).toMatchObject({ state: 'left', status: 'delivered', otherEnd: 'Deccan Resins, Works' });
  });
});
