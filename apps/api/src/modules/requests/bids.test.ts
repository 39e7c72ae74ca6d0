import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { setupProcurement } from '../../test/procurement.ts';

const t = useTestApp();
let owner = '';
let vayu = '';
let ganesh = '';
let vayuLink = 0;
let ganeshLink = 0;
let base: Record<string, unknown> = {};

const minutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });
const newRequest = async (patch: object = {}) => {
  const res = await call('POST', '/api/requests/outbound', owner, { ...base, ...patch });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; bidEndAt: string };
};
const bid = (token: string, id: number, amountRupees: number, extra: object = {}) =>
  call('POST', `/api/carrier/requests/${id}/bids`, token, { amountRupees, vehicles: 1, ...extra });

beforeAll(async () => {
  ({ owner, vayu, ganesh, vayuLink, ganeshLink, base } = await setupProcurement(t));
  const product = await call('POST', '/api/products', owner, { name: 'PVC resin', unit: 'bag' });
  base = {
    ...base,
    productId: product.json().data.id,
    carrierLinkIds: [vayuLink],
    bidStartAt: minutes(-10),
    bidEndAt: minutes(120),
    pickupAt: minutes(24 * 60),
  };
});

describe('carrier portal and bidding', () => {
  it('shows a carrier only the requests it is invited to, without the product when hidden', async () => {
    const request = await newRequest({ hideMaterial: true });
    const mine = (await call('GET', '/api/carrier/requests', vayu)).json().data;
    const seen = mine.find((x: { id: number }) => x.id === request.id);
    expect(seen).toMatchObject({ status: 'open', productName: null, hideMaterial: true });
    expect((await call('GET', '/api/carrier/requests', ganesh)).json().data.map((x: { id: number }) => x.id)).not.toContain(request.id);
    expect((await bid(ganesh, request.id, 40000)).statusCode).toBe(404);
    expect((await call('GET', '/api/carrier/requests', owner)).statusCode).toBe(403);
  });

  it('ranks bids live, revises only downwards, and keeps the board with savings', async () => {
    const request = await newRequest({ carrierLinkIds: [vayuLink, ganeshLink] });
    const first = await bid(vayu, request.id, 48000);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ rank: 1, amountRupees: 48000, lowestRupees: null });
    expect((await bid(ganesh, request.id, 47000)).json().data.rank).toBe(1);
    const higher = await bid(vayu, request.id, 48500);
    expect(higher.statusCode).toBe(400);
    expect(higher.json().error.fields).toHaveProperty('amountRupees');
    expect((await bid(vayu, request.id, 47000)).json().data.rank).toBe(2);
    const board = (await call('GET', `/api/requests/outbound/${request.id}/bids`, owner)).json().data;
    expect(board.map((b: { carrierName: string; rank: number }) => [b.rank, b.carrierName])).toEqual([
      [1, 'Shree Ganesh Transport'],
      [2, 'Vayu Roadlines'],
    ]);
    expect(board[0]).toMatchObject({ amountRupees: 47000, savingRupees: 3000, savingPercent: 6 });
    expect((await bid(vayu, request.id, 46000, { vehicles: 3 })).json().error.fields).toHaveProperty('vehicles');
  });

  it('applies the minimum decrement and shows the lowest price when the setting allows', async () => {
    const rule = { visibility: 'rank_and_lowest', minDecrementRupees: 500, antiSnipingMinutes: 7 };
    const setting = (await call('POST', '/api/bid-visibility-settings', owner, rule)).json().data;
    const request = await newRequest({ carrierLinkIds: [vayuLink, ganeshLink] });
    // The carrier's portal states the shipper's rules with the request.
    expect((await call('GET', `/api/carrier/requests/${request.id}`, vayu)).json().data).toMatchObject({
      minDecrementRupees: 500,
      antiSnipingMinutes: 7,
    });
    // The anti-sniping tests below count on the 5 minutes.
    expect((await call('PUT', `/api/bid-visibility-settings/${setting.id}`, owner, { ...rule, antiSnipingMinutes: 5 })).statusCode).toBe(
      200,
    );
    await bid(ganesh, request.id, 45000);
    const mine = await bid(vayu, request.id, 46000);
    expect(mine.json().data).toMatchObject({ rank: 2, lowestRupees: 45000 });
    expect((await bid(vayu, request.id, 45800)).json().error.message).toMatch(/at least 500/);
    expect((await bid(vayu, request.id, 45500)).statusCode).toBe(201);
  });

  it('a retried bid with the same idempotency key creates nothing new', async () => {
    const request = await newRequest();
    await bid(vayu, request.id, 49000, { idempotencyKey: 'k-first-bid' });
    const again = await bid(vayu, request.id, 49000, { idempotencyKey: 'k-first-bid' });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.revisions).toBe(0);
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from bid_revisions r join bids b on b.id = r.bid_id where b.request_id = ${request.id}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it('calls racing with the same idempotency key place the bid once, first bid and revision alike', async () => {
    const request = await newRequest({ carrierLinkIds: [vayuLink, ganeshLink] });
    const counts = async () => {
      const rows = await t.database.db.execute(sql`select (select count(*)::int from bid_revisions r join bids b on b.id = r.bid_id
          where b.request_id = ${request.id}) as revisions, (select count(*)::int from bids where request_id = ${request.id}) as bids`);
      return (rows as unknown as { rows: { revisions: number; bids: number }[] }).rows[0];
    };
    const race = (amount: number, key: string) =>
      Promise.all([
        ...Array.from({ length: 6 }, () => bid(vayu, request.id, amount, { idempotencyKey: key })),
        bid(ganesh, request.id, amount + 500),
      ]);
    const first = await race(49000, 'k-race-first');
    expect(first.map((x) => x.statusCode)).toEqual(Array(7).fill(201));
    for (const res of first.slice(0, 6)) {
      expect(res.json().data).toMatchObject({ amountRupees: 49000, revisions: 0, rank: 1 });
    }
    expect(await counts()).toEqual({ revisions: 2, bids: 2 });
    const lower = await race(48000, 'k-race-second');
    expect(lower.slice(0, 6).map((x) => x.json().data)).toEqual(Array(6).fill(lower[0]?.json().data));
    expect(lower[0]?.json().data).toMatchObject({ amountRupees: 48000, revisions: 1 });
    // Ganesh's second bid (48,500) lowers its 49,500. Its rank is its standing when it was applied: first if it came in
    // before Vayu's 48,000, second after it. Which came first is a race; the revisions keep the order they were applied in.
    const applied = await t.database.db.execute(sql`select r.amount_paise::int as paise from bid_revisions r join bids b on b.id = r.bid_id
      where b.request_id = ${request.id} and r.amount_paise in (4800000, 4850000) order by r.id`);
    const order = (applied as unknown as { rows: { paise: number }[] }).rows.map((row) => row.paise);
    expect(order).toHaveLength(2);
    expect(lower[6]?.json().data).toMatchObject({ amountRupees: 48500, revisions: 1, rank: order[0] === 4850000 ? 1 : 2 });
    expect(await counts()).toEqual({ revisions: 4, bids: 2 });
    // A retry of the first call, after the revision, still creates nothing.
    expect((await bid(vayu, request.id, 49000, { idempotencyKey: 'k-race-first' })).json().data).toMatchObject({ amountRupees: 48000 });
    expect(await counts()).toEqual({ revisions: 4, bids: 2 });
  });

  it('refuses an amount that rounds to no paise, without failing the bids placed with it', async () => {
    const request = await newRequest({ carrierLinkIds: [vayuLink, ganeshLink] });
    const [zero, fine] = await Promise.all([bid(vayu, request.id, 0.004), bid(ganesh, request.id, 45000)]);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.fields).toHaveProperty('amountRupees');
    expect(fine.statusCode).toBe(201);
    expect((await bid(vayu, request.id, 44000)).json().data).toMatchObject({ rank: 1, revisions: 0 });
  });

  it('extends the bid end for a bid in the last minutes (anti-sniping)', async () => {
    const request = await newRequest({ bidEndAt: minutes(2), pickupAt: minutes(600) });
    const placed = await bid(vayu, request.id, 40000);
    const end = new Date(placed.json().data.bidEndAt).getTime();
    expect(end - new Date(request.bidEndAt).getTime()).toBe(5 * 60_000);
  });

  it('bids racing in the last minutes extend the end once, and the close job moves with it', async () => {
    const request = await newRequest({ carrierLinkIds: [vayuLink, ganeshLink], bidEndAt: minutes(2), pickupAt: minutes(600) });
    const placed = await Promise.all([bid(vayu, request.id, 40000), bid(ganesh, request.id, 39000)]);
    expect(placed.map((x) => x.statusCode)).toEqual([201, 201]);
    const extended = new Date(request.bidEndAt).getTime() + 5 * 60_000;
    expect(placed.map((x) => new Date(x.json().data.bidEndAt).getTime())).toEqual([extended, extended]);
    const rows = await t.database.db.execute(sql`select run_at from jobs where key = ${`request-close:${request.id}`}`);
    const [job] = (rows as unknown as { rows: { run_at: Date | string }[] }).rows;
    expect(new Date(job?.run_at ?? 0).getTime()).toBe(extended);
  });

  it('refuses bids on a closed request, and from a blocked carrier', async () => {
    const request = await newRequest();
    await t.database.db.execute(sql`update transport_requests set status = 'closed' where id = ${request.id}`);
    expect((await bid(vayu, request.id, 40000)).statusCode).toBe(409);
    const open = await newRequest();
    await call('POST', `/api/carriers/${vayuLink}/block`, owner, { status: 'blocked' });
    expect((await bid(vayu, open.id, 40000)).statusCode).toBe(404);
    expect((await call('GET', '/api/carrier/requests', vayu)).json().data).toEqual([]);
    // Nor the closed one under Finished.
    expect((await call('GET', '/api/carrier/requests?tab=finished', vayu)).json()).toMatchObject({ data: [], total: 0 });
    await call('POST', `/api/carriers/${vayuLink}/block`, owner, { status: 'active' });
    expect((await call('GET', '/api/carrier/requests?tab=finished', vayu)).json().data.map((x: { id: number }) => x.id)).toContain(
      request.id,
    );
  });

  it('invites through a carrier group', async () => {
    const group = await call('POST', '/api/carrier-groups', owner, { name: 'Gujarat lane', carrierLinkIds: [ganeshLink] });
    const request = await newRequest({ carrierLinkIds: [], groupIds: [group.json().data.id] });
    expect((await call('GET', '/api/carrier/requests', ganesh)).json().data.map((x: { id: number }) => x.id)).toContain(request.id);
    expect((await bid(ganesh, request.id, 41000)).statusCode).toBe(201);
  });
});
