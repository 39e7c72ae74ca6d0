import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
let admin = '';
let owner = '';

beforeAll(async () => {
  admin = await t.login('admin@demo.test');
  owner = await t.login('owner@demo.test');
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });

describe('geography', () => {
  it('is seeded with India’s states and cities', async () => {
    const countries = (await call('GET', '/api/admin/countries', admin)).json();
    expect(countries.data[0]).toMatchObject({ name: 'India', code: 'IN' });
    expect(countries.data[0].stateCount).toBe(36);
    const mh = (await call('GET', '/api/admin/states?search=Maharashtra', admin)).json().data[0];
    const cities = (await call('GET', `/api/geo/cities?stateId=${mh.id}`, owner)).json().data.map((c: { name: string }) => c.name);
    expect(cities).toContain('Pune');
    expect((await call('GET', '/api/geo/states', await t.login('carrier@demo.test'))).json().data).toHaveLength(36);
  });

  it('lists states and cities A to Z unless asked otherwise (issue 38)', async () => {
    const names = async (url: string) => ((await call('GET', url, admin)).json().data as { name: string }[]).map((r) => r.name);
    // A to Z by first letter (the database's collation orders the rest of each name).
    const aToZ = (list: string[]) =>
      list.every((n, i) => i === 0 || (list[i - 1] ?? '').charAt(0).toUpperCase() <= n.charAt(0).toUpperCase());
    const states = await names('/api/admin/states?pageSize=50');
    expect(states).toHaveLength(36);
    expect(aToZ(states)).toBe(true);
    expect(states[0]).toBe('Andaman and Nicobar Islands');
    const cities = await names('/api/admin/cities?pageSize=50');
    expect(cities).toHaveLength(50);
    expect(aToZ(cities)).toBe(true);
    expect(cities[0]?.charAt(0)).toBe('A');
    expect(await names('/api/admin/states?pageSize=50&sort=-name')).toEqual([...states].reverse());
  });

  it('lets the admin add and edit states and cities, naming bad fields', async () => {
    const [india] = (await call('GET', '/api/admin/countries', admin)).json().data;
    const bad = await call('POST', '/api/admin/states', admin, { countryId: india.id, name: '', code: 'toolong' });
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['name', 'code']));
    const dup = await call('POST', '/api/admin/states', admin, { countryId: india.id, name: 'Goa', code: 'GA' });
    expect(dup.statusCode).toBe(409);
    const mh = (await call('GET', '/api/admin/states?search=Maharashtra', admin)).json().data[0];
    const city = await call('POST', '/api/admin/cities', admin, { stateId: mh.id, name: 'Khopoli' });
    expect(city.statusCode).toBe(201);
    expect(city.json().data.stateName).toBe('Maharashtra');
    expect((await call('POST', '/api/admin/cities', admin, { stateId: 999_999, name: 'Nowhere' })).json().error.fields).toHaveProperty(
      'stateId',
    );
    const off = await call('POST', `/api/admin/cities/${city.json().data.id}/status`, admin, { status: 'inactive' });
    expect(off.json().data.status).toBe('inactive');
    const active = (await call('GET', `/api/geo/cities?stateId=${mh.id}`, owner)).json().data.map((c: { name: string }) => c.name);
    expect(active).not.toContain('Khopoli');
    expect((await call('DELETE', `/api/admin/states/${mh.id}`, admin)).statusCode).toBe(409);
  });

  it('is the admin’s alone', async () => {
    expect((await call('GET', '/api/admin/countries', owner)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/cities', owner, { stateId: 1, name: 'X' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/geo/states' })).statusCode).toBe(401);
  });
});
