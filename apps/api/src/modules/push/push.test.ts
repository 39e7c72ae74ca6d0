import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { pushSubscriptions } from '../../db/schema/notifications.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { notify } from '../../lib/notify.ts';
import { createVapidKeyStore, generateVapidKeys, PUSH_SEND_JOB } from '../../lib/push.ts';
import { useTestApp } from '../../test/harness.ts';
import { setupProcurement } from '../../test/procurement.ts';
import { decryptPush, startPushService, type TestSubscription, tokenOf, verifyVapid } from '../../test/push-service.ts';

const t = useTestApp();
let p: Awaited<ReturnType<typeof setupProcurement>>;
let push: Awaited<ReturnType<typeof startPushService>>;
const post = (url: string, token: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: token ? t.as(token) : {}, payload });
const save = (token: string | undefined, sub: TestSubscription | string) =>
  post('/api/user/save-token', token, { token: typeof sub === 'string' ? sub : tokenOf(sub) });
const rowOf = async (sub: TestSubscription) =>
  (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint)))[0];
const userIdOf = async (email: string) =>
  Number(
    ((await t.database.db.execute(sql`select id from users where email = ${email}`)) as unknown as { rows: { id: number }[] }).rows[0]?.id,
  );
/** Publishes a request that invites both carriers: every invited carrier user is notified. */
const publishRequest = async () => {
  const res = await post('/api/requests/outbound', p.owner, p.base);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; number: string };
};
/** Runs due jobs until none is left (a run may schedule more). */
const runJobs = async () => {
  while ((await t.app.deps.jobs.tick()) > 0) {
    // keep going
  }
};

beforeAll(async () => {
  p = await setupProcurement(t);
  push = await startPushService();
});
afterAll(async () => {
  await push?.close();
});

describe('VAPID configuration', () => {
  it('names the bad variable', () => {
    const keys = generateVapidKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID_PUBLIC_KEY: must be a P-256 public key/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: 'not base64url!' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY: must be set together/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: generateVapidKeys().publicKey, VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT: must be a mailto: address/);
    const ok = loadConfig({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
    });
    expect(ok.vapid).toEqual(keys);
    expect(loadConfig({}).vapidSubject).toBe('mailto:no-reply@freightdesk.local');
  });

  it('generates one key pair for every process and keeps it in system_keys', async () => {
    const config = { vapidSubject: 'mailto:ops@example.com' };
    const stores = [createVapidKeyStore(t.database.db, config), createVapidKeyStore(t.database.db, config)];
    const [a, b] = await Promise.all(stores.map((s) => s.get()));
    expect(a?.publicKey).toBe(b?.publicKey);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/push-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.vapidPublicKey).toBe(a?.publicKey);
    const fromEnv = generateVapidKeys();
    expect((await createVapidKeyStore(t.database.db, { ...config, vapid: fromEnv }).get()).publicKey).toBe(fromEnv.publicKey);
  });
});

describe('POST /api/user/save-token', () => {
  it('saves a subscription for every user type, once, and moves an endpoint to the user who saved it last', async () => {
    const sub = push.subscribe();
    for (const email of ['admin@demo.test', 'staff@demo.test']) {
      const res = await save(await t.login(email), push.subscribe());
      expect(res.statusCode, res.body).toBe(200);
    }
    const first = await save(p.vayu, sub);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { saved: true } });
    expect((await save(p.vayu, sub)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBe(await userIdOf('carrier@demo.test'));
    expect((await save(p.owner, sub)).statusCode).toBe(200);
    expect((await rowOf(sub))?.userId).toBe(await userIdOf('owner@demo.test'));
  });

  it('answers 400 naming token, and 401 without a session', async () => {
    const sub = push.subscribe();
    const bad = [
      '',
      'device-abc',
      JSON.stringify({ endpoint: sub.endpoint }),
      JSON.stringify({ ...JSON.parse(tokenOf(sub)), endpoint: 'http://push.example.com/x' }),
      JSON.stringify({ endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh, auth: 'c2hvcnQ' } }),
      JSON.stringify({ endpoint: sub.endpoint, keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: sub.keys.auth } }),
    ];
    for (const token of bad) {
      const res = await save(p.vayu, token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().error.fields, token).toHaveProperty('token');
    }
    expect((await post('/api/user/save-token', p.vayu, {})).json().error.fields).toHaveProperty('token');
    expect((await save(undefined, sub)).statusCode).toBe(401);
  });

  it('removes a token only for whoever holds its keys, even after the session ended', async () => {
    const sub = push.subscribe();
    await save(p.ganesh, sub);
    const forged = JSON.stringify({ endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh, auth: push.subscribe().keys.auth } });
    expect((await post('/api/user/remove-token', undefined, { token: forged })).json()).toEqual({ data: { removed: 0 } });
    expect(await rowOf(sub)).toBeDefined();
    expect((await post('/api/user/remove-token', undefined, { token: tokenOf(sub) })).json()).toEqual({ data: { removed: 1 } });
    expect(await rowOf(sub)).toBeUndefined();
  });
});

describe('Web Push delivery', () => {
  let vayuSub: TestSubscription;

  beforeAll(async () => {
    await t.database.db.delete(pushSubscriptions);
    await runJobs();
    vayuSub = push.subscribe();
    expect((await save(p.vayu, vayuSub)).statusCode).toBe(200);
  });

  it('sends the spec payload, encrypted and VAPID-signed, after the event commits', async () => {
    push.received.length = 0;
    push.answer(201);
    const request = await publishRequest();
    expect(push.received).toHaveLength(0);
    await runJobs();
    expect(push.received).toHaveLength(1);
    const [message] = push.received;
    expect(message?.path).toBe(new URL(vayuSub.endpoint).pathname);
    expect(message?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(message?.headers.ttl)).toBeGreaterThan(0);
    const vapid = verifyVapid(message?.headers.authorization as string, vayuSub.endpoint);
    expect(vapid.valid).toBe(true);
    expect(vapid.claims.sub).toMatch(/^mailto:/);
    const key = (await t.app.inject({ method: 'GET', url: '/api/user/push-config' })).json().data.vapidPublicKey;
    expect(vapid.publicKey).toBe(key);
    const body = JSON.parse(decryptPush(message?.body ?? Buffer.alloc(0), vayuSub));
    expect(body).toEqual({
      data: {
        title: 'New request to bid',
        msg: `You are invited to bid on ${request.number}.`,
        type: 'request',
        referId: request.id,
        requestType: 1,
      },
      notificationId: expect.any(Number),
      url: '/carrier/requests',
    });
    expect((await rowOf(vayuSub))?.lastSentAt).not.toBeNull();
  });

  it('sends nothing for an event that rolls back', async () => {
    push.received.length = 0;
    const vayuId = await userIdOf('carrier@demo.test');
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, [vayuId], { title: 'Never', msg: 'rolled back', type: 'order', referId: 1, requestType: 1 });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    await runJobs();
    expect(push.received).toHaveLength(0);
  });

  it('retries a failed send on its own, and forgets a subscription the push service calls gone', async () => {
    push.received.length = 0;
    push.answer(503);
    await publishRequest();
    await runJobs();
    expect(push.received).toHaveLength(1);
    expect((await rowOf(vayuSub))?.failures).toBe(1);
    const [retry] = await t.database.db.select().from(jobs).where(eq(jobs.kind, PUSH_SEND_JOB));
    expect(retry?.status).toBe('pending');

    push.answer(201);
    await t.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, PUSH_SEND_JOB));
    await runJobs();
    expect(push.received).toHaveLength(2);
    expect((await rowOf(vayuSub))?.failures).toBe(0);
    expect(JSON.parse(decryptPush(push.received[1]?.body ?? Buffer.alloc(0), vayuSub)).data.title).toBe('New request to bid');

    push.answer(410);
    await publishRequest();
    await runJobs();
    expect(push.received).toHaveLength(3);
    expect(await rowOf(vayuSub)).toBeUndefined();
  });
});
