import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { contractedLane } from './contracts.ts';
import { caller, offlineOrder, type Road, setupRoad } from './execution.ts';
import type { TestContext } from './harness.ts';
import { issuedFixture } from './issued.ts';
import { hoursFromNow } from './procurement.ts';

const run = (t: TestContext, q: SQL) => t.database.db.execute(q);

/** An order's pickup on a day (India noon) and its times as hours after the pickup (null: none). */
async function times(
  t: TestContext,
  id: number,
  day: string,
  h: { reported?: number; gateIn?: number; gateOut?: number; arrived?: number },
) {
  const at = (hours?: number) => (hours === undefined ? null : new Date(Date.parse(`${day}T06:30:00Z`) + hours * 3_600_000).toISOString());
  await run(
    t,
    sql`update orders set pickup_at = ${`${day}T06:30:00Z`}::timestamptz, reported_at = ${at(h.reported)}::timestamptz,
    gate_in_at = ${at(h.gateIn)}::timestamptz, gate_out_at = ${at(h.gateOut)}::timestamptz, arrived_at = ${at(h.arrived)}::timestamptz
    where id = ${id}`,
  );
}

/** An invoice of the order's carrier with one line per decision. */
async function invoice(t: TestContext, orderId: number, number: string, decisions: string[]) {
  await run(
    t,
    sql`insert into invoices (industry_id, industry_carrier_id, carrier_id, plant_id, number, financial_year, invoice_date,
      gst_scheme, gst_rate_pct, recipient_gstin, order_count, taxable_paise, tax_paise, total_paise, issued)
    select o.industry_id, o.industry_carrier_id, ic.carrier_id, o.plant_id, ${number}, '2026-27', '2026-09-30', 'rcm', 5,
      '27AAACD1234F1Z5', 1, 100, 5, 105, ${issuedFixture}::jsonb
    from orders o join industry_carriers ic on ic.id = o.industry_carrier_id where o.id = ${orderId}`,
  );
  for (const decision of decisions) {
    await run(
      t,
      sql`insert into invoice_lines (invoice_id, version, order_id, kind, amount_paise, audit, decision)
      values ((select id from invoices where number = ${number}), 1, ${orderId}, 'freight', 100, 'match', ${decision})`,
    );
  }
}

/** Lets the deadline of the turn asked now pass: its durable job comes due and the runner runs it. */
async function expireCurrent(t: TestContext, indentId: number) {
  const [turn] = rowsOf<{ id: number }>(
    await run(t, sql`select id from indent_allocations where indent_id = ${indentId} and status = 'offered'`),
  );
  const past = new Date(Date.now() - 1000);
  await run(t, sql`update indent_allocations set deadline_at = ${past} where id = ${turn?.id}`);
  await run(t, sql`update jobs set run_at = ${past} where key = ${`indent-deadline:${turn?.id}`}`);
  expect(await t.app.deps.jobs.tick()).toBeGreaterThan(0);
}

/** The orders: Vayu's five at the first plant and one at the second, Ganesh's one in the range and one after. */
async function roadOrders(t: TestContext, r: Road) {
  const ganesh = { patch: { carrierLinkId: r.ganeshLink } };
  const made = [];
  for (const opts of [{}, {}, {}, {}, ganesh, ganesh, { plantId: r.plants[1]?.id }]) {
    made.push((await offlineOrder(t, r, 'outbound', opts)).id);
  }
  const [vA = 0, vB = 0, vC = 0, vF = 0, gD = 0, gE = 0, vG = 0] = made;
  // Vayu: on time, tracked, arrived on time; late at the gate, untracked, delayed; rejected; early; another plant's.
  await times(t, vA, '2026-09-10', { reported: 1, gateIn: 1.5, gateOut: 3, arrived: 10 });
  await times(t, vB, '2026-09-11', { gateIn: 3, gateOut: 4, arrived: 12 });
  await times(t, vC, '2026-09-12', {});
  await run(t, sql`update orders set status = 'rejected', rejected_at = now() where id = ${vC}`);
  await times(t, vF, '2026-09-13', { reported: -0.5 });
  await times(t, vG, '2026-09-14', {});
  // Ganesh: reported at the end of the grace; another order late but out of the range.
  await times(t, gD, '2026-09-20', { reported: 2 });
  await times(t, gE, '2026-10-01', { reported: 5, gateOut: 6, arrived: 9 });
  return { vA, vB, gD };
}

/** Tracking (A tracked with a position; B started never, with a position and a delay) and the invoices' decided lines. */
async function roadTrackingAndBills(t: TestContext, { vA, vB, gD }: { vA: number; vB: number; gD: number }) {
  const industry = sql`(select industry_id from orders where id = ${vA})`;
  for (const id of [vA, vB]) {
    await run(
      t,
      sql`insert into order_tracking (order_id, industry_id, method, started_at)
      values (${id}, ${industry}, 'device', ${id === vA ? sql`now()` : sql`null`})`,
    );
  }
  await run(
    t,
    sql`insert into tracking_last_positions (order_id, industry_id, source, fix_time, latitude, longitude, signal_at,
      anchor_latitude, anchor_longitude, anchor_at) values (${vA}, ${industry}, 'osmand', now(), 19, 73, now(), 19, 73, now())`,
  );
  // B was late on the road (a closed delay), also with a position; A had only a halt.
  await run(
    t,
    sql`insert into tracking_events (order_id, industry_id, kind, started_at, ended_at)
    values (${vB}, ${industry}, 'delay', now(), now()), (${vA}, ${industry}, 'halt', now(), null)`,
  );
  await run(
    t,
    sql`insert into tracking_last_positions (order_id, industry_id, source, fix_time, latitude, longitude, signal_at,
      anchor_latitude, anchor_longitude, anchor_at) values (${vB}, ${industry}, 'osmand', now(), 19, 73, now(), 19, 73, now())`,
  );
  await invoice(t, vA, 'VR-1', ['approved', 'approved', 'approved']);
  await invoice(t, vB, 'VR-2', ['adjusted']);
  await invoice(t, gD, 'SG-1', ['disputed', 'pending']);
}

/**
 * Indent offers: Vayu accepts one, rejects one (Ganesh then accepts it) and lets one lapse; the shipper passes Ganesh's own
 * on to Vayu (the lane's other holder, no backups chosen), whose turn is still open.
 */
async function roadOffers(t: TestContext, r: Road) {
  const call = caller(t);
  const { laneId } = await contractedLane(t, r, 60);
  const place = async (primary: number, backups: number[], vehicles = 1) => {
    const res = await call('POST', '/api/indents', r.owner, {
      indents: [{ laneId, vehicles, reportingAt: hoursFromNow(20), primaryCarrierLinkId: primary, backupCarrierLinkIds: backups }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data[0].id as number;
  };
  const answer = async (token: string, id: number, body: object) =>
    expect((await call('POST', `/api/carrier/indents/${id}/answer`, token, body)).statusCode).toBe(200);
  const i1 = await place(r.vayuLink, [], 2);
  await answer(r.vayu, i1, { answer: 'accept', vehicles: 2 });
  const i2 = await place(r.vayuLink, [r.ganeshLink]);
  await answer(r.vayu, i2, { answer: 'reject', reason: 'No vehicle' });
  await answer(r.ganesh, i2, { answer: 'accept', vehicles: 1 });
  const i3 = await place(r.ganeshLink, []);
  expect((await call('POST', `/api/indents/${i3}/pass-on`, r.owner)).statusCode).toBe(200);
  const i4 = await place(r.vayuLink, [r.ganeshLink]);
  await expireCurrent(t, i4);
  // Ganesh's turn on the lapsed one is still open, and offered outside the range.
  await run(t, sql`update indent_allocations set offered_at = '2026-09-15T05:00:00Z' where offered_at is not null`);
  await run(t, sql`update indent_allocations set offered_at = '2026-10-01T05:00:00Z' where indent_id = ${i4} and status = 'offered'`);
}

/**
 * The carrier scorecard's road (the report's test and the carrier's own view): Vayu and Shree Ganesh
 * with orders picked up in September 2026 — on time or late, tracked or not, delayed, rejected, at
 * either plant, one out of the range — their invoices' decided lines, and indent offers accepted,
 * rejected, lapsed, passed on and still open.
 */
export async function scorecardRoad(t: TestContext): Promise<Road> {
  const r = await setupRoad(t);
  await roadTrackingAndBills(t, await roadOrders(t, r));
  await roadOffers(t, r);
  return r;
}

/**
 * Stored figures for a link's September orders, the first `figures.length` by id: [kg CO2e WTW,
 * tonne-km] each, as the emissions job keeps them.
 */
export async function storeFigures(t: TestContext, link: number, figures: [number, number][]) {
  const values = sql.join(
    figures.map(([kg, tkm], i) => sql`(${i + 1}::int, ${kg}::float8, ${tkm}::float8)`),
    sql`, `,
  );
  await t.database.db.execute(sql`insert into order_emissions (order_id, industry_id, carrier_id, plant_id, request_type, lane, month, mode, wtw_kg, tonne_km, distance_km)
    select id, industry_id, carrier_id, plant_id, request_type, lane, '2026-09-01', 'road', v.kg, v.tkm, 500
    from (select id, industry_id, carrier_id, plant_id, request_type, lane, row_number() over (order by id) as n
      from orders where industry_carrier_id = ${link} and pickup_at >= '2026-09-01' and pickup_at < '2026-10-01') o
    join (values ${values}) as v(n, kg, tkm) on v.n = o.n`);
}
