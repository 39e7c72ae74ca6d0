import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { hoursFromNow, type Procurement, setupProcurement } from '../../test/procurement.ts';

/** `GET /api/carrier/requests`: the Live and Finished tabs, searched and paged on the server. */
const t = useTestApp();
let p: Procurement;
let base: Record<string, unknown> = {};

type Row = { id: number; number: string; status: string; bidEndAt: string; productName: string | null; pickupLabel: string };
type Answer = { data: Row[]; total: number; page: number; pageSize: number; counts: { live: number; finished: number } };

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });
const list = async (token: string, query = '') => {
  const res = await call('GET', `/api/carrier/requests${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Answer;
};
const create = async (patch: object = {}) => {
  const res = await call('POST', '/api/requests/outbound', p.owner, { ...base, ...patch });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Row;
};
/** Requests made in batches, then finished by hand: bid ends an hour apart, the newest first. */
const finished = async (n: number) => {
  const made: Row[] = [];
  while (made.length < n) {
    const requests = Array.from({ length: Math.min(15, n - made.length) }, () => base);
    const res = await call('POST', '/api/requests/outbound/batch', p.owner, { requests });
    expect(res.statusCode, res.body).toBe(201);
    made.push(...(res.json().data as Row[]));
  }
  for (const [i, r] of made.entries()) {
    await t.database.db.execute(sql`update transport_requests set status = ${i % 5 === 0 ? 'awarded' : 'closed'},
      bid_start_at = now() - make_interval(hours => ${i + 3}), bid_end_at = now() - make_interval(hours => ${i + 1}) where id = ${r.id}`);
  }
  return made;
};
const ids = (answer: Answer) => answer.data.map((r) => r.id);

let old: Row[] = [];
let live: Row[] = [];

beforeAll(async () => {
  p = await setupProcurement(t);
  base = { ...p.base, carrierLinkIds: [p.vayuLink], bidStartAt: hoursFromNow(-0.2), bidEndAt: hoursFromNow(2) };
  old = await finished(28);
  // Live: open until +3 h, scheduled from +1 h to +2.5 h, open until +1 h (the desk's order: soonest end first).
  const later = await create({ bidEndAt: hoursFromNow(3) });
  const scheduled = await create({ bidStartAt: hoursFromNow(1), bidEndAt: hoursFromNow(2.5) });
  const soon = await create({ bidEndAt: hoursFromNow(1) });
  live = [soon, scheduled, later];
});

describe('the carrier requests list', () => {
  it('answers the live tab by default, bid end soonest first, with both tabs’ counts', async () => {
    const answer = await list(p.vayu);
    expect(ids(answer)).toEqual(live.map((r) => r.id));
    expect(answer.data.map((r) => r.status)).toEqual(['open', 'scheduled', 'open']);
    expect(answer).toMatchObject({ total: 3, page: 1, pageSize: 25, counts: { live: 3, finished: 28 } });
    expect(ids(await list(p.vayu, '?tab=live&pageSize=100'))).toEqual(ids(answer));
  });

  it('pages the finished tab newest bid end first, without gaps or repeats', async () => {
    const first = await list(p.vayu, '?tab=finished');
    expect(first).toMatchObject({ total: 28, page: 1, pageSize: 25, counts: { live: 3, finished: 28 } });
    expect(first.data).toHaveLength(25);
    const second = await list(p.vayu, '?tab=finished&page=2');
    expect(second).toMatchObject({ total: 28, page: 2 });
    expect([...ids(first), ...ids(second)]).toEqual(old.map((r) => r.id));
    expect(new Set([...first.data, ...second.data].map((r) => r.status))).toEqual(new Set(['closed', 'awarded']));
    const ends = [...first.data, ...second.data].map((r) => Date.parse(r.bidEndAt));
    expect(ends).toEqual([...ends].sort((a, b) => b - a));
    expect(ids(await list(p.vayu, '?tab=finished&pageSize=50'))).toEqual(old.map((r) => r.id));
    // A page past the end (an old link) is empty but still tells the total.
    expect(await list(p.vayu, '?tab=finished&page=3')).toMatchObject({ data: [], total: 28, page: 3 });
  });

  it('searches number, shipper, plant, places, vehicle type and material on the server, never a hidden material', async () => {
    const target = old[7] as Row;
    const byNumber = await list(p.vayu, `?tab=finished&search=${encodeURIComponent(target.number.toLowerCase())}`);
    expect(ids(byNumber)).toEqual([target.id]);
    expect(byNumber).toMatchObject({ total: 1, counts: { live: 0, finished: 1 } });
    // The shipper, the plant and the vehicle type are on every request of this shipper.
    const [plant] = (await call('GET', '/api/plants/options', p.owner)).json().data as { name: string }[];
    const [vehicle] = (await call('GET', '/api/vehicle-types/options', p.owner)).json().data as { name: string }[];
    for (const text of ['demo ind', plant?.name ?? '', vehicle?.name ?? '', 'surat dc, surat']) {
      expect((await list(p.vayu, `?search=${encodeURIComponent(text)}`)).counts, text).toEqual({ live: 3, finished: 28 });
    }
    // A drop-off of its own, and a material shown on one request and hidden on another.
    const yard = await call('POST', '/api/stops', p.owner, {
      name: 'Hazira Port Yard',
      type: 'drop',
      address: 'Gate 2',
      city: 'Surat',
      state: 'Gujarat',
      pincode: '394270',
      latitude: 21.1,
      longitude: 72.64,
    });
    const toYard = await create({ dropoffs: [{ stopId: yard.json().data.id }] });
    expect(ids(await list(p.vayu, '?search=hazira'))).toEqual([toYard.id]);
    // Inbound: the vendor's place is the pickup (and the plant the drop-off).
    const vendor = await call('POST', '/api/vendors', p.owner, {
      company: 'Deccan Resins',
      contactName: 'Anil',
      mobile: '9876501299',
      addresses: [
        {
          label: 'Ranjangaon Works',
          address: 'MIDC',
          city: 'Shirur',
          state: 'Maharashtra',
          pincode: '412220',
          latitude: 18.7,
          longitude: 74.2,
        },
      ],
    });
    expect(vendor.statusCode, vendor.body).toBe(201);
    const inbound = await call('POST', '/api/requests/inbound', p.owner, {
      ...base,
      requestType: 2,
      dropoffs: [],
      pickupAddressId: vendor.json().data.addresses[0].id,
    });
    expect(inbound.statusCode, inbound.body).toBe(201);
    expect(ids(await list(p.vayu, '?search=ranjangaon%20works%2C%20shirur'))).toEqual([inbound.json().data.id]);
    // Issue 38: the row names the vendor, not only its address, and the vendor's name finds it.
    const byVendor = await list(p.vayu, '?search=deccan%20resins');
    expect(ids(byVendor)).toEqual([inbound.json().data.id]);
    expect(byVendor.data[0]?.pickupLabel).toBe('Deccan Resins, Ranjangaon Works, Shirur');
    const product = (await call('POST', '/api/products', p.owner, { name: 'Tamarind pulp', unit: 'bag' })).json().data;
    const shown = await create({ productId: product.id });
    await create({ productId: product.id, hideMaterial: true });
    const byMaterial = await list(p.vayu, '?search=TAMARIND');
    expect(ids(byMaterial)).toEqual([shown.id]);
    expect(byMaterial.counts).toEqual({ live: 1, finished: 0 });
    // LIKE wildcards are plain text; nothing matching is an empty page.
    expect(await list(p.vayu, '?tab=finished&search=%25')).toMatchObject({ data: [], total: 0, counts: { live: 0, finished: 0 } });
    expect(await list(p.vayu, '?search=no%20such%20place')).toMatchObject({ data: [], total: 0 });
  });

  it('refuses a bad tab, page, page size or search with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['tab=all', 'tab'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['pageSize=30', 'pageSize'],
      ['pageSize=1000', 'pageSize'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ]) {
      const res = await call('GET', `/api/carrier/requests?${query}`, p.vayu);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields, query).toHaveProperty(field as string);
    }
    expect((await call('GET', '/api/carrier/requests?tab=finished', p.owner)).statusCode).toBe(403);
  });

  it('never lists a request the carrier is not invited to, nor any while its link is blocked', async () => {
    const other = await create({ carrierLinkIds: [p.ganeshLink] });
    const search = `?search=${encodeURIComponent(other.number)}`;
    expect((await list(p.vayu, search)).counts).toEqual({ live: 0, finished: 0 });
    expect(ids(await list(p.ganesh, search))).toEqual([other.id]);
    expect(ids(await list(p.ganesh, '?tab=finished'))).toEqual([]);
    await call('POST', `/api/carriers/${p.vayuLink}/block`, p.owner, { status: 'blocked' });
    try {
      for (const tab of ['live', 'finished']) {
        expect(await list(p.vayu, `?tab=${tab}`)).toMatchObject({ data: [], total: 0, counts: { live: 0, finished: 0 } });
      }
    } finally {
      await call('POST', `/api/carriers/${p.vayuLink}/block`, p.owner, { status: 'active' });
    }
    expect((await list(p.vayu, '?tab=finished')).total).toBe(28);
  });
});
