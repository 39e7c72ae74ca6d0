import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { hoursFromNow, type Procurement, setupProcurement } from '../test/procurement.ts';

const t = useTestApp();
let p: Procurement;

beforeAll(async () => {
  p = await setupProcurement(t);
});

type Call = { method: 'GET' | 'PUT'; url: string; token?: string; payload?: object; ifMatch?: string };
const call = ({ method, url, token = p.owner, payload, ifMatch }: Call) =>
  t.app.inject({ method, url, headers: { ...t.as(token), ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) }, payload });

/** A plant's editable fields (what the form sends back) and its version. */
async function loadPlant(id: number) {
  const row = (await call({ method: 'GET', url: `/api/plants/${id}` })).json().data;
  const { name, code, gstin, businessUnitId, address, city, state, country, pincode, latitude, longitude, geofenceRadius } = row;
  const body = { name, code, gstin, businessUnitId, address, city, state, country, pincode, latitude, longitude, geofenceRadius };
  return { body, updatedAt: row.updatedAt as string };
}

describe('If-Match on a master edit (the generic resource PUT)', () => {
  it('refuses a save made against an old version with 409 STALE, naming who changed it, and changes nothing', async () => {
    const [plant] = (await call({ method: 'GET', url: '/api/plants/options' })).json().data;
    const first = await loadPlant(plant.id);
    // A colleague saves in between.
    const colleague = await call({
      method: 'PUT',
      url: `/api/plants/${plant.id}`,
      payload: { ...first.body, contactName: 'Colleague' },
      ifMatch: first.updatedAt,
    });
    expect(colleague.statusCode, colleague.body).toBe(200);
    const afterColleague = await loadPlant(plant.id);

    const stale = await call({
      method: 'PUT',
      url: `/api/plants/${plant.id}`,
      payload: { ...first.body, name: 'Overwritten' },
      ifMatch: `"${first.updatedAt}"`,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error.code).toBe('STALE');
    expect(stale.json().error.message).toMatch(/^This plant changed since you opened it \(by .+, .+\)\. Reload to see the changes\.$/);
    expect(stale.json().error.details.updatedAt).toBe(afterColleague.updatedAt);
    const unchanged = (await call({ method: 'GET', url: `/api/plants/${plant.id}` })).json().data;
    expect(unchanged.name).toBe(first.body.name);
    expect(unchanged.contactName).toBe('Colleague');
    expect(unchanged.updatedAt).toBe(afterColleague.updatedAt);

    const current = await call({
      method: 'PUT',
      url: `/api/plants/${plant.id}`,
      payload: { ...afterColleague.body, name: 'Renamed' },
      ifMatch: afterColleague.updatedAt,
    });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().data.name).toBe('Renamed');
    expect(current.json().data.updatedAt).not.toBe(afterColleague.updatedAt);
  });

  it('checks nothing without the header (API clients) and refuses a malformed one naming If-Match', async () => {
    const [plant] = (await call({ method: 'GET', url: '/api/plants/options' })).json().data;
    const { body } = await loadPlant(plant.id);
    const plain = await call({ method: 'PUT', url: `/api/plants/${plant.id}`, payload: body });
    expect(plain.statusCode, plain.body).toBe(200);
    const bad = await call({ method: 'PUT', url: `/api/plants/${plant.id}`, payload: body, ifMatch: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['If-Match']);
  });

  it('guards the edits outside the generic resource too (carrier link)', async () => {
    const link = (await call({ method: 'GET', url: `/api/carriers/${p.ganeshLink}` })).json().data;
    const old = link.updatedAt as string;
    expect(old).toEqual(expect.any(String));
    const first = await call({ method: 'PUT', url: `/api/carriers/${p.ganeshLink}`, payload: { code: 'G1', groupIds: [] }, ifMatch: old });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call({ method: 'PUT', url: `/api/carriers/${p.ganeshLink}`, payload: { code: 'G2', groupIds: [] }, ifMatch: old });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('STALE');
    expect((await call({ method: 'GET', url: `/api/carriers/${p.ganeshLink}` })).json().data.code).toBe('G1');
  });
});

describe('If-Match on a request edit', () => {
  it('refuses a stale save of a request and accepts the current version', async () => {
    const body = { ...p.base, bidStartAt: hoursFromNow(1), bidEndAt: hoursFromNow(3), pickupAt: hoursFromNow(24) };
    const created = await t.app.inject({ method: 'POST', url: '/api/requests/outbound', headers: t.as(p.owner), payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const { id, updatedAt } = created.json().data;
    const url = `/api/requests/outbound/${id}`;
    const first = await call({ method: 'PUT', url, payload: { ...body, weightTonnes: 21 }, ifMatch: updatedAt });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await call({ method: 'PUT', url, payload: { ...body, weightTonnes: 99 }, ifMatch: updatedAt });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error.code).toBe('STALE');
    expect(stale.json().error.message).toContain('This request changed since you opened it');
    expect((await call({ method: 'GET', url })).json().data.weightTonnes).toBe(21);
    const fresh = await call({ method: 'PUT', url, payload: { ...body, weightTonnes: 22 }, ifMatch: first.json().data.updatedAt });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data.weightTonnes).toBe(22);
  });
});
