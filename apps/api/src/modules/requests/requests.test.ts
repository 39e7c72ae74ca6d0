import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEEP_ONE_DROPOFF } from '@freightdesk/shared/schemas/request';
import { jobs } from '../../db/schema/jobs.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
let owner = '';
let base: Record<string, unknown> = {};
let vayu = 0;

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });

beforeAll(async () => {
  owner = await t.login('owner@demo.test');
  const [plant] = (await call('GET', '/api/plants/options', owner)).json().data;
  const stop = await call('POST', '/api/stops', owner, {
    name: 'Bhiwandi DC',
    type: 'drop',
    address: 'Yard 4',
    city: 'Bhiwandi',
    state: 'Maharashtra',
    pincode: '421302',
    latitude: 19.28,
    longitude: 73.05,
  });
  const [vehicle] = (await call('GET', '/api/vehicle-types/options', owner)).json().data;
  vayu = (await call('GET', '/api/carriers/options', owner)).json().data[0].id;
  base = {
    requestType: 1,
    plantId: plant.id,
    dropoffs: [{ stopId: stop.json().data.id }],
    weightTonnes: 12,
    vehicleTypeId: vehicle.id,
    vehicleCount: 3,
    bidStartAt: hours(-1),
    bidEndAt: hours(2),
    pickupAt: hours(24),
    targetPriceRupees: 45000,
    carrierLinkIds: [vayu],
  };
});

describe('outbound requests', () => {
  it('publishes an open request with a number and a close job', async () => {
    const res = await call('POST', '/api/requests/outbound', owner, base);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'open', vehicleCount: 3, targetPriceRupees: 45000, carrierLinkIds: [vayu] });
    expect(data.number).toMatch(/^OB-\d{4}-000001$/);
    expect(data.dropoffs[0].label).toBe('Bhiwandi DC, Bhiwandi');
    const [close] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `request-close:${data.id}`));
    expect(close?.status).toBe('pending');
    expect((await call('POST', '/api/requests/outbound', owner, base)).json().data.number).toMatch(/-000002$/);
  });

  it('opens and closes on time through durable jobs', async () => {
    const res = await call('POST', '/api/requests/outbound', owner, { ...base, bidStartAt: hours(1), bidEndAt: hours(3) });
    const id = res.json().data.id;
    expect(res.json().data.status).toBe('scheduled');
    const get = async () => (await call('GET', `/api/requests/outbound/${id}`, owner)).json().data.status;
    await t.database.db.execute(sql`update jobs set run_at = now() - interval '1 second' where key = ${`request-open:${id}`}`);
    await t.app.deps.jobs.tick();
    expect(await get()).toBe('open');
    await t.database.db.execute(sql`update jobs set run_at = now() - interval '1 second' where key = ${`request-close:${id}`}`);
    await t.app.deps.jobs.tick();
    expect(await get()).toBe('closed');
  });

  it('keeps drafts until published, and cancels with the jobs', async () => {
    const draft = (
      await call('POST', '/api/requests/outbound', owner, { ...base, publish: false, bidStartAt: hours(1), bidEndAt: hours(3) })
    ).json().data;
    expect(draft.status).toBe('draft');
    const published = await call('POST', `/api/requests/outbound/${draft.id}/publish`, owner);
    expect(published.json().data.status).toBe('scheduled');
    const cancelled = await call('POST', `/api/requests/outbound/${draft.id}/cancel`, owner, { reason: 'plant shutdown' });
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(
      await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `request-open:${draft.id}`)),
    ).toHaveLength(0);
    expect((await call('POST', `/api/requests/outbound/${draft.id}/cancel`, owner)).statusCode).toBe(409);
  });

  it('answers 400 naming the field', async () => {
    const cases: [object, string, string?][] = [
      [{ dropoffs: [] }, 'dropoffs', KEEP_ONE_DROPOFF],
      [{ bidEndAt: hours(-2) }, 'bidEndAt'],
      [{ pickupAt: hours(1) }, 'pickupAt'],
      [{ vehicleCount: 0 }, 'vehicleCount'],
      [{ carrierLinkIds: [] }, 'carrierLinkIds'],
      [{ dropoffs: [{ stopId: 999_999 }] }, 'dropoffs'],
      [{ requestType: 2, pickupAddressId: 1 }, 'requestType'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await call('POST', '/api/requests/outbound', owner, { ...base, ...patch });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().error.fields), field).toContain(field);
      if (message) {
        expect(res.json().error.fields[field]).toBe(message);
      }
    }
  });

  it('refuses to invite a blocked carrier', async () => {
    await call('POST', `/api/carriers/${vayu}/block`, owner, { status: 'blocked' });
    const res = await call('POST', '/api/requests/outbound', owner, base);
    expect(res.json().error.fields.carrierLinkIds).toMatch(/blocked/);
    await call('POST', `/api/carriers/${vayu}/block`, owner, { status: 'active' });
  });

  it('lists with filters; 401, 403 by permission, 404 for another shipper', async () => {
    const open = (await call('GET', '/api/requests/outbound?status=open', owner)).json();
    expect(open.total).toBeGreaterThan(0);
    expect(open.data.every((r: { status: string }) => r.status === 'open')).toBe(true);
    expect((await call('GET', `/api/requests/outbound?carrierLinkId=${vayu}`, owner)).json().total).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/requests/outbound' })).statusCode).toBe(401);
    const staff = await t.login('staff@demo.test');
    expect((await call('GET', '/api/requests/outbound', staff)).statusCode).toBe(200);
    expect((await call('GET', '/api/requests/inbound', staff)).statusCode).toBe(403);
    expect((await call('GET', '/api/requests/outbound', await t.login('carrier@demo.test'))).statusCode).toBe(403);
    const other = await t.login('noplan@demo.test');
    expect((await call('GET', `/api/requests/outbound/${open.data[0].id}`, other)).statusCode).toBe(404);
    expect((await call('POST', `/api/requests/outbound/${open.data[0].id}/cancel`, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/requests/outbound', other)).json().total).toBe(0);
  });
});
