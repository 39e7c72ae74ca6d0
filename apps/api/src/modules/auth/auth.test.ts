import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/auth.ts';
import { outbox } from '../../db/schema/system.ts';
import { LOGIN_LIMITS } from '../../lib/login-throttle.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const loginReq = (login: string, password: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password }, remoteAddress: ip });

describe('login', () => {
  it('logs in by email and answers the whole session state', async () => {
    const res = await loginReq('OWNER@demo.test', 'Demo@12345');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      userName: 'Asha Kulkarni',
      userType: 3,
      userTypeName: 'Industry',
      email: 'owner@demo.test',
      mobile: '9000000002',
      industry: 'Demo Industries',
      profilePicture: null,
      hideMaterialFromTransporterRequest: false,
      hideMaterialFromTransporterRfp: false,
      canAddRequest: true,
    });
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.permissions).toContain('list-plant');
    expect(data.userId).toBeGreaterThan(0);
    expect(data.userTypeId).toBeGreaterThan(0);
  });

  it('logs in by mobile', async () => {
    const res = await loginReq('9000000005', 'Demo@12345');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userType: 2, industry: 'Vayu Roadlines', permissions: [] });
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login('admin@demo.test');
    const rows = await t.database.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.h === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.h))).toBe(true);
  });

  it('names the missing field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: 'owner@demo.test' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('password');
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const wrong = await loginReq('noplan@demo.test', 'nope-1234', '10.0.0.9');
    const unknown = await loginReq('ghost@demo.test', 'nope-1234', '10.0.0.9');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });
});

describe('sessions', () => {
  it('refuses calls without a token or with a bad one', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/shipper-permissions' })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: '/api/shipper-permissions', headers: t.as('not-a-token') });
    expect(bad.statusCode).toBe(401);
  });

  it('logout revokes the token', async () => {
    const token = await t.login('owner@demo.test');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.as(token) })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'POST', url: '/api/shipper-permissions', headers: t.as(token) });
    expect(after.statusCode).toBe(401);
  });

  it('an expired session is refused', async () => {
    const token = await t.login('owner@demo.test');
    await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 minute' where revoked_at is null`);
    // As a call that wrote waits for its announcements (app.ts), before the next call is read.
    await t.app.deps.listener.sync();
    expect((await t.app.inject({ method: 'POST', url: '/api/shipper-permissions', headers: t.as(token) })).statusCode).toBe(401);
  });

  it('deactivating a user ends all its sessions and refuses new logins', async () => {
    const admin = await t.login('admin@demo.test');
    const one = await t.login('carrier@demo.test');
    const two = await t.login('9000000005');
    const [carrier] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'carrier@demo.test'));
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${carrier?.id}/status`,
      headers: t.as(admin),
      payload: { status: 'inactive' },
    });
    expect(off.statusCode).toBe(200);
    for (const token of [one, two]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/login-header-details', headers: t.as(token) })).statusCode).toBe(401);
    }
    const deactivated = await loginReq('carrier@demo.test', 'Demo@12345', '10.4.0.1');
    const wrong = await loginReq('carrier@demo.test', 'wrong-pass-1', '10.4.0.1');
    expect(deactivated.statusCode).toBe(401);
    expect(deactivated.json()).toEqual(wrong.json());
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${carrier?.id}/status`,
      headers: t.as(admin),
      payload: { status: 'active' },
    });
    expect((await loginReq('carrier@demo.test', 'Demo@12345', '10.4.0.1')).statusCode).toBe(200);
  });

  it("a deactivated shipper's user with the right password gets the wrong-password answer, counted as a failure", async () => {
    const admin = await t.login('admin@demo.test');
    const [noplan] = await t.database.db.select({ industryId: users.industryId }).from(users).where(eq(users.email, 'noplan@demo.test'));
    const setStatus = (status: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/shippers/${noplan?.industryId}/status`,
        headers: t.as(admin),
        payload: { status },
      });
    expect((await setStatus('inactive')).statusCode).toBe(200);
    const wrong = await loginReq('noplan@demo.test', 'wrong-pass-1', '10.4.1.1');
    expect(wrong.statusCode).toBe(401);
    for (let i = 0; i < LOGIN_LIMITS.accountClient.limit - 1; i++) {
      const right = await loginReq('noplan@demo.test', 'Demo@12345', '10.4.1.1');
      expect(right.statusCode).toBe(401);
      expect(right.json()).toEqual(wrong.json());
    }
    expect((await loginReq('noplan@demo.test', 'Demo@12345', '10.4.1.1')).statusCode).toBe(429);
    expect((await setStatus('active')).statusCode).toBe(200);
    expect((await loginReq('noplan@demo.test', 'Demo@12345', '10.4.1.2')).statusCode).toBe(200);
  });

  it('only the platform admin may change a user status', async () => {
    const owner = await t.login('owner@demo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/1/status',
      headers: t.as(owner),
      payload: { status: 'inactive' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('admin outbox', () => {
  it('lists mails newest first, searches recipient and subject, and is for the platform admin only', async () => {
    await t.database.db.insert(outbox).values([
      { to: 'kiran@konkan.test', subject: 'Reset your Freightdesk password', text: 'link', transport: 'outbox' },
      { to: 'asha@deccan.test', subject: 'You are invited to Freightdesk', text: 'link', transport: 'smtp', error: 'refused' },
    ]);
    const admin = await t.login('admin@demo.test');
    const list = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/outbox?${query}`, headers: t.as(admin) })).json();
    const all = await list('pageSize=25');
    expect(all.data[0]).toMatchObject({ to: 'asha@deccan.test', transport: 'smtp', error: 'refused', sentAt: null });
    expect(all.data[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await list('search=KONKAN')).data.map((m: { to: string }) => m.to)).toEqual(['kiran@konkan.test']);
    const invited = await list('search=invited');
    expect(invited.total).toBe(1);
    expect(invited.data[0].to).toBe('asha@deccan.test');
    expect((await list('search=100%25')).total).toBe(0);
    expect((await list('pageSize=7')).error.fields).toHaveProperty('pageSize');
    const owner = await t.login('owner@demo.test');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: t.as(owner) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(401);
  });
});
