import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();

describe('dashboard', () => {
  it('counts the shipper’s own records, filtered by plant and date', async () => {
    const owner = await t.login('owner@demo.test');
    const get = async (qs = '') => (await t.app.inject({ method: 'GET', url: `/api/dashboard${qs}`, headers: t.as(owner) })).json();
    const all = await get();
    expect(all.data.cards).toMatchObject({ activePlants: 2, activeCarriers: 1, blockedCarriers: 0, staff: 1 });
    const [plant] = (await t.app.inject({ method: 'GET', url: '/api/plants/options', headers: t.as(owner) })).json().data;
    expect((await get(`?plantId=${plant.id}`)).data.cards.activePlants).toBe(1);
    expect((await get('?startDate=2001-01-01&endDate=2001-01-31')).data.cards.activePlants).toBe(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/dashboard?startDate=22-11-2026', headers: t.as(owner) });
    expect(bad.json().error.fields).toHaveProperty('startDate');
    const other = await t.login('noplan@demo.test');
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: t.as(other) })).json().data.cards.activePlants).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: t.as(await t.login('carrier@demo.test')) })).statusCode,
    ).toBe(403);
  });

  it('breaks a card down for its detail page', async () => {
    const owner = await t.login('owner@demo.test');
    const plants = await t.app.inject({ method: 'GET', url: '/api/dashboard/plants', headers: t.as(owner) });
    expect(plants.json().data).toEqual([
      { label: 'Gujarat', count: 1 },
      { label: 'Maharashtra', count: 1 },
    ]);
    const carriers = await t.app.inject({ method: 'GET', url: '/api/dashboard/carriers', headers: t.as(owner) });
    expect(carriers.json().data).toEqual([{ label: 'active', count: 1 }]);
    const staff = await t.app.inject({ method: 'GET', url: '/api/dashboard/staff', headers: t.as(owner) });
    expect(staff.json().data).toEqual([{ label: 'Dispatcher', count: 1 }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/secrets', headers: t.as(owner) })).statusCode).toBe(400);
    const other = await t.login('noplan@demo.test');
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/plants', headers: t.as(other) })).json().data).toEqual([]);
  });
});
