import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
let admin = '';

beforeAll(async () => {
  admin = await t.login('admin@demo.test');
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });

describe('shippers (platform admin)', () => {
  it('lists shippers with owner and plan', async () => {
    const list = (await call('GET', '/api/admin/shippers?search=Demo', admin)).json();
    expect(list.data[0]).toMatchObject({ name: 'Demo Industries', ownerEmail: 'owner@demo.test', planName: 'Growth', status: 'active' });
    expect(list.data[0].planEndsAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('creates a shipper with an invited owner, refusing a taken email', async () => {
    const before = t.mails.length;
    const res = await call('POST', '/api/admin/shippers', admin, {
      company: 'Konkan Cement',
      ownerName: 'Vikram Sawant',
      ownerEmail: 'vikram@konkan.test',
      ownerMobile: '9812345670',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Konkan Cement', ownerEmail: 'vikram@konkan.test', planName: null });
    expect(t.mails[before]?.subject).toMatch(/invited/);
    const dup = await call('POST', '/api/admin/shippers', admin, {
      company: 'Copy',
      ownerName: 'X',
      ownerEmail: 'owner@demo.test',
      ownerMobile: '9812345671',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toHaveProperty('ownerEmail');
    expect((await call('GET', '/api/admin/shippers?search=Copy', admin)).json().total).toBe(0);
  });

  it('edits the company name and GSTIN, naming a bad field and leaving the record as it was', async () => {
    const made = (
      await call('POST', '/api/admin/shippers', admin, {
        company: 'Deccan Paper Mils',
        ownerName: 'Anil Joshi',
        ownerEmail: 'anil@deccanpaper.test',
        ownerMobile: '9812345679',
      })
    ).json().data;
    const bad = await call('PUT', `/api/admin/shippers/${made.id}`, admin, { company: 'Deccan Paper Mills', gstin: '27AAPFU0939F1ZA' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('gstin');
    expect((await call('GET', `/api/admin/shippers/${made.id}`, admin)).json().data.name).toBe('Deccan Paper Mils');
    const empty = await call('PUT', `/api/admin/shippers/${made.id}`, admin, { company: ' ' });
    expect(empty.json().error.fields).toHaveProperty('company');
    const saved = await call('PUT', `/api/admin/shippers/${made.id}`, admin, { company: 'Deccan Paper Mills', gstin: '27aapfu0939f1zv' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ name: 'Deccan Paper Mills', gstin: '27AAPFU0939F1ZV', ownerEmail: 'anil@deccanpaper.test' });
    expect((await call('PUT', '/api/admin/shippers/999999', admin, { company: 'Ghost' })).statusCode).toBe(404);
    const owner = await t.login('owner@demo.test');
    expect((await call('PUT', `/api/admin/shippers/${made.id}`, owner, { company: 'Mine now' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/shippers/${made.id}`, payload: { company: 'X' } })).statusCode).toBe(401);
  });

  it('deactivating a shipper ends its users’ sessions and logins', async () => {
    const staff = await t.login('staff@demo.test');
    const [demo] = (await call('GET', '/api/admin/shippers?search=Demo', admin)).json().data;
    expect((await call('POST', `/api/admin/shippers/${demo.id}/status`, admin, { status: 'inactive' })).json().data.status).toBe(
      'inactive',
    );
    expect((await call('POST', '/api/login-header-details', staff)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'owner@demo.test', password: 'Demo@12345' },
    });
    // The same answer as a wrong password: a deactivated account does not confirm its password.
    expect(login.statusCode).toBe(401);
    expect(login.json().error.code).toBe('INVALID_CREDENTIALS');
    await call('POST', `/api/admin/shippers/${demo.id}/status`, admin, { status: 'active' });
    expect(await t.login('owner@demo.test')).toBeTruthy();
  });

  it('is the admin’s alone', async () => {
    expect((await call('GET', '/api/admin/shippers', await t.login('owner@demo.test'))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/shippers' })).statusCode).toBe(401);
  });
});
