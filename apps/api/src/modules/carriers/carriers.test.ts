import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth.ts';
import { useTestApp } from '../../test/harness.ts';
import { describeTenantResource } from '../../test/resource-suite.ts';

const t = useTestApp();
let owner = '';
let other = '';
let staff = '';

const newCarrier = (n: number) => ({
  name: `Shree Ganesh Transport ${n}`,
  contactName: 'Prakash More',
  mobile: `97${String(n).padStart(8, '0')}`,
  email: `ganesh${n}@carrier.test`,
  pan: 'AABCS1234K',
  city: 'Nashik',
  fleetSize: 40,
});

beforeAll(async () => {
  owner = await t.login('owner@demo.test');
  other = await t.login('noplan@demo.test');
  staff = await t.login('staff@demo.test');
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });

describe('My Carriers', () => {
  it('creates a new carrier company with an invited carrier user', async () => {
    const before = t.mails.length;
    const res = await call('POST', '/api/carriers', owner, { ...newCarrier(1), code: 'SGT' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Shree Ganesh Transport 1', code: 'SGT', status: 'active', linked: 'created' });
    expect(t.mails[before]?.to).toBe('ganesh1@carrier.test');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'ganesh1@carrier.test'));
    expect(user?.userType).toBe(2);
  });

  it('links an existing carrier found by mobile instead of creating a second company', async () => {
    const res = await call('POST', '/api/carriers', other, {
      ...newCarrier(1),
      email: 'someone.else@carrier.test',
      name: 'Typed differently',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Shree Ganesh Transport 1', linked: 'existing' });
    // The demo carrier is found by its user's email.
    const vayu = await call('POST', '/api/carriers', other, { ...newCarrier(9), email: 'carrier@demo.test' });
    expect(vayu.json().data.name).toBe('Vayu Roadlines');
  });

  it('refuses a new carrier company with another company’s GSTIN', async () => {
    await call('POST', '/api/carriers', owner, { ...newCarrier(20), gstin: '24AABCS1234K1ZM' });
    const dup = await call('POST', '/api/carriers', owner, { ...newCarrier(21), gstin: '24AABCS1234K1ZM' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toHaveProperty('gstin');
  });

  it('refuses a carrier already linked, and a contact that belongs to a shipper', async () => {
    const again = await call('POST', '/api/carriers', owner, newCarrier(1));
    expect(again.statusCode).toBe(409);
    const shipper = await call('POST', '/api/carriers', owner, { ...newCarrier(3), email: 'staff@demo.test' });
    expect(shipper.statusCode).toBe(409);
    expect(shipper.json().error.fields).toHaveProperty('email');
  });

  it('400 naming the field, 401, 403 and 404 for another shipper’s link', async () => {
    for (const [patch, field] of [
      [{ mobile: '123' }, 'mobile'],
      [{ gstin: '27AAPFU0939F1ZA' }, 'gstin'],
      [{ name: '' }, 'name'],
    ] as const) {
      const res = await call('POST', '/api/carriers', owner, { ...newCarrier(4), ...patch });
      expect(res.json().error.fields, field).toHaveProperty(field);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/carriers' })).statusCode).toBe(401);
    expect((await call('POST', '/api/carriers', staff, newCarrier(5))).statusCode).toBe(403);
    const foreign = (await call('GET', '/api/carriers', other)).json().data[0];
    expect((await call('GET', `/api/carriers/${foreign.id}`, owner)).statusCode).toBe(404);
    expect((await call('POST', `/api/carriers/${foreign.id}/block`, owner, { status: 'blocked' })).statusCode).toBe(404);
  });

  it('blocks and unblocks, and filters by status', async () => {
    const [link] = (await call('GET', '/api/carriers?search=Vayu', owner)).json().data;
    expect((await call('GET', '/api/carriers/options', owner)).json().data).toContainEqual(
      expect.objectContaining({ id: link.id, label: 'Vayu Roadlines', name: 'Vayu Roadlines' }),
    );
    const blocked = await call('POST', `/api/carriers/${link.id}/block`, owner, { status: 'blocked', reason: 'late twice' });
    expect(blocked.json().data.status).toBe('blocked');
    expect((await call('GET', '/api/carriers?status=blocked', owner)).json().data.map((c: { id: number }) => c.id)).toEqual([link.id]);
    expect((await call('GET', '/api/carriers/options', owner)).json().data.map((c: { id: number }) => c.id)).not.toContain(link.id);
    expect((await call('POST', `/api/carriers/${link.id}/block`, owner, { status: 'active' })).json().data.status).toBe('active');
    expect((await call('POST', `/api/carriers/${link.id}/block`, owner, { status: 'gone' })).statusCode).toBe(400);
  });

  it('groups carriers; a group of another shipper cannot be used', async () => {
    const links = (await call('GET', '/api/carriers', owner)).json().data.map((c: { id: number }) => c.id);
    const group = await call('POST', '/api/carrier-groups', owner, { name: 'West coast', carrierLinkIds: links });
    expect(group.statusCode, group.body).toBe(201);
    expect(group.json().data.memberCount).toBe(links.length);
    const options = (await call('GET', '/api/carrier-groups/options', owner)).json().data;
    expect(options).toContainEqual({ id: group.json().data.id, label: 'West coast', name: 'West coast' });
    const inGroup = (await call('GET', `/api/carriers?groupId=${group.json().data.id}`, owner)).json();
    expect(inGroup.total).toBe(links.length);
    expect(inGroup.data[0].groupNames).toContain('West coast');
    const foreignGroup = await call('POST', '/api/carrier-groups', other, { name: 'Theirs' });
    const edit = await call('PUT', `/api/carriers/${links[0]}`, owner, { code: 'X', groupIds: [foreignGroup.json().data.id] });
    expect(edit.json().error.fields).toHaveProperty('groupIds');
    const bad = await call('POST', '/api/carrier-groups', owner, { name: 'Stolen', carrierLinkIds: [999_999] });
    expect(bad.json().error.fields).toHaveProperty('carrierLinkIds');
  });
});

describeTenantResource(t, {
  base: '/api/carrier-groups',
  valid: {},
  variant: (n) => ({ name: `Group ${n}` }),
  invalid: [[{ name: '' }, 'name']],
  edit: [{ name: 'Renamed group' }, 'name'],
  search: 'Group',
  staffMayList: true,
});
