import { beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../lib/india-time.ts';
import { caller, offlineOrder, type Road, setupRoad, walk } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { createStaff } from '../../test/staff.ts';

/** Issue 38: `GET /api/gate/{dir}/other-days`: a guard finds a vehicle due on another day by its number. */
const t = useTestApp();
const call = caller(t);
let r: Road;
const DAY = 24 * 3_600_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const otherDays = (query: string, token = r.owner, dir = 'outbound') => call('GET', `/api/gate/${dir}/other-days?${query}`, token);
const board = (query: string, token = r.owner) => call('GET', `/api/gate/outbound?${query}`, token);
type Row = { orderId: number; day: string; state: string; actions: string[]; pickupAt: string };
/** A vehicle number of this test run: the same letters, `n` as its last digits. */
const tail = String(Date.now()).slice(-2);
const vehicle = (series: string, n: number) => `MH12${series}${tail}${String(n).padStart(2, '0')}`;

beforeAll(async () => {
  r = await setupRoad(t);
});

describe("the gate's search across days", () => {
  it('finds a truck due in three days by its number in any spacing, with its day, where the day’s board says no vehicle matches', async () => {
    const plantId = r.plants[0]?.id ?? 0;
    const early = await offlineOrder(t, r, 'outbound', { plantId, vehicle: vehicle('EA', 1), patch: { pickupAt: inDays(3) } });
    // On today's board already (due an hour ago), and out of the gate: neither is "another day".
    const today = await offlineOrder(t, r, 'outbound', { plantId, vehicle: vehicle('EA', 2) });
    const left = await offlineOrder(t, r, 'outbound', { plantId, vehicle: vehicle('EA', 3), patch: { pickupAt: inDays(2) } });
    await walk(t, r, 'outbound', left, 'gate_out');
    const typed = `mh 12 ea ${tail}01`;
    const day = (await board(`plantId=${plantId}&search=${encodeURIComponent(typed)}`)).json().data;
    expect(day.rows).toEqual([]);

    const res = await otherDays(`plantId=${plantId}&search=${encodeURIComponent(typed)}`);
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json();
    expect(found).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(found.data[0]).toMatchObject({ orderId: early.id, vehicleNumber: early.vehicleNumber, state: 'expected', actions: ['gateIn'] });
    expect(found.data[0].day).toBe(indiaToday(new Date(Date.now() + 3 * DAY)));

    const series = (await otherDays(`plantId=${plantId}&search=MH12EA${tail}`)).json();
    expect(series.data.map((x: Row) => x.orderId)).toEqual([early.id]);
    expect(series.data.map((x: Row) => x.orderId)).not.toContain(today.id);
    // The board of the truck's own day lists it; the search from that day no longer does.
    const itsDay = found.data[0].day as string;
    const there = (await board(`plantId=${plantId}&day=${itsDay}&search=${encodeURIComponent(typed)}`)).json().data;
    expect(there.rows.map((x: Row) => x.orderId)).toEqual([early.id]);
    expect((await otherDays(`plantId=${plantId}&day=${itsDay}&search=${encodeURIComponent(typed)}`)).json().total).toBe(0);

    // The guard lets the early truck in: it is at the plant today, on today's board.
    const inside = await call('POST', `/api/orders/outbound/${early.id}/gate-in`, r.owner, {
      vehicleNumber: early.vehicleNumber,
      driverChecked: true,
    });
    expect(inside.statusCode, inside.body).toBe(200);
    const now = (await board(`plantId=${plantId}&search=${encodeURIComponent(typed)}`)).json().data;
    expect(now.rows.map((x: Row) => [x.orderId, x.state])).toEqual([[early.id, 'inside']]);
    expect((await otherDays(`plantId=${plantId}&search=${encodeURIComponent(typed)}`)).json().total).toBe(0);
  });

  it('pages on the server, earliest pickup first', async () => {
    const plantId = r.plants[0]?.id ?? 0;
    const made: number[] = [];
    for (let i = 0; i < 26; i++) {
      made.push((await offlineOrder(t, r, 'outbound', { plantId, vehicle: vehicle('PG', i), patch: { pickupAt: inDays(2 + i / 10) } })).id);
    }
    const first = (await otherDays(`plantId=${plantId}&search=MH12PG${tail}`)).json();
    expect(first).toMatchObject({ total: 26, page: 1, pageSize: 25 });
    expect(first.data.map((x: Row) => x.orderId)).toEqual(made.slice(0, 25));
    const second = (await otherDays(`plantId=${plantId}&search=MH12PG${tail}&page=2`)).json();
    expect(second.data.map((x: Row) => x.orderId)).toEqual(made.slice(25));
  });

  it('keeps a guard to the plant through the policy: staff of another plant never see this plant’s vehicle', async () => {
    const [here, there] = [r.plants[0]?.id ?? 0, r.plants[1]?.id ?? 0];
    const early = await offlineOrder(t, r, 'outbound', { plantId: here, vehicle: vehicle('SC', 1), patch: { pickupAt: inDays(3) } });
    const search = `search=${encodeURIComponent(early.vehicleNumber ?? '')}`;
    expect((await otherDays(`plantId=${here}&${search}`)).json().total).toBe(1);
    const guard = await createStaff(t, r.owner, { permissions: ['list-outbound-order'], plantIds: [there] });
    expect((await otherDays(`plantId=${here}&${search}`, guard.token)).statusCode).toBe(404);
    const own = await otherDays(search, guard.token);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ data: [], total: 0 });
    // The same guard at both plants finds it.
    const both = await createStaff(t, r.owner, { permissions: ['list-outbound-order'], plantIds: [there, here] });
    expect((await otherDays(`plantId=${here}&${search}`, both.token)).json().data.map((x: Row) => x.orderId)).toEqual([early.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/gate/outbound/other-days?${search}` })).statusCode).toBe(401);
    const inboundOnly = await createStaff(t, r.owner, { permissions: ['list-inbound-order'] });
    expect((await otherDays(search, inboundOnly.token)).statusCode).toBe(403);
    expect((await otherDays(search, r.vayu)).statusCode).toBe(403);
    expect((await otherDays(`plantId=${here}&${search}`, await t.login('noplan@demo.test'))).statusCode).toBe(404);
    // The inbound search is the inbound orders'.
    expect((await otherDays(`plantId=${here}&${search}`, r.owner, 'inbound')).json().total).toBe(0);
  });

  it('names the bad field: no search, a search of one character, a bad day or page size', async () => {
    const bad = await otherDays('day=tomorrow&pageSize=7');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['day', 'pageSize', 'search']);
    const short = await otherDays('search=M');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.search).toMatch(/at least 2/);
  });
});
