import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { setupProcurement } from '../../test/procurement.ts';

const t = useTestApp();
let owner = '';
let vayu = '';
let ganesh = '';
let base: Record<string, unknown> = {};
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });
const list = async (token: string) =>
  (await call('GET', '/api/notifications', token)).json().data as {
    id: number;
    title: string;
    type: string;
    referId: number;
    readAt: string | null;
  }[];

beforeAll(async () => {
  ({ owner, vayu, ganesh, base } = await setupProcurement(t));
  base = { ...base, vehicleCount: 1 };
});

describe('notifications', () => {
  it('tells carriers of a new request, of being outbid, of the award or regret; the shipper of the vehicle', async () => {
    const request = (await call('POST', '/api/requests/outbound', owner, base)).json().data;
    expect((await list(vayu))[0]).toMatchObject({ title: 'New request to bid', type: 'request', referId: request.id });
    expect((await list(ganesh))[0]?.title).toBe('New request to bid');
    await call('POST', `/api/carrier/requests/${request.id}/bids`, vayu, { amountRupees: 40000, vehicles: 1 });
    await call('POST', `/api/carrier/requests/${request.id}/bids`, ganesh, { amountRupees: 39000, vehicles: 1 });
    expect((await list(vayu))[0]?.title).toBe('You were outbid');
    await t.database.db.execute(sql`update transport_requests set status = 'closed' where id = ${request.id}`);
    const board = (await call('GET', `/api/requests/outbound/${request.id}/bids`, owner)).json().data;
    const orders = (
      await call('POST', `/api/requests/outbound/${request.id}/award`, owner, { awards: [{ bidId: board[0].id, vehicles: 1 }] })
    ).json().data;
    expect((await list(ganesh))[0]).toMatchObject({ title: 'Awarded', type: 'order' });
    expect((await list(vayu))[0]?.title).toBe('Regret');
    const assigned = await call('POST', `/api/carrier/orders/${orders[0].id}/assign`, ganesh, {
      vehicleNumber: 'GJ05AB1234',
      driverName: 'Raju',
      driverMobile: '9876543210',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await list(owner))[0]).toMatchObject({ title: 'Vehicle assigned', type: 'order', referId: orders[0].id });
    // Staff whose role lacks list-outbound-order are not told; the demo role has it.
    expect((await list(await t.login('staff@demo.test')))[0]?.title).toBe('Vehicle assigned');
  });

  it('counts unread, marks read, and keeps each user to their own', async () => {
    const count = async (token: string) => (await call('GET', '/api/notifications/unread-count', token)).json().data.count as number;
    const before = await count(vayu);
    expect(before).toBeGreaterThan(0);
    const [first] = await list(vayu);
    expect((await call('POST', `/api/notifications/${first?.id}/read`, ganesh)).statusCode).toBe(404);
    await call('POST', `/api/notifications/${first?.id}/read`, vayu);
    expect(await count(vayu)).toBe(before - 1);
    await call('POST', '/api/notifications/read-all', vayu);
    expect(await count(vayu)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});
