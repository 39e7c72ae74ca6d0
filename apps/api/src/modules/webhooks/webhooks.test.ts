import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createOutbound } from '../../lib/outbound.ts';
import { caller, offlineOrder, type Road, setupRoad, walk } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { createStaff } from '../../test/staff.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';

/** Webhook endpoints: retries, replay, rotation, the test event, auto-disable and the refusals (issue 34). */
let hooks: WebhookReceiver;
beforeAll(async () => {
  hooks = await startWebhookReceiver();
});
afterAll(async () => {
  await hooks?.close();
});
const t = useTestApp({ outbound: () => createOutbound({ allowLoopbackOrigins: [hooks.origin] }) });
const call = caller(t);
let r: Road;
const put = (url: string, token: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: t.as(token), payload });
const del = (url: string, token: string) => t.app.inject({ method: 'DELETE', url, headers: t.as(token) });
const ORDER_EVENTS = ['order.awarded', 'order.vehicle_assigned', 'order.gate_in'];

async function endpoint(token: string, path: string, eventTypes = ORDER_EVENTS) {
  const res = await call('POST', '/api/webhooks/endpoints', token, { url: hooks.url(path), eventTypes, description: path });
  expect(res.statusCode, res.body).toBe(201);
  hooks.trust(path, res.json().data.secret);
  return res.json().data as { id: number; secret: string };
}
const drain = async () => {
  while ((await t.app.deps.jobs.tick()) > 0) {
    // keep going
  }
};
/** Moves the clock of every waiting delivery to now, then runs what is due. */
const later = async () => {
  await t.database.db.execute(
    sql`update jobs set run_at = now() - interval '1 second' where kind = 'webhook.deliver' and status = 'pending'`,
  );
  await t.app.deps.jobs.tick();
};
const deliveries = async (token: string, id: number) =>
  (await call('GET', `/api/webhooks/endpoints/${id}/deliveries?pageSize=25`, token)).json() as {
    total: number;
    data: {
      id: number;
      messageId: string;
      eventType: string;
      status: string;
      attempts: number;
      lastAttempt: { responseStatus: number | null; responseBody: string } | null;
    }[];
  };

beforeAll(async () => {
  r = await setupRoad(t);
});

describe('delivery', () => {
  it('retries a failing receiver on the schedule, holds later events of the order, and sends them all once it recovers, with the same webhook-ids', async () => {
    const hook = await endpoint(r.owner, '/flaky');
    hooks.fail('/flaky');
    const order = await offlineOrder(t, r, 'outbound');
    await walk(t, r, 'outbound', order, 'gate_in');
    await t.app.deps.jobs.tick();
    await later();
    let log = await deliveries(r.owner, hook.id);
    // The first event of the order is retried; the later ones wait for it.
    expect(log.data.map((d) => [d.eventType, d.status, d.attempts])).toEqual([
      ['order.gate_in', 'pending', 0],
      ['order.vehicle_assigned', 'pending', 0],
      ['order.awarded', 'pending', 2],
    ]);
    expect(log.data[2]?.lastAttempt).toMatchObject({ responseStatus: 500, responseBody: 'down for maintenance' });
    const ids = log.data.map((d) => d.messageId).reverse();
    hooks.fail('/flaky', false);
    await later();
    await drain();
    expect(hooks.of('/flaky').map((g) => [g.type, g.id])).toEqual([
      ['order.awarded', ids[0]],
      ['order.vehicle_assigned', ids[1]],
      ['order.gate_in', ids[2]],
    ]);
    log = await deliveries(r.owner, hook.id);
    expect(log.data.map((d) => [d.status, d.attempts])).toEqual([
      ['succeeded', 1],
      ['succeeded', 1],
      ['succeeded', 3],
    ]);
  });

  it('replays a delivery with the same webhook-id, and sends the test event', async () => {
    const hook = await endpoint(r.owner, '/replay', ['order.gate_in']);
    const order = await offlineOrder(t, r, 'outbound');
    await walk(t, r, 'outbound', order, 'gate_in');
    await drain();
    const [first] = hooks.of('/replay');
    const [delivery] = (await deliveries(r.owner, hook.id)).data;
    const replay = await call('POST', `/api/webhooks/endpoints/${hook.id}/deliveries/${delivery?.id}/replay`, r.owner, {});
    expect(replay.statusCode, replay.body).toBe(202);
    await drain();
    expect(hooks.of('/replay').map((g) => g.id)).toEqual([first?.id, first?.id]);
    const attempts = await call('GET', `/api/webhooks/endpoints/${hook.id}/deliveries/${delivery?.id}/attempts`, r.owner);
    expect(attempts.json().data.map((a: { responseStatus: number }) => a.responseStatus)).toEqual([204, 204]);
    const test = await call('POST', `/api/webhooks/endpoints/${hook.id}/test`, r.owner, {});
    expect(test.statusCode, test.body).toBe(202);
    await drain();
    expect(hooks.of('/replay').at(-1)?.payload).toMatchObject({ type: 'webhook.test', version: 1 });
  });

  it('signs with both secrets for 24 hours after a rotation', async () => {
    const hook = await endpoint(r.owner, '/rotate');
    const rotated = await call('POST', `/api/webhooks/endpoints/${hook.id}/rotate-secret`, r.owner, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().data as { secret: string; previousSecretUntil: string };
    expect(fresh.secret).toMatch(/^whsec_/);
    expect(fresh.secret).not.toBe(hook.secret);
    expect(Date.parse(fresh.previousSecretUntil) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    await call('POST', `/api/webhooks/endpoints/${hook.id}/test`, r.owner, {});
    await drain();
    const got = hooks.of('/rotate').at(-1);
    expect(got?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    for (const secret of [hook.secret, fresh.secret]) {
      expect(new Webhook(secret).verify(got?.body ?? '', got?.headers ?? {})).toMatchObject({ type: 'webhook.test' });
    }
  });

  it('disables an endpoint that failed every attempt for 5 days and tells the owner', async () => {
    const hook = await endpoint(r.owner, '/dead');
    hooks.fail('/dead');
    await t.database.db.execute(sql`update webhook_endpoints set failing_since = now() - interval '5 days 1 minute' where id = ${hook.id}`);
    await call('POST', `/api/webhooks/endpoints/${hook.id}/test`, r.owner, {});
    await t.app.deps.jobs.tick();
    const [row] = (await call('GET', '/api/webhooks/endpoints', r.owner)).json().data.filter((e: { id: number }) => e.id === hook.id);
    expect(row).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/^Every delivery attempt failed since/) });
    const told = (await call('GET', '/api/notifications', r.owner)).json().data[0];
    expect(told).toMatchObject({ title: 'Webhook endpoint disabled', type: 'webhook' });
    // Enabled again, it starts afresh.
    hooks.fail('/dead', false);
    const again = await put(`/api/webhooks/endpoints/${hook.id}`, r.owner, {
      url: hooks.url('/dead'),
      eventTypes: ORDER_EVENTS,
      enabled: true,
    });
    expect(again.json().data).toMatchObject({ enabled: true, disabledReason: null });
  });
});

describe('the signing secret', () => {
  it('is in the answer that makes or rotates it, only hinted in lists, and read on purpose with a record of who read it', async () => {
    const hook = await endpoint(r.owner, '/secret');
    const listed = (await call('GET', '/api/webhooks/endpoints', r.owner)).json().data.find((e: { id: number }) => e.id === hook.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('secret');
    expect(listed.secretHint).toBe(`whsec_…${hook.secret.slice(-4)}`);
    const edited = await put(`/api/webhooks/endpoints/${hook.id}`, r.owner, {
      url: hooks.url('/secret'),
      eventTypes: ORDER_EVENTS,
      enabled: true,
    });
    expect(edited.json().data).not.toHaveProperty('secret');
    const read = await call('GET', `/api/webhooks/endpoints/${hook.id}/secret`, r.owner);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json().data).toEqual({ secret: hook.secret, previousSecretUntil: null });
    const audit = await t.database.db.execute(
      sql`select action, actor_user_id from audit_log where entity = 'webhook_endpoint' and entity_id = ${hook.id}`,
    );
    expect(rowsOf<{ action: string }>(audit).map((a) => a.action)).toEqual(['secret_read']);
  });
});

describe('refusals', () => {
  it('400 naming the field for a URL the server may not call or an unknown event', async () => {
    for (const url of ['http://example.com/hook', 'https://10.1.2.3/hook', 'https://127.0.0.1:9/hook', 'not a url']) {
      const res = await call('POST', '/api/webhooks/endpoints', r.owner, { url, eventTypes: ORDER_EVENTS });
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().error.fields), url).toEqual(['url']);
    }
    const bad = await call('POST', '/api/webhooks/endpoints', r.owner, { url: hooks.url('/x'), eventTypes: ['order.teleported'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)[0]).toMatch(/^eventTypes/);
  });

  it('401 without a session, 403 for staff and the admin, 404 for another company’s endpoint', async () => {
    const mine = await endpoint(r.owner, '/mine');
    expect((await t.app.inject({ method: 'GET', url: '/api/webhooks/endpoints' })).statusCode).toBe(401);
    const staff = await createStaff(t, r.owner, { permissions: ['list-plant'] });
    expect((await call('GET', '/api/webhooks/endpoints', staff.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/webhooks/endpoints', await t.login('admin@demo.test'))).statusCode).toBe(403);
    for (const other of [r.vayu, await t.login('noplan@demo.test')]) {
      expect((await call('GET', '/api/webhooks/endpoints', other)).json().data.map((e: { id: number }) => e.id)).not.toContain(mine.id);
      expect((await call('GET', `/api/webhooks/endpoints/${mine.id}/deliveries`, other)).statusCode).toBe(404);
      expect((await call('POST', `/api/webhooks/endpoints/${mine.id}/rotate-secret`, other, {})).statusCode).toBe(404);
      expect((await call('GET', `/api/webhooks/endpoints/${mine.id}/secret`, other)).statusCode).toBe(404);
      expect((await del(`/api/webhooks/endpoints/${mine.id}`, other)).statusCode).toBe(404);
    }
    expect((await del(`/api/webhooks/endpoints/${mine.id}`, r.owner)).statusCode).toBe(200);
  });

  it('serves the event catalogue publicly, each with its JSON schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/webhooks/event-types' });
    expect(res.statusCode).toBe(200);
    const gateOut = res.json().data.find((e: { type: string }) => e.type === 'order.gate_out');
    expect(gateOut.schema.properties.data.required).toEqual(expect.arrayContaining(['ewayBillNumbers', 'consignmentNoteNumbers']));
  });
});
