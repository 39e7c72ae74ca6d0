import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, offlineOrder, type Road, setupRoad, walk } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { createStaff } from '../../test/staff.ts';

const t = useTestApp();
const call = caller(t);
let r: Road;
const RANGE = 'from=2026-09-01&to=2026-10-31';

/** Sets an order's gate times (India clock on `day`) and the turnaround the gate out stores. */
async function gateTimes(id: number, day: string, reported: string, gateIn: string, gateOut: string | null) {
  const at = (hhmm: string | null) => (hhmm ? `${day} ${hhmm}:00+05:30` : null);
  await t.database.db.execute(sql`update orders set reported_at = ${at(reported)}::timestamptz, gate_in_at = ${at(gateIn)}::timestamptz,
    gate_out_at = ${at(gateOut)}::timestamptz,
    turnaround_minutes = (extract(epoch from (${at(gateOut)}::timestamptz - ${at(reported)}::timestamptz)) / 60)::int
    where id = ${id}`);
}

beforeAll(async () => {
  r = await setupRoad(t);
  const [plant0, plant1] = [r.plants[0]?.id, r.plants[1]?.id];
  // One order walks through the gate for real: the move stamps its times and its turnaround.
  const walked = await offlineOrder(t, r, 'outbound');
  await walk(t, r, 'outbound', walked, 'gate_out');
  const stamped = await t.database.db.execute(sql`select turnaround_minutes as "m", gate_in_at is not null as "in" from orders
    where id = ${walked.id}`);
  expect((stamped as unknown as { rows: { m: number; in: boolean }[] }).rows[0]).toEqual({ m: 0, in: true });
  // The first plant: waits 30, 60, 10 and 40 minutes; inside 90, 45, (still in) and 30.
  await gateTimes(walked.id, '2026-10-05', '09:00', '09:30', '11:00');
  await gateTimes((await offlineOrder(t, r, 'outbound')).id, '2026-10-05', '10:00', '11:00', '11:45');
  await gateTimes((await offlineOrder(t, r, 'outbound')).id, '2026-10-06', '10:00', '10:10', null);
  await gateTimes((await offlineOrder(t, r, 'inbound')).id, '2026-09-12', '07:00', '07:40', '08:10');
  // The second plant: Shree Ganesh's vehicle waits 20 minutes and stays 2 hours.
  const ganesh = await offlineOrder(t, r, 'outbound', { plantId: plant1, patch: { carrierLinkId: r.ganeshLink } });
  await gateTimes(ganesh.id, '2026-09-20', '08:00', '08:20', '10:20');
  // Gated in at 23:30 on the day before the range; and one that never came in.
  await gateTimes((await offlineOrder(t, r, 'outbound')).id, '2026-08-31', '23:00', '23:30', null);
  await offlineOrder(t, r, 'outbound', { plantId: plant0 });
});

const name = (i: number) => r.plants[i]?.name;

describe('gate turnaround', () => {
  it('per plant: vehicles gated in, average and longest minutes waiting, inside and in all; totals over every plant', async () => {
    const res = await call('GET', `/api/reports/gate-turnaround?${RANGE}`, r.owner);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.columns.map((c: { key: string }) => c.key)).toEqual([
      'plant',
      'vehicles',
      'waitAverageMinutes',
      'waitLongestMinutes',
      'insideAverageMinutes',
      'insideLongestMinutes',
      'turnaroundAverageMinutes',
      'turnaroundLongestMinutes',
    ]);
    // The screen shows a duration with its unit ("1 h 2 min"); the file's heading names it instead.
    expect(page.columns[2]).toEqual({ key: 'waitAverageMinutes', label: 'Average waiting', kind: 'minutes' });
    expect(page.rows).toEqual([
      {
        plant: name(0),
        vehicles: 4,
        // Waits 10, 30, 40, 60; inside 30, 45, 90 (one still in); turnarounds 70, 105, 120.
        waitAverageMinutes: 35,
        waitLongestMinutes: 60,
        insideAverageMinutes: 55,
        insideLongestMinutes: 90,
        turnaroundAverageMinutes: 98.3,
        turnaroundLongestMinutes: 120,
      },
      {
        plant: name(1),
        vehicles: 1,
        waitAverageMinutes: 20,
        waitLongestMinutes: 20,
        insideAverageMinutes: 120,
        insideLongestMinutes: 120,
        turnaroundAverageMinutes: 140,
        turnaroundLongestMinutes: 140,
      },
    ]);
    expect(page.totals).toEqual({
      plant: null,
      vehicles: 5,
      // The averages over every vehicle (not the plants' averages averaged), the longest of all.
      waitAverageMinutes: 32,
      waitLongestMinutes: 60,
      insideAverageMinutes: 71.3,
      insideLongestMinutes: 120,
      turnaroundAverageMinutes: 108.8,
      turnaroundLongestMinutes: 140,
    });
  });

  it('filters by direction, carrier, plant and gate-in day (India days)', async () => {
    const get = async (query: string) => (await call('GET', `/api/reports/gate-turnaround?${query}`, r.owner)).json().data;
    const outbound = await get(`${RANGE}&direction=1`);
    expect(outbound.rows.map((x: { plant: string; vehicles: number }) => [x.plant, x.vehicles])).toEqual([
      [name(0), 3],
      [name(1), 1],
    ]);
    expect(outbound.totals).toMatchObject({ vehicles: 4, waitAverageMinutes: 30 });
    expect((await get(`${RANGE}&carrierLinkId=${r.ganeshLink}`)).rows).toMatchObject([{ plant: name(1), vehicles: 1 }]);
    expect((await get(`${RANGE}&plantId=${r.plants[1]?.id}`)).totals).toMatchObject({ vehicles: 1, insideAverageMinutes: 120 });
    const dayBefore = await get('from=2026-08-31&to=2026-08-31');
    expect(dayBefore.rows).toEqual([
      {
        plant: name(0),
        vehicles: 1,
        waitAverageMinutes: 30,
        waitLongestMinutes: 30,
        insideAverageMinutes: null,
        insideLongestMinutes: null,
        turnaroundAverageMinutes: null,
        turnaroundLongestMinutes: null,
      },
    ]);
  });

  it('names a bad filter (400), needs the order list permission (403), keeps a staff user to its plants and another shipper out', async () => {
    for (const [query, field] of [
      ['carrierLinkId=x', 'carrierLinkId'],
      ['to=2026-09-31', 'to'],
      ['from=2026-10-02&to=2026-10-01', 'to'],
    ] as const) {
      const res = await call('GET', `/api/reports/gate-turnaround?${query}`, r.owner);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().error), query).toContain(field);
    }
    const reportsOnly = await createStaff(t, r.owner, { permissions: ['list-industry-report', 'list-outbound-request'] });
    const refused = await call('GET', '/api/reports/gate-turnaround', reportsOnly.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('list-outbound-order');
    const second = await createStaff(t, r.owner, {
      permissions: ['list-industry-report', 'list-outbound-order', 'list-inbound-order'],
      plantIds: [r.plants[1]?.id ?? 0],
    });
    const seen = (await call('GET', `/api/reports/gate-turnaround?${RANGE}`, second.token)).json().data;
    expect(seen.rows.map((x: { plant: string }) => x.plant)).toEqual([name(1)]);
    expect(seen.totals).toMatchObject({ vehicles: 1, turnaroundAverageMinutes: 140 });
    const other = await call('GET', `/api/reports/gate-turnaround?${RANGE}`, await t.login('noplan@demo.test'));
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data).toMatchObject({ rows: [], total: 0, totals: { vehicles: 0, waitAverageMinutes: null } });
  });

  it('exports its rows and a totals row', async () => {
    const asked = await call('POST', '/api/exports', r.owner, { report: 'gate-turnaround', format: 'csv', params: { from: '2026-09-01' } });
    expect(asked.statusCode, asked.body).toBe(202);
    await t.app.deps.jobs.tick();
    const done = (await call('GET', `/api/exports/${asked.json().data.id}`, r.owner)).json().data;
    expect(done).toMatchObject({ status: 'done', rowsDone: 2, rowsTotal: 2 });
    const lines = (await call('GET', `/api/exports/${done.id}/file`, r.owner)).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^"Plant","Vehicles gated in","Average waiting \(min\)","Longest waiting \(min\)"/);
    expect(lines[1]).toMatch(new RegExp(`^"${name(0)}","4","35","60"`));
    expect(lines[3]).toBe('"Total","5","32","60","71.3","120","108.8","140"');
  });
});
