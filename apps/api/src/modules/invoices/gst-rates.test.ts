import { describe, expect, it } from 'vitest';
import { caller } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { gstRateOn } from './gst-rates.service.ts';

const t = useTestApp();
const call = caller(t);

describe('GST rate table', () => {
  it('starts with the notified GTA rates and answers the rate in force on a day', async () => {
    const admin = await t.login('admin@demo.test');
    const listed = await call('GET', '/api/admin/gst-rates', admin);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      listed
        .json()
        .data.map((r: { scheme: string; ratePct: number; effectiveFrom: string }) => `${r.scheme} ${r.ratePct} ${r.effectiveFrom}`),
    ).toEqual(['fcm 5 2017-07-01', 'fcm_itc 12 2017-07-01', 'fcm_itc 18 2025-09-22', 'rcm 5 2017-07-01']);
    const db = t.database.db;
    expect((await gstRateOn(db, 'fcm_itc', '2025-09-21')).ratePct).toBe(12);
    expect((await gstRateOn(db, 'fcm_itc', '2025-09-22')).ratePct).toBe(18);
    await expect(gstRateOn(db, 'rcm', '2017-06-30')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('lets the admin record a new notification, refusing bad rates by field and a second rate on one day', async () => {
    const admin = await t.login('admin@demo.test');
    const add = (body: object, token = admin) => call('POST', '/api/admin/gst-rates', token, body);
    const fields = async (body: object) => Object.keys((await add(body)).json().error.fields ?? {});
    expect(await fields({ scheme: 'rcm', ratePct: 30, effectiveFrom: '2027-04-01' })).toEqual(['ratePct']);
    expect(await fields({ scheme: 'rcm', ratePct: 4.3, effectiveFrom: '2027-04-01' })).toEqual(['ratePct']);
    expect(await fields({ scheme: 'gta', ratePct: 5, effectiveFrom: '2027-04-01' })).toEqual(['scheme']);
    expect(await fields({ scheme: 'rcm', ratePct: 5, effectiveFrom: '2027-02-30' })).toEqual(['effectiveFrom']);
    const made = await add({ scheme: 'rcm', ratePct: 2.5, effectiveFrom: '2027-04-01', notes: 'Test notification' });
    expect(made.statusCode, made.body).toBe(201);
    expect((await gstRateOn(t.database.db, 'rcm', '2027-04-02')).ratePct).toBe(2.5);
    expect((await add({ scheme: 'rcm', ratePct: 3, effectiveFrom: '2027-04-01' })).statusCode).toBe(409);
    // Shippers and carriers read the table; only the admin changes it.
    const owner = await t.login('owner@demo.test');
    expect((await call('GET', '/api/gst-rates', owner)).json().data.length).toBe(5);
    expect((await add({ scheme: 'rcm', ratePct: 5, effectiveFrom: '2028-04-01' }, owner)).statusCode).toBe(403);
    expect((await call('GET', '/api/gst-rates', '')).statusCode).toBe(401);
  });
});
