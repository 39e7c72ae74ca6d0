import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@freightdesk/shared/permissions';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
const post = (url: string, token: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: t.as(token), payload });

describe('POST /api/shipper-permissions', () => {
  it('gives the owner every permission, staff its role, carrier and admin none', async () => {
    const owner = (await post('/api/shipper-permissions', await t.login('owner@demo.test'))).json().data;
    expect([...owner].sort()).toEqual([...PERMISSIONS].sort());
    const staff = (await post('/api/shipper-permissions', await t.login('staff@demo.test'))).json().data;
    expect(staff).toEqual(['list-outbound-request', 'add-outbound-request', 'list-outbound-order', 'list-industry-transporter']);
    expect((await post('/api/shipper-permissions', await t.login('carrier@demo.test'))).json().data).toEqual([]);
    expect((await post('/api/shipper-permissions', await t.login('admin@demo.test'))).json().data).toEqual([]);
  });
});

describe('POST /api/login-header-details', () => {
  it('answers industry, name and role', async () => {
    expect((await post('/api/login-header-details', await t.login('owner@demo.test'))).json().data).toEqual({
      industry: 'Demo Industries',
      name: 'Asha Kulkarni',
      role: 'Industry',
    });
    expect((await post('/api/login-header-details', await t.login('staff@demo.test'))).json().data).toEqual({
      industry: 'Demo Industries',
      name: 'Ravi Patil',
      role: 'Dispatcher',
    });
  });
  it('401 without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/login-header-details' })).statusCode).toBe(401);
  });
});

describe('POST /api/plan/current-plan', () => {
  it('lists the current plan with its limits', async () => {
    const res = await post('/api/plan/current-plan', await t.login('owner@demo.test'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({ planName: 'Growth', noOfMembers: 10, noOfPlants: 5 });
  });
  it('is an empty list with no plan', async () => {
    expect((await post('/api/plan/current-plan', await t.login('noplan@demo.test'))).json()).toEqual({ data: [] });
    expect((await post('/api/plan/current-plan', await t.login('carrier@demo.test'))).json()).toEqual({ data: [] });
  });
});

describe('profile', () => {
  it('shows and edits the profile, refusing a taken or malformed mobile', async () => {
    const token = await t.login('owner@demo.test');
    const view = await t.app.inject({ method: 'GET', url: '/api/profile', headers: t.as(token) });
    expect(view.json().data).toMatchObject({ name: 'Asha Kulkarni', email: 'owner@demo.test', role: 'Industry' });
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/profile', headers: t.as(token), payload });
    const taken = await put({ name: 'Asha K', mobile: '9000000003' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toHaveProperty('mobile');
    expect((await put({ name: 'Asha K', mobile: '12345' })).json().error.fields).toHaveProperty('mobile');
    expect((await put({ name: '', mobile: '9876543210' })).json().error.fields).toHaveProperty('name');
    const picture = 'data:image/png;base64,iVBORw0KGgo=';
    const ok = await put({ name: 'Asha K', mobile: '9876543210', profilePicture: picture });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Asha K', mobile: '9876543210', profilePicture: picture });
    const header = await post('/api/login-header-details', token);
    expect(header.json().data.name).toBe('Asha K');
    expect((await put({ name: 'Asha Kulkarni', mobile: '9000000002', profilePicture: null })).statusCode).toBe(200);
  });

  it('changes the password, checking the current one and ending other sessions', async () => {
    const mine = await t.login('carrier@demo.test');
    const other = await t.login('carrier@demo.test');
    const change = (payload: object) => t.app.inject({ method: 'POST', url: '/api/profile/change-password', headers: t.as(mine), payload });
    const wrong = await change({ currentPassword: 'nope', password: 'Better123', passwordConfirmation: 'Better123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('currentPassword');
    const weak = await change({ currentPassword: 'Demo@12345', password: 'short', passwordConfirmation: 'short' });
    expect(weak.json().error.fields).toHaveProperty('password');
    expect((await change({ currentPassword: 'Demo@12345', password: 'Better123', passwordConfirmation: 'Better123' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/login-header-details', mine)).statusCode).toBe(200);
    expect((await post('/api/login-header-details', other)).statusCode).toBe(401);
    expect(await t.login('carrier@demo.test', 'Better123')).toBeTruthy();
  });
});
