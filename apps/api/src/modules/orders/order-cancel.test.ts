import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { type Procurement, setupProcurement } from '../../test/procurement.ts';
import { createStaff } from '../../test/staff.ts';
import { moveOrder } from './orders.service.ts';

/** The shipper cancels an order: `POST /api/orders/{dir}/:id/cancel` with a reason. */
const t = useTestApp();
let p: Procurement;
let plants: { id: number }[] = [];
let ownerId = 0;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });
const cancel = (id: number, token: string, payload: object = { reason: 'Plant shutdown on that day' }) =>
  call('POST', `/api/orders/outbound/${id}/cancel`, token, payload);
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A closed outbound request at `plantId` with Vayu's bid, awarded: answers the request and its orders. */
async function awarded(vehicles = 1, plantId = plants[0]?.id ?? 0) {
  const request = (await call('POST', '/api/requests/outbound', p.owner, { ...p.base, plantId, vehicleCount: vehicles })).json().data;
  await call('POST', `/api/carrier/requests/${request.id}/bids`, p.vayu, { amountRupees: 40000, vehicles });
  await t.database.db.execute(sql`update transport_requests set status = 'closed' where id = ${request.id}`);
  const [bid] = (await call('GET', `/api/requests/outbound/${request.id}/bids`, p.owner)).json().data;
  const res = await call('POST', `/api/requests/outbound/${request.id}/award`, p.owner, { awards: [{ bidId: bid.id, vehicles }] });
  expect(res.statusCode, res.body).toBe(201);
  return {
    request: request as { id: number; number: string },
    bidId: bid.id as number,
    orders: res.json().data as { id: number; number: string }[],
  };
}

beforeAll(async () => {
  p = await setupProcurement(t);
  plants = (await call('GET', '/api/plants/options', p.owner)).json().data;
  expect(plants.length).toBeGreaterThan(1);
  ownerId = rows<{ id: number }>(await t.database.db.execute(sql`select id from users where email = 'owner@demo.test'`))[0]?.id ?? 0;
});

describe('cancelling an order', () => {
  it('cancels with the reason in the timeline, tells the carrier, and frees the vehicle for another award', async () => {
    const { request, bidId, orders } = await awarded();
    const [order] = orders;
    const before = (await call('GET', '/api/notifications', p.vayu)).json().total as number;
    const res = await cancel(order?.id ?? 0, p.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: order?.id, status: 'cancelled' });

    const detail = (await call('GET', `/api/orders/outbound/${order?.id}`, p.owner)).json().data;
    expect(detail.status).toBe('cancelled');
    expect(detail.timeline.at(-1)).toMatchObject({
      from: 'placed',
      to: 'cancelled',
      byName: 'Asha Kulkarni',
      byCompany: 'Demo Industries',
      reason: 'Plant shutdown on that day',
    });
    expect(Date.parse(detail.timeline.at(-1).at)).toBeGreaterThan(Date.now() - 60_000);

    // The carrier is told: stored (so live and push follow), with the spec's payload.
    const list = (await call('GET', '/api/notifications', p.vayu)).json();
    expect(list.total).toBe(before + 1);
    expect(list.data[0]).toMatchObject({ type: 'order', referId: order?.id, requestType: 1, title: 'Order cancelled' });
    expect(list.data[0].msg).toContain(order?.number);
    expect(list.data[0].msg).toContain('Plant shutdown on that day');
    // The carrier's portal shows it cancelled.
    const mine = (await call('GET', '/api/carrier/orders?status=cancelled', p.vayu)).json().data.map((o: { id: number }) => o.id);
    expect(mine).toContain(order?.id);

    // The freed vehicle can be awarded again from the request.
    const again = await call('POST', `/api/requests/outbound/${request.id}/award`, p.owner, { awards: [{ bidId, vehicles: 1 }] });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('cancels a vehicle-assigned and a reported order', async () => {
    const { orders } = await awarded(2);
    const [assigned, reported] = orders;
    for (const o of orders) {
      const res = await call('POST', `/api/carrier/orders/${o.id}/assign`, p.vayu, {
        vehicleNumber: 'MH12AB1234',
        driverName: 'Ramesh',
        driverMobile: '9822012345',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.database.db.transaction((tx) => moveOrder(tx, reported?.id ?? 0, 'vehicle_assigned', 'reported', ownerId));
    expect((await cancel(assigned?.id ?? 0, p.owner)).json().data.status).toBe('cancelled');
    expect((await cancel(reported?.id ?? 0, p.owner)).json().data.status).toBe('cancelled');
  });

  it('asks for a reason (400 naming reason)', async () => {
    const { orders } = await awarded();
    const id = orders[0]?.id ?? 0;
    for (const payload of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(301) }]) {
      const res = await cancel(id, p.owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields).toHaveProperty('reason');
    }
    expect((await call('GET', `/api/orders/outbound/${id}`, p.owner)).json().data.status).toBe('placed');
  });

  it('refuses without a session (401), without the permission (403), across tenants, plants and directions (404)', async () => {
    const { orders } = await awarded(1, plants[0]?.id);
    const id = orders[0]?.id ?? 0;
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/orders/outbound/${id}/cancel`, payload: { reason: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    const noPermission = await createStaff(t, p.owner, { permissions: ['list-outbound-request', 'detail-outbound-request'] });
    expect((await cancel(id, noPermission.token)).statusCode).toBe(403);
    // The inbound order list permission does not open an outbound order.
    const inboundOnly = await createStaff(t, p.owner, { permissions: ['list-inbound-order'] });
    expect((await cancel(id, inboundOnly.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/orders/inbound/${id}/cancel`, p.owner, { reason: 'x' })).statusCode).toBe(404);
    expect((await cancel(id, p.vayu)).statusCode).toBe(403);
    expect((await cancel(id, await t.login('noplan@demo.test'))).statusCode).toBe(404);
    const elsewhere = await createStaff(t, p.owner, { permissions: ['list-outbound-order'], plantIds: [plants[1]?.id ?? 0] });
    expect((await cancel(id, elsewhere.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/orders/outbound/${id}`, p.owner)).json().data.status).toBe('placed');
    // Staff of the order's plant with the order list permission may cancel it.
    const here = await createStaff(t, p.owner, { permissions: ['list-outbound-order'], plantIds: [plants[0]?.id ?? 0] });
    expect((await cancel(id, here.token)).statusCode).toBe(200);
  });

  it('refuses an order the status machine does not let go: delivered, closed, rejected, already cancelled (409)', async () => {
    const { orders } = await awarded(4);
    const [delivered, closed, rejected, twice] = orders.map((o) => o.id);
    const walk = ['vehicle_assigned', 'reported', 'gate_in', 'loaded', 'gate_out', 'arrived', 'delivered'] as const;
    await t.database.db.transaction(async (tx) => {
      for (const id of [delivered, closed]) {
        let from: (typeof walk)[number] | 'placed' = 'placed';
        for (const to of walk) {
          await moveOrder(tx, id ?? 0, from, to, ownerId, to === 'vehicle_assigned' ? { vehicleNumber: 'MH12AB1234' } : {});
          from = to;
        }
      }
      await moveOrder(tx, closed ?? 0, 'delivered', 'closed', ownerId);
    });
    expect((await call('POST', `/api/carrier/orders/${rejected}/reject`, p.vayu, { reason: 'breakdown' })).statusCode).toBe(200);
    expect((await cancel(twice ?? 0, p.owner)).statusCode).toBe(200);
    const before = (await call('GET', '/api/notifications', p.vayu)).json().total as number;
    for (const [id, status] of [
      [delivered, 'delivered'],
      [closed, 'closed'],
      [rejected, 'rejected'],
      [twice, 'cancelled'],
    ] as const) {
      const res = await cancel(id ?? 0, p.owner);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(409);
      expect((await call('GET', `/api/orders/outbound/${id}`, p.owner)).json().data.status).toBe(status);
    }
    // A refused cancel tells nobody.
    expect((await call('GET', '/api/notifications', p.vayu)).json().total).toBe(before);
  });
});
