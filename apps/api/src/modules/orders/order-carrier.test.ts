import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ordersFor, type Viewer } from '../../lib/policy.ts';
import { useTestApp } from '../../test/harness.ts';
import { type Procurement, setupProcurement } from '../../test/procurement.ts';

/**
 * An order's carrier (orders.carrier_id, migration 0034) is its link's carrier, kept by the
 * database, and the carrier portal reads a carrier's orders by it: the order follows a change of
 * link, and of a link's carrier; a value written straight into the column does not stand.
 */
const t = useTestApp();
let p: Procurement;
let orderId = 0;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const carrierOfOrder = async () => Number((await rows<{ c: number }>(sql`select carrier_id as c from orders where id = ${orderId}`))[0]?.c);
const carrierOfLink = async (link: number) =>
  Number((await rows<{ c: number }>(sql`select carrier_id as c from industry_carriers where id = ${link}`))[0]?.c);
const listed = async (token: string) =>
  ((await call('GET', '/api/carrier/orders', token)).json().data as { id: number }[]).map((o) => o.id);

beforeAll(async () => {
  p = await setupProcurement(t);
  const [plant] = (await call('GET', '/api/plants/options', p.owner)).json().data;
  const [vehicle] = (await call('GET', '/api/vehicle-types/options', p.owner)).json().data;
  const placed = await call('POST', '/api/offline-orders/outbound', p.owner, {
    carrierLinkId: p.vayuLink,
    plantId: plant.id,
    vehicleTypeId: vehicle.id,
    priceRupees: 38000,
    pickupAt: new Date(Date.now() + 86_400_000).toISOString(),
    dropoffs: p.base.dropoffs,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  orderId = placed.json().data.id;
});

describe("an order's carrier", () => {
  it('is its link’s carrier from the insert, and the carrier portal lists it by that', async () => {
    expect(await carrierOfOrder()).toBe(await carrierOfLink(p.vayuLink));
    expect(await listed(p.vayu)).toContain(orderId);
    expect(await listed(p.ganesh)).not.toContain(orderId);
  });

  it('follows the order to another link, and a value written straight into it does not stand', async () => {
    await t.database.db.execute(sql`update orders set industry_carrier_id = ${p.ganeshLink} where id = ${orderId}`);
    const ganesh = await carrierOfLink(p.ganeshLink);
    expect(await carrierOfOrder()).toBe(ganesh);
    expect(await listed(p.ganesh)).toContain(orderId);
    expect(await listed(p.vayu)).not.toContain(orderId);
    expect((await call('GET', `/api/carrier/orders/${orderId}`, p.vayu)).statusCode).toBe(404);
    expect((await call('GET', `/api/carrier/orders/${orderId}`, p.ganesh)).statusCode).toBe(200);

    await t.database.db.execute(sql`update orders set carrier_id = ${await carrierOfLink(p.vayuLink)} where id = ${orderId}`);
    expect(await carrierOfOrder()).toBe(ganesh);
  });

  it('follows its link to another carrier', async () => {
    const [other] = await rows<{ id: number }>(sql`insert into carriers (name) values ('Link Moved Logistics') returning id`);
    const before = await carrierOfLink(p.ganeshLink);
    await t.database.db.execute(sql`update industry_carriers set carrier_id = ${other?.id} where id = ${p.ganeshLink}`);
    expect(await carrierOfOrder()).toBe(Number(other?.id));
    expect(await listed(p.ganesh)).not.toContain(orderId);
    await t.database.db.execute(sql`update industry_carriers set carrier_id = ${before} where id = ${p.ganeshLink}`);
    expect(await carrierOfOrder()).toBe(before);
    expect(await listed(p.ganesh)).toContain(orderId);
  });

  it('is what the policy’s carrier rule reads: a page newest first from orders_by_carrier, without a sort', async () => {
    const carrierId = await carrierOfLink(p.vayuLink);
    const viewer: Viewer = { id: 0, userType: 2, industryId: null, carrierId, permissions: [], plantIds: [], businessUnitIds: [] };
    const plan = await t.database.db.transaction(async (tx) => {
      // Planned as for a carrier with many orders: with a handful of rows a scan of the table is cheaper.
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = (await tx.execute(
        sql`explain select id from orders where ${ordersFor(viewer, 'list')} order by id desc limit 26`,
      )) as unknown as { rows: Record<string, string>[] };
      return explained.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toMatch(
      /Index Only Scan Backward using orders_by_carrier on orders|Index Scan Backward using orders_by_carrier on orders/,
    );
    expect(plan).not.toMatch(/Sort/);
  });
});
