import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { multipartFile } from '../../test/import-files.ts';
import { describeTenantResource } from '../../test/resource-suite.ts';

const t = useTestApp();

const address = {
  label: 'Bhiwandi DC',
  address: 'Gala 4, Rahnal village',
  city: 'Bhiwandi',
  state: 'Maharashtra',
  pincode: '421302',
  latitude: 19.28,
  longitude: 73.05,
};
const valid = {
  contactName: 'Sunil Mehta',
  mobile: '9876501234',
  addresses: [address],
  contacts: [{ name: 'Ritu', mobile: '9876501235' }],
};

for (const kind of ['clients', 'vendors'] as const) {
  describeTenantResource(t, {
    base: `/api/${kind}`,
    valid,
    variant: (n) => ({ company: `Bharat Retail ${n}` }),
    invalid: [
      [{ company: '' }, 'company'],
      [{ addresses: [] }, 'addresses'],
      [{ addresses: [{ ...address, pincode: '0123' }] }, 'addresses.0.pincode'],
      [{ contacts: [{ name: 'x', mobile: '1' }] }, 'contacts.0.mobile'],
      [{ gstin: '27AAPFU0939F1ZA' }, 'gstin'],
    ],
    edit: [{ contactName: 'Sunil M' }, 'contactName'],
    search: 'Bharat',
  });
}

describe('clients', () => {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.as(token), payload });

  it('keeps address ids on edit, adds and removes addresses, and refuses a foreign address id', async () => {
    const owner = await t.login('owner@demo.test');
    const second = { ...address, label: 'Thane store', city: 'Thane' };
    const made = (await call('POST', '/api/clients', owner, { ...valid, company: 'Addr Co', addresses: [address, second] })).json().data;
    const [first, other] = made.addresses;
    const third = { ...address, label: 'Nagpur DC', city: 'Nagpur' };
    const edited = await call('PUT', `/api/clients/${made.id}`, owner, {
      ...valid,
      company: 'Addr Co',
      addresses: [{ ...first, label: 'Bhiwandi main' }, third],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const addrs = edited.json().data.addresses;
    expect(addrs[0]).toMatchObject({ id: first.id, label: 'Bhiwandi main' });
    expect(addrs.map((a: { id: number }) => a.id)).not.toContain(other.id);
    expect(addrs[1].label).toBe('Nagpur DC');
    const vendor = (await call('POST', '/api/vendors', owner, { ...valid, company: 'V Co' })).json().data;
    const steal = await call('PUT', `/api/clients/${made.id}`, owner, {
      ...valid,
      company: 'Addr Co',
      addresses: [{ ...address, id: vendor.addresses[0].id }],
    });
    expect(steal.json().error.fields).toHaveProperty('addresses.0.id');
    expect((await call('GET', '/api/clients?city=Nagpur', owner)).json().data.map((c: { id: number }) => c.id)).toEqual([made.id]);
  });

  it('refuses a second client with the same GSTIN, naming the field', async () => {
    const owner = await t.login('owner@demo.test');
    const body = { ...valid, gstin: '29AAGCB7383J1Z4' };
    expect((await call('POST', '/api/clients', owner, { ...body, company: 'Bangalore One' })).statusCode).toBe(201);
    const dup = await call('POST', '/api/clients', owner, { ...body, company: 'Bangalore Two' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toHaveProperty('gstin');
    expect((await call('POST', '/api/vendors', owner, { ...body, company: 'Same firm as a vendor' })).statusCode).toBe(201);
  });

  it('lists the people at clients, only this shipper’s', async () => {
    const owner = await t.login('owner@demo.test');
    const res = await call('GET', '/api/client-contacts?search=Ritu', owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThan(0);
    const mine = (await call('GET', '/api/clients?pageSize=100', owner)).json().data.map((c: { company: string }) => c.company);
    expect(res.json().data.every((c: { company: string }) => mine.includes(c.company))).toBe(true);
    const other = await t.login('noplan@demo.test');
    const theirs = (await call('GET', '/api/client-contacts', other)).json().data.map((c: { company: string }) => c.company);
    expect(theirs.some((c: string) => c === 'Addr Co')).toBe(false);
    expect((await call('GET', '/api/client-contacts', await t.login('staff@demo.test'))).statusCode).toBe(403);
    const csv = await call('GET', '/api/client-contacts/export?format=csv&search=Ritu', owner);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Ritu');
  });

  it('imports clients from CSV whole, or not at all', async () => {
    const owner = await t.login('owner@demo.test');
    const header = 'Company name,Contact person,Mobile,Address name,Address,City,State,PIN code,Latitude,Longitude';
    const good = 'Imported One,Asha,9811111111,Main,Street 1,Surat,Gujarat,395003,21.17,72.83';
    const bad = 'Imported Two,Asha,9811111112,Main,Street 2,Surat,Gujarat,395003,north,72.83';
    const upload = (lines: string[]) => {
      const form = multipartFile('clients.csv', Buffer.from(lines.join('\n')));
      return t.app.inject({
        method: 'POST',
        url: '/api/clients/import',
        headers: { ...form.headers, ...t.as(owner) },
        payload: form.payload,
      });
    };
    const refused = await upload([header, good, bad]);
    expect(refused.json().error.details.errors).toEqual([{ row: 3, field: 'addresses.0.latitude', message: expect.any(String) }]);
    expect((await call('GET', '/api/clients?search=Imported', owner)).json().total).toBe(0);
    const ok = await upload([header, good, bad.replace('north', '21.2')]);
    expect(ok.json().data).toEqual({ created: 2 });
    const withGstin = (company: string, mobile: string) =>
      `${company},27AAPFU0939F1ZV,Asha,${mobile},Main,Street,Surat,Gujarat,395003,21.1,72.8`;
    const gHeader = 'Company name,GSTIN,Contact person,Mobile,Address name,Address,City,State,PIN code,Latitude,Longitude';
    const twice = await upload([gHeader, withGstin('G1', '9811111120'), withGstin('G2', '9811111121')]);
    expect(twice.json().error.details.errors).toEqual([{ row: 3, field: 'gstin', message: 'Same GSTIN as row 2' }]);
    expect((await call('GET', '/api/clients?search=Imported', owner)).json().total).toBe(2);
  });
});
