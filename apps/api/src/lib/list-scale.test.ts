import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP } from '@freightdesk/shared/constants';
import { useTestApp } from '../test/harness.ts';

/**
 * The shared list machinery past the count cap (issue 15), on the database of the pass (PGlite or
 * PostgreSQL): 10,050 outbound orders, 10,050 requests and 10,050 locations of the demo shipper,
 * made with one SQL insert each. Every list keeps its filters, sort and page rules; the total is
 * exact below the cap and "10,000+" above it; number, vehicle, carrier and plant searches find
 * exactly their rows through the indexes.
 */
const t = useTestApp();
const ROWS = LIST_COUNT_CAP + 50;
let owner = '';
let plants: { id: number; name: string }[] = [];

type Page = { data: Record<string, unknown>[]; total: number; totalCapped?: boolean; page: number; pageSize: number };
const list = async (url: string): Promise<Page> => {
  const res = await t.app.inject({ method: 'GET', url, headers: t.as(owner) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const ids = (page: Page) => page.data.map((r) => r.id as number);

beforeAll(async () => {
  owner = await t.login('owner@demo.test');
  // Seeding through the patient handle (one pool for all of it): the app's statement timeout is
  // the app's, not the seed's.
  await t.seed(async (db) => {
    const run = (query: ReturnType<typeof sql>) => db.execute(query);
    const rows = async (query: ReturnType<typeof sql>) => ((await run(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const [demo] = await rows(sql`select id from industries where name = 'Demo Industries'`);
    const industryId = Number(demo?.id);
    plants = (await rows(sql`select id, name from plants where industry_id = ${industryId} order by id`)).map((p) => ({
      id: Number(p.id),
      name: String(p.name),
    }));
    const plantAt = (g: string) => sql.raw(`(array[${plants.map((p) => p.id).join(',')}])[1 + ${g} % ${plants.length}]`);
    // Order g: picked up on day g mod 365 of 2025 (06:00 India time); every 400th at the gate, every 100th (from 1) rejected.
    await run(sql`insert into orders (industry_id, number, source, request_type, industry_carrier_id, plant_id, vehicle_type_id,
        price_paise, price_basis, pickup_at, status, vehicle_number, gate_in_at, rejected_at)
      select ${industryId}, 'ORD-2025-' || lpad(g::text, 6, '0'), 'offline', 1,
        (select id from industry_carriers where industry_id = ${industryId} and code = 'VAYU'), ${plantAt('g')},
        (select min(id) from vehicle_types), 4000000, 'trip',
        timestamptz '2025-01-01 06:00+05:30' + (g % 365) * interval '1 day',
        case when g % 400 = 0 then 'gate_in' when g % 100 = 1 then 'rejected' else 'closed' end,
        'MH12AB' || lpad((g % 10000)::text, 4, '0'),
        case when g % 400 = 0 then timestamptz '2025-01-01 08:00+05:30' + (g % 365) * interval '1 day' end,
        case when g % 100 = 1 then timestamptz '2024-12-31 10:00+05:30' + (g % 365) * interval '1 day' end
      from generate_series(1, ${ROWS}) g`);
    await run(sql`insert into transport_requests (industry_id, number, request_type, status, plant_id, weight_tonnes,
        vehicle_type_id, vehicle_count, pickup_at, bid_start_at, bid_end_at)
      select ${industryId}, 'OB-2025-' || lpad(g::text, 6, '0'), 1, case when g % 500 = 0 then 'open' else 'awarded' end,
        ${plantAt('g')}, 20, (select min(id) from vehicle_types), 1,
        timestamptz '2025-01-01 06:00+05:30' + (g % 365) * interval '1 day',
        timestamptz '2024-12-29 06:00+05:30' + (g % 365) * interval '1 day',
        timestamptz '2024-12-31 06:00+05:30' + (g % 365) * interval '1 day'
      from generate_series(1, ${ROWS}) g`);
    await run(sql`insert into stops (industry_id, name, type, address, city, state, pincode, latitude, longitude)
      select ${industryId}, 'Yard ' || lpad(g::text, 5, '0'), 'drop', 'Plot ' || g, case when g % 2 = 0 then 'Surat' else 'Vapi' end,
        'Gujarat', '395003', 21.17, 72.83
      from generate_series(1, ${ROWS}) g`);
    await run(sql`analyze orders`);
    await run(sql`analyze transport_requests`);
  });
}, 120_000);

describe('counts past the cap', () => {
  it('answers 10,000+ (capped) for a big list, and an exact total below the cap', async () => {
    const first = await list('/api/orders/outbound');
    expect(first).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true, page: 1, pageSize: 25 });
    expect(first.data).toHaveLength(25);
    // Newest first: the ids run down without a gap between pages.
    const second = await list('/api/orders/outbound?page=2');
    expect([...ids(first), ...ids(second)]).toEqual([...ids(first), ...ids(second)].sort((a, b) => b - a));
    expect(Math.min(...ids(first))).toBeGreaterThan(Math.max(...ids(second)));
    const gate = await list('/api/orders/outbound?status=gate_in&pageSize=100');
    expect(gate.total).toBe(Math.floor(ROWS / 400));
    expect(gate.totalCapped).toBeUndefined();
    expect(gate.data.every((o) => o.status === 'gate_in')).toBe(true);
  });

  it('serves deep pages: past the cap a full page says "at least", the last page tells the exact total', async () => {
    const atCap = await list('/api/orders/outbound?page=400');
    expect(atCap).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    const past = await list('/api/orders/outbound?page=401');
    expect(past).toMatchObject({ total: LIST_COUNT_CAP + 25, totalCapped: true });
    const last = await list(`/api/orders/outbound?page=${Math.ceil(ROWS / 25)}`);
    expect(last.data).toHaveLength(ROWS % 25 || 25);
    expect(last.total).toBe(ROWS);
    expect(last.totalCapped).toBeUndefined();
    // An old link past the end learns where the list ends.
    expect(await list('/api/orders/outbound?page=2000')).toMatchObject({ data: [], total: ROWS });
  });

  it('keeps the page rules: 25, 50 or 100 rows, page 1 or more', async () => {
    expect((await list('/api/orders/outbound?pageSize=100')).data).toHaveLength(100);
    for (const bad of ['pageSize=30', 'page=0']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/orders/outbound?${bad}`, headers: t.as(owner) });
      expect(res.statusCode).toBe(400);
    }
  });

  it('filters and sorts through the indexes: status and plant, pickup days sorted, gate in and rejected days', async () => {
    const plant = plants[1];
    const mixed = await list(`/api/orders/outbound?status=gate_in&plantId=${plant?.id}&pageSize=100`);
    expect(mixed.total).toBeGreaterThan(0);
    expect(mixed.data.every((o) => o.status === 'gate_in' && o.plantId === plant?.id)).toBe(true);
    const week = await list('/api/orders/outbound?pickupFrom=2025-03-01&pickupTo=2025-03-07&sort=-pickupAt&pageSize=100');
    expect(week.total).toBeGreaterThan(100);
    expect(week.totalCapped).toBeUndefined();
    const pickups = week.data.map((o) => String(o.pickupAt));
    expect(pickups).toEqual([...pickups].sort().reverse());
    expect(pickups.every((p) => p >= '2025-02-28T18:30:00.000Z' && p < '2025-03-07T18:30:00.000Z')).toBe(true);
    const ascending = await list('/api/orders/outbound?sort=pickupAt');
    expect(ascending.data[0]?.pickupAt).toBe('2025-01-01T00:30:00.000Z');
    const gateIn = await list('/api/orders/outbound?gateInFrom=2025-01-01&gateInTo=2025-12-31&pageSize=100');
    expect(gateIn.total).toBe(Math.floor(ROWS / 400));
    const rejected = await list('/api/orders/outbound?rejectedFrom=2025-01-01&rejectedTo=2025-01-31&pageSize=100');
    expect(rejected.data.every((o) => o.status === 'rejected')).toBe(true);
    expect(rejected.total).toBeGreaterThan(0);
    const byNumber = await list('/api/orders/outbound?sort=number');
    expect(byNumber.data[0]?.number).toBe('ORD-2025-000001');
  });

  it('finds numbers whole, in part and in any case, vehicles, and carriers by name', async () => {
    const whole = await list('/api/orders/outbound?search=ORD-2025-000042');
    expect(whole.data.map((o) => o.number)).toEqual(['ORD-2025-000042']);
    expect((await list('/api/orders/outbound?search=ord-2025-000042')).total).toBe(1);
    expect((await list('/api/orders/outbound?search=000042')).data.map((o) => o.number)).toEqual(['ORD-2025-000042']);
    const tail = await list('/api/orders/outbound?search=2025-0100&pageSize=100');
    expect(tail.total).toBe(ROWS - 10_000 + 1);
    const vehicle = await list('/api/orders/outbound?search=MH12AB0042');
    expect(vehicle.data.map((o) => o.number).sort()).toEqual(['ORD-2025-000042', 'ORD-2025-010042']);
    // As people write it: lower case, spaces or dashes.
    expect((await list('/api/orders/outbound?search=mh-12%20ab-0042')).total).toBe(2);
    expect(await list('/api/orders/outbound?search=Vayu')).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    expect((await list('/api/orders/outbound?search=Nobody%20Roadways')).total).toBe(0);
    // LIKE's wildcards are text, not "anything".
    expect((await list('/api/orders/outbound?search=%25')).total).toBe(0);
    expect((await list('/api/orders/outbound?search=ORD-2025-0000_2')).total).toBe(0);
  });
});

describe('every list gets it', () => {
  it('the request list: capped count, number search, plant names resolved to the plant', async () => {
    expect(await list('/api/requests/outbound')).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    expect((await list('/api/requests/outbound?search=OB-2025-000007')).data.map((r) => r.number)).toEqual(['OB-2025-000007']);
    const plant = plants[2];
    const atPlant = await list(`/api/requests/outbound?search=${encodeURIComponent(plant?.name ?? '')}&pageSize=100`);
    expect(atPlant.total).toBe(Math.floor(ROWS / 3));
    expect(atPlant.data.every((r) => r.plantId === plant?.id)).toBe(true);
    const open = await list('/api/requests/outbound?status=open&sort=-bidEndAt&pageSize=50');
    expect(open.total).toBe(Math.floor(ROWS / 500));
  });

  it('a master list: capped count, search and sort by name', async () => {
    expect(await list('/api/stops')).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    const found = await list('/api/stops?search=Yard%200004&sort=name');
    expect(found.data.map((s) => s.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Yard 0004${i}`));
    expect(found.total).toBe(10);
    expect((await list('/api/stops?sort=-name')).data[0]?.name).toBe(`Yard ${String(ROWS).padStart(5, '0')}`);
  });
});

/** The default outbound page's conditions as the app writes them: the resource's scope, then the policy's. */
const TENANT_AND_DIRECTION =
  '(("orders"."industry_id" = $1 and "orders"."request_type" = $2) and ("orders"."industry_id" = $3 and "orders"."request_type" = $4))';

/**
 * The ids statement of a default outbound page (newest first, 26 from `offset`) read without its
 * count: the list is known to pass the cap (repositories/common/list-page.ts countsAlong).
 */
const defaultPage = (offset: string) =>
  `select "id" from "orders" where ${TENANT_AND_DIRECTION} order by "orders"."id" desc limit 26 offset ${offset}`;

describe('a list’s plan', () => {
  it('is made once and kept: after five calls a page’s ids run on a reusable (generic) plan', async () => {
    // The default page, as the web app asks for it: the same statement with the same values.
    for (let i = 0; i < 8; i++) {
      expect((await list('/api/orders/outbound')).data.length).toBe(25);
    }
    // Sequential calls take the same pooled connection, whose statements this query reads.
    const { rows } = (await t.database.db.execute(
      sql`select statement, generic_plans, custom_plans from pg_prepared_statements where statement = ${defaultPage('0')}`,
    )) as unknown as { rows: { statement: string; generic_plans: number; custom_plans: number }[] };
    expect(rows.length).toBe(1);
    // With the page's LIMIT and OFFSET as parameters it was planned again on every call.
    expect(Number(rows[0]?.generic_plans), rows[0]?.statement).toBeGreaterThan(0);
    expect(Number(rows[0]?.custom_plans)).toBeLessThanOrEqual(5);
  });

  it('is made for a search’s own text each time: no statement carrying a search is kept with a reusable plan', async () => {
    // Eight whole order numbers: a reused plan, priced for no value in particular, walked the list
    // in id order to find the one order (repositories/common/prepared.ts plannedForValues).
    for (let n = 1; n <= 8; n++) {
      const found = await list(`/api/orders/outbound?search=ORD-2025-${String(n * 997).padStart(6, '0')}`);
      expect(found.data.map((r) => r.number)).toEqual([`ORD-2025-${String(n * 997).padStart(6, '0')}`]);
    }
    expect((await list('/api/orders/outbound')).data.length).toBe(25);
    // Sequential calls take the same pooled connection, whose statements this query reads.
    const { rows } = (await t.database.db.execute(
      sql`select statement, statement = ${defaultPage('0')} as "defaultPage" from pg_prepared_statements`,
    )) as unknown as { rows: { statement: string; defaultPage: boolean }[] };
    expect(rows.filter((r) => r.defaultPage).length).toBe(1);
    expect(rows.filter((r) => r.statement.includes('"orders"."number" ~>=~'))).toEqual([]);
  });
});

describe('a wide row’s statement', () => {
  /** The kept statements of the pass's connection whose text is like `pattern`, with their plans. */
  const keptLike = async (pattern: string) =>
    (
      (await t.database.db.execute(
        sql`select generic_plans, custom_plans from pg_prepared_statements where statement like ${pattern}`,
      )) as unknown as { rows: { generic_plans: number; custom_plans: number }[] }
    ).rows;

  it('is planned once for a search that finds one order, and for one order read alone', async () => {
    const numbers = [3, 5, 7, 11, 13, 17, 19, 23].map((n) => `ORD-2025-${String(n * 401).padStart(6, '0')}`);
    for (const number of numbers) {
      expect((await list(`/api/orders/outbound?search=${number}`)).data.map((r) => r.number)).toEqual([number]);
    }
    // The rows of a search's ids: with one id alone PostgreSQL planned them again on every call.
    const searched = await keptLike('select "orders"."id", "orders"."number", % = any($1::int[])');
    expect(searched.length).toBe(1);
    expect(Number(searched[0]?.generic_plans)).toBeGreaterThan(0);
    expect(Number(searched[0]?.custom_plans)).toBeLessThanOrEqual(5);

    // One order read alone goes through the same kept statement (its id first, under the policy).
    const [first] = ids(await list('/api/orders/outbound?search=ORD-2025-000401'));
    const before = Number((await keptLike('select "orders"."id", "orders"."number", % = any($1::int[])'))[0]?.generic_plans);
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/orders/outbound/${first}`, headers: t.as(owner) });
      expect(res.json().data.number, res.body).toBe('ORD-2025-000401');
    }
    const after = await keptLike('select "orders"."id", "orders"."number", % = any($1::int[])');
    expect(after.length).toBe(1);
    expect(Number(after[0]?.generic_plans)).toBeGreaterThanOrEqual(before + 8);
  });
});

describe('a page and its count', () => {
  it('are read in one statement, the page’s ids with the count, when the page needs its count', async () => {
    const counted = async () =>
      Number(
        (
          (await t.database.db.execute(
            sql`select count(*)::int as n from orders o join industries i on i.id = o.industry_id
              where i.name = 'Demo Industries' and o.request_type = 1 and o.status = 'rejected'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n,
      );
    const expected = await counted();
    expect(expected).toBeGreaterThan(100);
    const page = await list('/api/orders/outbound?status=rejected&page=2');
    expect(page.data.length).toBe(25);
    expect(page.data.every((o) => o.status === 'rejected')).toBe(true);
    expect([page.total, page.totalCapped]).toEqual([expected, undefined]);
    const kept = (
      (await t.database.db.execute(
        sql`select statement from pg_prepared_statements where statement like ${'%"orders"."status" = %'}`,
      )) as unknown as { rows: { statement: string }[] }
    ).rows.map((r) => r.statement);
    // The page's ids with the count of its list (to the cap), and no count of that list on its own.
    expect(kept.filter((st) => st.startsWith('select "id", (select count(*)::int as "n" from (select 1')).length).toBeGreaterThan(0);
    expect(kept.filter((st) => st.startsWith('select count(*)'))).toEqual([]);
  });
});

describe('a list’s statements', () => {
  it('are not one per page: pages linked to deep in a list share one statement, the first pages have their own', async () => {
    const kept = async (offsets: string) =>
      Number(
        (
          (await t.database.db.execute(
            sql`select count(*)::int as n from pg_prepared_statements where statement like ${defaultPage(offsets)}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n,
      );
    for (const page of [300, 301, 302, 303]) {
      const answer = await list(`/api/orders/outbound?page=${page}`);
      expect(answer.page).toBe(page);
      expect(answer.data.length).toBe(25);
    }
    expect(await kept('$%')).toBe(1);
    expect(await kept('7%')).toBe(0);
    for (const page of [1, 2, 3]) {
      expect((await list(`/api/orders/outbound?page=${page}`)).data.length).toBe(25);
    }
    expect(await kept('25')).toBe(1);
    expect(await kept('50')).toBe(1);
  });
});
