import { indiaDayKey } from '@freightdesk/shared/date-time';
import { gstinCheckChar } from '@freightdesk/shared/validation/india';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, type Road } from '../../test/execution.ts';
import { stopBody } from '../../test/isolation-fixtures.ts';
import { useTestApp } from '../../test/harness.ts';
import { scorecardRoad, storeFigures } from '../../test/scorecard-road.ts';
import { createStaff } from '../../test/staff.ts';

const t = useTestApp();
const call = caller(t);
let r: Road;
const RANGE = 'from=2026-09-01&to=2026-09-30';
const own = (token: string, query = RANGE) => call('GET', `/api/carrier/scorecard?${query}`, token);

/** The measures both answers carry, in one order. */
const MEASURES = [
  'orders',
  'offers',
  'offersAnswered',
  'offersAccepted',
  'offersRejected',
  'acceptancePercent',
  'ordersRejected',
  'onTimePlacementPercent',
  'onTimeDeliveryPercent',
  'trackingPercent',
  'billingAccuracyPercent',
  'emissionsIntensity',
] as const;
const measures = (row: Record<string, unknown>) => MEASURES.map((m) => row[m]);

const SUNRISE_PLANT = {
  name: 'Sunrise Dahej Plant',
  code: 'SDJ1',
  gstin: `24AAACS1234A2Z${gstinCheckChar('24AAACS1234A2Z')}`,
  address: 'GIDC',
  city: 'Bharuch',
  state: 'Gujarat',
  country: 'India',
  pincode: '392130',
  latitude: 21.7,
  longitude: 72.6,
  geofenceRadius: 800,
};

beforeAll(async () => {
  r = await scorecardRoad(t);
  // Vayu's two finished loads (emissions worked cases 1 and 2): 835.725 kg over 15 750 tkm, 53.1 g/tkm.
  await storeFigures(t, r.vayuLink, [
    [445.5, 10500],
    [390.225, 5250],
  ]);
  // Ganesh's one: 1 t over 2 000 tkm, 500 g/tkm — never in Vayu's figures.
  await storeFigures(t, r.ganeshLink, [[1000, 2000]]);
});

describe('the carrier’s own scorecard', () => {
  it('equals the shipper report’s row for the same link and range, named by the shipper, with the emissions by month', async () => {
    const res = await own(r.vayu);
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().data;
    const report = (await call('GET', `/api/reports/carrier-scorecard?${RANGE}&carrierLinkId=${r.vayuLink}`, r.owner)).json().data;
    expect(report.rows).toHaveLength(1);
    expect(mine.shippers).toHaveLength(1);
    expect(mine.shippers[0]).toMatchObject({ shipper: 'Demo Industries', carrierLinkId: r.vayuLink, co2eTonnes: 0.836, tonneKm: 15750 });
    expect(measures(mine.shippers[0])).toEqual(measures(report.rows[0]));
    expect(measures(mine.shippers[0])).toEqual([5, 4, 2, 1, 1, 33.3, 1, 66.7, 50, 50, 75, 53.1]);
    expect(measures(mine.totals)).toEqual(measures(report.totals));
    expect(mine).toMatchObject({ from: '2026-09-01', to: '2026-09-30', method: expect.stringContaining('ISO 14083') });
    expect(mine.months).toEqual([{ month: '2026-09', loads: 2, withoutFigure: 0, tonneKm: 15750, co2eTonnes: 0.836, intensity: 53.1 }]);
    expect(mine.monthTotals).toEqual({ loads: 2, withoutFigure: 0, tonneKm: 15750, co2eTonnes: 0.836, intensity: 53.1 });
  });

  it('shows a carrier only its own links: another carrier’s orders, offers and figures never appear', async () => {
    const vayu = (await own(r.vayu)).json().data;
    const ganesh = (await own(r.ganesh)).json().data;
    const report = (await call('GET', `/api/reports/carrier-scorecard?${RANGE}&carrierLinkId=${r.ganeshLink}`, r.owner)).json().data;
    expect(measures(ganesh.shippers[0])).toEqual(measures(report.rows[0]));
    expect(measures(ganesh.totals)).toEqual([1, 2, 1, 1, 0, 100, 0, 100, null, null, 0, 500]);
    expect(ganesh.months).toEqual([{ month: '2026-09', loads: 1, withoutFigure: 0, tonneKm: 2000, co2eTonnes: 1, intensity: 500 }]);
    // Vayu's totals are its own row: the shipper's 6 orders, 6 offers and Ganesh's tonne of CO2e are not in them.
    expect(vayu.totals).toMatchObject({ orders: 5, offers: 4, co2eTonnes: 0.836, tonneKm: 15750 });
    expect(vayu.monthTotals).toMatchObject({ loads: 2, co2eTonnes: 0.836 });
    expect(vayu.shippers.map((s: { carrierLinkId: number }) => s.carrierLinkId)).toEqual([r.vayuLink]);
  });

  it('gives each shipper the carrier serves its own row, the totals over all of them', async () => {
    // Sunrise Polymers takes a plan, links Vayu (its existing company, by its user's mobile) and gives it one order in September.
    const sunrise = await t.login('noplan@demo.test');
    await t.database.db.execute(sql`insert into subscriptions (industry_id, plan_id, starts_at, ends_at)
      select industry_id, (select id from plans order by id limit 1), now() - interval '1 day', now() + interval '300 days'
      from users where email = 'noplan@demo.test'`);
    const made = async (url: string, body: object) => {
      const res = await call('POST', url, sunrise, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
      return res.json().data.id as number;
    };
    const link = await made('/api/carriers', {
      name: 'Vayu Roadlines',
      contactName: 'Imran',
      mobile: '9000000005',
      email: 'carrier@demo.test',
    });
    const order = await made('/api/offline-orders/outbound', {
      carrierLinkId: link,
      plantId: await made('/api/plants', SUNRISE_PLANT),
      vehicleTypeId: await made('/api/vehicle-types', { name: 'Sunrise 32 ft', body: 'closed', capacityTonnes: 18 }),
      priceRupees: 30000,
      pickupAt: new Date(Date.now() - 3_600_000).toISOString(),
      dropoffs: [{ stopId: await made('/api/stops', stopBody('Surat depot')) }],
    });
    await t.database.db.execute(sql`update orders set pickup_at = '2026-09-15T06:30:00Z' where id = ${order}`);

    const mine = (await own(r.vayu)).json().data;
    expect(mine.shippers.map((s: { shipper: string }) => s.shipper)).toEqual(['Demo Industries', 'Sunrise Polymers']);
    const theirs = (await call('GET', `/api/reports/carrier-scorecard?${RANGE}`, sunrise)).json().data;
    expect(measures(mine.shippers[1])).toEqual(measures(theirs.rows[0]));
    expect(mine.totals).toMatchObject({ orders: 6, offers: 4, co2eTonnes: 0.836 });
    // Ganesh serves Demo Industries only: Sunrise's order is not his.
    expect((await own(r.ganesh)).json().data.shippers.map((s: { shipper: string }) => s.shipper)).toEqual(['Demo Industries']);
  });

  it('takes the last 90 days when no range is named, and names the bad field of a range (400)', async () => {
    const today = indiaDayKey();
    const fallback = await own(r.vayu, '');
    expect(fallback.statusCode, fallback.body).toBe(200);
    expect(fallback.json().data.to).toBe(today);
    const days = (Date.parse(today) - Date.parse(fallback.json().data.from)) / 86_400_000 + 1;
    expect(days).toBe(90);
    // A range without any record: no rows, totals of nothing.
    const empty = (await own(r.vayu, 'from=2026-01-01&to=2026-01-31')).json().data;
    expect(empty).toMatchObject({
      shippers: [],
      months: [],
      totals: { orders: 0, acceptancePercent: null },
      monthTotals: { loads: 0, co2eTonnes: 0 },
    });
    for (const [query, field] of [
      ['from=2026-09-30&to=2026-09-01', 'to'],
      ['from=2025-09-01&to=2026-09-30', 'from'],
      ['from=2026-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['carrierLinkId=1', 'carrierLinkId'],
    ] as const) {
      const res = await own(r.vayu, query);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().error), query).toContain(field);
    }
    // 366 days (2024 was a leap year) is the most.
    expect((await own(r.vayu, 'from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
  });

  it('is the carrier’s alone: shippers, their staff and the admin get 403, no token 401', async () => {
    const staff = await createStaff(t, r.owner, { permissions: ['list-industry-report', 'list-outbound-order'] });
    for (const token of [r.owner, staff.token, await t.login('admin@demo.test'), await t.login('noplan@demo.test')]) {
      expect((await own(token)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/carrier/scorecard?${RANGE}` })).statusCode).toBe(401);
  });
});
