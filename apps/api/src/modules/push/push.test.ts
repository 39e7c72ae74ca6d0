import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { pushSubscriptions } from '../../db/schema/notifications.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { notify } from '../../lib/notify.ts';
import { createOutbound, type Resolver } from '../../lib/outbound.ts';
import { createVapidKeyStore, generateVapidKeys, PUSH_SEND_JOB } from '../../lib/push.ts';
import { useTestApp } from '../../test/harness.ts';
import { setupProcurement } from '../../test/procurement.ts';
import { decryptPush, startPushService, type TestSubscription, tokenOf, verifyVapid } from '../../test/push-service.ts';

let push: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  push = await startPushService();
});
/** Test DNS: only the names a test answers for resolve; nothing reaches a real resolver. */
const dns = new Map<string, string>();
const resolve: Resolver = async (host) => {
  const address = dns.get(host);
  if (!address) {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  }
  return [{ address, family: address.includes(':') ? 6 : 4 }];
};
// The explicit opt-in: this file's push service, and only its origin, may be called on loopback.
const t = useTestApp({ outbound: () => createOutbound({ allowLoopbackOrigins: [push.origin], resolve }) });
let p: Awaited<ReturnType<typeof setupProcurement>>;
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

  it('refuses an endpoint on this machine or a private network, and never POSTs to it', async () => {
    const victim = await startPushService();
    try {
      const sub = victim.subscribe();
      const res = await save(p.vayu, sub);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields.token).toMatch(/public https/);
      expect(await rowOf(sub)).toBeUndefined();
      await publishRequest();
      await runJobs();
      expect(victim.received).toHaveLength(0);
    } finally {
      await victim.close();
    }
  });

  it('answers 400 naming token for an endpoint the server may not call', async () => {
    dns.set('private.push.test', '10.1.2.3');
    dns.set('mapped.push.test', '::ffff:169.254.169.254');
    const refused: [string, RegExp][] = [
      [`https://127.0.0.1:${push.port}/push/1`, /loopback/],
      ['http://127.0.0.1:9/push/1', /not an https URL/],
      ['https://localhost/push/1', /loopback/],
      ['https://169.254.169.254/latest/meta-data/', /metadata/],
      ['https://10.0.0.5/push/1', /private/],
      ['https://[::ffff:127.0.0.1]/push/1', /loopback/],
      ['https://[fd00::1]/push/1', /unique-local/],
      ['https://metadata.google.internal/computeMetadata/v1/', /metadata/],
      ['https://private.push.test/push/1', /private/],
      ['https://mapped.push.test/push/1', /metadata/],
      ['https://nowhere.push.test/push/1', /does not resolve/],
    ];
    const sub = push.subscribe();
    for (const [endpoint, reason] of refused) {
      const res = await save(p.vayu, JSON.stringify({ ...JSON.parse(tokenOf(sub)), endpoint }));
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.fields?.token, endpoint).toMatch(/^token endpoint must be a public https address/);
      expect(res.json().error.fields?.token, endpoint).toMatch(reason);
    }
    const rows = await t.database.db.select().from(pushSubscriptions);
    expect(rows.filter((r) => refused.some(([endpoint]) => r.endpoint === endpoint))).toEqual([]);
    dns.set('fcm.push.test', '142.250.183.10');
    expect((await save(p.vayu, { ...sub, endpoint: 'https://fcm.push.test/fcm/send/1' })).statusCode).toBe(200);
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

describe('Outbound rules at send', () => {
  it('refuses an endpoint whose name turned private after it was saved: nothing reaches it, no retry, logged once', async () => {
    const victim = await startPushService();
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      dns.set('rebind.push.test', '142.250.183.11');
      const sub = { ...victim.subscribe(), endpoint: `https://rebind.push.test:${victim.port}/push/rebind` };
      expect((await save(p.ganesh, sub)).statusCode).toBe(200);
      const saved = await rowOf(sub);
      expect(saved).toBeDefined();
      // The name now answers with this machine, where a service listens on the endpoint's port.
      dns.set('rebind.push.test', '127.0.0.1');
      await publishRequest();
      await runJobs();
      expect(victim.connections()).toBe(0);
      expect(await rowOf(sub)).toBeUndefined();
      const retries = await t.database.db.select().from(jobs).where(eq(jobs.kind, PUSH_SEND_JOB));
      expect(retries.filter((j) => j.key.endsWith(`:${saved?.id}`))).toEqual([]);
      await publishRequest();
      await runJobs();
      const logged = warn.mock.calls.filter(([, msg]) => typeof msg === 'string' && msg.includes('outbound rules'));
      expect(logged).toHaveLength(1);
      expect(logged[0]?.[0]).toMatchObject({ reason: 'loopback', subscription: saved?.id });
    } finally {
      warn.mockRestore();
      await victim.close();
    }
  });
});
