import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractedLane } from '../../test/contracts.ts';
import { caller, offlineOrder, type Road, setupRoad } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { issuedFixture } from '../../test/issued.ts';
import { hoursFromNow } from '../../test/procurement.ts';
import { createStaff } from '../../test/staff.ts';
import { rowsOf } from '../../db/rows.ts';

const t = useTestApp();
const call = caller(t);
const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
let r: Road;
const RANGE = 'from=2026-09-01&to=2026-09-30';
const report = (token: string, query = '') => call('GET', `/api/reports/carrier-scorecard?${RANGE}${query}`, token);

/** An order's pickup on a day (India noon) and its times as hours after the pickup (null: none). */
async function times(id: number, day: string, h: { reported?: number; gateIn?: number; gateOut?: number; arrived?: number }) {
  const at = (hours?: number) => (hours === undefined ? null : new Date(Date.parse(`${day}T06:30:00Z`) + hours * 3_600_000).toISOString());
  await exec(sql`update orders set pickup_at = ${`${day}T06:30:00Z`}::timestamptz, reported_at = ${at(h.reported)}::timestamptz,
    gate_in_at = ${at(h.gateIn)}::timestamptz, gate_out_at = ${at(h.gateOut)}::timestamptz, arrived_at = ${at(h.arrived)}::timestamptz
    where id = ${id}`);
}

/** An invoice of the order's carrier with one line per decision. */
async function invoice(orderId: number, number: string, decisions: string[]) {
  await exec(sql`insert into invoices (industry_id, industry_carrier_id, carrier_id, plant_id, number, financial_year, invoice_date,
      gst_scheme, gst_rate_pct, recipient_gstin, order_count, taxable_paise, tax_paise, total_paise, issued)
    select o.industry_id, o.industry_carrier_id, ic.carrier_id, o.plant_id, ${number}, '2026-27', '2026-09-30', 'rcm', 5,
      '27AAACD1234F1Z5', 1, 100, 5, 105, ${issuedFixture}::jsonb
    from orders o join industry_carriers ic on ic.id = o.industry_carrier_id where o.id = ${orderId}`);
  for (const decision of decisions) {
    await exec(sql`insert into invoice_lines (invoice_id, version, order_id, kind, amount_paise, audit, decision)
      values ((select id from invoices where number = ${number}), 1, ${orderId}, 'freight', 100, 'match', ${decision})`);
  }
}

/** Lets the deadline of the turn asked now pass: its durable job comes due and the runner runs it. */
async function expireCurrent(indentId: number) {
  const [turn] = rowsOf<{ id: number }>(
    await exec(sql`select id from indent_allocations where indent_id = ${indentId} and status = 'offered'`),
  );
  const past = new Date(Date.now() - 1000);
  await exec(sql`update indent_allocations set deadline_at = ${past} where id = ${turn?.id}`);
  await exec(sql`update jobs set run_at = ${past} where key = ${`indent-deadline:${turn?.id}`}`);
  expect(await t.app.deps.jobs.tick()).toBeGreaterThan(0);
}

beforeAll(async () => {
  r = await setupRoad(t);
  const { laneId } = await contractedLane(t, r, 60);
  const ganesh = { patch: { carrierLinkId: r.ganeshLink } };
  const [vA, vB, vC, vF, gD, gE] = [
    await offlineOrder(t, r, 'outbound'),
    await offlineOrder(t, r, 'outbound'),
    await offlineOrder(t, r, 'outbound'),
    await offlineOrder(t, r, 'outbound'),
    await offlineOrder(t, r, 'outbound', ganesh),
    await offlineOrder(t, r, 'outbound', ganesh),
  ];
  const vG = await offlineOrder(t, r, 'outbound', { plantId: r.plants[1]?.id });
  // Vayu: on time, tracked, arrived on time; late at the gate, untracked, delayed; rejected; early; another plant's.
  await times(vA?.id ?? 0, '2026-09-10', { reported: 1, gateIn: 1.5, gateOut: 3, arrived: 10 });
  await times(vB?.id ?? 0, '2026-09-11', { gateIn: 3, gateOut: 4, arrived: 12 });
  await times(vC?.id ?? 0, '2026-09-12', {});
  await exec(sql`update orders set status = 'rejected', rejected_at = now() where id = ${vC?.id}`);
  await times(vF?.id ?? 0, '2026-09-13', { reported: -0.5 });
  await times(vG.id, '2026-09-14', {});
  // Ganesh: reported at the end of the grace; another order late but out of the range.
  await times(gD?.id ?? 0, '2026-09-20', { reported: 2 });
  await times(gE?.id ?? 0, '2026-10-01', { reported: 5, gateOut: 6, arrived: 9 });
  const industry = sql`(select industry_id from orders where id = ${vA?.id})`;
  for (const id of [vA?.id, vB?.id]) {
    await exec(sql`insert into order_tracking (order_id, industry_id, method, started_at)
      values (${id}, ${industry}, 'device', ${id === vA?.id ? sql`now()` : sql`null`})`);
  }
  await exec(sql`insert into tracking_last_positions (order_id, industry_id, source, fix_time, latitude, longitude, signal_at,
      anchor_latitude, anchor_longitude, anchor_at) values (${vA?.id}, ${industry}, 'osmand', now(), 19, 73, now(), 19, 73, now())`);
  // B was late on the road (a closed delay), also with a position; A had only a halt.
  await exec(sql`insert into tracking_events (order_id, industry_id, kind, started_at, ended_at)
    values (${vB?.id}, ${industry}, 'delay', now(), now()), (${vA?.id}, ${industry}, 'halt', now(), null)`);
  await exec(sql`insert into tracking_last_positions (order_id, industry_id, source, fix_time, latitude, longitude, signal_at,
      anchor_latitude, anchor_longitude, anchor_at) values (${vB?.id}, ${industry}, 'osmand', now(), 19, 73, now(), 19, 73, now())`);
  await invoice(vA?.id ?? 0, 'VR-1', ['approved', 'approved', 'approved']);
  await invoice(vB?.id ?? 0, 'VR-2', ['adjusted']);
  await invoice(gD?.id ?? 0, 'SG-1', ['disputed', 'pending']);

  // Indent offers: Vayu accepts one, rejects one (Ganesh then accepts it) and lets one lapse; the shipper passes Ganesh's own
  // on to Vayu (the lane's other holder, no backups chosen), whose turn is still open.
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
  await expireCurrent(i4);
  // Ganesh's turn on the lapsed one is still open, and offered outside the range.
  await exec(sql`update indent_allocations set offered_at = '2026-09-15T05:00:00Z' where offered_at is not null`);
  await exec(sql`update indent_allocations set offered_at = '2026-10-01T05:00:00Z' where indent_id = ${i4} and status = 'offered'`);
});

const pick = (row: Record<string, unknown>) => [
  row.carrier,
  row.orders,
  row.offers,
  row.offersAnswered,
  row.offersAccepted,
  row.offersRejected,
  row.acceptancePercent,
  row.ordersRejected,
  row.onTimePlacementPercent,
  row.onTimeDeliveryPercent,
  row.trackingPercent,
  row.billingAccuracyPercent,
];

describe('carrier scorecard', () => {
  it('scores each carrier on its orders and indent offers in the range, with totals over all carriers', async () => {
    const res = await report(r.owner);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.rows.map(pick)).toEqual([
      // 5 orders; offers: accepted, rejected, lapsed, open (1 of the 3 decided); placed on time 2 of 3; arrived on time 1 of 2;
      // tracked 1 of 2; lines approved as billed 3 of 4.
      ['Vayu Roadlines', 5, 4, 2, 1, 1, 33.3, 1, 66.7, 50, 50, 75],
      // 1 order reported at exactly 2 h; offers: accepted, passed on by the shipper (not decided); its one decided line disputed.
      ['Shree Ganesh Transport', 1, 2, 1, 1, 0, 100, 0, 100, null, null, 0],
    ]);
    expect(pick(page.totals)).toEqual([null, 6, 6, 3, 2, 1, 50, 1, 75, 50, 50, 60]);
    expect(page.total).toBe(2);
  });

  it('filters by carrier, direction and plant; a staff user of one plant sees its orders and no other plant’s offers', async () => {
    const one = (await report(r.owner, `&carrierLinkId=${r.ganeshLink}`)).json().data;
    expect(one.rows.map(pick)).toEqual([['Shree Ganesh Transport', 1, 2, 1, 1, 0, 100, 0, 100, null, null, 0]]);
    expect((await report(r.owner, '&direction=2')).json().data).toMatchObject({ rows: [], totals: { orders: 0, offers: 0 } });
    const plant = (await report(r.owner, `&plantId=${r.plants[1]?.id}`)).json().data;
    expect(plant.rows.map(pick)).toEqual([['Vayu Roadlines', 1, 0, 0, 0, 0, null, 0, null, null, null, null]]);
    const second = await createStaff(t, r.owner, {
      permissions: ['list-industry-report', 'list-outbound-order'],
      plantIds: [r.plants[1]?.id ?? 0],
    });
    expect((await report(second.token)).json().data.rows.map(pick)).toEqual(plant.rows.map(pick));
    // Inbound orders only: none of the outbound orders or offers.
    const inbound = await createStaff(t, r.owner, { permissions: ['list-industry-report', 'list-inbound-order'] });
    expect((await report(inbound.token)).json().data).toMatchObject({ rows: [], total: 0 });
  });

  it('names the bad filter (400), needs the order permission (403), and shows another shipper nothing of ours', async () => {
    for (const [query, field] of [
      ['&carrierLinkId=abc', 'carrierLinkId'],
      ['&direction=3', 'direction'],
      ['&to=2026-08-01', 'to'],
    ] as const) {
      const res = await report(r.owner, query);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().error), query).toContain(field);
    }
    const reportsOnly = await createStaff(t, r.owner, { permissions: ['list-industry-report'] });
    expect((await report(reportsOnly.token)).statusCode).toBe(403);
    expect((await report(r.vayu)).statusCode).toBe(403);
    const other = await report(await t.login('noplan@demo.test'));
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data).toMatchObject({ rows: [], total: 0, totals: { orders: 0, offers: 0, acceptancePercent: null } });
  });

  it('exports the scorecard with its totals row', async () => {
    const asked = await call('POST', '/api/exports', r.owner, {
      report: 'carrier-scorecard',
      format: 'csv',
      params: { from: '2026-09-01', to: '2026-09-30' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    await t.app.deps.jobs.tick();
    const done = (await call('GET', `/api/exports/${asked.json().data.id}`, r.owner)).json().data;
    expect(done).toMatchObject({ status: 'done', rowsDone: 2 });
    const lines = (await call('GET', `/api/exports/${done.id}/file`, r.owner)).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^"Carrier","Orders","Indent offers",/);
    expect(lines[1]).toMatch(/^"Vayu Roadlines","5","4","2","1","1","33.3","1","66.7","50","50","75",""$/);
    expect(lines[3]).toMatch(/^"Total","6","6","3","2","1","50","1","75","50","50","60",""$/);
  });

  it('gives each carrier the emissions intensity of its finished loads (issue 37)', async () => {
    // Two of Vayu's loads with stored figures: 445.5 kg over 10 500 tkm and 390.225 kg over 5 250 tkm
    // (emissions worked cases 1 and 2): 1000 × 835.725 / 15 750 = 53.06 → 53.1 g CO2e per tonne-km.
    await exec(sql`insert into order_emissions (order_id, industry_id, carrier_id, plant_id, request_type, lane, month, mode, wtw_kg, tonne_km, distance_km)
      select id, industry_id, carrier_id, plant_id, request_type, lane, '2026-09-01', 'road', v.kg, v.tkm, 500
      from (select id, industry_id, carrier_id, plant_id, request_type, lane, row_number() over (order by id) as n
        from orders where industry_carrier_id = ${r.vayuLink} and pickup_at >= '2026-09-01' and pickup_at < '2026-10-01') o
      join (values (1, 445.5, 10500), (2, 390.225, 5250)) as v(n, kg, tkm) on v.n = o.n`);
    const page = (await report(r.owner)).json().data;
    const intensity = (carrier: string) => page.rows.find((row: { carrier: string }) => row.carrier === carrier)?.emissionsIntensity;
    expect(intensity('Vayu Roadlines')).toBe(53.1);
    expect(intensity('Shree Ganesh Transport')).toBeNull();
    expect(page.totals.emissionsIntensity).toBe(53.1);
  });
});
