import { beforeAll, describe, expect, it } from 'vitest';
import { CARRIER_VEHICLES_LIMIT, type CarrierVehicle } from '@freightdesk/shared/schemas/carrier-vehicles';
import { useTestApp } from '../../test/harness.ts';
import { type Procurement, setupProcurement } from '../../test/procurement.ts';

/**
 * The carrier portal's vehicle picker (`GET /api/carrier/vehicles`): the vehicles on the carrier's
 * own latest orders, each once with its last driver, newest first, searched on the server; another
 * carrier's vehicles never show, and a shipper's user may not ask.
 */
const t = useTestApp();
let p: Procurement;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });
const vehicles = async (token: string, search?: string) => {
  const res = await call('GET', `/api/carrier/vehicles${search === undefined ? '' : `?search=${encodeURIComponent(search)}`}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: CarrierVehicle[]; more: boolean };
};

/** An offline order of the demo shipper for `link`, with its vehicle and driver, picked up `hours` from now. */
async function orderWith(link: number, vehicleNumber: string, driverName: string, hours: number) {
  const [plant] = (await call('GET', '/api/plants/options', p.owner)).json().data;
  const [vehicle] = (await call('GET', '/api/vehicle-types/options', p.owner)).json().data;
  const placed = await call('POST', '/api/offline-orders/outbound', p.owner, {
    carrierLinkId: link,
    plantId: plant.id,
    vehicleTypeId: vehicle.id,
    priceRupees: 38000,
    pickupAt: new Date(Date.now() + hours * 3_600_000).toISOString(),
    dropoffs: p.base.dropoffs,
    vehicleNumber,
    driverName,
    driverMobile: '9822012345',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().data as { number: string };
}

beforeAll(async () => {
  p = await setupProcurement(t);
  await orderWith(p.vayuLink, 'KA01VV0001', 'Old Driver', 24);
  await orderWith(p.vayuLink, 'KA01VV0002', 'Suresh Naik', 25);
  await orderWith(p.vayuLink, 'KA 01 VV-0001', 'Ravi Kumar', 26);
  await orderWith(p.ganeshLink, 'KA01GG0001', 'Ganesh Driver', 27);
});

describe('the carrier’s vehicles', () => {
  it('lists each vehicle once with its last driver and order, the most recently used first', async () => {
    const mine = (await vehicles(p.vayu, 'KA01VV')).data;
    expect(mine.map((v) => [v.vehicleNumber, v.driverName])).toEqual([
      ['KA01VV0001', 'Ravi Kumar'],
      ['KA01VV0002', 'Suresh Naik'],
    ]);
    expect(mine[0]).toMatchObject({ driverMobile: '9822012345', onTheRoad: true, lastOrderNumber: expect.stringMatching(/^ORD-/) });
    expect(Number.isNaN(Date.parse(mine[0]?.lastPickupAt ?? ''))).toBe(false);
  });

  it('searches a part of the number as typed (spaces, dashes, lower case)', async () => {
    expect((await vehicles(p.vayu, 'vv-0002')).data.map((v) => v.vehicleNumber)).toEqual(['KA01VV0002']);
    expect((await vehicles(p.vayu, 'ZZ99')).data).toEqual([]);
    // No character a vehicle number can hold: nothing, not every vehicle.
    expect((await vehicles(p.vayu, '%')).data).toEqual([]);
  });

  it('never shows another carrier’s vehicles', async () => {
    const theirs = (await vehicles(p.ganesh)).data.map((v) => v.vehicleNumber);
    expect(theirs).toContain('KA01GG0001');
    expect(theirs.filter((v) => v.startsWith('KA01VV'))).toEqual([]);
    expect((await vehicles(p.vayu)).data.map((v) => v.vehicleNumber)).not.toContain('KA01GG0001');
  });

  it('answers at most the limit and says when more match', async () => {
    for (let i = 0; i < CARRIER_VEHICLES_LIMIT; i++) {
      await orderWith(p.vayuLink, `KA02MM${String(i).padStart(4, '0')}`, 'Fleet Driver', 30 + i);
    }
    const page = await vehicles(p.vayu, 'KA02MM');
    expect(page.data).toHaveLength(CARRIER_VEHICLES_LIMIT);
    expect(page.more).toBe(false);
    await orderWith(p.vayuLink, 'KA02MM9999', 'Fleet Driver', 60);
    const more = await vehicles(p.vayu, 'KA02MM');
    expect(more.data).toHaveLength(CARRIER_VEHICLES_LIMIT);
    expect(more.more).toBe(true);
    expect(more.data[0]?.vehicleNumber).toBe('KA02MM9999');
  });

  it('shows each vehicle’s papers as VAHAN last said: lapsed, ending within 15 days, or valid', async () => {
    await orderWith(p.vayuLink, 'KA01FX0003', 'Fit Lapsed', 28);
    await orderWith(p.vayuLink, 'KA01IE0004', 'Insurance Ending', 29);
    const papers = new Map((await vehicles(p.vayu, 'KA01')).data.map((v) => [v.vehicleNumber, v.papers]));
    expect(papers.get('KA01FX0003')).toEqual({
      state: 'expired',
      text: expect.stringMatching(/^Fitness certificate expired on \d{2} \w{3} \d{4}$/),
    });
    expect(papers.get('KA01IE0004')).toEqual({ state: 'expiring', text: expect.stringMatching(/^Insurance ends on \d{2} \w{3} \d{4}$/) });
    expect(papers.get('KA01VV0002')).toEqual({
      state: 'valid',
      text: expect.stringMatching(/^Papers valid; .+ ends on \d{2} \w{3} \d{4}$/),
    });
  });

  it('is the carrier portal’s: a shipper’s user is refused, a search too long is named', async () => {
    expect((await call('GET', '/api/carrier/vehicles', p.owner)).statusCode).toBe(403);
    const long = await call('GET', `/api/carrier/vehicles?search=${'A'.repeat(21)}`, p.vayu);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toHaveProperty('search');
  });
});
