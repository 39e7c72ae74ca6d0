import { beforeAll, describe, expect, it } from 'vitest';
import { OPTIONS_LIMIT } from '@freightdesk/shared/schemas/options';
import { useTestApp } from '../../test/harness.ts';
import { createStaff } from '../../test/staff.ts';
import { optionsAccess, PICKER_MASTERS } from '../../lib/policy.ts';

const t = useTestApp();
let owner = '';
let staff = '';
const ids: Record<string, number> = {};

type Row = { id: number; label: string };
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
const rows = async (url: string, token: string) => {
  const res = await get(url, token);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as { data: Row[]; more: boolean };
};
const post = async (url: string, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url, headers: t.as(owner), payload });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
  return res.json().data as { id: number; addresses?: { id: number; label: string }[] };
};
const place = (n: number) => ({
  label: `Store ${String(n).padStart(3, '0')}`,
  address: `Shop ${n}, Market Road`,
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
  latitude: 18.52,
  longitude: 73.85,
});

beforeAll(async () => {
  owner = await t.login('owner@demo.test');
  // The demo staff user: list-outbound-request, add-outbound-request, list-outbound-order, list-industry-transporter.
  staff = await t.login('staff@demo.test');
  ids.stop = (
    await post('/api/stops', {
      name: 'Surat DC',
      type: 'drop',
      address: 'Sachin GIDC',
      city: 'Surat',
      state: 'Gujarat',
      pincode: '394230',
      latitude: 21.08,
      longitude: 72.88,
    })
  ).id;
  ids.product = (await post('/api/products', { name: 'PVC resin', unit: 'tonne' })).id;
  ids.package = (await post('/api/packages', { name: 'Jumbo bag', unitWeightKg: 1000 })).id;
  ids.group = (await post('/api/carrier-groups', { name: 'West zone', carrierLinkIds: [] })).id;
  // 600 client addresses: 12 clients of 50 each (a client holds at most 50).
  for (let c = 0; c < 12; c++) {
    const client = await post('/api/clients', {
      company: `Bharat Retail ${String(c + 1).padStart(2, '0')}`,
      contactName: 'Sunil Mehta',
      mobile: '9876501234',
      addresses: Array.from({ length: 50 }, (_, i) => place(c * 50 + i + 1)),
    });
    for (const a of client.addresses ?? []) {
      ids[a.label] = a.id;
    }
  }
}, 120_000);

describe('options of the outbound request form for the demo staff user', () => {
  it('answers every picker the form needs (the lists themselves stay closed)', async () => {
    expect((await rows('/api/stops/options', staff)).data.map((r) => r.id)).toContain(ids.stop);
    expect((await rows('/api/clients/addresses/options', staff)).data.length).toBe(OPTIONS_LIMIT);
    expect((await rows('/api/products/options', staff)).data.map((r) => r.id)).toContain(ids.product);
    expect((await rows('/api/packages/options', staff)).data.map((r) => r.id)).toContain(ids.package);
    expect((await rows('/api/carrier-groups/options', staff)).data.map((r) => r.id)).toContain(ids.group);
    expect((await rows('/api/carriers/options', staff)).data.map((r) => r.label)).toContain('Vayu Roadlines');
    expect((await rows('/api/plants/options', staff)).data.length).toBeGreaterThan(0);
    expect((await rows('/api/vehicle-types/options', staff)).data.length).toBeGreaterThan(0);
    // The masters' own pages still need their own permissions.
    expect((await get('/api/stops', staff)).statusCode).toBe(403);
    expect((await get('/api/clients', staff)).statusCode).toBe(403);
  });

  it('refuses the pickers of forms the role cannot open', async () => {
    for (const url of ['/api/vendors/addresses/options', '/api/roles/options', '/api/route-masters/options']) {
      const res = await get(url, staff);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toMatch(/one of these permissions/);
    }
  });

  it('lets a role that may only add staff pick the role, and not the locations', async () => {
    const hr = (await createStaff(t, owner, { permissions: ['add-staff'] })).token;
    expect((await get('/api/roles/options', hr)).statusCode).toBe(200);
    expect((await get('/api/stops/options', hr)).statusCode).toBe(403);
  });

  it('answers only what a picker shows, never the record', async () => {
    const [row] = (await rows(`/api/clients/addresses/options?ids=${ids['Store 001']}`, staff)).data;
    expect(row).toEqual({
      id: ids['Store 001'],
      label: 'Bharat Retail 01 — Store 001, Pune',
      partyId: expect.any(Number),
      company: 'Bharat Retail 01',
      city: 'Pune',
    });
  });
});

describe('options searched on the server', () => {
  it('finds the 501st of 600 client addresses as the user types', async () => {
    const first = await rows('/api/clients/addresses/options', owner);
    expect(first.data).toHaveLength(OPTIONS_LIMIT);
    expect(first.more).toBe(true);
    expect(first.data.map((r) => r.id)).not.toContain(ids['Store 501']);
    const found = await rows(`/api/clients/addresses/options?search=${encodeURIComponent('store 501')}`, owner);
    expect(found.data.map((r) => r.label)).toEqual(['Bharat Retail 11 — Store 501, Pune']);
    expect(found.more).toBe(false);
    const byCompany = await rows('/api/clients/addresses/options?search=Retail%2011', owner);
    expect(byCompany.data).toHaveLength(50);
    expect(byCompany.more).toBe(false);
  });

  it('labels the values an edit form has already chosen', async () => {
    const chosen = [ids['Store 599'], ids['Store 003']];
    const labelled = await rows(`/api/clients/addresses/options?ids=${chosen.join(',')}`, owner);
    expect(labelled.data.map((r) => r.label).sort()).toEqual(['Bharat Retail 01 — Store 003, Pune', 'Bharat Retail 12 — Store 599, Pune']);
    // Another shipper's user gets none of them.
    const other = await t.login('noplan@demo.test');
    expect((await rows(`/api/clients/addresses/options?ids=${chosen.join(',')}`, other)).data).toEqual([]);
  });

  it('puts labels that start with the text first', async () => {
    await post('/api/stops', {
      name: 'Nashik yard',
      type: 'drop',
      address: 'MIDC',
      city: 'Surat',
      state: 'Gujarat',
      pincode: '394230',
      latitude: 21,
      longitude: 72.8,
    });
    const found = await rows('/api/stops/options?search=sura', owner);
    expect(found.data.map((r) => r.label)).toEqual(['Surat DC, Surat', 'Nashik yard, Surat']);
  });

  it('refuses bad ids and long searches with 400 naming the field', async () => {
    for (const [query, field] of [
      ['ids=1,x', 'ids'],
      ['ids=0', 'ids'],
      [`ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, 'ids'],
      [`search=${'a'.repeat(101)}`, 'search'],
    ] as const) {
      const res = await get(`/api/stops/options?${query}`, owner);
      expect(res.statusCode, query).toBe(400);
      expect(
        Object.keys(res.json().error.fields ?? {}).map((k) => k.split('.')[0]),
        query,
      ).toContain(field);
    }
  });
});

describe('platform options', () => {
  it('the admin picks a shipper by typing; shippers may not list each other', async () => {
    const admin = await t.login('admin@demo.test');
    const found = await rows('/api/admin/shippers/options?search=demo', admin);
    expect(found.data.map((r) => r.label)).toEqual(['Demo Industries']);
    expect((await get('/api/admin/shippers/options', owner)).statusCode).toBe(403);
  });

  it('the admin picks a country and a state by typing', async () => {
    const admin = await t.login('admin@demo.test');
    expect((await rows('/api/admin/countries/options?search=ind', admin)).data.map((r) => r.label)).toContain('India');
    expect((await rows('/api/admin/states/options?search=maharash', admin)).data.map((r) => r.label)).toEqual(['Maharashtra, India']);
    expect((await get('/api/admin/states/options', owner)).statusCode).toBe(403);
  });
});

describe('who may read each master’s options', () => {
  it('every master admits its own page permission and the forms that pick from it', () => {
    for (const master of PICKER_MASTERS) {
      const access = optionsAccess(master);
      expect('anyOf' in access ? access.anyOf.length : access.userTypes.length, master).toBeGreaterThan(0);
    }
    expect(optionsAccess('stops')).toEqual({
      anyOf: expect.arrayContaining(['list-stop', 'add-outbound-request', 'edit-outbound-request', 'add-route']),
    });
    expect(optionsAccess('vendorAddresses')).toEqual({ anyOf: expect.arrayContaining(['list-vendor', 'add-inbound-request']) });
    expect(optionsAccess('plants')).toEqual({ userTypes: [3, 4] });
  });
});
