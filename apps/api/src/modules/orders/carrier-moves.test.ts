import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { carrierMoveCalls, vehicle } from '../../test/carrier-moves.ts';
import { type Road, freshVehicle, offlineOrder, setupRoad, walk } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';

/**
 * The carrier's moves on its own order: `POST /api/carrier/orders/:id/assign | reject | vehicle |
 * report | arrive`. Who, when and why on the timeline; 400 naming the field, 409 for a move the
 * road refuses. Who may move an order and a retried key: carrier-moves-access.test.ts.
 */
const t = useTestApp();
let r: Road;
const { call, move, detail, timeline, throughGate } = carrierMoveCalls(t, () => r);
const VAYU = { byName: 'Imran Khan', byCompany: 'Vayu Roadlines', byLabel: 'Imran Khan, Vayu Roadlines' };

beforeAll(async () => {
  r = await setupRoad(t);
});

describe('accept (assign the vehicle) or reject a placed order', () => {
  it('assigns the vehicle and driver: the order, the carrier’s page and the shipper’s timeline name who', async () => {
    const order = await offlineOrder(t, r, 'outbound', { vehicle: null });
    const number = freshVehicle();
    const res = await move(
      order.id,
      'assign',
      vehicle({ vehicleNumber: `${number.slice(0, 2)} ${number.slice(2, 4)} ${number.slice(4)}` }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: order.id, status: 'vehicle_assigned', vehicleNumber: number, driverName: 'Suresh' });
    const d = await detail(order.id);
    expect(d.timeline.at(-1)).toMatchObject({ from: 'placed', to: 'vehicle_assigned', reason: `vehicle ${number}`, ...VAYU });
    expect(Date.parse(d.timeline.at(-1).at)).toBeGreaterThan(Date.now() - 60_000);
    const mine = (await call('GET', `/api/carrier/orders/${order.id}`, r.vayu)).json().data;
    expect(mine.actions).toEqual(['changeVehicle', 'report']);
    // Accepted once: another vehicle needs the change with a reason.
    const again = await move(order.id, 'assign', vehicle());
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/change it with a reason/);
    expect((await move(order.id, 'reject', { reason: 'too late' })).statusCode).toBe(409);
  });

  it('rejects with the reason on the timeline; a rejected order takes no vehicle', async () => {
    const order = await offlineOrder(t, r, 'outbound', { vehicle: null });
    const res = await move(order.id, 'reject', { reason: 'No vehicle free that day' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected' });
    expect(res.json().data.rejectedAt).toBeTruthy();
    expect((await detail(order.id)).timeline.at(-1)).toMatchObject({ to: 'rejected', reason: 'No vehicle free that day', ...VAYU });
    expect((await move(order.id, 'assign', vehicle())).statusCode).toBe(409);
    expect((await move(order.id, 'reject', {})).statusCode).toBe(409);
    expect((await move(order.id, 'report')).statusCode).toBe(409);
  });

  it('names the bad field: vehicle number, driver, mobile, a reason too long', async () => {
    const order = await offlineOrder(t, r, 'outbound', { vehicle: null });
    for (const [body, field] of [
      [vehicle({ vehicleNumber: '123' }), 'vehicleNumber'],
      [vehicle({ vehicleNumber: undefined }), 'vehicleNumber'],
      [vehicle({ driverName: '  ' }), 'driverName'],
      [vehicle({ driverMobile: '12345' }), 'driverMobile'],
      [vehicle({ driverMobile: undefined }), 'driverMobile'],
    ] as const) {
      const res = await move(order.id, 'assign', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    const long = await move(order.id, 'reject', { reason: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toHaveProperty('reason');
    expect((await detail(order.id)).status).toBe('placed');
  });
});

describe('change the vehicle with a reason', () => {
  it('while assigned or reported: the old and new vehicle and why on the timeline, the reported time kept', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const next = freshVehicle();
    const res = await move(order.id, 'vehicle', vehicle({ vehicleNumber: next, driverName: 'Mahesh', reason: 'Breakdown at Lonavala' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'vehicle_assigned', vehicleNumber: next, driverName: 'Mahesh' });
    expect((await detail(order.id)).timeline.at(-1)).toMatchObject({
      from: 'vehicle_assigned',
      to: 'vehicle_assigned',
      reason: `Vehicle changed: ${order.vehicleNumber} (Ramesh) → ${next} (Mahesh): Breakdown at Lonavala`,
      ...VAYU,
    });

    expect((await move(order.id, 'report')).statusCode).toBe(200);
    await t.database.db.execute(sql`update orders set reported_at = now() - interval '40 minutes' where id = ${order.id}`);
    const reportedAt = (await detail(order.id)).reportedAt;
    const third = freshVehicle();
    const changed = await move(order.id, 'vehicle', vehicle({ vehicleNumber: third, reason: 'Driver fell ill' }));
    expect(changed.statusCode, changed.body).toBe(200);
    const d = await detail(order.id);
    expect(d).toMatchObject({ status: 'reported', vehicleNumber: third });
    // A change is no new report: the turnaround still counts from the first.
    expect(d.reportedAt).toBe(reportedAt);
    expect(d.timeline.at(-1)).toMatchObject({ from: 'reported', to: 'reported', ...VAYU });
    expect(d.timeline.at(-1).reason).toMatch(/Driver fell ill$/);
  });

  it('needs a reason and a good vehicle (400 naming the field); 409 on a placed order and once through the gate', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    for (const [body, field] of [
      [vehicle(), 'reason'],
      [vehicle({ reason: '   ' }), 'reason'],
      [vehicle({ reason: 'x'.repeat(301) }), 'reason'],
      [vehicle({ reason: 'Breakdown', vehicleNumber: 'KA' }), 'vehicleNumber'],
      [vehicle({ reason: 'Breakdown', driverMobile: '5555555555' }), 'driverMobile'],
    ] as const) {
      const res = await move(order.id, 'vehicle', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await detail(order.id)).vehicleNumber).toBe(order.vehicleNumber);

    const placed = await offlineOrder(t, r, 'outbound', { vehicle: null });
    expect((await move(placed.id, 'vehicle', vehicle({ reason: 'Breakdown' }))).statusCode).toBe(409);
    await walk(t, r, 'outbound', order, 'gate_in');
    const inside = await move(order.id, 'vehicle', vehicle({ reason: 'Breakdown' }));
    expect(inside.statusCode).toBe(409);
    expect(inside.json().error.code).toBe('INVALID_TRANSITION');
    expect((await detail(order.id)).vehicleNumber).toBe(order.vehicleNumber);
  });
});

describe('reported at the plant, arrived at the destination', () => {
  it('reports (outbound and inbound) and arrives after the gate out, each with who and where on the timeline', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const reported = await move(order.id, 'report');
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json().data.status).toBe('reported');
    expect(reported.json().data.reportedAt).toBeTruthy();
    expect((await detail(order.id)).timeline.at(-1)).toMatchObject({
      from: 'vehicle_assigned',
      to: 'reported',
      reason: `reported at ${r.plants[0]?.name}`,
      ...VAYU,
    });
    await throughGate(order.id, order.vehicleNumber);
    const arrived = await move(order.id, 'arrive', { remarks: 'Waiting at the DC gate' });
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json().data.status).toBe('arrived');
    expect((await detail(order.id)).timeline.at(-1)).toMatchObject({
      from: 'gate_out',
      to: 'arrived',
      reason: 'Waiting at the DC gate',
      ...VAYU,
    });
    const told = (await call('GET', '/api/notifications', r.owner)).json().data as { title: string; msg: string }[];
    expect(told.find((n) => n.title === 'Vehicle reported' && n.msg.includes(order.number))?.msg).toBe(
      `${order.vehicleNumber} reported at ${r.plants[0]?.name} for ${order.number}.`,
    );
    expect(told.find((n) => n.title === 'Arrived' && n.msg.includes(order.number))?.msg).toBe(`${order.number} arrived at Surat DC.`);
    const quiet = await offlineOrder(t, r, 'outbound');
    await walk(t, r, 'outbound', quiet, 'gate_out');
    expect((await move(quiet.id, 'arrive')).statusCode).toBe(200);
    expect((await timeline(quiet.id)).at(-1)?.reason).toBe('arrived at Surat DC');
    expect((await call('GET', `/api/carrier/orders/${quiet.id}`, r.vayu)).json().data.actions).toEqual(['deliver']);

    const inbound = await offlineOrder(t, r, 'inbound');
    expect((await move(inbound.id, 'report', { remarks: 'At the receiving gate' })).json().data.status).toBe('reported');
    expect((await detail(inbound.id, 'inbound')).timeline.at(-1)).toMatchObject({
      to: 'reported',
      reason: 'At the receiving gate',
      ...VAYU,
    });
  });

  it('a move kept on a phone without network keeps the time it was made (at); a time ahead of the clock is 400 naming at', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const ahead = await move(order.id, 'report', { at: new Date(Date.now() + 30 * 60_000).toISOString() });
    expect(ahead.statusCode, ahead.body).toBe(400);
    expect(Object.keys(ahead.json().error.fields)).toEqual(['at']);
    expect((await detail(order.id)).status).toBe('vehicle_assigned');
    const madeAt = new Date(Math.floor((Date.now() - 20 * 60_000) / 1000) * 1000);
    const kept = await move(order.id, 'report', { at: madeAt.toISOString() });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(new Date(kept.json().data.reportedAt).toISOString()).toBe(madeAt.toISOString());
  });

  it('refuses a move the road does not allow (409): report twice or unassigned, arrive before the gate out or twice, arrive inbound', async () => {
    const placed = await offlineOrder(t, r, 'outbound', { vehicle: null });
    expect((await move(placed.id, 'report')).statusCode).toBe(409);
    const order = await offlineOrder(t, r, 'outbound');
    expect((await move(order.id, 'arrive')).statusCode).toBe(409);
    expect((await move(order.id, 'report')).statusCode).toBe(200);
    const twice = await move(order.id, 'report');
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().error).toMatchObject({ code: 'INVALID_TRANSITION', message: 'This order is already Reported.' });
    expect((await move(order.id, 'arrive')).statusCode).toBe(409);
    await throughGate(order.id, order.vehicleNumber, 'loaded');
    expect((await move(order.id, 'arrive')).statusCode).toBe(409);
    expect((await move(order.id, 'report')).statusCode).toBe(409);
    expect((await call('POST', `/api/orders/outbound/${order.id}/gate-out`, r.owner, {})).statusCode).toBe(200);
    expect((await move(order.id, 'arrive')).statusCode).toBe(200);
    expect((await move(order.id, 'arrive')).statusCode).toBe(409);
    expect((await timeline(order.id)).map((e) => e.to)).toEqual([
      'vehicle_assigned',
      'reported',
      'gate_in',
      'loaded',
      'gate_out',
      'arrived',
    ]);

    // The shipper cancelled: nothing moves any more.
    const cancelled = await offlineOrder(t, r, 'outbound');
    expect((await call('POST', `/api/orders/outbound/${cancelled.id}/cancel`, r.owner, { reason: 'Plant shut' })).statusCode).toBe(200);
    for (const [what, body] of [
      ['report', {}],
      ['vehicle', vehicle({ reason: 'Breakdown' })],
      ['assign', vehicle()],
      ['reject', {}],
      ['arrive', {}],
    ] as const) {
      expect((await move(cancelled.id, what, body)).statusCode, what).toBe(409);
    }

    // An inbound trip ends at the receiving plant's gate: there is no "arrived" on its road.
    const inbound = await offlineOrder(t, r, 'inbound');
    await walk(t, r, 'inbound', inbound, 'unloaded');
    expect((await move(inbound.id, 'arrive')).statusCode).toBe(409);
    expect((await detail(inbound.id, 'inbound')).status).toBe('unloaded');
  });

  it('two taps on "reported" at once record one report', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const codes = (await Promise.all([move(order.id, 'report'), move(order.id, 'report'), move(order.id, 'report')]))
      .map((res) => res.statusCode)
      .sort();
    expect(codes).toEqual([200, 409, 409]);
    expect((await timeline(order.id)).filter((e) => e.to === 'reported')).toHaveLength(1);
  });
});
