import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { setupProcurement } from '../test/procurement.ts';
import { createStaff } from '../test/staff.ts';

/**
 * The policy's rules where they used to be written apart: offline orders and notifications follow
 * the staff plant scope, devices go back only by the owner's hand.
 */
const t = useTestApp();
let p: Awaited<ReturnType<typeof setupProcurement>>;
let plants: { id: number }[] = [];

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });

beforeAll(async () => {
  p = await setupProcurement(t);
  plants = (await call('GET', '/api/plants/options', p.owner)).json().data;
  expect(plants.length).toBeGreaterThan(1);
});

const plantOf = (i: number) => plants[i]?.id ?? 0;

describe('the policy, one rule per object', () => {
  it('shows offline orders only within a staff user’s plants, in the list and the detail', async () => {
    const [vehicle] = (await call('GET', '/api/vehicle-types/options', p.owner)).json().data;
    const offline = await call('POST', '/api/offline-orders/outbound', p.owner, {
      carrierLinkId: p.vayuLink,
      plantId: plantOf(0),
      vehicleTypeId: vehicle.id,
      priceRupees: 30000,
      pickupAt: new Date(Date.now() + 86_400_000).toISOString(),
      dropoffs: p.base.dropoffs,
    });
    expect(offline.statusCode, offline.body).toBe(201);
    const id = offline.json().data.id;
    const inside = await createStaff(t, p.owner, { permissions: ['list-outbound-order'], plantIds: [plantOf(0)] });
    const outside = await createStaff(t, p.owner, { permissions: ['list-outbound-order'], plantIds: [plantOf(1)] });
    expect((await call('GET', `/api/offline-orders/outbound/${id}`, inside.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/offline-orders/outbound', inside.token)).json().data.map((o: { id: number }) => o.id)).toContain(id);
    expect((await call('GET', `/api/offline-orders/outbound/${id}`, outside.token)).statusCode).toBe(404);
    const seen = (await call('GET', '/api/offline-orders/outbound', outside.token)).json();
    expect(seen.total).toBe(0);
  });

  it('tells only the staff who may open the order that its vehicle was assigned', async () => {
    const request = (await call('POST', '/api/requests/outbound', p.owner, { ...p.base, plantId: plantOf(0), vehicleCount: 1 })).json()
      .data;
    await call('POST', `/api/carrier/requests/${request.id}/bids`, p.vayu, { amountRupees: 40000, vehicles: 1 });
    await t.database.db.execute(sql`update transport_requests set status = 'closed' where id = ${request.id}`);
    const [bid] = (await call('GET', `/api/requests/outbound/${request.id}/bids`, p.owner)).json().data;
    const [order] = (
      await call('POST', `/api/requests/outbound/${request.id}/award`, p.owner, { awards: [{ bidId: bid.id, vehicles: 1 }] })
    ).json().data;
    const inside = await createStaff(t, p.owner, { permissions: ['list-outbound-order'], plantIds: [plantOf(0)] });
    const outside = await createStaff(t, p.owner, { permissions: ['list-outbound-order'], plantIds: [plantOf(1)] });
    const noPermission = await createStaff(t, p.owner, { permissions: ['list-plant'] });
    const assigned = await call('POST', `/api/carrier/orders/${order.id}/assign`, p.vayu, {
      vehicleNumber: 'MH12AB1234',
      driverName: 'Ramesh',
      driverMobile: '9822012345',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const told = async (userId: number) =>
      Number(
        (
          (await t.database.db.execute(
            sql`select count(*)::int as n from notifications where user_id = ${userId} and type = 'order' and refer_id = ${order.id}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n,
      );
    expect(await told(inside.id)).toBe(1);
    expect(await told(outside.id)).toBe(0);
    expect(await told(noPermission.id)).toBe(0);
  });

  it('lets only the account owner send a lent device back', async () => {
    const admin = await t.login('admin@demo.test');
    const device = await call('POST', '/api/admin/devices', admin, { serial: 'GPS-POLICY-1', kind: 'gps' });
    expect(device.statusCode, device.body).toBe(201);
    const id = device.json().data.id;
    const industryId = Number(
      (
        (await t.database.db.execute(sql`select industry_id from users where email = 'owner@demo.test'`)) as unknown as {
          rows: { industry_id: number }[];
        }
      ).rows[0]?.industry_id,
    );
    expect((await call('POST', `/api/admin/devices/${id}/assign`, admin, { industryId })).statusCode).toBe(200);
    const staff = await createStaff(t, p.owner, { permissions: ['list-plant'] });
    expect((await call('POST', `/api/devices/${id}/send-back`, staff.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/devices/${id}/send-back`, p.owner)).statusCode).toBe(200);
  });
});
