import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/jobs.ts';
import { useTestApp } from '../../test/harness.ts';
import { hoursFromNow, type Procurement, setupProcurement } from '../../test/procurement.ts';

const t = useTestApp();
let p: Procurement;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });
const create = async (patch: object = {}) => {
  const res = await call('POST', '/api/requests/outbound', p.owner, { ...p.base, ...patch });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; number: string; status: string };
};
const runJob = async (key: string) => {
  await t.database.db.execute(sql`update jobs set run_at = now() - interval '1 second' where key = ${key}`);
  await t.app.deps.jobs.tick();
};
const status = async (id: number) => (await call('GET', `/api/requests/outbound/${id}`, p.owner)).json().data.status;
const bid = (token: string, id: number, amountRupees: number, vehicles = 1) =>
  call('POST', `/api/carrier/requests/${id}/bids`, token, { amountRupees, vehicles });
type Mine = Record<string, unknown> & { myBid: { rank: number | null; amountRupees: number; lowestRupees: number | null } | null };
/** The carrier's row of the request, on whichever tab it is (Live or Finished). */
const mine = async (token: string, id: number) => {
  const tabs = await Promise.all(['live', 'finished'].map((tab) => call('GET', `/api/carrier/requests?tab=${tab}&pageSize=100`, token)));
  return tabs.flatMap((res) => res.json().data as Mine[]).find((r) => r.id === id) as Mine;
};

beforeAll(async () => {
  p = await setupProcurement(t);
});

describe('editing a request', () => {
  it('edits a draft, publishes it, and writes the change into the history', async () => {
    const draft = await create({ publish: false, bidStartAt: hoursFromNow(1), bidEndAt: hoursFromNow(3) });
    const res = await call('PUT', `/api/requests/outbound/${draft.id}`, p.owner, {
      ...p.base,
      bidStartAt: hoursFromNow(1),
      bidEndAt: hoursFromNow(4),
      vehicleCount: 5,
      carrierLinkIds: [p.vayuLink],
      remarks: 'Tarpaulin needed',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'scheduled', vehicleCount: 5, carrierLinkIds: [p.vayuLink], number: draft.number });
    const [close] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `request-close:${draft.id}`));
    expect(Math.abs(new Date(close?.runAt ?? 0).getTime() - new Date(hoursFromNow(4)).getTime())).toBeLessThan(60_000);
    const history = (await call('GET', `/api/requests/outbound/${draft.id}/history`, p.owner)).json().data;
    expect(history.map((h: { kind: string }) => h.kind)).toEqual(['created', 'edited']);
    expect(history[1].byName).toBeTruthy();
    expect(history[1].from).toMatchObject({ status: ['draft', 'scheduled'], vehicleCount: [2, 5], remarks: [null, 'Tarpaulin needed'] });
    // Only the carrier invited is told, once.
    const invites = await t.database.db.execute(
      sql`select count(*)::int as n from notifications where refer_id = ${draft.id} and title = 'New request to bid'`,
    );
    expect((invites as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it('refuses to edit an open request, names the field on bad input, and hides another shipper’s', async () => {
    const open = await create();
    const refused = await call('PUT', `/api/requests/outbound/${open.id}`, p.owner, p.base);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('NOT_EDITABLE');
    const draft = await create({ publish: false });
    const bad = await call('PUT', `/api/requests/outbound/${draft.id}`, p.owner, { ...p.base, weightTonnes: -2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('weightTonnes');
    expect((await call('PUT', `/api/requests/outbound/${draft.id}`, await t.login('noplan@demo.test'), p.base)).statusCode).toBe(404);
    // The demo staff role may add outbound requests but not edit them.
    expect((await call('PUT', `/api/requests/outbound/${draft.id}`, await t.login('staff@demo.test'), p.base)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/requests/outbound/${draft.id}`, payload: p.base })).statusCode).toBe(401);
    // An outbound request is not found among the inbound ones (the body is a valid inbound one).
    const vendor = await call('POST', '/api/vendors', p.owner, {
      company: 'Deccan Resins',
      contactName: 'Anil',
      mobile: '9876501299',
      addresses: [
        { label: 'Works', address: 'MIDC', city: 'Pune', state: 'Maharashtra', pincode: '411026', latitude: 18.6, longitude: 73.8 },
      ],
    });
    expect(vendor.statusCode, vendor.body).toBe(201);
    const inbound = { ...p.base, requestType: 2, dropoffs: [], pickupAddressId: vendor.json().data.addresses[0].id };
    expect((await call('POST', '/api/requests/inbound', p.owner, { ...inbound, publish: false })).statusCode).toBe(201);
    const crossed = await call('PUT', `/api/requests/inbound/${draft.id}`, p.owner, inbound);
    expect(crossed.statusCode, crossed.body).toBe(404);
  });
});

describe('a batch of requests', () => {
  it('creates every request of a batch, or none, naming the failing request’s field', async () => {
    const before = (await call('GET', '/api/requests/outbound', p.owner)).json().total;
    const ok = await call('POST', '/api/requests/outbound/batch', p.owner, {
      requests: [p.base, { ...p.base, vehicleCount: 4 }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toHaveLength(2);
    const bad = await call('POST', '/api/requests/outbound/batch', p.owner, {
      requests: [p.base, { ...p.base, plantId: 999_999 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['requests.1.plantId']);
    const zod = await call('POST', '/api/requests/outbound/batch', p.owner, { requests: [p.base, { ...p.base, weightTonnes: 0 }] });
    expect(zod.statusCode).toBe(400);
    expect(Object.keys(zod.json().error.fields)).toContain('requests.1.weightTonnes');
    expect((await call('GET', '/api/requests/outbound', p.owner)).json().total).toBe(before + 2);
  });
});

describe('live positions in the carrier portal', () => {
  it('gives each carrier its own rank in the list, the awarded/regret outcome, and its revisions', async () => {
    const r = await create({ vehicleCount: 2 });
    expect((await mine(p.vayu, r.id)).myBid).toBeNull();
    expect((await bid(p.vayu, r.id, 45000)).statusCode).toBe(201);
    expect((await mine(p.vayu, r.id)).myBid).toMatchObject({ rank: 1, amountRupees: 45000, lowestRupees: null });
    expect((await bid(p.ganesh, r.id, 44000)).statusCode).toBe(201);
    expect((await mine(p.vayu, r.id)).myBid?.rank).toBe(2);
    expect((await mine(p.ganesh, r.id)).myBid?.rank).toBe(1);
    expect((await bid(p.vayu, r.id, 43000)).statusCode).toBe(201);
    const vayuView = await mine(p.vayu, r.id);
    expect(vayuView).toMatchObject({ shipperName: 'Demo Industries', dropoffLabels: ['Surat DC, Surat'], outcome: 'pending' });
    expect(vayuView.myBid?.rank).toBe(1);

    const detail = await call('GET', `/api/carrier/requests/${r.id}`, p.vayu);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.revisions.map((v: { amountRupees: number }) => v.amountRupees)).toEqual([45000, 43000]);

    await runJob(`request-close:${r.id}`);
    expect(await status(r.id)).toBe('closed');
    const board = (await call('GET', `/api/requests/outbound/${r.id}/bids`, p.owner)).json().data as { id: number; rank: number }[];
    const award = await call('POST', `/api/requests/outbound/${r.id}/award`, p.owner, { awards: [{ bidId: board[0]?.id, vehicles: 1 }] });
    expect(award.statusCode, award.body).toBe(201);
    expect(await mine(p.vayu, r.id)).toMatchObject({ outcome: 'awarded', awardedVehicles: 1 });
    expect(await mine(p.ganesh, r.id)).toMatchObject({ outcome: 'regret', awardedVehicles: 0 });

    // The shipper's view of one bid with every revision, and the history with bids and the award.
    const view = await call('GET', `/api/requests/outbound/${r.id}/bids/${board[0]?.id}`, p.owner);
    expect(view.json().data.revisions).toHaveLength(2);
    expect((await call('GET', `/api/requests/outbound/${r.id}/bids/999999`, p.owner)).statusCode).toBe(404);
    const kinds = (await call('GET', `/api/requests/outbound/${r.id}/history`, p.owner)).json().data.map((h: { kind: string }) => h.kind);
    expect(kinds).toEqual(['created', 'bid', 'bid', 'bid', 'status', 'status', 'awarded']);
    expect((await call('GET', `/api/requests/outbound/${r.id}/history`, await t.login('noplan@demo.test'))).statusCode).toBe(404);
  });

  it('answers 404 to a carrier not invited', async () => {
    const r = await create({ carrierLinkIds: [p.vayuLink] });
    expect((await call('GET', `/api/carrier/requests/${r.id}`, p.ganesh)).statusCode).toBe(404);
    expect((await call('GET', `/api/carrier/requests/${r.id}`, p.vayu)).statusCode).toBe(200);
    expect(await mine(p.ganesh, r.id)).toBeUndefined();
    expect((await call('GET', `/api/carrier/requests/${r.id}`, p.owner)).statusCode).toBe(403);
  });
});

describe('the award window', () => {
  it('expires a closed request left unawarded past the window', async () => {
    await call('POST', '/api/bid-visibility-settings', p.owner, { visibility: 'rank_only', awardWindowHours: 6 });
    const r = await create({ bidEndAt: hoursFromNow(1) });
    await runJob(`request-close:${r.id}`);
    expect(await status(r.id)).toBe('closed');
    const [expire] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `request-expire:${r.id}`));
    expect(Math.abs(new Date(expire?.runAt ?? 0).getTime() - new Date(hoursFromNow(7)).getTime())).toBeLessThan(60_000);
    await runJob(`request-expire:${r.id}`);
    expect(await status(r.id)).toBe('expired');
    const board = (await call('GET', `/api/requests/outbound/${r.id}/bids`, p.owner)).json().data;
    expect(board).toEqual([]);
    const history = (await call('GET', `/api/requests/outbound/${r.id}/history`, p.owner)).json().data;
    expect(history.at(-1)).toMatchObject({ kind: 'status', from: 'closed', to: 'expired', reason: 'award window passed' });
  });
});

describe('staff see the requests and orders of their plants', () => {
  it('scopes lists, details and new requests to the plants assigned', async () => {
    const plants = (await call('GET', '/api/plants/options', p.owner)).json().data as { id: number }[];
    const [assigned, other] = plants;
    const onOther = await create({ plantId: other?.id });
    const onAssigned = await create({ plantId: assigned?.id });
    await t.database.db.execute(
      sql`insert into staff_plants (user_id, plant_id) select id, ${assigned?.id} from users where email = 'staff@demo.test'`,
    );
    const staff = await t.login('staff@demo.test');
    const seen = (await call('GET', '/api/requests/outbound?pageSize=100', staff)).json().data.map((r: { id: number }) => r.id);
    expect(seen).toContain(onAssigned.id);
    expect(seen).not.toContain(onOther.id);
    const refused = await call('POST', '/api/requests/outbound', staff, { ...p.base, plantId: other?.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('plantId');
    expect((await call('POST', '/api/requests/outbound', staff, { ...p.base, plantId: assigned?.id })).statusCode).toBe(201);
    // An order on each plant: the staff user's list holds the assigned plant's only.
    const orderOn = async (request: { id: number }) => {
      expect((await bid(p.vayu, request.id, 41000)).statusCode).toBe(201);
      await t.database.db.execute(sql`update transport_requests set status = 'closed' where id = ${request.id}`);
      const [best] = (await call('GET', `/api/requests/outbound/${request.id}/bids`, p.owner)).json().data;
      const awarded = await call('POST', `/api/requests/outbound/${request.id}/award`, p.owner, {
        awards: [{ bidId: best.id, vehicles: 1 }],
      });
      expect(awarded.statusCode, awarded.body).toBe(201);
      return awarded.json().data[0].id as number;
    };
    const mineOrder = await orderOn(onAssigned);
    const otherOrder = await orderOn(onOther);
    const listed = await call('GET', '/api/orders/outbound?pageSize=100', staff);
    expect(listed.statusCode, listed.body).toBe(200);
    const orderIds = (listed.json().data as { id: number }[]).map((o) => o.id);
    expect(orderIds).toContain(mineOrder);
    expect(orderIds).not.toContain(otherOrder);
  });
});
