import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { loginThrottle, users } from '../../db/schema/auth.ts';
import { LOGIN_LIMITS } from '../../lib/login-throttle.ts';
import { useTestApp } from '../../test/harness.ts';

// Counts the password checks: what the limits must bound is how many guesses get verified.
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/password.ts')>();
  return {
    ...real,
    verifyPassword: (stored: string | null | undefined, password: string) => {
      checks.count++;
      return real.verifyPassword(stored, password);
    },
  };
});

const t = useTestApp();
const RIGHT = 'Demo@12345';
const WRONG = 'wrong-pass-1';

const loginFrom = (app: FastifyInstance, login: string, password: string, ip: string, forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login, password },
    remoteAddress: ip,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
const loginReq = (login: string, password: string, ip: string) => loginFrom(t.app, login, password, ip);

/** Sends the attempts at once and answers how many got each status, and how many passwords were checked. */
async function inParallel(attempts: (() => Promise<{ statusCode: number }>)[]) {
  const before = checks.count;
  const answers = await Promise.all(attempts.map((a) => a()));
  const status = (code: number) => answers.filter((a) => a.statusCode === code).length;
  return { 401: status(401), 429: status(429), 200: status(200), checked: checks.count - before };
}

// Each test starts with no counts, so the demo users can be reused.
beforeEach(async () => {
  await t.database.db.delete(loginThrottle);
});

describe('failed-login limits under parallel attempts', () => {
  it('40 parallel guesses on one account from one client: only the limit reach the password check; the user logs in from elsewhere', async () => {
    const result = await inParallel(Array.from({ length: 40 }, () => () => loginReq('staff@demo.test', WRONG, '10.10.0.1')));
    expect(result).toEqual({ 401: LOGIN_LIMITS.accountClient.limit, 429: 40 - LOGIN_LIMITS.accountClient.limit, 200: 0, checked: 5 });
    expect((await loginReq('staff@demo.test', RIGHT, '10.10.0.1')).statusCode).toBe(429);
    expect((await loginReq('staff@demo.test', RIGHT, '10.10.0.2')).statusCode).toBe(200);
  });

  it('40 parallel guesses from 40 clients stop at the account limit, the same for an unknown account', async () => {
    const answers = [];
    for (const account of ['owner@demo.test', 'ghost@nowhere.test']) {
      const result = await inParallel(Array.from({ length: 40 }, (_, i) => () => loginReq(account, WRONG, `10.11.1.${i}`)));
      expect(result).toEqual({ 401: LOGIN_LIMITS.account.limit, 429: 20, 200: 0, checked: LOGIN_LIMITS.account.limit });
      const locked = await loginReq(account, RIGHT, '10.11.2.1');
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      answers.push(locked.json());
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0].error.message).toMatch(/Too many failed logins\. Please try again in \d+ minutes?\./);
  });

  it('120 parallel guesses from one address over many accounts stop at the client limit', async () => {
    const result = await inParallel(Array.from({ length: 120 }, (_, i) => () => loginReq(`spray${i}@nowhere.test`, WRONG, '10.12.0.1')));
    expect(result).toEqual({ 401: LOGIN_LIMITS.client.limit, 429: 20, 200: 0, checked: LOGIN_LIMITS.client.limit });
    expect((await loginReq('carrier@demo.test', RIGHT, '10.12.0.1')).statusCode).toBe(429);
    expect((await loginReq('carrier@demo.test', RIGHT, '10.12.0.2')).statusCode).toBe(200);
  });

  it('a refused attempt counts nowhere: a locked client cannot run up the account count', async () => {
    await inParallel(Array.from({ length: 30 }, () => () => loginReq('staff@demo.test', WRONG, '10.13.0.1')));
    const [staff] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@demo.test'));
    const [row] = await t.database.db
      .select({ failures: loginThrottle.failures })
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `login-account:user:${staff?.id}`));
    expect(row?.failures).toBe(LOGIN_LIMITS.accountClient.limit);
  });
});

describe('failed-login keys', () => {
  it('counts the email and the mobile of one account together', async () => {
    for (const login of ['carrier@demo.test', '9000000005', 'CARRIER@demo.test', '9000000005', 'carrier@demo.test']) {
      expect((await loginReq(login, WRONG, '10.14.0.1')).statusCode).toBe(401);
    }
    expect((await loginReq('9000000005', RIGHT, '10.14.0.1')).statusCode).toBe(429);
    expect((await loginReq('carrier@demo.test', RIGHT, '10.14.0.1')).statusCode).toBe(429);
    expect((await loginReq('9000000005', RIGHT, '10.14.0.2')).statusCode).toBe(200);
  });

  it('a success clears the count of its account and client', async () => {
    for (let i = 0; i < LOGIN_LIMITS.accountClient.limit - 1; i++) {
      await loginReq('owner@demo.test', WRONG, '10.15.0.1');
    }
    expect((await loginReq('owner@demo.test', RIGHT, '10.15.0.1')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.accountClient.limit; i++) {
      expect((await loginReq('owner@demo.test', WRONG, '10.15.0.1')).statusCode).toBe(401);
    }
    expect((await loginReq('owner@demo.test', RIGHT, '10.15.0.1')).statusCode).toBe(429);
  });

  it('locks longer after every failure past the limit, and starts over after a quiet window', async () => {
    const retryAfter = async () => {
      const res = await loginReq('ghost@lock.test', WRONG, '10.16.0.1');
      expect(res.statusCode).toBe(429);
      return Number(res.headers['retry-after']);
    };
    const passTime = (seconds: number) =>
      t.database.db.execute(sql`update login_throttle set window_start = window_start - make_interval(secs => ${seconds})`);
    for (let i = 0; i < LOGIN_LIMITS.accountClient.limit; i++) {
      await loginReq('ghost@lock.test', WRONG, '10.16.0.1');
    }
    const first = await retryAfter();
    expect(first).toBeGreaterThan(55);
    expect(first).toBeLessThanOrEqual(60);
    await passTime(61);
    expect((await loginReq('ghost@lock.test', WRONG, '10.16.0.1')).statusCode).toBe(401);
    expect(await retryAfter()).toBeGreaterThan(115);
    await passTime(121);
    expect((await loginReq('ghost@lock.test', WRONG, '10.16.0.1')).statusCode).toBe(401);
    expect(await retryAfter()).toBeGreaterThan(235);
    await passTime(LOGIN_LIMITS.accountClient.windowSeconds);
    for (let i = 0; i < LOGIN_LIMITS.accountClient.limit; i++) {
      expect((await loginReq('ghost@lock.test', WRONG, '10.16.0.1')).statusCode).toBe(401);
    }
  });
});

describe('client addresses', () => {
  let proxied: FastifyInstance;
  beforeAll(async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://freightdesk.test', TRUST_PROXY: '10.17.0.9' });
    proxied = await buildApp({ database: t.database, config, logger: false });
    await proxied.ready();
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it('ignores X-Forwarded-For without a trusted proxy', async () => {
    for (let i = 0; i < LOGIN_LIMITS.accountClient.limit; i++) {
      await loginFrom(t.app, 'staff@demo.test', WRONG, '10.17.0.1', `203.0.113.${i}`);
    }
    expect((await loginFrom(t.app, 'staff@demo.test', RIGHT, '10.17.0.1', '203.0.113.99')).statusCode).toBe(429);
  });

  it('believes X-Forwarded-For from a trusted proxy only, and only its last hop', async () => {
    for (let i = 0; i < LOGIN_LIMITS.accountClient.limit; i++) {
      // The client's own (forged) entries come first; the proxy appends the address it saw.
      await loginFrom(proxied, 'staff@demo.test', WRONG, '10.17.0.9', `198.51.100.${i}, 203.0.113.7`);
    }
    expect((await loginFrom(proxied, 'staff@demo.test', RIGHT, '10.17.0.9', '203.0.113.7')).statusCode).toBe(429);
    expect((await loginFrom(proxied, 'staff@demo.test', RIGHT, '10.17.0.9', '203.0.113.8')).statusCode).toBe(200);
    // An untrusted sender's header is ignored on this app too.
    for (let i = 0; i < LOGIN_LIMITS.accountClient.limit; i++) {
      await loginFrom(proxied, 'owner@demo.test', WRONG, '10.17.0.10', `203.0.113.${i}`);
    }
    expect((await loginFrom(proxied, 'owner@demo.test', RIGHT, '10.17.0.10', '203.0.113.50')).statusCode).toBe(429);
  });
});
