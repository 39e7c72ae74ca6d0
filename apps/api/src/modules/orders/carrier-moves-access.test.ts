import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { carrierMoveCalls, vehicle } from '../../test/carrier-moves.ts';
import { type Road, offlineOrder, setupRoad } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';

/**
 * Who may make the carrier's moves on an order (`POST /api/carrier/orders/:id/assign | reject |
 * vehicle | report | arrive`): 401 without a session, 403 for a shipper's user, 404 for another
 * carrier's order; and a move retried under its Idempotency-Key is made once. The moves' own rules:
 * carrier-moves.test.ts.
 */
const t = useTestApp();
let r: Road;
const { call, move, detail, timeline, throughGate } = carrierMoveCalls(t, () => r);
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  r = await setupRoad(t);
});

describe('who may move an order', () => {
  const calls = (): [string, object][] => [
    ['assign', vehicle()],
    ['reject', { reason: 'no' }],
    ['vehicle', vehicle({ reason: 'Breakdown' })],
    ['report', {}],
    ['arrive', {}],
  ];

  it('401 without a session, 403 for a shipper user, 404 for another carrier’s order or one that does not exist', async () => {
    const assigned = await offlineOrder(t, r, 'outbound');
    const placed = await offlineOrder(t, r, 'outbound', { vehicle: null });
    for (const [what, body] of calls()) {
      const id = what === 'assign' || what === 'reject' ? placed.id : assigned.id;
      const url = `/api/carrier/orders/${id}/${what}`;
      expect((await t.app.inject({ method: 'POST', url, payload: body })).statusCode, what).toBe(401);
      expect((await call('POST', url, r.owner, body)).statusCode, what).toBe(403);
      expect((await call('POST', url, await t.login('staff@demo.test'), body)).statusCode, what).toBe(403);
      const other = await call('POST', url, r.ganesh, body);
      expect(other.statusCode, what).toBe(404);
      expect(other.json().error.message).toBe('Order not found.');
      expect((await move(999_999, what, body)).statusCode, what).toBe(404);
    }
    expect((await call('GET', `/api/carrier/orders/${assigned.id}`, r.ganesh)).statusCode).toBe(404);
    expect((await detail(assigned.id)).timeline).toHaveLength(1);
    expect((await detail(placed.id)).status).toBe('placed');
  });

  it('the other way round: Shree Ganesh’s order is 404 to Vayu and moves for Ganesh; another tenant or direction does not find it', async () => {
    const order = await offlineOrder(t, r, 'outbound', { patch: { carrierLinkId: r.ganeshLink } });
    expect((await move(order.id, 'report')).statusCode).toBe(404);
    expect((await move(order.id, 'report', {}, r.ganesh)).statusCode).toBe(200);
    expect((await call('GET', `/api/orders/inbound/${order.id}`, r.owner)).statusCode).toBe(404);
    expect((await call('GET', `/api/orders/outbound/${order.id}`, await t.login('noplan@demo.test'))).statusCode).toBe(404);
  });
});

describe('a move retried with the same Idempotency-Key', () => {
  it('answers the first answer again and writes one timeline entry (report, vehicle change, arrive)', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const key = (what: string) => ({ 'idempotency-key': `carrier-${what}-${order.id}` });
    const first = await move(order.id, 'report', {}, r.vayu, key('report'));
    const again = await move(order.id, 'report', {}, r.vayu, key('report'));
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());

    const change = vehicle({ reason: 'Breakdown' });
    const changed = await move(order.id, 'vehicle', change, r.vayu, key('vehicle'));
    const changedAgain = await move(order.id, 'vehicle', change, r.vayu, key('vehicle'));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changedAgain.json()).toEqual(changed.json());
    // The same key for another body is refused, not replayed.
    expect((await move(order.id, 'vehicle', vehicle({ reason: 'Other' }), r.vayu, key('vehicle'))).statusCode).toBe(422);

    await throughGate(order.id, change.vehicleNumber);
    const arrived = await Promise.all([1, 2].map(() => move(order.id, 'arrive', {}, r.vayu, key('arrive'))));
    expect(arrived.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(arrived[1]?.json()).toEqual(arrived[0]?.json());
    const events = await timeline(order.id);
    expect(events.filter((e) => e.to === 'reported' && e.from === 'vehicle_assigned')).toHaveLength(1);
    expect(events.filter((e) => e.reason?.startsWith('Vehicle changed'))).toHaveLength(1);
    expect(events.filter((e) => e.to === 'arrived')).toHaveLength(1);
    const stored = rows<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from order_events where order_id = ${order.id}`),
    );
    expect(stored[0]?.n).toBe(events.length);
  });

  it('accepting or rejecting a placed order twice with one key is one move (assign, reject)', async () => {
    for (const [what, body] of [
      ['assign', vehicle()],
      ['reject', { reason: 'No vehicle free' }],
    ] as const) {
      const order = await offlineOrder(t, r, 'outbound', { vehicle: null });
      const key = { 'idempotency-key': `carrier-${what}-${order.id}-twice` };
      const first = await move(order.id, what, body, r.vayu, key);
      const again = await move(order.id, what, body, r.vayu, key);
      expect(first.statusCode, first.body).toBe(200);
      expect(again.headers['idempotent-replayed'], what).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect((await timeline(order.id)).map((e) => e.to)).toEqual(['placed', what === 'assign' ? 'vehicle_assigned' : 'rejected']);
    }
  });
});
