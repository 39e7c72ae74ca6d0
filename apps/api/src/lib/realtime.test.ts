import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { setupProcurement } from '../test/procurement.ts';
import { disconnected, follow, nextEvent, useSockets } from '../test/sockets.ts';
import { SOCKET_UNAVAILABLE } from '@freightdesk/shared/schemas/push';
import { hashToken } from './tokens.ts';

// Live events through one API process; across processes (Redis): realtime.redis.test.ts.
const t = useTestApp();
const { socketTo } = useSockets();
let p: Awaited<ReturnType<typeof setupProcurement>>;
let url = '';

const newRequest = async () =>
  (await t.app.inject({ method: 'POST', url: '/api/requests/outbound', headers: t.as(p.owner), payload: p.base })).json().data as {
    id: number;
  };

beforeAll(async () => {
  p = await setupProcurement(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

describe('live events', () => {
  it('pushes a new bid to the shipper following the request, without reloading', async () => {
    const request = await newRequest();
    const shipper = await socketTo(url, p.owner);
    expect(await follow(shipper, request.id)).toBe(true);
    const pushed = nextEvent(shipper, 'request:bids');
    await t.app.inject({
      method: 'POST',
      url: `/api/carrier/requests/${request.id}/bids`,
      headers: t.as(p.vayu),
      payload: { amountRupees: 45000, vehicles: 1 },
    });
    expect((await pushed).requestId).toBe(request.id);
  });

  it('joins a follow sent without an answer wanted, as the web app sends it', async () => {
    const request = await newRequest();
    const shipper = await socketTo(url, p.owner);
    shipper.emit('follow', request.id);
    // The join takes milliseconds; nothing tells the client when it is done.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const pushed = nextEvent(shipper, 'request:bids');
    await t.app.inject({
      method: 'POST',
      url: `/api/carrier/requests/${request.id}/bids`,
      headers: t.as(p.vayu),
      payload: { amountRupees: 45000, vehicles: 1 },
    });
    expect((await pushed).requestId).toBe(request.id);
  });

  it('refuses sockets without a session, and rooms of requests the user may not see', async () => {
    await expect(socketTo(url, 'not-a-token')).rejects.toThrow(/unauthenticated/);
    const request = await newRequest();
    const other = await socketTo(url, await t.login('noplan@demo.test'));
    expect(await follow(other, request.id)).toBe(false);
    const invited = await socketTo(url, p.ganesh);
    expect(await follow(invited, request.id)).toBe(true);
  });
});

describe('who may follow a request live: the same rule as reading it', () => {
  it('never lets an invited carrier follow a draft', async () => {
    const draft = (
      await t.app.inject({ method: 'POST', url: '/api/requests/outbound', headers: t.as(p.owner), payload: { ...p.base, publish: false } })
    ).json().data as { id: number; status: string };
    expect(draft.status).toBe('draft');
    const carrier = await socketTo(url, p.vayu);
    expect(await follow(carrier, draft.id)).toBe(false);
  });

  it('refuses staff without the permission and staff outside the request’s plant', async () => {
    const request = await newRequest();
    // The demo staff role may add outbound requests but holds no detail or bid permission.
    const staff = await socketTo(url, await t.login('staff@demo.test'));
    expect(await follow(staff, request.id)).toBe(false);
    const owner = t.as(p.owner);
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: owner,
      payload: { name: 'Bid watchers', permissions: ['detail-outbound-request'] },
    });
    expect(role.statusCode, role.body).toBe(201);
    const plants = (await t.app.inject({ method: 'GET', url: '/api/plants/options', headers: owner })).json().data as { id: number }[];
    const elsewhere = plants.find((pl) => pl.id !== p.base.plantId);
    expect(elsewhere).toBeDefined();
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: owner,
      payload: { name: 'Far Away', email: 'far@demo.test', mobile: '9811122233', roleId: role.json().data.id, plantIds: [elsewhere?.id] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const link = /#\/password\/reset\/([\w-]+)/.exec(t.mails.at(-1)?.text ?? '')?.[1];
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: link, password: 'Far12345', passwordConfirmation: 'Far12345' },
    });
    const far = await socketTo(url, await t.login('far@demo.test', 'Far12345'));
    expect(await follow(far, request.id)).toBe(false);
    await t.app.inject({
      method: 'PUT',
      url: `/api/staff/${made.json().data.id}`,
      headers: owner,
      payload: {
        name: 'Far Away',
        email: 'far@demo.test',
        mobile: '9811122233',
        roleId: role.json().data.id,
        plantIds: [p.base.plantId],
      },
    });
    expect(await follow(far, request.id)).toBe(true);
  });

  it('drops the sockets of a session that ends: logout, password change, deactivation', async () => {
    const token = await t.login('carrier@demo.test');
    const s = await socketTo(url, token);
    const gone = disconnected(s);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.as(token) });
    expect(await gone).toBe('io server disconnect');

    const other = await t.login('owner@demo.test');
    const kept = await socketTo(url, p.owner);
    const dropped = await socketTo(url, other);
    const droppedGone = disconnected(dropped);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/profile/change-password',
      headers: t.as(p.owner),
      payload: { currentPassword: 'Demo@12345', password: 'Demo@12345x', passwordConfirmation: 'Demo@12345x' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await droppedGone).toBe('io server disconnect');
    expect(kept.connected).toBe(true);

    const staff = await socketTo(url, await t.login('staff@demo.test'));
    const staffGone = disconnected(staff);
    const list = (await t.app.inject({ method: 'GET', url: '/api/staff?search=staff%40demo.test', headers: t.as(p.owner) })).json();
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${list.data[0].id}/status`,
      headers: t.as(p.owner),
      payload: { status: 'inactive' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await staffGone).toBe('io server disconnect');
    await t.app.inject({
      method: 'POST',
      url: `/api/staff/${list.data[0].id}/status`,
      headers: t.as(p.owner),
      payload: { status: 'active' },
    });
  });

  it('refuses a follow from a socket whose session ended, and disconnects it', async () => {
    const token = await t.login('carrier@demo.test');
    const s = await socketTo(url, token);
    await t.database.db.execute(sql`update sessions set revoked_at = now() where token_hash = ${hashToken(token)}`);
    // As a call that wrote waits for its announcements (app.ts), before the socket is read again.
    await t.app.deps.listener.sync();
    const request = await newRequest();
    expect(await follow(s, request.id)).toBe(false);
  });
});

describe('a database that does not answer is not a sign-out', () => {
  /**
   * Makes every statement of the app's database fail as an unreachable server's does, until the
   * answer is called: both drivers run statements through their client's `query`, and PGlite's
   * named statements (lib/pglite-statements.ts) through its `execProtocolStream`.
   */
  const breakDatabase = () => {
    const client = (t.database.db as unknown as { $client: { query?: unknown; execProtocolStream?: unknown } }).$client;
    const refused = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    client.query = refused;
    if (client.execProtocolStream) {
      client.execProtocolStream = refused;
    }
    return () => {
      delete client.query;
      delete client.execProtocolStream;
    };
  };

  it('refuses the connection as unavailable, not unauthenticated, and accepts it once the database is back', async () => {
    const token = await t.login('carrier@demo.test');
    // The embedded database's session cache holds the new session; a change to sessions (even of
    // no row) empties it, so the connection has to ask the database.
    await t.database.db.execute(sql`update sessions set revoked_at = null where false`);
    // On PostgreSQL the announcement comes back over the listening connection: wait for it, as a
    // call that wrote does (app.ts), or the connection may still find the cached viewer.
    await t.app.deps.listener.sync();
    const restore = breakDatabase();
    try {
      await expect(socketTo(url, token)).rejects.toThrow(new RegExp(`^${SOCKET_UNAVAILABLE}$`));
    } finally {
      restore();
    }
    expect((await socketTo(url, token)).connected).toBe(true);
  });

  it('a follow the database cannot check closes only the transport: the client reconnects and follows again', async () => {
    const request = await newRequest();
    const s = await socketTo(url, p.owner, { reconnection: true, reconnectionDelay: 300 });
    expect(await follow(s, request.id)).toBe(true);
    const gone = disconnected(s);
    const restore = breakDatabase();
    let answered: boolean;
    try {
      answered = await follow(s, request.id);
    } finally {
      restore();
    }
    expect(answered).toBe(false);
    expect(await gone).toBe('transport close');
    await new Promise<void>((resolve) => s.once('connect', () => resolve()));
    expect(await follow(s, request.id)).toBe(true);
    const status = nextEvent(s, 'request:status');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/requests/outbound/${request.id}/cancel`,
      headers: t.as(p.owner),
      payload: { reason: 'Plan changed' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await status).requestId).toBe(request.id);
  });
});
