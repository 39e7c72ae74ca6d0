import { and, desc, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { transportRequests as r } from '../db/schema/requests.ts';
import { useTestApp } from '../test/harness.ts';
import { hoursFromNow, type Procurement, setupProcurement } from '../test/procurement.ts';
import { carrierViewer, requestsFor } from './policy.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * A carrier's requests are read from its own invites: on a platform of many requests, its list
 * starts from the carrier's links (indexed by carrier), not from every request with a check each.
 */
const t = useTestApp();
let p: Procurement;
let vayuRequest = 0;
let vayuCarrierId = 0;
const OTHERS = 10_000;
const CARRIERS = 500;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });

beforeAll(async () => {
  p = await setupProcurement(t);
  const made = await call('POST', '/api/requests/outbound', p.owner, { ...p.base, carrierLinkIds: [p.vayuLink] });
  expect(made.statusCode, made.body).toBe(201);
  vayuRequest = made.json().data.id;
  const other = await call('POST', '/api/requests/outbound', p.owner, { ...p.base, carrierLinkIds: [p.ganeshLink] });
  expect(other.statusCode, other.body).toBe(201);
  const template = other.json().data.id as number;
  // Both finished; then 10,000 more finished requests of the shipper, each inviting about three of
  // 500 other carriers' links (as on a platform of many carriers).
  await t.seed(async (db) => {
    await db.execute(sql`update transport_requests set status = 'closed', bid_start_at = ${hoursFromNow(-5)}, bid_end_at = ${hoursFromNow(-4)}
      where id in (${vayuRequest}, ${template})`);
    await db.execute(sql`insert into transport_requests
      select (jsonb_populate_record(null::transport_requests, to_jsonb(src) || jsonb_build_object(
        'id', nextval(pg_get_serial_sequence('transport_requests', 'id')),
        'number', src.number || '-' || g,
        'bid_end_at', src.bid_end_at - make_interval(mins => g)))).*
      from transport_requests src, generate_series(1, ${OTHERS}) g where src.id = ${template}`);
    await db.execute(sql`insert into carriers
      select (jsonb_populate_record(null::carriers, to_jsonb(c) || jsonb_build_object(
        'id', nextval(pg_get_serial_sequence('carriers', 'id')), 'name', 'Fleet ' || g, 'gstin', null))).*
      from carriers c join industry_carriers l on l.carrier_id = c.id, generate_series(1, ${CARRIERS}) g where l.id = ${p.ganeshLink}`);
    await db.execute(sql`insert into industry_carriers
      select (jsonb_populate_record(null::industry_carriers, to_jsonb(l) || jsonb_build_object(
        'id', nextval(pg_get_serial_sequence('industry_carriers', 'id')), 'carrier_id', c.id))).*
      from industry_carriers l, carriers c where l.id = ${p.ganeshLink} and c.name like 'Fleet %'`);
    await db.execute(sql`insert into request_invites (request_id, industry_carrier_id)
      select q.id, k.id from (select id, row_number() over (order by id) as n from transport_requests where id > ${template}) q
        join (select id, row_number() over (order by id) - 1 as k from industry_carriers where id > ${p.ganeshLink}) k
          on (q.n + k.k) % 167 = 0`);
    for (const table of ['transport_requests', 'request_invites', 'industry_carriers', 'carriers']) {
      await db.execute(sql`analyze ${sql.identifier(table)}`);
    }
  });
  const [link] = rowsOf<{ carrier_id: number }>(
    await t.database.db.execute(sql`select carrier_id from industry_carriers where id = ${p.vayuLink}`),
  );
  vayuCarrierId = link?.carrier_id ?? 0;
});

describe('a carrier’s requests on a platform of many', () => {
  it('are its invites only: the Finished tab holds the one request that invites it', async () => {
    const answer = (await call('GET', '/api/carrier/requests?tab=finished', p.vayu)).json();
    expect(answer.data.map((row: { id: number }) => row.id)).toEqual([vayuRequest]);
    expect(answer.counts.finished).toBe(1);
  });

  it('are planned from the carrier’s invites by index, never a scan of every request', async () => {
    expect(vayuCarrierId).toBeGreaterThan(0);
    const rule = requestsFor(carrierViewer({ id: 0, carrierId: vayuCarrierId }), 'list');
    expect(rule).not.toBeNull();
    const page = t.database.db
      .select({ id: r.id })
      .from(r)
      .where(and(inArray(r.status, ['closed', 'awarded']), rule ?? sql`false`))
      .orderBy(desc(r.bidEndAt), desc(r.id))
      .limit(25);
    const plan = rowsOf<{ 'QUERY PLAN': string }>(await t.database.db.execute(sql`explain ${page}`))
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(/request_invites_link/);
    expect(plan).not.toMatch(/Seq Scan on transport_requests/);
    expect(plan).not.toMatch(/SubPlan/);
    // One request (a detail page, a bid): its own invites are looked up, not the carrier's whole set.
    const one = t.database.db
      .select({ id: r.id })
      .from(r)
      .where(and(sql`${r.id} = ${vayuRequest}`, rule ?? sql`false`));
    const onePlan = rowsOf<{ 'QUERY PLAN': string }>(await t.database.db.execute(sql`explain ${one}`))
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(onePlan).toMatch(/Index Cond: \(request_id = /);
    expect(onePlan).not.toMatch(/HashAggregate|Seq Scan on (transport_requests|request_invites)/);
  });
});
