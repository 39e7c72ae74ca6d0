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
    await call('POST', '/api/bid-visibility-settings', owner, { visibility: 'rank_and_lowest', minDecrementRupees: 500 });
    const request = await newRequest({ carrierLinkIds: [vayuLink, ganeshLink] });
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

  it('extends the bid end for a bid in the last minutes (anti-sniping)', async () => {
    const request = await newRequest({ bidEndAt: minutes(2), pickupAt: minutes(600) });
    const placed = await bid(vayu, request.id, 40000);
    const end = new Date(placed.json().data.bidEndAt).getTime();
    expect(end - new Date(request.bidEndAt).getTime()).toBe(5 * 60_000);
  });

  it('refuses bids on a closed request, and from a blocked carrier', async () => {
    const request = await newRequest();
    await t.database.db.execute(sql`update transport_requests set status = 'closed' where id = ${request.id}`);
    expect((await bid(vayu, request.id, 40000)).statusCode).toBe(409);
    const open = await newRequest();
    await call('POST', `/api/carriers/${vayuLink}/block`, owner, { status: 'blocked' });
    expect((await bid(vayu, open.id, 40000)).statusCode).toBe(404);
    expect((await call('GET', '/api/carrier/requests', vayu)).json().data).toEqual([]);
    await call('POST', `/api/carriers/${vayuLink}/block`, owner, { status: 'active' });
  });

  it('invites through a carrier group', async () => {
    const group = await call('POST', '/api/carrier-groups', owner, { name: 'Gujarat lane', carrierLinkIds: [ganeshLink] });
    const request = await newRequest({ carrierLinkIds: [], groupIds: [group.json().data.id] });
    expect((await call('GET', '/api/carrier/requests', ganesh)).json().data.map((x: { id: number }) => x.id)).toContain(request.id);
    expect((await bid(ganesh, request.id, 41000)).statusCode).toBe(201);
  });
});
