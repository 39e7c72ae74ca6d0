import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, type Road, setupRoad } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { createStaff } from '../../test/staff.ts';

const t = useTestApp();
const call = caller(t);
let r: Road;
let invited = 0;
const numbers: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };
const RANGE = 'from=2026-09-01&to=2026-10-31';

/** A published outbound request with bids (carrier token → rupees and vehicles), closed, its pickup moved to India noon of `day`. */
async function request(day: string, body: Record<string, unknown>, offers: [string, number, number][]) {
  const res = await call('POST', '/api/requests/outbound', r.owner, { ...r.base, ...body });
  expect(res.statusCode, res.body).toBe(201);
  const { id, number } = res.json().data as { id: number; number: string };
  for (const [token, amountRupees, vehicles] of offers) {
    const bid = await call('POST', `/api/carrier/requests/${id}/bids`, token, { amountRupees, vehicles });
    expect(bid.statusCode, bid.body).toBeLessThan(300);
  }
  await t.database.db.execute(sql`update transport_requests set status = 'closed', pickup_at = ${`${day}T06:30:00Z`}::timestamptz
    where id = ${id}`);
  const board = (await call('GET', `/api/requests/outbound/${id}/bids`, r.owner)).json().data as { id: number; carrierName: string }[];
  const bidOf = (name: string) => board.find((b) => b.carrierName.startsWith(name))?.id ?? 0;
  return { id, number, vayuBid: bidOf('Vayu'), ganeshBid: bidOf('Shree') };
}

async function award(id: number, awards: { bidId: number; vehicles: number }[]) {
  const res = await call('POST', `/api/requests/outbound/${id}/award`, r.owner, { awards });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number }[];
}

beforeAll(async () => {
  r = await setupRoad(t);
  invited = (r.base.carrierLinkIds as number[]).length;
  // A: 3 vehicles at a ₹50,000 target; Shree Ganesh 1 at ₹41,000 and Vayu 2 at ₹42,000 awarded, one of Vayu's orders rejected.
  const a = await request('2026-10-05', { vehicleCount: 3 }, [
    [r.vayu, 42000, 2],
    [r.ganesh, 41000, 1],
  ]);
  const made = await award(a.id, [
    { bidId: a.ganeshBid, vehicles: 1 },
    { bidId: a.vayuBid, vehicles: 2 },
  ]);
  await t.database.db.execute(sql`update orders set status = 'rejected' where id = (
    select max(id) from orders where request_id = ${a.id} and price_paise = 4200000)`);
  expect(made).toHaveLength(3);
  // B: the second plant, one bid above target, not awarded.
  const b = await request('2026-09-20', { vehicleCount: 2, plantId: r.plants[1]?.id }, [[r.vayu, 52000, 2]]);
  // C: no target; Shree Ganesh's one vehicle awarded.
  const c = await request('2026-09-10', { vehicleCount: 1, targetPriceRupees: null }, [[r.ganesh, 45000, 1]]);
  await award(c.id, [{ bidId: c.ganeshBid, vehicles: 1 }]);
  // A draft in the range is left out.
  const draft = await request('2026-09-15', {}, []);
  await t.database.db.execute(sql`update transport_requests set status = 'draft' where id = ${draft.id}`);
  Object.assign(numbers, { a: a.number, b: b.number, c: c.number });
});

describe('request and bid summary', () => {
  it('filters by lane, named as its orders name it; the picker lists the requests’ lanes', async () => {
    const lanes = await call('GET', `/api/reports/bid-summary/lanes?search=${encodeURIComponent(r.plants[1]?.name ?? '')}`, r.owner);
    expect(lanes.statusCode, lanes.body).toBe(200);
    const [second, ...more] = lanes.json().data as string[];
    expect(more).toEqual([]);
    const b = (await call('GET', `/api/reports/bid-summary?${RANGE}&lane=${encodeURIComponent(second ?? '')}`, r.owner)).json().data;
    expect(b.rows.map((x: { number: string }) => x.number)).toEqual([numbers.b]);
    // A request's lane is the lane its orders ran.
    const made = await t.database.db.execute(sql`select distinct o.lane from orders o join transport_requests q on q.id = o.request_id
      where q.number = ${numbers.a}`);
    const [lane] = (made as unknown as { rows: { lane: string }[] }).rows.map((x) => x.lane);
    const a = (await call('GET', `/api/reports/bid-summary?${RANGE}&lane=${encodeURIComponent(lane ?? '')}`, r.owner)).json().data;
    expect(a.rows.map((x: { number: string }) => x.number)).toEqual([numbers.a, numbers.c]);
  });

  it('lists a row per published request, newest pickup first, with L1, awarded and saving against target', async () => {
    const res = await call('GET', `/api/reports/bid-summary?${RANGE}`, r.owner);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(3);
    expect(page.rows).toEqual([
      {
        number: numbers.a,
        plant: r.plants[0]?.name,
        pickupDay: '2026-10-05',
        status: 'Awarded',
        vehicles: 3,
        invited,
        bids: 2,
        l1Rupees: 41_000,
        targetRupees: 50_000,
        // The rejected order is no longer awarded: ₹41,000 + ₹42,000 against 2 × ₹50,000.
        awardedVehicles: 2,
        awardedRupees: 83_000,
        savingRupees: 17_000,
        savingPercent: 17,
      },
      {
        number: numbers.b,
        plant: r.plants[1]?.name,
        pickupDay: '2026-09-20',
        status: 'Closed',
        vehicles: 2,
        invited,
        bids: 1,
        l1Rupees: 52_000,
        targetRupees: 50_000,
        awardedVehicles: 0,
        awardedRupees: null,
        savingRupees: null,
        savingPercent: null,
      },
      {
        number: numbers.c,
        plant: r.plants[0]?.name,
        pickupDay: '2026-09-10',
        status: 'Awarded',
        vehicles: 1,
        invited,
        bids: 1,
        l1Rupees: 45_000,
        targetRupees: null,
        awardedVehicles: 1,
        awardedRupees: 45_000,
        savingRupees: null,
        savingPercent: null,
      },
    ]);
    expect(page.totals).toEqual({
      number: '3 requests',
      plant: null,
      pickupDay: null,
      status: null,
      vehicles: 6,
      invited: 3 * invited,
      bids: 4,
      l1Rupees: null,
      targetRupees: null,
      awardedVehicles: 3,
      awardedRupees: 128_000,
      savingRupees: 17_000,
      savingPercent: 17,
    });
  });

  it('filters by plant, by the carrier that bid, by pickup day and direction', async () => {
    const numbersOf = async (query: string) =>
      (await call('GET', `/api/reports/bid-summary?${query}`, r.owner)).json().data.rows.map((x: { number: string }) => x.number);
    expect(await numbersOf(`${RANGE}&plantId=${r.plants[1]?.id}`)).toEqual([numbers.b]);
    expect(await numbersOf(`${RANGE}&carrierLinkId=${r.ganeshLink}`)).toEqual([numbers.a, numbers.c]);
    expect(await numbersOf('from=2026-09-10&to=2026-09-20')).toEqual([numbers.b, numbers.c]);
    expect(await numbersOf(`${RANGE}&direction=2`)).toEqual([]);
    expect(await numbersOf(`${RANGE}&direction=1`)).toHaveLength(3);
  });

  it('names a bad filter (400), needs the request list permission (403), keeps a staff user to its plants and another shipper out', async () => {
    for (const [query, field] of [
      ['plantId=abc', 'plantId'],
      ['from=2026-02-30', 'from'],
      ['direction=3', 'direction'],
    ] as const) {
      const res = await call('GET', `/api/reports/bid-summary?${query}`, r.owner);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().error), query).toContain(field);
    }
    const ordersOnly = await createStaff(t, r.owner, { permissions: ['list-industry-report', 'list-outbound-order'] });
    const refused = await call('GET', '/api/reports/bid-summary', ordersOnly.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('list-outbound-request');
    const second = await createStaff(t, r.owner, {
      permissions: ['list-industry-report', 'list-outbound-request'],
      plantIds: [r.plants[1]?.id ?? 0],
    });
    const seen = (await call('GET', `/api/reports/bid-summary?${RANGE}`, second.token)).json().data;
    expect(seen.rows.map((x: { number: string }) => x.number)).toEqual([numbers.b]);
    expect(seen.totals).toMatchObject({ number: '1 request', bids: 1, awardedRupees: null });
    const other = await call('GET', `/api/reports/bid-summary?${RANGE}`, await t.login('noplan@demo.test'));
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data).toMatchObject({ rows: [], total: 0, totals: { number: '0 requests', bids: null, savingRupees: null } });
  });

  it('exports its rows and a totals row', async () => {
    const asked = await call('POST', '/api/exports', r.owner, {
      report: 'bid-summary',
      format: 'csv',
      params: { from: '2026-09-01', to: '2026-10-31' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    await t.app.deps.jobs.tick();
    const done = (await call('GET', `/api/exports/${asked.json().data.id}`, r.owner)).json().data;
    expect(done).toMatchObject({ status: 'done', rowsDone: 3 });
    const lines = (await call('GET', `/api/exports/${done.id}/file`, r.owner)).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^"Request","Plant","Pickup Date","Status","Vehicles asked"/);
    expect(lines[1]).toContain(`"${numbers.a}"`);
    expect(lines[4]).toMatch(/^"Total",.*"128000","17000","17"$/);
  });
});
