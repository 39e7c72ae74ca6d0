import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { issuedFixture } from '../../test/issued.ts';
import { type Procurement, setupProcurement } from '../../test/procurement.ts';

const t = useTestApp();
let p: Procurement;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });
const carrierFigures = async (token: string) => {
  const res = await call('GET', '/api/dashboard/carrier', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, number>;
};
const delta = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]));

beforeAll(async () => {
  p = await setupProcurement(t);
});

describe('the carrier’s dashboard', () => {
  it('counts its live auctions, bids leading and trailing, and orders to serve, its own only', async () => {
    const vayuBefore = await carrierFigures(p.vayu);
    const ganeshBefore = await carrierFigures(p.ganesh);
    const both = (await call('POST', '/api/requests/outbound', p.owner, p.base)).json().data;
    await call('POST', '/api/requests/outbound', p.owner, { ...p.base, carrierLinkIds: [p.vayuLink] });
    expect((await call('POST', `/api/carrier/requests/${both.id}/bids`, p.vayu, { amountRupees: 45000, vehicles: 2 })).statusCode).toBe(
      201,
    );
    expect((await call('POST', `/api/carrier/requests/${both.id}/bids`, p.ganesh, { amountRupees: 44000, vehicles: 1 })).statusCode).toBe(
      201,
    );

    expect(delta(await carrierFigures(p.vayu), vayuBefore)).toEqual({
      liveAuctions: 2,
      bidsLeading: 0,
      bidsTrailing: 1,
      bidsPositionHidden: 0,
      ordersToServe: 0,
      ordersInTransit: 0,
      bidsWon: 0,
      bidsLost: 0,
      invoicesDue: 0,
      invoicesDueRupees: 0,
    });
    // The request only Vayu was invited to is not Shree Ganesh's.
    expect(delta(await carrierFigures(p.ganesh), ganeshBefore)).toMatchObject({ liveAuctions: 1, bidsLeading: 1, bidsTrailing: 0 });

    // Bidding closes and the owner awards Vayu's two vehicles: two orders to serve.
    await t.database.db.execute(sql`update transport_requests set status = 'closed' where id = ${both.id}`);
    const board = (await call('GET', `/api/requests/outbound/${both.id}/bids`, p.owner)).json().data as {
      id: number;
      carrierName: string;
    }[];
    const vayuBid = board.find((b) => b.carrierName === 'Vayu Roadlines')?.id;
    expect(
      (await call('POST', `/api/requests/outbound/${both.id}/award`, p.owner, { awards: [{ bidId: vayuBid, vehicles: 2 }] })).statusCode,
    ).toBe(201);
    expect(delta(await carrierFigures(p.vayu), vayuBefore)).toMatchObject({
      liveAuctions: 1,
      bidsTrailing: 0,
      ordersToServe: 2,
      bidsWon: 1,
      bidsLost: 0,
    });
    // Shree Ganesh bid on the request awarded to Vayu: a bid lost.
    expect(delta(await carrierFigures(p.ganesh), ganeshBefore)).toMatchObject({
      liveAuctions: 0,
      ordersToServe: 0,
      bidsWon: 0,
      bidsLost: 1,
    });
  });

  it('counts its invoices still to pay, across shippers, and what is due on them', async () => {
    const vayuBefore = await carrierFigures(p.vayu);
    const ganeshBefore = await carrierFigures(p.ganesh);
    const db = t.database.db;
    // Vayu's link to a second shipper (Sunrise Polymers), and an invoice of each state.
    await db.execute(sql`insert into industry_carriers (industry_id, carrier_id)
      select i.id, c.id from industries i, carriers c where i.name = 'Sunrise Polymers' and c.name = 'Vayu Roadlines'`);
    const invoice = (carrier: string, shipper: string, number: string, status: string, approved: number | null, paid: number) =>
      db.execute(sql`insert into invoices (industry_id, industry_carrier_id, carrier_id, plant_id, number, financial_year, invoice_date,
          status, gst_scheme, gst_rate_pct, recipient_gstin, order_count, taxable_paise, tax_paise, total_paise, approved_paise, paid_paise, issued)
        select ic.industry_id, ic.id, ic.carrier_id, (select id from plants order by id limit 1), ${number}, '2025-26', '2025-06-01',
          ${status}, 'rcm', 0, '27AAPFU0939F1ZV', 1, 200000, 0, 200000, ${approved}, ${paid}, ${issuedFixture}::jsonb
        from industry_carriers ic join carriers c on c.id = ic.carrier_id join industries i on i.id = ic.industry_id
        where c.name = ${carrier} and i.name = ${shipper}`);
    await invoice('Vayu Roadlines', 'Demo Industries', 'DASH-1', 'approved', 100_000, 0);
    await invoice('Vayu Roadlines', 'Demo Industries', 'DASH-2', 'partly_paid', 200_000, 50_000);
    await invoice('Vayu Roadlines', 'Sunrise Polymers', 'DASH-3', 'approved', 50_000, 0);
    // Not due: still to be approved, disputed, paid in full.
    await invoice('Vayu Roadlines', 'Demo Industries', 'DASH-4', 'submitted', null, 0);
    await invoice('Vayu Roadlines', 'Demo Industries', 'DASH-5', 'disputed', null, 0);
    await invoice('Vayu Roadlines', 'Demo Industries', 'DASH-6', 'paid', 200_000, 200_000);
    await invoice('Shree Ganesh Transport', 'Demo Industries', 'DASH-7', 'approved', 70_000, 0);

    expect(delta(await carrierFigures(p.vayu), vayuBefore)).toMatchObject({ invoicesDue: 3, invoicesDueRupees: 3_000 });
    expect(delta(await carrierFigures(p.ganesh), ganeshBefore)).toMatchObject({ invoicesDue: 1, invoicesDueRupees: 700 });
  });

  it('never tells a position the shipper hides', async () => {
    const before = await carrierFigures(p.vayu);
    const request = (await call('POST', '/api/requests/outbound', p.owner, p.base)).json().data;
    expect((await call('POST', '/api/bid-visibility-settings', p.owner, { visibility: 'nothing' })).statusCode).toBe(201);
    await call('POST', `/api/carrier/requests/${request.id}/bids`, p.vayu, { amountRupees: 40000, vehicles: 1 });
    expect(delta(await carrierFigures(p.vayu), before)).toMatchObject({
      liveAuctions: 1,
      bidsLeading: 0,
      bidsTrailing: 0,
      bidsPositionHidden: 1,
    });
  });

  it('is for carriers only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/carrier' })).statusCode).toBe(401);
    expect((await call('GET', '/api/dashboard/carrier', p.owner)).statusCode).toBe(403);
    expect((await call('GET', '/api/dashboard/carrier', await t.login('admin@demo.test'))).statusCode).toBe(403);
  });
});

describe('the admin’s dashboard', () => {
  it('counts shippers, plans ending within 30 days, devices out and the mail waiting', async () => {
    const admin = await t.login('admin@demo.test');
    const figures = async () => (await call('GET', '/api/dashboard/admin', admin)).json().data as Record<string, number>;
    const before = await figures();
    const [{ n: active }] = (
      (await t.database.db.execute(sql`select count(*)::int as n from industries where status = 'active'`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows as [{ n: number }];
    expect(before.shippersActive).toBe(active);

    // Sunrise Polymers (no plan) takes one ending in 10 days; a plan ending in 60 days does not count.
    const [noplan] = (await call('GET', '/api/admin/shippers?search=Sunrise', admin)).json().data;
    const [demo] = (await call('GET', '/api/admin/shippers?search=Demo', admin)).json().data;
    await t.database.db.execute(sql`insert into subscriptions (industry_id, plan_id, starts_at, ends_at)
      select ${noplan.id}, id, now() - interval '20 days', now() + interval '10 days' from plans order by id limit 1`);
    const made = await call('POST', '/api/admin/devices', admin, { serial: 'dash-0001', kind: 'gps', simNumber: '9123456780' });
    await call('POST', `/api/admin/devices/${made.json().data.id}/assign`, admin, { industryId: demo.id });
    await t.database.db.execute(sql`insert into outbox (\"to\", subject, text, transport, error) values
      ('a@x.test', 'Waiting', 't', 'smtp', null),
      ('b@x.test', 'Retrying', 't', 'smtp', 'attempt 1 of 8 failed, next in 1 min: refused'),
      ('c@x.test', 'Failed', 't', 'smtp', 'gave up after 8 attempts: refused')`);

    expect(delta(await figures(), before)).toMatchObject({
      shippersActive: 0,
      plansExpiring: 1,
      devicesWithShippers: 1,
      devicesOnOrders: 0,
      mailWaiting: 2,
      mailFailed: 1,
    });
    // The card opens the shipper list filtered to what it counts.
    const ending = (await call('GET', '/api/admin/shippers?planEndsWithinDays=30', admin)).json();
    expect(ending.total).toBe((await figures()).plansExpiring);
    expect(ending.data.map((s: { name: string }) => s.name)).toContain('Sunrise Polymers');
    expect((await call('GET', '/api/admin/shippers?planEndsWithinDays=0', admin)).json().error.fields).toHaveProperty('planEndsWithinDays');
  });

  it('is for the platform admin only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/admin' })).statusCode).toBe(401);
    expect((await call('GET', '/api/dashboard/admin', p.owner)).statusCode).toBe(403);
    expect((await call('GET', '/api/dashboard/admin', p.vayu)).statusCode).toBe(403);
  });
});
