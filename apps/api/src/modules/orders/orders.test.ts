import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { setupProcurement } from '../../test/procurement.ts';
import { moveOrder } from './orders.service.ts';
import { indiaToday } from '../../lib/india-time.ts';

const t = useTestApp();
let owner = '';
let vayu = '';
let ganesh = '';
let base: Record<string, unknown> = {};

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });

/** An outbound request with a bid from each carrier, closed and ready to award. */
async function closedWithBids(vehicleCount = 3) {
  const request = (await call('POST', '/api/requests/outbound', owner, { ...base, vehicleCount })).json().data;
  await call('POST', `/api/carrier/requests/${request.id}/bids`, vayu, { amountRupees: 42000, vehicles: 2 });
  await call('POST', `/api/carrier/requests/${request.id}/bids`, ganesh, { amountRupees: 41000, vehicles: 1 });
  await t.database.db.execute(sql`update transport_requests set status = 'closed' where id = ${request.id}`);
  const board = (await call('GET', `/api/requests/outbound/${request.id}/bids`, owner)).json().data as {
    id: number;
    carrierName: string;
  }[];
  const bidOf = (name: string) => board.find((b) => b.carrierName.startsWith(name))?.id ?? 0;
  return { id: request.id as number, vayuBid: bidOf('Vayu'), ganeshBid: bidOf('Shree') };
}

beforeAll(async () => {
  ({ owner, vayu, ganesh, base } = await setupProcurement(t));
});

describe('award and orders', () => {
  it('splits an award into one order per vehicle and marks the request awarded', async () => {
    const r = await closedWithBids();
    const res = await call('POST', `/api/requests/outbound/${r.id}/award`, owner, {
      awards: [
        { bidId: r.ganeshBid, vehicles: 1 },
        { bidId: r.vayuBid, vehicles: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const orders = res.json().data;
    expect(orders).toHaveLength(3);
    expect(orders.map((x: { carrierName: string }) => x.carrierName).sort()).toEqual([
      'Shree Ganesh Transport',
      'Vayu Roadlines',
      'Vayu Roadlines',
    ]);
    expect(orders[0]).toMatchObject({ status: 'placed', source: 'request' });
    expect(orders[0].number).toMatch(/^ORD-\d{4}-\d{6}$/);
    expect((await call('GET', `/api/requests/outbound/${r.id}`, owner)).json().data.status).toBe('awarded');
    // A bid is awarded once: the same bid with another count is refused, naming the line.
    const again = await call('POST', `/api/requests/outbound/${r.id}/award`, owner, { awards: [{ bidId: r.vayuBid, vehicles: 1 }] });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.fields).toHaveProperty(['awards.0.bidId']);
  });

  it('two concurrent awards of the same bid make its orders once and answer both with them (issue 38)', async () => {
    const r = await closedWithBids(3);
    const award = () => call('POST', `/api/requests/outbound/${r.id}/award`, owner, { awards: [{ bidId: r.ganeshBid, vehicles: 1 }] });
    const [a, b] = await Promise.all([award(), award()]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 201]);
    expect(a.json().data).toHaveLength(1);
    expect(b.json().data.map((x: { id: number }) => x.id)).toEqual(a.json().data.map((x: { id: number }) => x.id));
    const rows = await t.database.db.execute(sql`select count(*)::int as n from orders where request_id = ${r.id}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    // A later repeat (a second tab) is the same award again: nothing new.
    const later = await award();
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data.map((x: { id: number }) => x.id)).toEqual(a.json().data.map((x: { id: number }) => x.id));
    // The other bid is still free to award.
    expect(
      (await call('POST', `/api/requests/outbound/${r.id}/award`, owner, { awards: [{ bidId: r.vayuBid, vehicles: 2 }] })).statusCode,
    ).toBe(201);
  });

  it('64 concurrent awards never give a bid out twice nor more vehicles than requested', async () => {
    const r = await closedWithBids(2);
    // Vayu offered 2 vehicles, Shree Ganesh 1, for a request of 2: calls for 2, for 1, and for 1 + 1.
    const awards = [
      [{ bidId: r.vayuBid, vehicles: 2 }],
      [{ bidId: r.ganeshBid, vehicles: 1 }],
      [
        { bidId: r.vayuBid, vehicles: 1 },
        { bidId: r.ganeshBid, vehicles: 1 },
      ],
    ];
    const results = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        call('POST', `/api/requests/outbound/${r.id}/award`, owner, { awards: awards[i % awards.length] }),
      ),
    );
    const made = new Set<number>();
    for (const res of results) {
      expect([200, 201, 400, 409], res.body).toContain(res.statusCode);
      if (res.statusCode < 300) {
        for (const order of res.json().data as { id: number }[]) {
          made.add(order.id);
        }
      }
    }
    const rows = await t.database.db.execute(
      sql`select bid_id, count(*)::int as n, count(distinct number)::int as numbers from orders where request_id = ${r.id} group by bid_id`,
    );
    const byBid = (rows as unknown as { rows: { bid_id: number; n: number; numbers: number }[] }).rows;
    const total = byBid.reduce((sum, row) => sum + row.n, 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(2);
    expect(made.size).toBe(total);
    expect(results.filter((res) => res.statusCode === 201).length).toBeLessThanOrEqual(2);
    for (const row of byBid) {
      expect(row.n).toBeLessThanOrEqual(row.bid_id === r.vayuBid ? 2 : 1);
      expect(row.numbers).toBe(row.n);
    }
    expect((await call('GET', `/api/requests/outbound/${r.id}`, owner)).json().data.status).toBe('awarded');
  });

  it('refuses an award before bidding closes, a foreign bid, and more vehicles than offered', async () => {
    const open = (await call('POST', '/api/requests/outbound', owner, { ...base, vehicleCount: 2 })).json().data;
    expect((await call('POST', `/api/requests/outbound/${open.id}/award`, owner, { awards: [{ bidId: 1, vehicles: 1 }] })).statusCode).toBe(
      409,
    );
    const r = await closedWithBids();
    expect(
      (await call('POST', `/api/requests/outbound/${r.id}/award`, owner, { awards: [{ bidId: 999_999, vehicles: 1 }] })).json().error
        .fields,
    ).toHaveProperty('awards.0.bidId');
    expect(
      (await call('POST', `/api/requests/outbound/${r.id}/award`, owner, { awards: [{ bidId: r.ganeshBid, vehicles: 2 }] })).json().error
        .fields,
    ).toHaveProperty('awards.0.vehicles');
    const other = await t.login('noplan@demo.test');
    expect(
      (await call('POST', `/api/requests/outbound/${r.id}/award`, other, { awards: [{ bidId: r.ganeshBid, vehicles: 1 }] })).statusCode,
    ).toBe(404);
  });

  it('the carrier assigns a vehicle or rejects; the timeline keeps who, when and why', async () => {
    const r = await closedWithBids();
    const [mine] = (
      await call('POST', `/api/requests/outbound/${r.id}/award`, owner, { awards: [{ bidId: r.vayuBid, vehicles: 2 }] })
    ).json().data;
    const carrierList = (await call('GET', '/api/carrier/orders', vayu)).json().data as { id: number; shipperName: string }[];
    const seen = carrierList.map((x) => x.id);
    expect(seen).toContain(mine.id);
    expect(carrierList.find((x) => x.id === mine.id)?.shipperName).toBe('Demo Industries');
    expect((await call('GET', '/api/carrier/orders?search=demo%20indus', vayu)).json().data.map((x: { id: number }) => x.id)).toContain(
      mine.id,
    );
    expect((await call('GET', '/api/carrier/orders?search=Sunrise', vayu)).json().total).toBe(0);
    expect((await call('GET', '/api/carrier/orders', ganesh)).json().data.map((x: { id: number }) => x.id)).not.toContain(mine.id);
    expect(
      (
        await call('POST', `/api/carrier/orders/${mine.id}/assign`, ganesh, {
          vehicleNumber: 'MH12AB1234',
          driverName: 'Raju',
          driverMobile: '9876543210',
        })
      ).statusCode,
    ).toBe(404);
    const bad = await call('POST', `/api/carrier/orders/${mine.id}/assign`, vayu, {
      vehicleNumber: '123',
      driverName: 'Raju',
      driverMobile: '9876543210',
    });
    expect(bad.json().error.fields).toHaveProperty('vehicleNumber');
    const assigned = await call('POST', `/api/carrier/orders/${mine.id}/assign`, vayu, {
      vehicleNumber: 'mh 12 ab 1234',
      driverName: 'Raju',
      driverMobile: '9876543210',
    });
    expect(assigned.json().data).toMatchObject({ status: 'vehicle_assigned', vehicleNumber: 'MH12AB1234', driverName: 'Raju' });
    const detail = (await call('GET', `/api/orders/outbound/${mine.id}`, owner)).json().data;
    expect(detail.timeline.map((e: { to: string }) => e.to)).toEqual(['placed', 'vehicle_assigned']);
    expect(detail.timeline[0]).toMatchObject({ byName: 'Asha Kulkarni', byCompany: 'Demo Industries' });
    expect(detail.timeline[0].reason).toMatch(/^awarded from OB-/);
    expect(detail.timeline[1]).toMatchObject({
      from: 'placed',
      byName: 'Imran Khan',
      byCompany: 'Vayu Roadlines',
      reason: 'vehicle MH12AB1234',
    });
    expect(Date.parse(detail.timeline[1].at)).toBeGreaterThan(Date.now() - 60_000);
    const [other] = (await call('GET', '/api/carrier/orders?status=placed', vayu)).json().data;
    const rejected = await call('POST', `/api/carrier/orders/${other.id}/reject`, vayu, { reason: 'no vehicle on that day' });
    expect(rejected.json().data.status).toBe('rejected');
    expect(rejected.json().data.rejectedAt).toBeTruthy();
    expect(
      (
        await call('POST', `/api/carrier/orders/${other.id}/assign`, vayu, {
          vehicleNumber: 'MH12AB1234',
          driverName: 'R',
          driverMobile: '9876543210',
        })
      ).statusCode,
    ).toBe(409);
    expect((await call('GET', '/api/orders/outbound?status=rejected', owner)).json().total).toBeGreaterThan(0);
    expect((await call('GET', '/api/orders/outbound', await t.login('carrier@demo.test'))).statusCode).toBe(403);
    expect((await call('GET', `/api/orders/outbound/${mine.id}`, await t.login('noplan@demo.test'))).statusCode).toBe(404);
  });

  it('filters by the Gate In, Gate Out and Rejected dates the moves stamp', async () => {
    const r = await closedWithBids();
    const [mine, other] = (
      await call('POST', `/api/requests/outbound/${r.id}/award`, owner, { awards: [{ bidId: r.vayuBid, vehicles: 2 }] })
    ).json().data;
    await call('POST', `/api/carrier/orders/${mine.id}/assign`, vayu, {
      vehicleNumber: 'MH12AB1234',
      driverName: 'Raju',
      driverMobile: '9876543210',
    });
    await call('POST', `/api/carrier/orders/${other.id}/reject`, vayu, { reason: 'breakdown' });
    // The gate module records these moves; here they go through the same status machine.
    const guard = (await t.database.db.execute(sql`select id from users where email = 'owner@demo.test'`)) as unknown as {
      rows: { id: number }[];
    };
    const by = guard.rows[0]?.id ?? 0;
    await t.database.db.transaction(async (tx) => {
      await moveOrder(tx, mine.id, 'vehicle_assigned', 'reported', by);
      await moveOrder(tx, mine.id, 'reported', 'gate_in', by, { reason: 'gate 2' });
    });
    await expect(t.database.db.transaction((tx) => moveOrder(tx, mine.id, 'gate_in', 'gate_out', by))).rejects.toMatchObject({
      statusCode: 409,
    });
    const today = indiaToday();
    const tomorrow = indiaToday(new Date(Date.now() + 86_400_000));
    const ids = async (query: string) =>
      (await call('GET', `/api/orders/outbound?${query}&pageSize=100`, owner)).json().data.map((x: { id: number }) => x.id);
    expect(await ids(`gateInFrom=${today}&gateInTo=${today}`)).toEqual([mine.id]);
    expect(await ids(`gateInFrom=${tomorrow}`)).toEqual([]);
    expect(await ids(`gateOutFrom=${today}`)).toEqual([]);
    expect(await ids(`rejectedFrom=${today}&rejectedTo=${today}`)).toContain(other.id);
    expect(await ids(`rejectedFrom=${today}`)).not.toContain(mine.id);
    await t.database.db.transaction(async (tx) => {
      await moveOrder(tx, mine.id, 'gate_in', 'loaded', by);
      await moveOrder(tx, mine.id, 'loaded', 'gate_out', by);
    });
    expect(await ids(`gateOutFrom=${today}&gateOutTo=${today}`)).toEqual([mine.id]);
    const detail = (await call('GET', `/api/orders/outbound/${mine.id}`, owner)).json().data;
    expect(detail.gateInAt && detail.gateOutAt && detail.gateInAt <= detail.gateOutAt).toBe(true);
    expect(detail.timeline.map((e: { to: string }) => e.to)).toEqual([
      'placed',
      'vehicle_assigned',
      'reported',
      'gate_in',
      'loaded',
      'gate_out',
    ]);
    const bad = await call('GET', '/api/orders/outbound?gateInFrom=yesterday', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('gateInFrom');
  });
});
