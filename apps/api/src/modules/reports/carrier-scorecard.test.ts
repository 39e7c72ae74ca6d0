import { beforeAll, describe, expect, it } from 'vitest';
import { caller, type Road } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { scorecardRoad, storeFigures } from '../../test/scorecard-road.ts';
import { createStaff } from '../../test/staff.ts';

const t = useTestApp();
const call = caller(t);
let r: Road;
const RANGE = 'from=2026-09-01&to=2026-09-30';
const report = (token: string, query = '') => call('GET', `/api/reports/carrier-scorecard?${RANGE}${query}`, token);

beforeAll(async () => {
  r = await scorecardRoad(t);
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
    await storeFigures(t, r.vayuLink, [
      [445.5, 10500],
      [390.225, 5250],
    ]);
    const page = (await report(r.owner)).json().data;
    const intensity = (carrier: string) => page.rows.find((row: { carrier: string }) => row.carrier === carrier)?.emissionsIntensity;
    expect(intensity('Vayu Roadlines')).toBe(53.1);
    expect(intensity('Shree Ganesh Transport')).toBeNull();
    expect(page.totals.emissionsIntensity).toBe(53.1);
  });
});
