import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ewayValidUntil } from '@freightdesk/shared/eway-bill';
import { useTestApp } from '../../test/harness.ts';
import { setupProcurement } from '../../test/procurement.ts';
import { createStaff } from '../../test/staff.ts';

const t = useTestApp();
let p: Awaited<ReturnType<typeof setupProcurement>>;
let orderId = 0;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token: string | undefined, payload?: object) =>
  t.app.inject({ method, url, headers: token ? t.as(token) : {}, payload });
const bills = (id = orderId) => `/api/orders/outbound/${id}/eway-bills`;
let serial = 331000000100;
/** A new simulator number: the simulator answers any 12 digits (but 0…, …00 and …99) as the shipper's bill. */
const nextNumber = () => String(++serial).replace(/(00|99)$/, '11');

/** Where the vehicle is, as an extension names it: Vapi, Gujarat (NIC state 24). */
const VAPI = { fromPlace: 'Vapi', fromPincode: '396191', fromState: 24 };

/** An awarded order with its vehicle assigned. */
async function assignedOrder() {
  const request = (await call('POST', '/api/requests/outbound', p.owner, { ...p.base, vehicleCount: 1 })).json().data;
  await call('POST', `/api/carrier/requests/${request.id}/bids`, p.vayu, { amountRupees: 40000, vehicles: 1 });
  await t.database.db.execute(sql`update transport_requests set status = 'closed' where id = ${request.id}`);
  const [bid] = (await call('GET', `/api/requests/outbound/${request.id}/bids`, p.owner)).json().data;
  const [order] = (
    await call('POST', `/api/requests/outbound/${request.id}/award`, p.owner, { awards: [{ bidId: bid.id, vehicles: 1 }] })
  ).json().data;
  const assigned = await call('POST', `/api/carrier/orders/${order.id}/assign`, p.vayu, {
    vehicleNumber: 'MH12AB1234',
    driverName: 'Ramesh',
    driverMobile: '9822012345',
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return order.id as number;
}

beforeAll(async () => {
  p = await setupProcurement(t);
  orderId = await assignedOrder();
});

describe('e-way bills on an order', () => {
  it('fetches a bill by its number and records it with its computed validity', async () => {
    const number = nextNumber();
    const looked = await call('POST', `${bills()}/lookup`, p.owner, { number });
    expect(looked.statusCode, looked.body).toBe(200);
    expect(looked.json().data).toMatchObject({ number, fromGstin: expect.stringMatching(/^\d{2}[A-Z]{5}/), vehicleNumber: 'MH12AB1234' });
    const made = await call('POST', bills(), p.owner, { number });
    expect(made.statusCode, made.body).toBe(201);
    const bill = made.json().data;
    expect(bill).toMatchObject({ number, status: 'active', state: 'valid', source: 'provider', extensions: 0, warnings: [] });
    expect(bill.validUntil).toBe(ewayValidUntil(new Date(bill.generatedAt), bill.distanceKm).toISOString());
    const list = (await call('GET', bills(), p.owner)).json().data as { number: string }[];
    expect(list.map((b) => b.number)).toContain(number);
    const carrier = await call('GET', `/api/carrier/orders/${orderId}/eway-bills`, p.vayu);
    expect(carrier.json().data.map((b: { number: string }) => b.number)).toContain(number);
    // The order's timeline says who added which bill (a change on the way, same status).
    const timeline = (await call('GET', `/api/orders/outbound/${orderId}`, p.owner)).json().data.timeline;
    expect(timeline.at(-1)).toMatchObject({ from: 'vehicle_assigned', to: 'vehicle_assigned', byName: 'Asha Kulkarni' });
    expect(timeline.at(-1).reason).toMatch(new RegExp(`^E-way bill ${number} added, valid until `));
    const again = await call('POST', bills(), p.owner, { number });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a 13-digit number, an unknown, an expired and another business’s bill, naming the number', async () => {
    for (const [number, why] of [
      ['3310098765431', /12 digits/],
      ['031009876543', /no e-way bill/],
      ['331009876500', /expired/],
      ['331009876599', /another business/],
    ] as const) {
      const res = await call('POST', bills(), p.owner, { number });
      expect(res.statusCode, number).toBe(400);
      expect(res.json().error.fields.number, number).toMatch(why);
    }
  });

  it('extends only in its window and cancels only within 24 hours of generation', async () => {
    const bill = (await call('POST', bills(), p.owner, { number: nextNumber() })).json().data;
    const extend = { remainingKm: 150, reasonCode: 3, remarks: 'Transhipment at Vapi', ...VAPI };
    const early = await call('POST', `${bills()}/${bill.id}/extend`, p.owner, extend);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('NOT_IN_EXTENSION_WINDOW');
    await t.database.db.execute(sql`update eway_bills set valid_until = now() + interval '2 hours' where id = ${bill.id}`);
    const extended = await call('POST', `${bills()}/${bill.id}/extend`, p.owner, extend);
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().data.extensions).toBe(1);
    expect(new Date(extended.json().data.validUntil).getTime()).toBeGreaterThan(Date.now() + 20 * 3_600_000);
    expect((await call('POST', `${bills()}/${bill.id}/extend`, p.owner, { ...extend, reasonCode: 7 })).json().error.fields).toHaveProperty(
      'reasonCode',
    );

    await t.database.db.execute(sql`update eway_bills set generated_at = now() - interval '25 hours' where id = ${bill.id}`);
    const late = await call('POST', `${bills()}/${bill.id}/cancel`, p.owner, { reasonCode: 2 });
    expect(late.statusCode).toBe(409);
    const fresh = (await call('POST', bills(), p.owner, { number: nextNumber() })).json().data;
    const cancelled = await call('POST', `${bills()}/${fresh.id}/cancel`, p.owner, { reasonCode: 2, remarks: 'Order cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', state: 'cancelled' });
    // Both changes are on the order's timeline with who made them.
    const timeline = (await call('GET', `/api/orders/outbound/${orderId}`, p.owner)).json().data.timeline as {
      reason: string | null;
      byName: string | null;
    }[];
    const line = (start: string) => timeline.find((e) => e.reason?.startsWith(start));
    expect(line(`E-way bill ${bill.number} extended to `)).toMatchObject({
      reason: expect.stringMatching(/: Transhipment, Transhipment at Vapi$/),
    });
    expect(line(`E-way bill ${fresh.number} cancelled: Order cancelled, Order cancelled`)?.byName).toBeTruthy();
  });

  it('an extension says where the vehicle is: suggested from the last position, checked by the server', async () => {
    const bill = (await call('POST', bills(), p.owner, { number: nextNumber() })).json().data;
    await t.database.db.execute(sql`update eway_bills set valid_until = now() + interval '2 hours' where id = ${bill.id}`);
    const suggest = async () => {
      const res = await call('GET', `${bills()}/${bill.id}/extension`, p.owner);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    // No position yet: the pickup, the plant.
    expect(await suggest()).toMatchObject({ basis: 'pickup', at: null, fromState: expect.any(Number) });
    const at = new Date(Date.now() - 10 * 60_000);
    await t.database.db.execute(sql`insert into tracking_last_positions
      (order_id, industry_id, source, fix_time, latitude, longitude, signal_at, anchor_latitude, anchor_longitude, anchor_at, km_left)
      select id, industry_id, 'device', ${at.toISOString()}::timestamptz, 20.3717, 72.9056, now(), 20.3717, 72.9056, now(), 96.4
      from orders where id = ${orderId}`);
    // At Vapi, two kilometres from Daman: a Gujarat PIN for a place in Gujarat.
    expect(await suggest()).toEqual({
      basis: 'position',
      at: at.toISOString(),
      fromPlace: 'Vapi',
      fromPincode: '396191',
      fromState: 24,
      remainingKm: 96,
    });
    expect((await call('GET', `${bills()}/${bill.id}/extension`, p.vayu)).statusCode).toBe(403);
    expect((await call('GET', `${bills()}/999999/extension`, p.owner)).statusCode).toBe(404);

    const extend = { remainingKm: 96, reasonCode: 99, remarks: 'Held at the border' };
    for (const [body, field, why] of [
      [{ ...extend }, 'fromPlace', /Current place is required/],
      [{ ...extend, ...VAPI, fromPincode: '39619' }, 'fromPincode', /6 digits/],
      [{ ...extend, ...VAPI, fromPincode: '096191' }, 'fromPincode', /not starting with 0/],
      [{ ...extend, ...VAPI, fromState: 25 }, 'fromState', /state the vehicle is in/],
      [{ ...extend, ...VAPI, fromState: 'GJ' }, 'fromState', /state the vehicle is in/],
      [{ ...extend, ...VAPI, fromPlace: 'x'.repeat(51) }, 'fromPlace', /At most 50/],
    ] as const) {
      const res = await call('POST', `${bills()}/${bill.id}/extend`, p.owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields[field], field).toMatch(why);
    }
    const done = await call('POST', `${bills()}/${bill.id}/extend`, p.owner, { ...extend, ...VAPI });
    expect(done.statusCode, done.body).toBe(200);
    await t.database.db.execute(sql`delete from tracking_last_positions where order_id = ${orderId}`);
  });

  it('a bill the system has as over-dimensional is so without the box ticked (20 km a day), and a regular one stays regular', async () => {
    // The simulator's over-dimensional bills end in 77 (NIC's vehicle type O).
    const odc = (await call('POST', bills(), p.owner, { number: `${nextNumber().slice(0, 10)}77` })).json().data;
    expect(odc.overDimensional).toBe(true);
    expect(odc.validUntil).toBe(ewayValidUntil(new Date(odc.generatedAt), odc.distanceKm, true).toISOString());
    // The system says regular: the tick does not make it over-dimensional.
    const regular = (await call('POST', bills(), p.owner, { number: nextNumber(), overDimensional: true })).json().data;
    expect(regular.overDimensional).toBe(false);
    expect(regular.validUntil).toBe(ewayValidUntil(new Date(regular.generatedAt), regular.distanceKm).toISOString());
  });

  it('after the order is cancelled its bill may still be cancelled, but no bill is added or extended', async () => {
    const id = await assignedOrder();
    const bill = (await call('POST', bills(id), p.owner, { number: nextNumber() })).json().data;
    const cancelOrder = await call('POST', `/api/orders/outbound/${id}/cancel`, p.owner, { reason: 'Plant shutdown' });
    expect(cancelOrder.statusCode, cancelOrder.body).toBe(200);
    await t.database.db.execute(sql`update eway_bills set valid_until = now() + interval '2 hours' where id = ${bill.id}`);
    const extend = await call('POST', `${bills(id)}/${bill.id}/extend`, p.owner, { remainingKm: 50, reasonCode: 3, remarks: 'x', ...VAPI });
    expect(extend.statusCode).toBe(409);
    expect(extend.json().error.message).toMatch(/is cancelled\.$/);
    expect((await call('POST', bills(id), p.owner, { number: nextNumber() })).json().error.code).toBe('ORDER_DONE');
    const cancelBill = await call('POST', `${bills(id)}/${bill.id}/cancel`, p.owner, { reasonCode: 2 });
    expect(cancelBill.statusCode, cancelBill.body).toBe(200);
  });

  it('warns shipper and carrier 8 hours before expiry, and not for a bill extended since', async () => {
    const bill = (await call('POST', bills(), p.owner, { number: nextNumber() })).json().data;
    const due = sql`update jobs set run_at = now() - interval '1 second' where key = ${`eway-bill.expiring:${bill.id}`}`;
    await t.database.db.execute(due);
    await t.app.deps.jobs.tick();
    const told = async (email: string) =>
      Number(
        (
          (await t.database.db.execute(sql`select count(*)::int as n from notifications n join users u on u.id = n.user_id
            where u.email = ${email} and n.title = 'E-way bill expiring' and n.msg like ${`%${bill.number}%`}`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n,
      );
    expect(await told('owner@demo.test')).toBe(1);
    expect(await told('carrier@demo.test')).toBe(1);
    // A job whose bill moved on since it was scheduled says nothing.
    await t.database.db.execute(sql`update eway_bills set valid_until = valid_until + interval '1 day' where id = ${bill.id}`);
    await t.database.db.execute(
      sql`update jobs set status = 'pending', run_at = now() - interval '1 second' where key = ${`eway-bill.expiring:${bill.id}`}`,
    );
    await t.app.deps.jobs.tick();
    expect(await told('owner@demo.test')).toBe(1);
  });

  it('401 without a token, 403 without the permission, 404 for another shipper, a staff user of another plant, another carrier', async () => {
    expect((await call('GET', bills(), undefined)).statusCode).toBe(401);
    const noPermission = await createStaff(t, p.owner, { permissions: ['list-plant'] });
    expect((await call('GET', bills(), noPermission.token)).statusCode).toBe(403);
    expect((await call('POST', bills(), await t.login('noplan@demo.test'), { number: nextNumber() })).statusCode).toBe(404);
    const plants = (await call('GET', '/api/plants/options', p.owner)).json().data as { id: number }[];
    const elsewhere = await createStaff(t, p.owner, {
      permissions: ['list-outbound-order'],
      plantIds: [plants.find((x) => x.id !== p.base.plantId)?.id ?? 0],
    });
    expect((await call('GET', bills(), elsewhere.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/carrier/orders/${orderId}/eway-bills`, p.ganesh)).statusCode).toBe(404);
    expect((await call('GET', `/api/orders/inbound/${orderId}/eway-bills`, p.owner)).statusCode).toBe(404);
  });
});
