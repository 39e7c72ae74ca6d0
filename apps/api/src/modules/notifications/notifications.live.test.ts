import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { NotificationEvent } from '@freightdesk/shared/schemas/push';
import { notify } from '../../lib/notify.ts';
import { testRedisEnv, useTestApp } from '../../test/harness.ts';
import { setupProcurement } from '../../test/procurement.ts';
import { collect, until, useSockets } from '../../test/sockets.ts';

const t = useTestApp();
let p: Awaited<ReturnType<typeof setupProcurement>>;
let url = '';
const { socketTo, closeAll } = useSockets();
const socketOf = (token: string, base = url) => socketTo(base, token);
/** Every `notification` event the socket receives. */
const notifications = (s: Socket) => collect<NotificationEvent>(s, 'notification');
const unread = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: t.as(token) })).json().data.count as number;

beforeAll(async () => {
  p = await setupProcurement(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

describe('live notifications', () => {
  it('reach the user’s open sockets with the new unread count as soon as the event commits, and no one else’s', async () => {
    const vayu = notifications(await socketOf(p.vayu));
    const vayuSecondTab = notifications(await socketOf(p.vayu));
    const owner = notifications(await socketOf(p.owner));
    const started = Date.now();
    const created = await t.app.inject({ method: 'POST', url: '/api/requests/outbound', headers: t.as(p.owner), payload: p.base });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json().data;
    await until(() => vayu.length > 0 && vayuSecondTab.length > 0);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(vayu).toHaveLength(1);
    expect(vayu[0]).toMatchObject({
      notification: { title: 'New request to bid', type: 'request', referId: request.id, requestType: 1, readAt: null },
      unread: await unread(p.vayu),
    });
    expect(vayuSecondTab[0]?.notification.id).toBe(vayu[0]?.notification.id);
    expect(owner).toHaveLength(0);
  });

  it('stay silent for an event that rolls back', async () => {
    const vayu = notifications(await socketOf(p.vayu));
    const rows = (await t.database.db.execute(sql`select id from users where email = 'carrier@demo.test'`)) as unknown as {
      rows: { id: number }[];
    };
    const vayuId = Number(rows.rows[0]?.id);
    await t.database.db
      .transaction(async (tx) => {
        await notify(tx, [vayuId], { title: 'Never', msg: 'rolled back', type: 'order', referId: 1, requestType: 1 });
        throw new Error('the event failed');
      })
      .catch(() => undefined);
    await t.database.db.transaction(async (tx) => {
      await notify(tx, [vayuId], { title: 'Committed', msg: 'kept', type: 'order', referId: 2, requestType: 2 });
    });
    await until(() => vayu.length > 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(vayu.map((e) => e.notification.title)).toEqual(['Committed']);
  });
});

describe('live notifications across API processes', () => {
  it('an event committed through one process reaches a socket on another exactly once (with or without Redis)', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', ...testRedisEnv() });
    const a = await buildApp({ database: t.database, config, logger: false });
    const b = await buildApp({ database: t.database, config, logger: false });
    try {
      await a.ready();
      await b.listen({ port: 0, host: '127.0.0.1' });
      const onB = notifications(await socketOf(p.ganesh, `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`));
      const created = await a.inject({ method: 'POST', url: '/api/requests/outbound', headers: t.as(p.owner), payload: p.base });
      expect(created.statusCode, created.body).toBe(201);
      await until(() => onB.length > 0);
      await new Promise((r) => setTimeout(r, 200));
      expect(onB).toHaveLength(1);
      expect(onB[0]?.notification.referId).toBe(created.json().data.id);
    } finally {
      closeAll();
      await a.close();
      await b.close();
    }
  });
});
