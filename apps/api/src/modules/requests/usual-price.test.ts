import { eq } from 'drizzle-orm';
import { describeBand, distanceBand, roadKm } from '@freightdesk/shared/usual-price';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { plants } from '../../db/schema/plants.ts';
import { useTestApp } from '../../test/harness.ts';
import { hoursFromNow, type Procurement, setupProcurement } from '../../test/procurement.ts';

const t = useTestApp();
let p: Procurement;
let plant: { id: number; latitude: number; longitude: number; industryId: number };
let stopId = 0;
const surat = { latitude: 21.17, longitude: 72.83 };

beforeAll(async () => {
  p = await setupProcurement(t);
  const plantId = p.base.plantId as number;
  const row = (await t.app.inject({ method: 'GET', url: `/api/plants/${plantId}`, headers: t.as(p.owner) })).json().data;
  const [owned] = await t.database.db.select({ industryId: plants.industryId }).from(plants).where(eq(plants.id, plantId));
  plant = { ...row, industryId: owned?.industryId ?? 0 };
  stopId = (p.base.dropoffs as { stopId: number }[])[0]?.stopId ?? 0;
});

const ask = (query: string, token = p.owner) =>
  t.app.inject({ method: 'GET', url: `/api/requests/outbound/usual-price?${query}`, headers: t.as(token) });
const laneQuery = (dropoffs = `s${stopId}`) =>
  `plantId=${plant.id}&vehicleTypeId=${p.base.vehicleTypeId}&dropoffs=${dropoffs}&weightTonnes=20&vehicleCount=1`;

/** An order on the demo lane at a price (per trip), as an award would have made it. */
async function orderAt(requestId: number, rupees: number, n: number) {
  await t.database.db.insert(orders).values({
    industryId: plant.industryId,
    number: `OB-TEST-${requestId}-${n}`,
    source: 'request',
    requestId,
    requestType: 1,
    industryCarrierId: p.vayuLink,
    plantId: plant.id,
    vehicleTypeId: p.base.vehicleTypeId as number,
    pricePaise: rupees * 100,
    priceBasis: 'trip',
    pickupAt: new Date(),
  });
}

describe('GET /api/requests/{dir}/usual-price', () => {
  it('answers a band from the road distance and the load while the lane has no history', async () => {
    const res = await ask(laneQuery());
    expect(res.statusCode, res.body).toBe(200);
    const km = roadKm([plant, surat]);
    expect(km).toBeGreaterThan(0);
    expect(res.json().data).toEqual(distanceBand({ roadKm: km, tonnesPerVehicle: 20, basis: 'trip' }));
  });

  it('answers the median of the shipper’s own orders on the lane once there are three', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/requests/outbound',
      headers: t.as(p.owner),
      payload: { ...p.base, vehicleCount: 1, bidStartAt: hoursFromNow(1), bidEndAt: hoursFromNow(2), pickupAt: hoursFromNow(24) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const requestId = created.json().data.id;
    await orderAt(requestId, 40_000, 1);
    await orderAt(requestId, 44_000, 2);
    expect((await ask(laneQuery())).json().data.source).toBe('distance');
    await orderAt(requestId, 90_000, 3);
    const band = (await ask(laneQuery())).json().data;
    expect(band).toMatchObject({ source: 'history', low: 44_000, high: 44_000, orders: 3, basis: 'trip' });
    // Per tonne: each order's trip price over the load its vehicle carried (20 t).
    expect((await ask(`${laneQuery()}&priceBasis=tonne`)).json().data).toMatchObject({ source: 'history', low: 2200 });
    // Another lane (no drop-off match) has no history.
    expect((await ask(laneQuery(`s${stopId},s${stopId}`))).json().data.source).toBe('distance');

    // The invited carrier's bid on the next request of the same lane is checked against the same
    // rule over the same history (the bug: a t-km band ten times too low beside it).
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/requests/outbound',
      headers: t.as(p.owner),
      payload: { ...p.base, vehicleCount: 1, bidStartAt: hoursFromNow(1), bidEndAt: hoursFromNow(2), pickupAt: hoursFromNow(24) },
    });
    expect(next.statusCode, next.body).toBe(201);
    const carrierBand = (id: number) =>
      t.app.inject({ method: 'GET', url: `/api/carrier/requests/${id}/usual-price`, headers: t.as(p.vayu) });
    const carrier = await carrierBand(next.json().data.id);
    expect(carrier.statusCode, carrier.body).toBe(200);
    expect(carrier.json().data).toEqual(band);
    expect(describeBand(carrier.json().data)).toBe('₹44,000 per trip (from 3 past orders on this lane)');
    // The request's own orders are not its history: on it, the carrier sees the distance band.
    expect((await carrierBand(requestId)).json().data).toEqual(
      distanceBand({ roadKm: roadKm([plant, surat]), tonnesPerVehicle: 20, basis: 'trip' }),
    );
  });

  it('keeps another load on the lane out of the carrier’s history', async () => {
    const post = (weightTonnes: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/requests/outbound',
        headers: t.as(p.owner),
        payload: {
          ...p.base,
          weightTonnes,
          vehicleCount: 1,
          bidStartAt: hoursFromNow(1),
          bidEndAt: hoursFromNow(2),
          pickupAt: hoursFromNow(24),
        },
      });
    const light = await post(7);
    expect(light.statusCode, light.body).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/carrier/requests/${light.json().data.id}/usual-price`,
      headers: t.as(p.vayu),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ source: 'distance', tonnesPerVehicle: 7, orders: 0 });
  });

  it('answers null until the lane is known, and refuses another shipper’s plant or drop-off naming the field', async () => {
    expect((await ask(`plantId=${plant.id}&vehicleTypeId=${p.base.vehicleTypeId}&weightTonnes=20`)).json()).toEqual({ data: null });
    const other = await t.login('noplan@demo.test');
    const foreign = await ask(laneQuery(), other);
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().error.fields)).toEqual(['plantId']);
    const badStop = await ask(`plantId=${plant.id}&vehicleTypeId=${p.base.vehicleTypeId}&dropoffs=s999999&weightTonnes=20`);
    expect(badStop.statusCode).toBe(400);
    expect(Object.keys(badStop.json().error.fields)).toEqual(['dropoffs']);
  });

  it('answers 404 to a carrier not invited to the request', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/requests/outbound',
      headers: t.as(p.owner),
      payload: {
        ...p.base,
        carrierLinkIds: [p.vayuLink],
        bidStartAt: hoursFromNow(1),
        bidEndAt: hoursFromNow(2),
        pickupAt: hoursFromNow(24),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/carrier/requests/${created.json().data.id}/usual-price`;
    expect((await t.app.inject({ method: 'GET', url, headers: t.as(p.ganesh) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: t.as(p.vayu) })).statusCode).toBe(200);
  });
});
