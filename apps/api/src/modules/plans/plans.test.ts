import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
let admin = '';
let noplan = '';
let owner = '';

beforeAll(async () => {
  admin = await t.login('admin@demo.test');
  noplan = await t.login('noplan@demo.test');
  owner = await t.login('owner@demo.test');
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });

describe('plans and payments', () => {
  it('the admin keeps the catalogue; shippers see the active plans', async () => {
    const bad = await call('POST', '/api/admin/plans', admin, {
      name: 'Enterprise',
      priceRupees: -1,
      durationDays: 365,
      noOfMembers: 50,
      noOfPlants: 0,
    });
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['priceRupees', 'noOfPlants']));
    const made = await call('POST', '/api/admin/plans', admin, {
      name: 'Enterprise',
      priceRupees: 99999.5,
      durationDays: 365,
      noOfMembers: 50,
      noOfPlants: 20,
    });
    expect(made.json().data).toMatchObject({ name: 'Enterprise', priceRupees: 99999.5 });
    const catalogue = (await call('GET', '/api/plans', noplan)).json().data.map((p: { name: string }) => p.name);
    expect(catalogue).toEqual(['Starter', 'Enterprise', 'Growth']);
    expect((await call('POST', '/api/admin/plans', owner, { name: 'x' })).statusCode).toBe(403);
  });

  it('an owner without a plan chooses one, pays, and the admin’s confirmation activates it', async () => {
    const starter = (await call('GET', '/api/plans', noplan)).json().data.find((p: { name: string }) => p.name === 'Starter');
    const started = await call('POST', '/api/plan/subscribe', noplan, { planId: starter.id });
    expect(started.statusCode, started.body).toBe(201);
    // Sunrise Polymers is registered in Gujarat, the platform in Maharashtra: IGST at 18%.
    expect(started.json().data).toMatchObject({
      status: 'awaiting_confirmation',
      amountRupees: 70800,
      igstRupees: 10800,
      planName: 'Starter',
    });
    expect(started.json().data.instructions).toMatch(/FD-PAY-\d+/);
    expect((await call('POST', '/api/plan/subscribe', noplan, { planId: starter.id })).statusCode).toBe(409);
    expect((await call('POST', '/api/plan/current-plan', noplan)).json().data).toEqual([]);

    const pending = (await call('GET', '/api/admin/payments?status=awaiting_confirmation', admin)).json().data;
    expect(pending.map((p: { industryName: string }) => p.industryName)).toContain('Sunrise Polymers');
    const id = started.json().data.id;
    expect((await call('POST', `/api/admin/payments/${id}/confirm`, admin, { providerRef: '' })).json().error.fields).toHaveProperty(
      'providerRef',
    );
    const paid = { providerRef: 'UTR123456', amountRupees: 70800 };
    expect((await call('POST', `/api/admin/payments/${id}/confirm`, admin, paid)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/payments/${id}/confirm`, admin, paid)).statusCode).toBe(409);
    const current = (await call('POST', '/api/plan/current-plan', noplan)).json().data;
    expect(current[0]).toMatchObject({ planName: 'Starter', noOfMembers: 3, noOfPlants: 1 });
    expect((await call('GET', '/api/plan/usage', noplan)).json().data).toEqual({ noOfMembers: 3, noOfPlants: 1, members: 1, plants: 0 });
    const mine = (await call('GET', '/api/my-plan', noplan)).json().data;
    expect(mine.usage).toEqual({ members: 1, plants: 0 });
    expect(mine.payments[0]).toMatchObject({ status: 'paid', instructions: null });
  });

  it('a renewal starts when the plan in force ends', async () => {
    const growth = (await call('GET', '/api/plans', owner)).json().data.find((p: { name: string }) => p.name === 'Growth');
    const before = (await call('POST', '/api/plan/current-plan', owner)).json().data[0];
    const started = (await call('POST', '/api/plan/subscribe', owner, { planId: growth.id })).json().data;
    const confirmed = await call('POST', `/api/admin/payments/${started.id}/confirm`, admin, {
      providerRef: 'UTRRENEW01',
      amountRupees: started.amountRupees,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = (await call('POST', '/api/plan/current-plan', owner)).json().data[0];
    expect(after.endsAt).toBe(before.endsAt);
  });

  it('only the owner chooses a plan; another shipper’s payment is not found', async () => {
    const staff = await t.login('staff@demo.test');
    expect((await call('POST', '/api/plan/subscribe', staff, { planId: 1 })).statusCode).toBe(403);
    expect((await call('POST', '/api/plan/subscribe', owner, { planId: 999 })).json().error.fields).toHaveProperty('planId');
    const mine = (await call('POST', '/api/plan/subscribe', owner, { planId: 1 })).json().data;
    expect((await call('POST', `/api/plan/payments/${mine.id}/cancel`, noplan)).statusCode).toBe(404);
    expect((await call('POST', `/api/plan/payments/${mine.id}/cancel`, owner)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/payments', owner)).statusCode).toBe(403);
  });

  it('the admin sets the joining fee every user can read', async () => {
    expect((await call('PUT', '/api/admin/joining-fee', admin, { amountRupees: -5 })).json().error.fields).toHaveProperty('amountRupees');
    await call('PUT', '/api/admin/joining-fee', admin, { amountRupees: 5000, note: 'One-time onboarding and training' });
    expect((await call('GET', '/api/joining-fee', noplan)).json().data).toEqual({
      amountRupees: 5000,
      note: 'One-time onboarding and training',
    });
  });
});
