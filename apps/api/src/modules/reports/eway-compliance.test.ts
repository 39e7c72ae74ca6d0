import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, offlineOrder, type Road, setupRoad, walk } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { createStaff } from '../../test/staff.ts';

const t = useTestApp();
const call = caller(t);
let r: Road;
const RANGE = 'from=2026-09-01&to=2026-10-31';
const ist = (at: string | null) => (at ? `${at}:00+05:30` : null);

/** The vehicle left the gate at `gateOut` and was delivered at `delivered` (India times; null: still on the road). */
async function left(id: number, gateOut: string, delivered: string | null) {
  await t.database.db.execute(sql`update orders set gate_out_at = ${ist(gateOut)}::timestamptz,
    delivered_at = ${ist(delivered)}::timestamptz where id = ${id}`);
}

let bills = 0;
/** Records an e-way bill on the order (India times). */
async function bill(
  orderId: number,
  generated: string,
  validUntil: string,
  more: { status?: 'active' | 'cancelled'; cancelled?: string; extensions?: number } = {},
) {
  bills++;
  await t.database.db.execute(sql`insert into eway_bills (industry_id, order_id, number, generated_at, distance_km, valid_until,
      value_paise, from_gstin, status, extensions, source, cancelled_at)
    select industry_id, id, ${`33100000${String(bills).padStart(4, '0')}`}, ${ist(generated)}::timestamptz, 300,
      ${ist(validUntil)}::timestamptz, 10000000, '27AAPFU0939F1ZV', ${more.status ?? 'active'}, ${more.extensions ?? 0}, 'manual',
      ${ist(more.cancelled ?? null)}::timestamptz
    from orders where id = ${orderId}`);
}

beforeAll(async () => {
  r = await setupRoad(t);
  const order = (opts: Parameters<typeof offlineOrder>[3] = {}) => offlineOrder(t, r, 'outbound', opts);
  // The first plant, outbound. Covered at gate out and delivered in time.
  const walked = await order();
  await walk(t, r, 'outbound', walked, 'gate_out');
  await left(walked.id, '2026-10-05 10:00', '2026-10-06 12:00');
  await bill(walked.id, '2026-10-05 08:00', '2026-10-07 23:59');
  // Covered, extended once, but delivered after its validity: expired on the road.
  const late = await order();
  await left(late.id, '2026-10-05 10:00', '2026-10-07 10:00');
  await bill(late.id, '2026-10-04 09:00', '2026-10-06 23:59', { extensions: 1 });
  // No bill at all.
  await left((await order()).id, '2026-10-05 10:00', null);
  // A bill expired the day before, and one cancelled an hour before the gate out: not covered.
  const stale = await order();
  await left(stale.id, '2026-10-05 10:00', '2026-10-05 18:00');
  await bill(stale.id, '2026-10-03 09:00', '2026-10-04 23:59');
  await bill(stale.id, '2026-10-05 08:00', '2026-10-08 23:59', { status: 'cancelled', cancelled: '2026-10-05 09:00' });
  // Covered, still on the road long after its bill ran out.
  const lost = await order();
  await left(lost.id, '2026-10-05 11:00', null);
  await bill(lost.id, '2026-10-05 08:00', '2026-10-06 23:59');
  // Inbound at the first plant: its bill covered the gate out (the receipt is the gate out).
  const inbound = await offlineOrder(t, r, 'inbound');
  await left(inbound.id, '2026-09-12 09:00', '2026-09-12 09:00');
  await bill(inbound.id, '2026-09-11 09:00', '2026-09-13 23:59');
  // The second plant, Shree Ganesh: a bill in force at gate out, cancelled after it.
  const ganesh = await order({ plantId: r.plants[1]?.id, patch: { carrierLinkId: r.ganeshLink } });
  await left(ganesh.id, '2026-09-20 10:00', '2026-09-21 10:00');
  await bill(ganesh.id, '2026-09-20 08:00', '2026-09-22 23:59', { status: 'cancelled', cancelled: '2026-09-20 12:00' });
  // Out of the range (23:30 on the day before), and a vehicle not yet out with a bill.
  await left((await order()).id, '2026-08-31 23:30', null);
  const inside = await order();
  await bill(inside.id, '2026-10-05 08:00', '2026-10-07 23:59');
});

const name = (i: number) => r.plants[i]?.name;

describe('e-way bill compliance', () => {
  it('per plant: gated out, with and without a bill in force at gate out, expired on the road, extended, compliance %', async () => {
    const res = await call('GET', `/api/reports/eway-compliance?${RANGE}`, r.owner);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.rows).toEqual([
      { plant: name(0), left: 6, withBill: 4, withoutBill: 2, expiredOnRoad: 2, extended: 1, compliancePercent: 66.7 },
      { plant: name(1), left: 1, withBill: 1, withoutBill: 0, expiredOnRoad: 0, extended: 0, compliancePercent: 100 },
    ]);
    expect(page.totals).toEqual({
      plant: null,
      left: 7,
      withBill: 5,
      withoutBill: 2,
      expiredOnRoad: 2,
      extended: 1,
      compliancePercent: 71.4,
    });
    expect(page.total).toBe(2);
  });

  it('filters by direction, carrier, plant and gate-out day (India days)', async () => {
    const get = async (query: string) => (await call('GET', `/api/reports/eway-compliance?${query}`, r.owner)).json().data;
    expect((await get(`${RANGE}&direction=1`)).rows[0]).toEqual({
      plant: name(0),
      left: 5,
      withBill: 3,
      withoutBill: 2,
      expiredOnRoad: 2,
      extended: 1,
      compliancePercent: 60,
    });
    expect((await get(`${RANGE}&direction=2`)).totals).toMatchObject({ left: 1, withBill: 1, compliancePercent: 100 });
    expect((await get(`${RANGE}&carrierLinkId=${r.ganeshLink}`)).rows).toMatchObject([{ plant: name(1), left: 1 }]);
    expect((await get(`${RANGE}&plantId=${r.plants[1]?.id}`)).totals).toMatchObject({ left: 1, withBill: 1 });
    expect((await get('from=2026-08-31&to=2026-08-31')).rows).toEqual([
      { plant: name(0), left: 1, withBill: 0, withoutBill: 1, expiredOnRoad: 0, extended: 0, compliancePercent: 0 },
    ]);
  });

  it('names a bad filter (400), needs the order list permission (403), keeps a staff user to its plants and another shipper out', async () => {
    for (const [query, field] of [
      ['plantId=-1', 'plantId'],
      ['from=05-10-2026', 'from'],
      ['direction=outbound', 'direction'],
    ] as const) {
      const res = await call('GET', `/api/reports/eway-compliance?${query}`, r.owner);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().error), query).toContain(field);
    }
    const requestsOnly = await createStaff(t, r.owner, { permissions: ['list-industry-report', 'list-outbound-request'] });
    const refused = await call('GET', '/api/reports/eway-compliance', requestsOnly.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('list-outbound-order');
    const second = await createStaff(t, r.owner, {
      permissions: ['list-industry-report', 'list-outbound-order', 'list-inbound-order'],
      plantIds: [r.plants[1]?.id ?? 0],
    });
    const seen = (await call('GET', `/api/reports/eway-compliance?${RANGE}`, second.token)).json().data;
    expect(seen.rows.map((x: { plant: string }) => x.plant)).toEqual([name(1)]);
    expect(seen.totals).toMatchObject({ left: 1, compliancePercent: 100 });
    const other = await call('GET', `/api/reports/eway-compliance?${RANGE}`, await t.login('noplan@demo.test'));
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data).toMatchObject({ rows: [], total: 0, totals: { left: 0, withBill: 0, compliancePercent: null } });
  });

  it('exports its rows and a totals row', async () => {
    const asked = await call('POST', '/api/exports', r.owner, {
      report: 'eway-compliance',
      format: 'csv',
      params: { from: '2026-09-01', to: '2026-10-31' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    await t.app.deps.jobs.tick();
    const done = (await call('GET', `/api/exports/${asked.json().data.id}`, r.owner)).json().data;
    expect(done).toMatchObject({ status: 'done', rowsDone: 2 });
    const lines = (await call('GET', `/api/exports/${done.id}/file`, r.owner)).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Plant","Gated out","With e-way bill","Without e-way bill","Bills expired on the road","Bills extended","Compliance %"',
    );
    expect(lines[1]).toBe(`"${name(0)}","6","4","2","2","1","66.7"`);
    expect(lines[3]).toBe('"Total","7","5","2","2","1","71.4"');
  });

  it('follows every later change of a bill, a gate out or a delivery (the figures the database keeps on the order)', async () => {
    const totals = async () => (await call('GET', `/api/reports/eway-compliance?${RANGE}`, r.owner)).json().data.totals;
    const before = await totals();
    const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
    const ids = (await exec(sql`select o.id from orders o
      where o.plant_id = ${r.plants[0]?.id} and exists (select 1 from eway_bills e where e.order_id = o.id and e.extensions = 1)`)) as unknown as {
      rows: { id: number }[];
    };
    expect(ids.rows).toHaveLength(1);
    const late = ids.rows[0]?.id ?? 0;
    // The late order's bill extended to cover its delivery: no longer expired on the road.
    await exec(sql`update eway_bills set valid_until = ${ist('2026-10-08 23:59')}::timestamptz where order_id = ${late}`);
    expect(await totals()).toMatchObject({ ...before, expiredOnRoad: before.expiredOnRoad - 1 });
    // Its delivery undone: on the road again, today, long after its bill's end on 8 October.
    await exec(sql`update orders set delivered_at = null where id = ${late}`);
    expect(await totals()).toMatchObject({ expiredOnRoad: before.expiredOnRoad, withBill: before.withBill });
    // Its bill cancelled before its gate out, then deleted: it left without one, and nothing was extended.
    await exec(
      sql`update eway_bills set status = 'cancelled', cancelled_at = ${ist('2026-10-05 09:00')}::timestamptz where order_id = ${late}`,
    );
    expect(await totals()).toMatchObject({ withBill: before.withBill - 1, withoutBill: before.withoutBill + 1 });
    await exec(sql`delete from eway_bills where order_id = ${late}`);
    expect(await totals()).toMatchObject({ withBill: before.withBill - 1, extended: before.extended - 1 });
    // A vehicle still inside with a bill leaves the gate: one more gated out, with its bill.
    await exec(sql`update orders set gate_out_at = ${ist('2026-10-06 10:00')}::timestamptz
      where plant_id = ${r.plants[0]?.id} and gate_out_at is null and id in (select order_id from eway_bills)`);
    expect(await totals()).toMatchObject({ left: before.left + 1, withBill: before.withBill });
  });
});
