import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { plants } from '../../db/schema/plants.ts';
import { auditLog } from '../../db/schema/system.ts';
import { industries } from '../../db/schema/tenancy.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
let owner = '';
let staff = '';
let foreignPlantId = 0;

const valid = {
  name: 'Nagpur Depot',
  code: 'NAG01',
  gstin: '27AAPFU0939F1ZV',
  address: 'Butibori MIDC',
  city: 'Nagpur',
  state: 'Maharashtra',
  country: 'India',
  pincode: '441122',
  latitude: 20.93,
  longitude: 79.0,
  geofenceRadius: 800,
};

beforeAll(async () => {
  owner = await t.login('owner@demo.test');
  staff = await t.login('staff@demo.test');
  const [other] = await t.database.db.select({ id: industries.id }).from(industries).where(eq(industries.name, 'Sunrise Polymers'));
  const [row] = await t.database.db
    .insert(plants)
    .values({ ...valid, code: 'SUN01', industryId: other?.id ?? 0 })
    .returning({ id: plants.id });
  foreignPlantId = row?.id ?? 0;
});

const get = (url: string, token = owner) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
const send = (method: 'POST' | 'PUT', url: string, payload: object, token = owner) =>
  t.app.inject({ method, url, headers: t.as(token), payload });

describe('GET /api/plants', () => {
  it('lists only the caller’s plants, paginated', async () => {
    const res = await get('/api/plants');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(body.data.map((p: { code: string }) => p.code)).not.toContain('SUN01');
  });

  it('searches, filters by status and business unit, and sorts', async () => {
    expect((await get('/api/plants?search=vapi')).json().data.map((p: { code: string }) => p.code)).toEqual(['VAP01']);
    expect((await get('/api/plants?status=inactive')).json().data.map((p: { code: string }) => p.code)).toEqual(['CHE01']);
    const units = (await get('/api/business-units/options')).json().data as { id: number; code: string }[];
    const south = units.find((u) => u.code === 'SOUTH');
    expect((await get(`/api/plants?businessUnitId=${south?.id}`)).json().total).toBe(1);
    const sorted = (await get('/api/plants?sort=-name')).json().data.map((p: { name: string }) => p.name);
    expect(sorted).toEqual([...sorted].sort().reverse());
  });

  it('400 for a bad page size or sort field, naming it', async () => {
    expect((await get('/api/plants?pageSize=30')).json().error.fields).toHaveProperty('pageSize');
    const badSort = await get('/api/plants?sort=password');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error.fields).toHaveProperty('sort');
  });

  it('401 without a token, 403 without list-plant', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/plants' })).statusCode).toBe(401);
    expect((await get('/api/plants', staff)).statusCode).toBe(403);
    expect((await get('/api/plants', await t.login('carrier@demo.test'))).statusCode).toBe(403);
  });
});

describe('GET /api/plants/:id', () => {
  it('200 for an own plant, 404 for another shipper’s', async () => {
    const [mine] = (await get('/api/plants')).json().data;
    expect((await get(`/api/plants/${mine.id}`)).json().data.id).toBe(mine.id);
    const foreign = await get(`/api/plants/${foreignPlantId}`);
    expect(foreign.statusCode).toBe(404);
    expect((await get('/api/plants/abc')).statusCode).toBe(400);
  });
});

describe('POST and PUT /api/plants', () => {
  it('creates a plant and writes an audit row', async () => {
    const res = await send('POST', '/api/plants', { ...valid, gstin: '27aapfu0939f1zv' });
    expect(res.statusCode).toBe(201);
    const plant = res.json().data;
    expect(plant).toMatchObject({ code: 'NAG01', gstin: '27AAPFU0939F1ZV', status: 'active', geofenceRadius: 800 });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'plant'), eq(auditLog.entityId, plant.id)));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('400 naming the bad field: GSTIN check character, PIN, coordinates, required name', async () => {
    const cases: [object, string][] = [
      [{ gstin: '27AAPFU0939F1ZA' }, 'gstin'],
      [{ pincode: '041122' }, 'pincode'],
      [{ latitude: 123 }, 'latitude'],
      [{ longitude: 'east' }, 'longitude'],
      [{ name: '  ' }, 'name'],
      [{ contactMobile: '12345' }, 'contactMobile'],
    ];
    for (const [patch, field] of cases) {
      const res = await send('POST', '/api/plants', { ...valid, code: 'BAD', ...patch });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().error.fields), field).toContain(field);
    }
    expect((await get('/api/plants?search=BAD')).json().total).toBe(0);
  });

  it('409 naming the code for a duplicate, and refuses another shipper’s business unit', async () => {
    const dup = await send('POST', '/api/plants', valid);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toHaveProperty('code');
    const res = await send('POST', '/api/plants', { ...valid, code: 'X1', businessUnitId: 999_999 });
    expect(res.json().error.fields).toHaveProperty('businessUnitId');
  });

  it('403 without add-plant or edit-plant', async () => {
    expect((await send('POST', '/api/plants', { ...valid, code: 'S1' }, staff)).statusCode).toBe(403);
    const [mine] = (await get('/api/plants')).json().data;
    expect((await send('PUT', `/api/plants/${mine.id}`, valid, staff)).statusCode).toBe(403);
  });

  it('updates an own plant, 404 for another shipper’s (unchanged)', async () => {
    const [mine] = (await get('/api/plants?search=NAG01')).json().data;
    const res = await send('PUT', `/api/plants/${mine.id}`, { ...valid, name: 'Nagpur Depot 2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Nagpur Depot 2');
    expect((await send('PUT', `/api/plants/${foreignPlantId}`, { ...valid, code: 'SUN01', name: 'Taken' })).statusCode).toBe(404);
    const [foreign] = await t.database.db.select({ name: plants.name }).from(plants).where(eq(plants.id, foreignPlantId));
    expect(foreign?.name).toBe('Nagpur Depot');
  });
});

describe('status and plan limit', () => {
  it('deactivates and activates with an audit trail; 404 for another shipper’s plant', async () => {
    const [mine] = (await get('/api/plants?search=NAG01')).json().data;
    const off = await send('POST', `/api/plants/${mine.id}/status`, { status: 'inactive', reason: 'closed for repairs' });
    expect(off.json().data.status).toBe('inactive');
    const on = await send('POST', `/api/plants/${mine.id}/status`, { status: 'active' });
    expect(on.json().data.status).toBe('active');
    expect((await send('POST', `/api/plants/${foreignPlantId}/status`, { status: 'inactive' })).statusCode).toBe(404);
    const audit = await t.database.db
      .select({ action: auditLog.action, reason: auditLog.reason })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'plant'), eq(auditLog.entityId, mine.id)));
    expect(audit).toContainEqual({ action: 'status', reason: 'closed for repairs' });
  });

  it('refuses a plant beyond the plan’s limit with a clear message', async () => {
    // Growth allows 5 active plants; 3 are active now (two demo plants and Nagpur).
    expect((await send('POST', '/api/plants', { ...valid, code: 'LIM4' })).statusCode).toBe(201);
    expect((await send('POST', '/api/plants', { ...valid, code: 'LIM5' })).statusCode).toBe(201);
    const over = await send('POST', '/api/plants', { ...valid, code: 'LIM6' });
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toMatchObject({ code: 'PLAN_LIMIT' });
    expect(over.json().error.message).toMatch(/allows 5 active plants/);
    const [inactive] = (await get('/api/plants?status=inactive')).json().data;
    expect((await send('POST', `/api/plants/${inactive.id}/status`, { status: 'active' })).json().error.code).toBe('PLAN_LIMIT');
  });
});

describe('SLA texts', () => {
  it('saves the SLA and contract-SLA text of an own plant only', async () => {
    const [mine] = (await get('/api/plants')).json().data;
    const sla = await send('PUT', `/api/plants/${mine.id}/sla/sla`, { text: 'Vehicle reports within 2 h.' });
    expect(sla.json().data.slaText).toBe('Vehicle reports within 2 h.');
    const contract = await send('PUT', `/api/plants/${mine.id}/sla/contract`, { text: 'Rates fixed for 12 months.' });
    expect(contract.json().data.contractSlaText).toBe('Rates fixed for 12 months.');
    expect((await send('PUT', `/api/plants/${foreignPlantId}/sla/sla`, { text: 'x' })).statusCode).toBe(404);
    expect((await send('PUT', `/api/plants/${mine.id}/sla/sla`, { text: 'x' }, staff)).statusCode).toBe(403);
  });
});
