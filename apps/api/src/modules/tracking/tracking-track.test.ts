import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Road } from '../../test/execution.ts';
import { fields, type RoadOrder, url, useTrackedRoad } from '../../test/tracking-road.ts';

/** An order's track, its places and schedule, planned times from the route master, and its public links (tracking.routes.test.ts has the rest). */
const s = useTrackedRoad();
const { t, call, fixes, guarded } = s;
let r: Road;
let onRoad: RoadOrder;
let arrived: RoadOrder;
let waiting: RoadOrder;
beforeAll(() => {
  ({ r, onRoad, arrived, waiting } = s);
});

describe("an order's track, places and schedule", () => {
  it('answers the track with its stops, trail in time order, last position and tracking', async () => {
    const res = await call('GET', url('outbound', onRoad), r.owner);
    expect(res.statusCode, res.body).toBe(200);
    const track = res.json().data;
    expect(track).toMatchObject({ orderId: onRoad.id, status: 'gate_out', state: 'in_transit', tracking: { method: 'device' } });
    expect(track.trail).toHaveLength(27);
    expect(track.trail[0]).toEqual([20, 73, fixes[0]?.getTime()]);
    expect(track.lastPosition).toMatchObject({ latitude: 20.26, longitude: 72.74, source: 'osmand', speedKmh: 50 });
    expect(track.stops.map((s: { kind: string }) => s.kind)).toEqual(['pickup', 'drop']);
    expect(track.stops[1].plannedAt).toEqual(expect.any(String));
    const carrier = await call('GET', `/api/carrier/tracking/orders/${onRoad.id}`, r.vayu);
    expect(carrier.statusCode).toBe(200);
    expect(carrier.json().data.trail).toHaveLength(27);
    expect((await call('GET', `/api/carrier/tracking/orders/${onRoad.id}`, r.ganesh)).statusCode).toBe(404);
    expect((await call('GET', `/api/carrier/tracking/orders/${onRoad.id}`, r.owner)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/carrier/tracking/orders/${onRoad.id}` })).statusCode).toBe(401);
    expect((await call('GET', '/api/carrier/tracking/orders/first', r.vayu)).statusCode).toBe(400);
    await guarded('GET', url('outbound', onRoad));
  });

  it('lists the positions as places with addresses, newest first, page by page and by source', async () => {
    const first = await call('GET', url('outbound', onRoad, '/places?pageSize=25'), r.owner);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ total: 27, page: 1 });
    const [newest] = first.json().data;
    expect(newest).toMatchObject({ latitude: 20.26, longitude: 72.74, source: 'osmand', fixTime: fixes[26]?.toISOString() });
    expect(newest.address).toEqual(expect.any(String));
    expect((await call('GET', url('outbound', onRoad, '/places?page=2'), r.owner)).json().data).toHaveLength(2);
    expect((await call('GET', url('outbound', onRoad, '/places?source=fastag'), r.owner)).json().total).toBe(0);
    const bad = await call('GET', url('outbound', onRoad, '/places?source=pigeon'), r.owner);
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toContain('source');
    await guarded('GET', url('outbound', onRoad, '/places'));
  });

  it('answers the schedule: planned against actual at every stop', async () => {
    const res = await call('GET', url('outbound', arrived, '/schedule'), r.owner);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.rows as { kind: string; plannedAt: string | null; actualAt: string | null }[];
    expect(rows.map((row) => row.kind)).toEqual(['pickup', 'drop']);
    for (const row of rows) {
      expect(row.plannedAt).toEqual(expect.any(String));
      expect(row.actualAt, row.kind).toEqual(expect.any(String));
    }
    await guarded('GET', url('outbound', arrived, '/schedule'));
  });
});

describe('planned times from the route master', () => {
  it("a lane's route master sets the planned arrival: gate out plus its transit time", async () => {
    const lane = await call('POST', '/api/route-masters', r.owner, {
      name: 'Plant to Surat',
      originPlantId: r.plants[0]?.id,
      destinationStopIds: [r.dropStopId],
      viaStopIds: [],
      distanceKm: 300,
      transitHours: 10,
    });
    expect(lane.statusCode, lane.body).toBe(201);
    const [row] = (
      (await t.database.db.execute(sql`select gate_out_at from orders where id = ${onRoad.id}`)) as unknown as {
        rows: { gate_out_at: Date | string }[];
      }
    ).rows;
    const expected = new Date(new Date(row?.gate_out_at ?? 0).getTime() + 10 * 3_600_000).toISOString();
    const track = (await call('GET', url('outbound', onRoad), r.owner)).json().data;
    expect(track.stops[1].plannedAt).toBe(expected);
    expect(track.plannedAt).toBe(expected);
    const schedule = (await call('GET', url('outbound', onRoad, '/schedule'), r.owner)).json().data;
    expect(schedule.rows[1]).toMatchObject({ kind: 'drop', plannedAt: expected, actualAt: null });
  });
});

describe('public links of an order', () => {
  it('creates (201, token once), lists (no token) and revokes a link', async () => {
    const made = await call('POST', url('outbound', onRoad, '/links'), r.owner, { kind: 'live' });
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json().data;
    expect(link).toMatchObject({ kind: 'live', active: true, revokedAt: null, expiresAt: null });
    expect(link.path).toBe(`#/live/${link.token}`);
    expect(link.shareText).toContain(onRoad.number);
    expect(link.shareText).toContain(`http://freightdesk.test/#/live/${link.token}`);
    const listed = (await call('GET', url('outbound', onRoad, '/links'), r.owner)).json().data;
    expect(listed[0]).toMatchObject({ id: link.id, active: true });
    expect(listed[0].token).toBeUndefined();
    const revoked = await call('POST', url('outbound', onRoad, `/links/${link.id}/revoke`), r.owner);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toMatchObject({ id: link.id, active: false, revokedAt: expect.any(String) });
    const bad = await call('POST', url('outbound', onRoad, '/links'), r.owner, { kind: 'forever' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toContain('kind');
  });

  it('guards every link call; a link is revoked only through its own order', async () => {
    const link = (await call('POST', url('outbound', onRoad, '/links'), r.owner, { kind: 'fast' })).json().data;
    await guarded('GET', url('outbound', onRoad, '/links'));
    await guarded('POST', url('outbound', onRoad, '/links'), { kind: 'live' });
    await guarded('POST', url('outbound', onRoad, `/links/${link.id}/revoke`));
    expect((await call('POST', url('outbound', waiting, `/links/${link.id}/revoke`), r.owner)).statusCode).toBe(404);
    const still = (await call('GET', url('outbound', onRoad, '/links'), r.owner)).json().data;
    expect(still.find((l: { id: number }) => l.id === link.id)).toMatchObject({ active: true });
  });
});
