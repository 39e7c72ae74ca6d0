import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { loginThrottle, passwordResets, users } from '../../db/schema/auth.ts';
import { RESET_LIMITS } from '../../lib/login-throttle.ts';
import type { Mail } from '../../lib/mail.ts';
import { hashToken } from '../../lib/tokens.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const tokenFrom = (text: string | undefined) => {
  const m = /#\/password\/reset\/([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!m?.[1]) {
    throw new Error(`no link in ${text}`);
  }
  return m[1];
};

const forgot = (email: string, opts: { app?: FastifyInstance; ip?: string; headers?: Record<string, string> } = {}) =>
  (opts.app ?? t.app).inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: opts.ip ?? '10.20.0.1',
    headers: opts.headers,
  });

/** Asks for a link, lets the job run, and answers the token mailed. */
async function resetToken(email: string, ip = '10.20.0.1'): Promise<string> {
  const before = t.mails.length;
  expect((await forgot(email, { ip })).statusCode).toBe(200);
  await t.app.deps.jobs.tick();
  return tokenFrom(t.mails[before]?.text);
}

const linkWorks = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/auth/reset-password/${token}` })).statusCode === 200;

const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password, passwordConfirmation: password } });

beforeEach(async () => {
  await t.database.db.delete(loginThrottle);
});

describe('forgot password', () => {
  it('answers first; the lookup and the mail follow in a job', async () => {
    const before = t.mails.length;
    const res = await forgot('NoPlan@demo.test');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toMatch(/If an account uses this address/);
    expect(t.mails.length).toBe(before);
    await t.app.deps.jobs.tick();
    expect(t.mails[before]?.to).toBe('noplan@demo.test');
    expect(t.mails[before]?.text).toContain('http://freightdesk.test/#/password/reset/');
  });

  it('answers an unknown address the same and mails nothing', async () => {
    const known = await forgot('staff@demo.test');
    const unknown = await forgot('ghost@demo.test');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const before = t.mails.length;
    await t.app.deps.jobs.tick();
    expect(t.mails.slice(before).map((m) => m.to)).toEqual(['staff@demo.test']);
    const bad = await forgot('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('email');
  });

  it('mails at most 3 links an hour per account, with the same answer past the limit', async () => {
    const before = t.mails.length;
    for (let i = 0; i < RESET_LIMITS.account.limit + 2; i++) {
      const res = await forgot('carrier@demo.test', { ip: `10.21.0.${i}` });
      expect(res.statusCode).toBe(200);
    }
    await t.app.deps.jobs.tick();
    expect(t.mails.slice(before).filter((m) => m.to === 'carrier@demo.test')).toHaveLength(RESET_LIMITS.account.limit);
  });

  it('refuses a client past 10 requests an hour with 429, whatever the addresses', async () => {
    for (let i = 0; i < RESET_LIMITS.client.limit; i++) {
      expect((await forgot(`someone${i}@nowhere.test`, { ip: '10.22.0.1' })).statusCode).toBe(200);
    }
    const refused = await forgot('owner@demo.test', { ip: '10.22.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect((await forgot('owner@demo.test', { ip: '10.22.0.2' })).statusCode).toBe(200);
  });
});

describe('links never take their host from the request', () => {
  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
  const mails: Mail[] = [];
  let unset: FastifyInstance;
  beforeAll(async () => {
    // No PUBLIC_URL, and loopback proxies trusted: the case where X-Forwarded-Host used to be believed.
    const config = loadConfig({ LOG_LEVEL: 'silent', PORT: '8123', TRUST_PROXY: '1' });
    const mailer = { send: async (mail: Mail) => void mails.push(mail) };
    unset = await buildApp({ database: t.database, config, mailer, logger: false });
    await unset.ready();
  });
  afterAll(async () => {
    await unset?.close();
  });

  it('uses PUBLIC_URL whatever Host and X-Forwarded-Host say', async () => {
    const before = t.mails.length;
    expect((await forgot('owner@demo.test', { headers: forged, ip: '127.0.0.1' })).statusCode).toBe(200);
    await t.app.deps.jobs.tick();
    expect(t.mails[before]?.text).toMatch(/\nhttp:\/\/freightdesk\.test\/#\/password\/reset\/[\w-]+\n/);
    expect(t.mails[before]?.text).not.toContain('evil');
  });

  it('without PUBLIC_URL, reset and invitation links point at http://localhost:PORT', async () => {
    expect((await forgot('owner@demo.test', { app: unset, headers: forged, ip: '127.0.0.1' })).statusCode).toBe(200);
    await unset.deps.jobs.tick();
    const login = await unset.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'owner@demo.test', password: 'Demo@12345' },
    });
    const owner = login.json().data.token as string;
    const roles = await unset.inject({ method: 'GET', url: '/api/roles/options', headers: t.as(owner) });
    const invited = await unset.inject({
      method: 'POST',
      url: '/api/staff',
      headers: { ...t.as(owner), ...forged },
      payload: { name: 'Link Test', email: 'link.test@demo.test', mobile: '9812345670', roleId: roles.json().data[0].id },
    });
    expect(invited.statusCode).toBe(201);
    expect(mails.map((m) => m.to)).toEqual(['owner@demo.test', 'link.test@demo.test']);
    for (const mail of mails) {
      expect(mail.text).toMatch(/\nhttp:\/\/localhost:8123\/#\/password\/reset\/[\w-]+\n/);
      expect(mail.text).not.toContain('evil');
    }
  });
});

describe('reset links', () => {
  it('a single-use link sets a new password and ends the sessions', async () => {
    const old = await t.login('noplan@demo.test');
    const token = await resetToken('noplan@demo.test');
    const check = await t.app.inject({ method: 'GET', url: `/api/auth/reset-password/${token}` });
    expect(check.json().data.email).toBe('noplan@demo.test');
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'NewPass123', passwordConfirmation: 'Other123' },
    });
    expect(mismatch.json().error.fields).toHaveProperty('passwordConfirmation');
    expect((await reset(token, 'NewPass123')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/shipper-permissions', headers: t.as(old) })).statusCode).toBe(401);
    expect(await t.login('noplan@demo.test', 'NewPass123')).toBeTruthy();
    const again = await reset(token, 'Another123');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toHaveProperty('token');
  });

  it('a link expires after an hour', async () => {
    const token = await resetToken('staff@demo.test');
    await t.database.db.execute(sql`update password_resets set expires_at = now() - interval '1 second' where used_at is null`);
    expect((await reset(token, 'NewPass123')).statusCode).toBe(400);
  });

  it('a new link revokes the older ones', async () => {
    const first = await resetToken('carrier@demo.test', '10.23.0.1');
    const second = await resetToken('carrier@demo.test', '10.23.0.2');
    expect(await linkWorks(first)).toBe(false);
    expect(await linkWorks(second)).toBe(true);
  });

  it('spending a link revokes every other outstanding link of the user', async () => {
    const token = await resetToken('owner@demo.test', '10.24.0.1');
    const [owner] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'owner@demo.test'));
    // An invitation link still outstanding beside the reset link.
    const other = 'another-outstanding-link-0001';
    await t.database.db
      .insert(passwordResets)
      .values({ userId: owner?.id ?? 0, tokenHash: hashToken(other), expiresAt: new Date(Date.now() + 3600_000) });
    expect(await linkWorks(other)).toBe(true);
    expect((await reset(token, 'Owner2026x')).statusCode).toBe(200);
    expect(await linkWorks(other)).toBe(false);
    expect((await reset(other, 'Owner2026y')).statusCode).toBe(400);
  });

  it('changing the password revokes the outstanding links', async () => {
    const token = await resetToken('admin@demo.test', '10.25.0.1');
    const admin = await t.login('admin@demo.test');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/profile/change-password',
      headers: t.as(admin),
      payload: { currentPassword: 'Demo@12345', password: 'Admin2026x', passwordConfirmation: 'Admin2026x' },
    });
    expect(change.statusCode).toBe(200);
    expect(await linkWorks(token)).toBe(false);
    expect((await reset(token, 'Admin2026y')).statusCode).toBe(400);
  });
});
