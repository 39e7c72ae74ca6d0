import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { type Mark, pagePlan, seekable } from './list-cursor.ts';

/**
 * Keyset pagination behind the page slots (issue 15): 700 outbound orders of the demo shipper with
 * many equal pickup times and creation times that differ in microseconds. Every page read from a
 * cursor (forwards, backwards, a few pages away, the same page again) holds exactly the rows the
 * same page read by offset holds; a cursor of another list or a forged one is ignored; and a page
 * read from a cursor is found from the cursor's row, not by counting rows from the top.
 */
const t = useTestApp();
const ROWS = 700;
let owner = '';
let industryId = 0;

type Page = { data: { id: number; status: string }[]; total: number; totalCapped?: boolean; page: number; cursor?: string };
const get = async (url: string): Promise<Page> => {
  const res = await t.app.inject({ method: 'GET', url, headers: t.as(owner) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const ids = (page: Page) => page.data.map((r) => r.id);
const withPage = (base: string, page: number, cursor?: string) =>
  `${base}${base.includes('?') ? '&' : '?'}page=${page}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

beforeAll(async () => {
  owner = await t.login('owner@demo.test');
  // Seeding through the patient handle (one pool for all of it): the app's statement timeout is
  // the app's, not the seed's.
  await t.seed(async (db) => {
    const run = (query: ReturnType<typeof sql>) => db.execute(query);
    const found = (await run(sql`select id from industries where name = 'Demo Industries'`)) as unknown as { rows: { id: number }[] };
    industryId = Number(found.rows[0]?.id);
    // Pickups on 7 days only (100 orders share each time); creation times 13 apart by 1.234567 s.
    await run(sql`insert into orders (industry_id, number, source, request_type, industry_carrier_id, plant_id, vehicle_type_id,
        price_paise, price_basis, pickup_at, status, created_at)
      select ${industryId}, 'ORD-2024-' || lpad(g::text, 6, '0'), 'offline', 1,
        (select id from industry_carriers where industry_id = ${industryId} and code = 'VAYU'),
        (select min(id) from plants where industry_id = ${industryId}), (select min(id) from vehicle_types), 4000000, 'trip',
        timestamptz '2024-03-01 06:00+05:30' + (g % 7) * interval '1 day',
        case when g % 3 = 0 then 'delivered' else 'closed' end,
        timestamptz '2024-02-01 06:00+05:30' + (g % 13) * interval '1.234567 second'
      from generate_series(1, ${ROWS}) g`);
  });
}, 60_000);

const SORTS = ['', 'pickupAt', '-pickupAt', 'number', 'createdAt', '-createdAt'];

describe('a page read from a cursor', () => {
  it.each(SORTS)('holds the rows of the same page read by offset, forwards and backwards (sort "%s")', async (sort) => {
    const base = `/api/orders/outbound?pageSize=25${sort ? `&sort=${sort}` : ''}`;
    const first = await get(withPage(base, 1));
    const pages = Math.ceil(first.total / 25);
    expect(pages).toBeGreaterThanOrEqual(28);
    const byOffset = [ids(first)];
    for (let p = 2; p <= pages; p++) {
      byOffset.push(ids(await get(withPage(base, p))));
    }
    expect(new Set(byOffset.flat()).size).toBe(first.total);
    // Forwards one page at a time, each with the cursor of the page before.
    let cursor = first.cursor;
    expect(cursor).toEqual(expect.any(String));
    for (let p = 2; p <= pages; p++) {
      const page = await get(withPage(base, p, cursor));
      expect(ids(page), `page ${p}`).toEqual(byOffset[p - 1]);
      expect(page.total).toBe(first.total);
      cursor = page.cursor;
    }
    // Backwards from the last page to the first.
    for (let p = pages - 1; p >= 1; p--) {
      const page = await get(withPage(base, p, cursor));
      expect(ids(page), `page ${p} backwards`).toEqual(byOffset[p - 1]);
      expect(page.total).toBe(first.total);
      cursor = page.cursor;
    }
    // A few pages away either way, and the same page again.
    const at12 = (await get(withPage(base, 12))).cursor;
    for (const p of [12, 15, 9, 8, 11]) {
      expect(ids(await get(withPage(base, p, at12))), `page ${p} from 12`).toEqual(byOffset[p - 1]);
    }
  });

  it('is found from the cursor row: rows added at the top since do not shift the next page', async () => {
    const base = '/api/orders/outbound?status=delivered';
    const page3 = await get(withPage(base, 3));
    const page4 = await get(withPage(base, 4));
    await t.database.db.execute(sql`insert into orders (industry_id, number, source, request_type, industry_carrier_id, plant_id,
        vehicle_type_id, price_paise, price_basis, pickup_at, status)
      select industry_id, 'ORD-2024-NEW', source, request_type, industry_carrier_id, plant_id, vehicle_type_id, price_paise,
        price_basis, pickup_at, status from orders where id = ${page3.data[0]?.id}`);
    // By offset every row moved down one; from page 3's cursor, page 4 is the page it was.
    const shifted = await get(withPage(base, 4));
    expect(ids(shifted)[0]).toBe(ids(page3).at(-1));
    expect(ids(await get(withPage(base, 4, page3.cursor)))).toEqual(ids(page4));
  });

  it("ignores a cursor of another list (filter, sort or page size) and a forged one: the page is the offset's", async () => {
    const all = '/api/orders/outbound';
    const closed = '/api/orders/outbound?status=closed';
    const fromAll = (await get(withPage(all, 5))).cursor as string;
    const expected = ids(await get(withPage(closed, 6)));
    expect(ids(await get(withPage(closed, 6, fromAll)))).toEqual(expected);
    expect(ids(await get(withPage(`${all}?sort=-pickupAt`, 6, fromAll)))).toEqual(ids(await get(withPage(`${all}?sort=-pickupAt`, 6))));
    expect(ids(await get(withPage(`${all}?pageSize=50`, 3, fromAll)))).toEqual(ids(await get(withPage(`${all}?pageSize=50`, 3))));
    const [payload, mac] = fromAll.split('.');
    const forged = `${Buffer.from(JSON.stringify([5, null, 1])).toString('base64url')}.${mac}`;
    expect(payload).not.toBe(forged.split('.')[0]);
    for (const bad of [forged, 'x', 'a.b.c', `${payload}.`]) {
      expect(ids(await get(withPage(all, 6, bad)))).toEqual(ids(await get(withPage(all, 6))));
    }
  });

  it('refuses a cursor over 256 characters, naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/outbound?page=2&cursor=${'a'.repeat(257)}`, headers: t.as(owner) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('cursor');
  });
});

describe('pagePlan', () => {
  const table = pgTable('t', { id: integer('id').notNull(), name: text('name').notNull(), note: text('note') });
  it('seeks along the id or a column that is never null, not a nullable one or another table’s', () => {
    expect(seekable(table, table.id, undefined, true)).toMatchObject({ column: table.id, descending: true });
    expect(seekable(table, table.id, table.name, false)).toMatchObject({ column: table.name, descending: false });
    expect(seekable(table, table.id, table.note, false)).toBeUndefined();
    const other = pgTable('o', { name: text('name').notNull() });
    expect(seekable(table, table.id, other.name, false)).toBeUndefined();
  });

  it('skips whichever is fewer rows: from the cursor or from the top', () => {
    const s = seekable(table, table.id, table.name, true);
    if (!s) {
      throw new Error('seekable');
    }
    const mark = { page: 10, value: 'm', id: 7 };
    expect(pagePlan(s, 11, 25, mark)).toMatchObject({ offset: 25, limit: 26, backwards: false, from: expect.anything() });
    expect(pagePlan(s, 10, 25, mark)).toMatchObject({ offset: 0, limit: 26, backwards: false, from: expect.anything() });
    expect(pagePlan(s, 9, 25, mark)).toMatchObject({ offset: 0, limit: 25, backwards: true, from: expect.anything() });
    const plain = (page: number, m: Mark = mark) => {
      const plan = pagePlan(s, page, 25, m);
      expect(plan.from).toBeUndefined();
      return plan;
    };
    expect(plain(3)).toMatchObject({ offset: 50, limit: 26, backwards: false });
    expect(plain(1)).toMatchObject({ offset: 0, limit: 26 });
    // A mark of the id sort on a column sort (or the reverse) is not used.
    expect(plain(11, { page: 10, value: null, id: 7 })).toMatchObject({ offset: 250 });
  });
});
