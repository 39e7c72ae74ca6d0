import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { describeTenantResource } from '../../test/resource-suite.ts';

const t = useTestApp();

describeTenantResource(t, {
  base: '/api/products',
  valid: { hsnCode: '3901', unit: 'bag' },
  variant: (n) => ({ name: `LLDPE granules ${n}` }),
  invalid: [
    [{ hsnCode: '39' }, 'hsnCode'],
    [{ unit: 'bucket' }, 'unit'],
  ],
  edit: [{ unit: 'tonne' }, 'unit'],
  search: 'LLDPE',
  staffMayList: true,
});

describeTenantResource(t, {
  base: '/api/packages',
  valid: { unitWeightKg: 25 },
  variant: (n) => ({ name: `HDPE bag 25 kg ${n}` }),
  invalid: [[{ unitWeightKg: 0 }, 'unitWeightKg']],
  edit: [{ unitWeightKg: 50 }, 'unitWeightKg'],
  search: 'HDPE',
  staffMayList: true,
});

describeTenantResource(t, {
  base: '/api/vehicle-types',
  valid: { body: 'open', capacityTonnes: 18 },
  variant: (n) => ({ name: `Custom 20 ft ${n}` }),
  invalid: [
    [{ body: 'flying' }, 'body'],
    [{ capacityTonnes: -1 }, 'capacityTonnes'],
  ],
  edit: [{ capacityTonnes: 19 }, 'capacityTonnes'],
  search: 'Custom',
  staffMayList: true,
});

describe('settings', () => {
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.as(token), payload });

  it('offers the global vehicle catalogue plus the shipper’s own types', async () => {
    const owner = await t.login('owner@demo.test');
    const options = (await call('GET', '/api/vehicle-types/options', owner)).json().data;
    expect(options.map((v: { name: string }) => v.name)).toContain('32 ft MXL container');
    const other = await t.login('noplan@demo.test');
    await call('POST', '/api/vehicle-types', other, { name: 'Their special', body: 'open', capacityTonnes: 5 });
    const mine = (await call('GET', '/api/vehicle-types/options', owner)).json().data.map((v: { name: string }) => v.name);
    expect(mine).not.toContain('Their special');
    const global = options.find((v: { name: string }) => v.name === '14 ft LCV');
    expect((await call('POST', `/api/vehicle-types/${global.id}/status`, owner, { status: 'inactive' })).statusCode).toBe(404);
  });

  it('keeps one bid-visibility row per plant and one default, in rupees', async () => {
    const owner = await t.login('owner@demo.test');
    const made = await call('POST', '/api/bid-visibility-settings', owner, { visibility: 'rank_only', minDecrementRupees: 250.5 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ plantId: null, minDecrementRupees: 250.5, antiSnipingMinutes: 5 });
    const dup = await call('POST', '/api/bid-visibility-settings', owner, { visibility: 'nothing' });
    expect(dup.statusCode).toBe(409);
    const [plant] = (await call('GET', '/api/plants/options', owner)).json().data;
    const perPlant = await call('POST', '/api/bid-visibility-settings', owner, { visibility: 'rank_and_lowest', plantId: plant.id });
    expect(perPlant.json().data.plantName).toBe(plant.name);
    expect((await call('GET', '/api/bid-visibility-settings', await t.login('staff@demo.test'))).statusCode).toBe(403);
    expect((await call('POST', '/api/bid-visibility-settings', owner, { visibility: 'all' })).json().error.fields).toHaveProperty(
      'visibility',
    );
  });

  it('keeps payment terms per plant and carrier scope, refusing another shipper’s carrier', async () => {
    const owner = await t.login('owner@demo.test');
    const base = { advancePercent: 80, creditDays: 30 };
    expect((await call('POST', '/api/payment-settings', owner, base)).statusCode).toBe(201);
    expect((await call('POST', '/api/payment-settings', owner, base)).statusCode).toBe(409);
    const [link] = (await call('GET', '/api/carriers', owner)).json().data;
    const perCarrier = await call('POST', '/api/payment-settings', owner, { ...base, carrierLinkId: link.id, balanceOnPod: false });
    expect(perCarrier.json().data).toMatchObject({ carrierName: link.name, plantName: null, balanceOnPod: false });
    for (const [patch, field] of [
      [{ advancePercent: 120 }, 'advancePercent'],
      [{ creditDays: 365 }, 'creditDays'],
      [{ plantId: 999_999 }, 'plantId'],
    ] as const) {
      expect((await call('POST', '/api/payment-settings', owner, { ...base, ...patch })).json().error.fields, field).toHaveProperty(field);
    }
    const other = await t.login('noplan@demo.test');
    const theirs = await call('POST', '/api/payment-settings', other, { ...base, carrierLinkId: link.id });
    expect(theirs.json().error.fields).toHaveProperty('carrierLinkId');
    expect((await call('GET', '/api/payment-settings', other)).json().total).toBe(0);
  });
});
