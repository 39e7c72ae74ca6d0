import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
let admin = '';
let owner = '';

beforeAll(async () => {
  admin = await t.login('admin@demo.test');
  owner = await t.login('owner@demo.test');
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });

describe('devices', () => {
  it('goes admin → shipper → sent back → received by admin', async () => {
    const made = await call('POST', '/api/admin/devices', admin, {
      serial: 'gps-0001',
      kind: 'gps',
      model: 'FD-T1',
      simNumber: '9123456789',
    });
    expect(made.json().data).toMatchObject({ serial: 'GPS-0001', state: 'with_admin', industryId: null });
    const id = made.json().data.id;
    const [demo] = (await call('GET', '/api/admin/shippers?search=Demo', admin)).json().data;
    const assigned = await call('POST', `/api/admin/devices/${id}/assign`, admin, { industryId: demo.id });
    expect(assigned.json().data).toMatchObject({ state: 'with_shipper', industryName: 'Demo Industries' });
    expect((await call('GET', '/api/devices', owner)).json().data.map((d: { id: number }) => d.id)).toEqual([id]);
    expect((await call('GET', '/api/devices/export?format=csv', owner)).body).toContain('GPS-0001');
    const other = await t.login('noplan@demo.test');
    expect((await call('GET', '/api/devices', other)).json().total).toBe(0);
    expect((await call('POST', `/api/devices/${id}/send-back`, other)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/devices/${id}/receive`, admin)).statusCode).toBe(409);
    const back = await call('POST', `/api/devices/${id}/send-back`, owner);
    expect(back.json().data.state).toBe('sent_back');
    const received = await call('POST', `/api/admin/devices/${id}/receive`, admin);
    expect(received.json().data).toMatchObject({ state: 'with_admin', industryId: null });
    expect((await call('GET', '/api/devices', owner)).json().total).toBe(0);
  });

  it('names bad fields, refuses duplicates and an unknown shipper, and keeps the inventory the admin’s', async () => {
    const bad = await call('POST', '/api/admin/devices', admin, { serial: '', kind: 'drone', simNumber: '12' });
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['serial', 'kind', 'simNumber']));
    await call('POST', '/api/admin/devices', admin, { serial: 'LOCK-1', kind: 'lock' });
    expect((await call('POST', '/api/admin/devices', admin, { serial: 'lock-1', kind: 'lock' })).statusCode).toBe(409);
    const [lock] = (await call('GET', '/api/admin/devices?kind=lock', admin)).json().data;
    expect((await call('POST', `/api/admin/devices/${lock.id}/assign`, admin, { industryId: 999 })).json().error.fields).toHaveProperty(
      'industryId',
    );
    expect((await call('GET', '/api/admin/devices', owner)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/devices/${lock.id}/status`, admin, { status: 'inactive' })).statusCode).toBe(404);
  });
});
