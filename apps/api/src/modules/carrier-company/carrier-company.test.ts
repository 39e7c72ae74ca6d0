import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { setupProcurement } from '../../test/procurement.ts';

const t = useTestApp();

const details = {
  name: 'Vayu Roadlines Pvt Ltd',
  contactName: 'Imran Khan',
  mobile: '9000000005',
  email: 'ops@vayu.test',
  pan: 'AABCV1234K',
  gstin: '27AABCV1234K1ZD',
  address: 'Plot 7, Transport Nagar',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411036',
  fleetSize: 42,
};

describe('carrier company profile', () => {
  it('the carrier edits its own company; shippers see the new details; bad fields are named and change nothing', async () => {
    const { owner, vayu, ganesh } = await setupProcurement(t);
    const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
      t.app.inject({ method, url, headers: t.as(token), payload });
    const before = (await call('GET', '/api/carrier/company', vayu)).json().data;
    expect(before).toMatchObject({ name: 'Vayu Roadlines', shipperCount: 1 });

    const bad = await call('PUT', '/api/carrier/company', vayu, { ...details, gstin: '27AAPFU0939F1ZA', pincode: '012345', mobile: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['gstin', 'mobile', 'pincode']);
    expect((await call('GET', '/api/carrier/company', vayu)).json().data.name).toBe('Vayu Roadlines');

    // A GSTIN is its holder's PAN in characters 3–12 and its state's code in 1–2 (issue 33).
    for (const wrong of [{ gstin: '27AAFCV2449G1Z7' }, { state: 'Gujarat' }]) {
      const refused = await call('PUT', '/api/carrier/company', vayu, { ...details, ...wrong });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(Object.keys(refused.json().error.fields)).toEqual(['gstin']);
    }

    const saved = await call('PUT', '/api/carrier/company', vayu, { ...details, gstin: '27aabcv1234k1zd' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ ...details, shipperCount: 1 });
    const seen = (await call('GET', '/api/carriers?search=Vayu', owner)).json().data[0];
    expect(seen).toMatchObject({ name: 'Vayu Roadlines Pvt Ltd', gstin: '27AABCV1234K1ZD', fleetSize: 42 });

    // Another carrier cannot take the same GSTIN, and edits only its own company.
    const taken = await call('PUT', '/api/carrier/company', ganesh, {
      ...details,
      name: 'Shree Ganesh Transport',
      mobile: '9765432101',
      email: 'ganesh@carrier.test',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toHaveProperty('gstin');
    expect((await call('GET', '/api/carrier/company', ganesh)).json().data.name).toBe('Shree Ganesh Transport');

    expect((await call('GET', '/api/carrier/company', owner)).statusCode).toBe(403);
    expect((await call('PUT', '/api/carrier/company', owner, details)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/carrier/company' })).statusCode).toBe(401);
  });
});

describe('the carrier’s shippers picker', () => {
  it('lists the shippers the carrier works for, searched on the server; never another carrier’s; not for shippers', async () => {
    const owner = await t.login('owner@demo.test');
    const vayu = await t.login('carrier@demo.test');
    const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: t.as(token) });
    const mine = await get('/api/carrier/shippers/options', vayu);
    expect(mine.statusCode, mine.body).toBe(200);
    const labels = (mine.json().data as { label: string }[]).map((o) => o.label);
    expect(labels).toContain('Demo Industries');
    expect(labels).not.toContain('Sunrise Polymers');
    const searched = (await get('/api/carrier/shippers/options?search=zzz', vayu)).json().data;
    expect(searched).toEqual([]);
    const [demo] = mine.json().data as { id: number }[];
    const byId = (await get(`/api/carrier/shippers/options?ids=${demo?.id}`, vayu)).json().data as { id: number }[];
    expect(byId.map((o) => o.id)).toEqual([demo?.id]);
    expect((await get('/api/carrier/shippers/options', owner)).statusCode).toBe(403);
  });
});
