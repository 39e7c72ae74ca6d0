import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { hoursFromNow, type Procurement, setupProcurement } from '../../test/procurement.ts';

const t = useTestApp();
let p: Procurement;

beforeAll(async () => {
  p = await setupProcurement(t);
});

const send = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: t.as(p.owner), payload });
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

describe('past pickup and bid end', () => {
  it('refuses a new request whose pickup is in the past, naming pickupAt (a draft too)', async () => {
    for (const publish of [true, false]) {
      const res = await send('POST', '/api/requests/outbound', {
        ...p.base,
        publish,
        bidStartAt: hoursFromNow(-30),
        bidEndAt: hoursFromNow(-26),
        pickupAt: hoursFromNow(-24),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields).toEqual({
        bidEndAt: 'Bid end is in the past. Choose a later date and time.',
        pickupAt: 'Pickup date is in the past. Choose a later date and time.',
      });
    }
  });

  it('refuses a past day in a batch, naming the request and the field', async () => {
    const good = { ...p.base, bidStartAt: hoursFromNow(1), bidEndAt: hoursFromNow(2), pickupAt: hoursFromNow(24) };
    const res = await send('POST', '/api/requests/outbound/batch', {
      requests: [good, { ...good, publish: false, bidStartAt: hoursFromNow(-3), bidEndAt: hoursFromNow(-2), pickupAt: hoursFromNow(-1) }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['requests.1.bidEndAt', 'requests.1.pickupAt']);
  });

  it('refuses an edit that moves the pickup into the past', async () => {
    const body = { ...p.base, bidStartAt: hoursFromNow(1), bidEndAt: hoursFromNow(2), pickupAt: hoursFromNow(24) };
    const created = await send('POST', '/api/requests/outbound', body);
    expect(created.statusCode, created.body).toBe(201);
    const res = await send('PUT', `/api/requests/outbound/${created.json().data.id}`, {
      ...body,
      publish: false,
      bidStartAt: hoursFromNow(-50),
      bidEndAt: hoursFromNow(-49),
      pickupAt: hoursFromNow(-48),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain('pickupAt');
  });

  it('allows a few minutes of grace between picking a time and saving', async () => {
    const res = await send('POST', '/api/requests/outbound', {
      ...p.base,
      publish: false,
      bidStartAt: minutesFromNow(-60),
      bidEndAt: minutesFromNow(-3),
      pickupAt: minutesFromNow(-2),
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('accepts an offline order for a past pickup (it records a load already moved)', async () => {
    const [plant] = (await t.app.inject({ method: 'GET', url: '/api/plants/options', headers: t.as(p.owner) })).json().data;
    const res = await send('POST', '/api/offline-orders/outbound', {
      carrierLinkId: p.vayuLink,
      plantId: plant.id,
      vehicleTypeId: p.base.vehicleTypeId,
      priceRupees: 42000,
      pickupAt: hoursFromNow(-72),
      dropoffs: p.base.dropoffs,
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
