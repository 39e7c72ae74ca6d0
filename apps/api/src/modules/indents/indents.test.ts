import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractedLane } from '../../test/contracts.ts';
import { caller } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { hoursFromNow, type Procurement, setupProcurement } from '../../test/procurement.ts';
import { createStaff } from '../../test/staff.ts';
import { rowsOf } from '../../db/rows.ts';

const t = useTestApp();
const call = caller(t);
let p: Procurement;
let laneId = 0;

const place = (over: Record<string, unknown> = {}) =>
  call('POST', '/api/indents', p.owner, { indents: [{ laneId, vehicles: 2, reportingAt: hoursFromNow(20), ...over }] });
const detail = async (id: number) => (await call('GET', `/api/indents/${id}`, p.owner)).json().data;
const answer = (token: string, id: number, body: object) => call('POST', `/api/carrier/indents/${id}/answer`, token, body);
const titles = async (token: string, referId: number) =>
  ((await call('GET', '/api/notifications?pageSize=100', token)).json().data as { title: string; referId: number; type: string }[])
    .filter((n) => n.referId === referId && n.type === 'indent')
    .map((n) => n.title);
/** Lets the deadline of the turn being asked now pass: its durable job comes due and the runner runs it. */
async function expireCurrent(indentId: number) {
  const db = t.database.db;
  const [turn] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from indent_allocations where indent_id = ${indentId} and status = 'offered'`),
  );
  expect(turn).toBeDefined();
  const past = new Date(Date.now() - 1000);
  await db.execute(sql`update indent_allocations set deadline_at = ${past} where id = ${turn?.id}`);
  await db.execute(sql`update jobs set run_at = ${past} where key = ${`indent-deadline:${turn?.id}`}`);
  expect(await t.app.deps.jobs.tick()).toBeGreaterThan(0);
}

beforeAll(async () => {
  p = await setupProcurement(t);
  laneId = (await contractedLane(t, p, 60)).laneId;
});

describe('indents', () => {
  it('offers the contracted lane with its carriers, shares and rates, to the shipper only', async () => {
    const lanes = await call('GET', '/api/indents/lanes?search=Surat', p.owner);
    expect(lanes.statusCode, lanes.body).toBe(200);
    const lane = lanes.json().data.find((l: { id: number }) => l.id === laneId);
    expect(
      lane.carriers.map((c: { carrierName: string; sharePct: number; rateRupees: number }) => [c.carrierName, c.sharePct, c.rateRupees]),
    ).toEqual([
      ['Vayu Roadlines', 60, 40_000],
      ['Shree Ganesh Transport', 40, 38_000],
    ]);
    expect((await call('GET', '/api/indents/lanes', p.vayu)).statusCode).toBe(403);
    expect((await call('GET', '/api/indents', p.vayu)).statusCode).toBe(403);
  });

  it('refuses bad input naming the field (and the batch line), and places nothing', async () => {
    const bad = async (body: object, field: string) => {
      const res = await call('POST', '/api/indents', p.owner, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    };
    const line = { laneId, vehicles: 1, reportingAt: hoursFromNow(5) };
    await bad({ indents: [{ ...line, reportingAt: hoursFromNow(-1) }] }, 'reportingAt');
    await bad({ indents: [{ ...line, vehicles: 0 }] }, 'indents.0.vehicles');
    await bad({ indents: [{ ...line, laneId: 999_999 }] }, 'laneId');
    await bad({ indents: [{ ...line, reportingAt: new Date(Date.now() + 400 * 86_400_000).toISOString() }] }, 'reportingAt');
    await bad({ indents: [line, { ...line, reportingAt: hoursFromNow(-2) }] }, 'indents.1.reportingAt');
    await bad({ indents: [{ ...line, primaryCarrierLinkId: 999_999 }] }, 'primaryCarrierLinkId');
    await bad({ indents: [{ ...line, backupCarrierLinkIds: [999_999] }] }, 'backupCarrierLinkIds');
    await bad({ indents: [{ ...line, primaryCarrierLinkId: p.vayuLink, backupCarrierLinkIds: [p.vayuLink] }] }, 'backupCarrierLinkIds');
    await bad({ indents: [{ ...line, answerMinutes: 5 }] }, 'indents.0.answerMinutes');
    const [n] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from indents`));
    expect(n?.n).toBe(0);
  });

  it('asks the carrier most behind its share; a rejection passes it on, a missed deadline makes it a spot indent that opens a request', async () => {
    const placed = await place();
    expect(placed.statusCode, placed.body).toBe(201);
    const indent = placed.json().data[0];
    expect(indent).toMatchObject({ status: 'open', vehicles: 2, currentCarrierName: 'Vayu Roadlines' });
    expect(indent.number).toMatch(/^IND-\d{4}-\d{6}$/);
    // The deadline is a durable job; Ganesh, queued behind, sees nothing yet.
    const [job] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from jobs where key like 'indent-deadline:%'`),
    );
    expect(job?.n).toBeGreaterThan(0);
    expect((await call('GET', `/api/carrier/indents/${indent.id}`, p.ganesh)).statusCode).toBe(404);
    expect((await call('GET', '/api/carrier/indents', p.ganesh)).json().total).toBe(0);
    expect(await titles(p.vayu, indent.id)).toContain('Indent to accept');
    const mine = (await call('GET', '/api/carrier/indents?pending=true', p.vayu)).json().data;
    expect(mine.map((m: { id: number; rateRupees: number; vehiclesAsked: number }) => [m.id, m.rateRupees, m.vehiclesAsked])).toEqual([
      [indent.id, 40_000, 2],
    ]);
    expect(JSON.stringify(mine)).not.toMatch(/Ganesh|38000/);

    // Vayu rejects: it needs a reason; then Ganesh is asked for both.
    const noReason = await answer(p.vayu, indent.id, { answer: 'reject', reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().error.fields)).toContain('reason');
    const rejected = await answer(p.vayu, indent.id, { answer: 'reject', reason: 'No vehicle free that day' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'No vehicle free that day' });
    expect((await answer(p.vayu, indent.id, { answer: 'accept', vehicles: 1 })).json().error.code).toBe('INDENT_ANSWERED');
    let d = await detail(indent.id);
    expect(d.allocations.map((a: { carrierName: string; status: string; role: string }) => [a.carrierName, a.role, a.status])).toEqual([
      ['Vayu Roadlines', 'primary', 'rejected'],
      ['Shree Ganesh Transport', 'backup', 'offered'],
    ]);
    expect(await titles(p.owner, indent.id)).toEqual(expect.arrayContaining(['Indent rejected', 'Indent passed to backup']));

    // Ganesh lets the deadline pass: nobody is left, the two vehicles become the spot indent.
    await expireCurrent(indent.id);
    const late = await answer(p.ganesh, indent.id, { answer: 'accept', vehicles: 2 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('INDENT_TURN_OVER');
    d = await detail(indent.id);
    expect(d).toMatchObject({ status: 'spot', spotVehicles: 2, acceptedVehicles: 0, spotRequestId: null });
    expect(await titles(p.owner, indent.id)).toEqual(expect.arrayContaining(['Indent not answered', 'Spot indent raised']));

    // The spot request starts from it and points back to it, once.
    const spot = await call('GET', `/api/indents/${indent.id}/spot`, p.owner);
    expect(spot.statusCode, spot.body).toBe(200);
    const prefill = spot.json().data;
    expect(prefill).toMatchObject({ requestType: 1, vehicleCount: 2, targetPriceRupees: 40_000, plantId: p.base.plantId });
    expect(prefill.dropoffs).toEqual(p.base.dropoffs);
    const body = { ...p.base, vehicleCount: prefill.vehicleCount, pickupAt: hoursFromNow(20), spotIndentId: indent.id };
    const raised = await call('POST', '/api/requests/outbound', p.owner, body);
    expect(raised.statusCode, raised.body).toBe(201);
    expect((await detail(indent.id)).spotRequestId).toBe(raised.json().data.id);
    const again = await call('POST', '/api/requests/outbound', p.owner, body);
    expect(again.statusCode).toBe(400);
    expect(Object.keys(again.json().error.fields)).toContain('spotIndentId');
    expect((await call('GET', `/api/indents/${indent.id}/spot`, p.owner)).statusCode).toBe(409);
  });

  it('makes orders at each carrier’s contract rate for what it accepts, passing the rest on; never more than asked', async () => {
    const placed = await place({ vehicles: 3, primaryCarrierLinkId: p.ganeshLink, weightTonnes: 30 });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().data[0].id;
    const over = await answer(p.ganesh, id, { answer: 'accept', vehicles: 4 });
    expect(over.statusCode).toBe(400);
    expect(Object.keys(over.json().error.fields)).toEqual(['vehicles']);
    const two = await answer(p.ganesh, id, { answer: 'accept', vehicles: 2 });
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().data.orders).toHaveLength(2);
    expect((await detail(id)).currentCarrierName).toBe('Vayu Roadlines');
    expect((await answer(p.vayu, id, { answer: 'accept', vehicles: 1 })).statusCode).toBe(200);
    const d = await detail(id);
    expect(d).toMatchObject({ status: 'fulfilled', acceptedVehicles: 3, spotVehicles: 0, currentCarrierName: null });
    expect(
      d.orders.map((o: { carrierName: string; priceRupees: number; status: string }) => [o.carrierName, o.priceRupees, o.status]),
    ).toEqual([
      ['Shree Ganesh Transport', 38_000, 'placed'],
      ['Shree Ganesh Transport', 38_000, 'placed'],
      ['Vayu Roadlines', 40_000, 'placed'],
    ]);
    // They are ordinary orders: the shipper's list and the carrier's portal show them, with the lane.
    const order = await call('GET', `/api/orders/outbound/${d.orders[0].id}`, p.owner);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().data).toMatchObject({
      source: 'indent',
      weightTonnes: 10,
      indentId: id,
      indentNumber: expect.stringMatching(/^IND-/),
    });
    expect((await call('GET', `/api/carrier/orders/${d.orders[2].id}`, p.vayu)).statusCode).toBe(200);
    // The contract's rate changing later does not touch them.
    await t.database.db.execute(sql`update contract_lanes set rate_paise = 4500000 where rfq_lane_id = ${laneId}`);
    expect((await detail(id)).orders[2].priceRupees).toBe(40_000);
    await t.database.db.execute(
      sql`update contract_lanes set rate_paise = case when rate_paise = 4500000 then 4000000 else rate_paise end where rfq_lane_id = ${laneId}`,
    );
  });

  it('passes an indent on when the shipper stops waiting for the carrier asked, down to spot', async () => {
    const id = (await place({ vehicles: 1, primaryCarrierLinkId: p.vayuLink, backupCarrierLinkIds: [p.ganeshLink] })).json().data[0].id;
    expect((await call('POST', `/api/indents/${id}/pass-on`, p.vayu)).statusCode).toBe(403);
    const passed = await call('POST', `/api/indents/${id}/pass-on`, p.owner);
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json().data.currentCarrierName).toBe('Shree Ganesh Transport');
    expect(passed.json().data.allocations[0]).toMatchObject({
      status: 'passed',
      reason: expect.stringMatching(/^Passed on by .+ before the deadline$/),
    });
    expect((await answer(p.vayu, id, { answer: 'accept', vehicles: 1 })).json().error.code).toBe('INDENT_TURN_OVER');
    expect((await call('POST', `/api/indents/${id}/pass-on`, p.owner)).json().data).toMatchObject({ status: 'spot', spotVehicles: 1 });
    expect((await call('POST', `/api/indents/${id}/pass-on`, p.owner)).statusCode).toBe(409);
  });

  it('takes one of two answers sent at once for the last vehicles, never allocating twice', async () => {
    const id = (await place({ vehicles: 2, primaryCarrierLinkId: p.vayuLink })).json().data[0].id;
    const both = await Promise.all([
      answer(p.vayu, id, { answer: 'accept', vehicles: 2 }),
      answer(p.vayu, id, { answer: 'accept', vehicles: 2 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [n] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from orders where indent_id = ${id}`));
    expect(n?.n).toBe(2);
  });

  it('edits before anyone accepted (stale saves refused), changes backups, cancels, and re-opens a spot indent with a new backup', async () => {
    const id = (await place({ vehicles: 2, primaryCarrierLinkId: p.vayuLink, backupCarrierLinkIds: [p.ganeshLink] })).json().data[0].id;
    const loaded = await detail(id);
    const edit = { vehicles: 3, reportingAt: hoursFromNow(30), remarks: 'Two loading bays' };
    const ok = await call('PUT', `/api/indents/${id}`, p.owner, edit, { 'if-match': loaded.updatedAt });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ vehicles: 3, remarks: 'Two loading bays' });
    expect(ok.json().data.allocations[0]).toMatchObject({ status: 'offered', vehiclesAsked: 3 });
    expect((await call('PUT', `/api/indents/${id}`, p.owner, edit, { 'if-match': loaded.updatedAt })).json().error.code).toBe('STALE');
    // Backups: the primary cannot be queued again; an empty list leaves nobody behind the primary.
    expect((await call('PUT', `/api/indents/${id}/backups`, p.owner, { backupCarrierLinkIds: [p.vayuLink] })).statusCode).toBe(400);
    const none = await call('PUT', `/api/indents/${id}/backups`, p.owner, { backupCarrierLinkIds: [] });
    expect(none.json().data.allocations).toHaveLength(1);
    // Vayu rejects: spot at once. Adding Ganesh back re-opens it and asks him.
    await answer(p.vayu, id, { answer: 'reject', reason: 'Full' });
    expect(await detail(id)).toMatchObject({ status: 'spot', spotVehicles: 3 });
    const back = await call('PUT', `/api/indents/${id}/backups`, p.owner, { backupCarrierLinkIds: [p.ganeshLink] });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ status: 'open', spotVehicles: 0, currentCarrierName: 'Shree Ganesh Transport' });
    // Cancel: needs a reason; the carrier asked is told; its answer is then refused.
    expect((await call('POST', `/api/indents/${id}/cancel`, p.owner, { reason: '' })).statusCode).toBe(400);
    const cancelled = await call('POST', `/api/indents/${id}/cancel`, p.owner, { reason: 'Plant shutdown' });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', cancelReason: 'Plant shutdown' });
    expect(await titles(p.ganesh, id)).toContain('Indent cancelled');
    expect((await answer(p.ganesh, id, { answer: 'accept', vehicles: 1 })).json().error.code).toBe('INDENT_CANCELLED');
    expect((await call('POST', `/api/indents/${id}/cancel`, p.owner, { reason: 'Again' })).statusCode).toBe(409);
    // After an acceptance the indent can no longer be edited.
    const taken = (await place({ vehicles: 1, primaryCarrierLinkId: p.vayuLink })).json().data[0].id;
    await answer(p.vayu, taken, { answer: 'accept', vehicles: 1 });
    expect((await call('PUT', `/api/indents/${taken}`, p.owner, edit)).statusCode).toBe(409);
  });

  it('keeps each shipper, plant and permission to its own indents', async () => {
    const id = (await place({ vehicles: 1 })).json().data[0].id;
    const stranger = await t.login('noplan@demo.test');
    expect((await call('GET', `/api/indents/${id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', '/api/indents', stranger)).json().data.map((x: { id: number }) => x.id)).not.toContain(id);
    expect((await call('POST', `/api/indents/${id}/cancel`, stranger, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('GET', `/api/indents/${id}`, '')).statusCode).toBe(401);
    const viewer = (await createStaff(t, p.owner, { permissions: ['list-rfp'] })).token;
    expect((await call('GET', '/api/indents', viewer)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/indents', viewer, { indents: [{ laneId, vehicles: 1, reportingAt: hoursFromNow(5) }] })).statusCode,
    ).toBe(403);
    const lister = (await createStaff(t, p.owner, { permissions: ['list-indent'] })).token;
    expect((await call('GET', `/api/indents/${id}`, lister)).statusCode).toBe(200);
    expect((await call('POST', `/api/indents/${id}/cancel`, lister, { reason: 'x' })).statusCode).toBe(403);
  });
});
