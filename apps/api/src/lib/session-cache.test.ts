import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { useTestApp } from '../test/harness.ts';
import { createStaff } from '../test/staff.ts';
import type { AuthUser } from './access.ts';
import type { Listener } from './listen.ts';
import { AUTH_CHANNEL, createSessionCache, sessionCacheOf } from './session-cache.ts';
import { hashToken } from './tokens.ts';

const viewer = (id: number): AuthUser => ({
  id,
  sessionId: id,
  userType: 4,
  name: 'Neha',
  email: 'neha@demo.test',
  mobile: null,
  profilePicture: null,
  industryId: 1,
  industryName: 'Demo Industries',
  carrierId: null,
  roleName: 'Viewer',
  permissions: ['list-plant'],
  plantIds: [3],
  businessUnitIds: [],
});

/** A listener that only records its handlers, so a test can announce a change itself. */
function fakeListener() {
  const handlers = new Map<string, (payload: string) => void>();
  const listener = {
    on: (channel: string, handler: (payload: string) => void) => handlers.set(channel, handler),
    onState: () => {},
  } as unknown as Listener;
  return { listener, announce: () => handlers.get(AUTH_CHANNEL)?.('users') };
}

describe('the session cache', () => {
  it('serves nothing before the listener listens, then what it was given, as a copy, until the session ends by time', () => {
    const cache = createSessionCache();
    const { listener } = fakeListener();
    const attached = cache.attach(listener);
    const expires = new Date(Date.now() + 60_000);
    cache.remember('a', viewer(1), expires, cache.generation());
    expect(cache.find('a')).toBeUndefined();

    attached.listening();
    cache.remember('a', viewer(1), expires, cache.generation());
    const found = cache.find('a');
    expect(found).toEqual(viewer(1));
    found?.permissions.push('edit-plant');
    found?.plantIds.push(4);
    expect(cache.find('a')).toEqual(viewer(1));
    expect(cache.find('a', expires.getTime() - 1)).toEqual(viewer(1));
    expect(cache.find('a', expires.getTime())).toBeUndefined();
    // Gone for good once found expired.
    expect(cache.find('a', Date.now())).toBeUndefined();
  });

  it('forgets everything on an announcement, and does not keep a lookup that started before one', () => {
    const cache = createSessionCache();
    const { listener, announce } = fakeListener();
    cache.attach(listener).listening();
    const expires = new Date(Date.now() + 60_000);
    cache.remember('a', viewer(1), expires, cache.generation());
    cache.remember('b', viewer(2), expires, cache.generation());
    announce();
    expect(cache.find('a')).toBeUndefined();
    expect(cache.find('b')).toBeUndefined();

    const started = cache.generation();
    announce();
    cache.remember('a', viewer(1), expires, started);
    expect(cache.find('a')).toBeUndefined();
  });

  it('serves while any of the listeners on its database listens, and nothing after the last one stops', () => {
    const cache = createSessionCache();
    const first = cache.attach(fakeListener().listener);
    const second = cache.attach(fakeListener().listener);
    const expires = new Date(Date.now() + 60_000);
    first.listening();
    second.listening();
    cache.remember('a', viewer(1), expires, cache.generation());
    second.closed();
    second.closed();
    cache.remember('a', viewer(1), expires, cache.generation());
    expect(cache.find('a')).toEqual(viewer(1));
    first.closed();
    expect(cache.find('a')).toBeUndefined();
    cache.remember('a', viewer(1), expires, cache.generation());
    expect(cache.find('a')).toBeUndefined();
  });
});

describe('a signed-in user after a change made by any statement', () => {
  const t = useTestApp();
  let owner: string;
  let plants: { id: number }[];
  const call = (token: string, url: string, method: 'GET' | 'POST' = 'GET') => t.app.inject({ method, url, headers: t.as(token) });
  /** A change by a statement of the test's own, then the app's `sync`, as a call that wrote waits for it (app.ts). */
  const sqlRun = async (q: ReturnType<typeof sql>) => {
    await t.database.db.execute(q);
    await t.app.deps.listener.sync();
  };
  /** Is the viewer now in memory (on either database)? */
  const expectCached = (token: string, cached: boolean) => {
    expect(sessionCacheOf(t.database.db)?.find(hashToken(token)) !== undefined).toBe(cached);
  };

  beforeAll(async () => {
    owner = await t.login('owner@demo.test');
    plants = (await call(owner, '/api/plants/options')).json().data;
    expect(plants.length).toBeGreaterThan(1);
  });

  it('sees a role, plant or status change at once, and a revoked or ended session is refused at once', async () => {
    const staff = await createStaff(t, owner, { permissions: ['list-plant', 'list-stop'], plantIds: [plants[0]?.id ?? 0] });
    const permissions = async () => (await call(staff.token, '/api/shipper-permissions', 'POST')).json().data;
    const seenPlants = async () => (await call(staff.token, '/api/plants')).json().data.length;
    expect((await permissions()).sort()).toEqual(['list-plant', 'list-stop']);
    expectCached(staff.token, true);
    expect(await seenPlants()).toBe(1);

    await sqlRun(
      sql`update roles set permissions = array['list-plant']::text[] where id = (select role_id from users where id = ${staff.id})`,
    );
    expectCached(staff.token, false);
    expect(await permissions()).toEqual(['list-plant']);

    await sqlRun(sql`delete from staff_plants where user_id = ${staff.id}`);
    expect(await seenPlants()).toBe((await call(owner, '/api/plants')).json().data.length);
    await sqlRun(sql`insert into staff_plants (user_id, plant_id) values (${staff.id}, ${plants[1]?.id ?? 0})`);
    expect(await seenPlants()).toBe(1);

    await sqlRun(sql`update users set status = 'inactive' where id = ${staff.id}`);
    expect((await call(staff.token, '/api/plants')).statusCode).toBe(401);
    await sqlRun(sql`update users set status = 'active' where id = ${staff.id}`);
    expect((await call(staff.token, '/api/plants')).statusCode).toBe(200);

    await sqlRun(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${staff.id}`);
    expect((await call(staff.token, '/api/plants')).statusCode).toBe(401);
  });

  it('a logout ends the session for the next call; the shipper deactivated ends all of its users’ calls', async () => {
    const staff = await createStaff(t, owner, { permissions: ['list-plant'] });
    const other = await t.login('owner@demo.test');
    expect((await call(staff.token, '/api/plants')).statusCode).toBe(200);
    expect((await call(other, '/api/plants')).statusCode).toBe(200);
    expectCached(other, true);
    expect((await call(other, '/api/auth/logout', 'POST')).statusCode).toBe(200);
    expect((await call(other, '/api/plants')).statusCode).toBe(401);

    await sqlRun(sql`update industries set status = 'inactive' where id = (select industry_id from users where id = ${staff.id})`);
    try {
      expect((await call(staff.token, '/api/plants')).statusCode).toBe(401);
      expect((await call(owner, '/api/plants')).statusCode).toBe(401);
    } finally {
      await sqlRun(sql`update industries set status = 'active' where id = (select industry_id from users where id = ${staff.id})`);
    }
    expect((await call(owner, '/api/plants')).statusCode).toBe(200);
  });

  it('stays in step after a second app on the same database starts and closes', async () => {
    const second = await buildApp({
      database: t.database,
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      mailer: { send: async () => undefined },
      logger: false,
    });
    await second.ready();
    const staff = await createStaff(t, owner, { permissions: ['list-plant'] });
    expect((await second.inject({ method: 'GET', url: '/api/plants', headers: t.as(staff.token) })).statusCode).toBe(200);
    await second.close();
    expect((await call(staff.token, '/api/plants')).statusCode).toBe(200);
    expectCached(staff.token, true);
    await sqlRun(sql`update users set status = 'inactive' where id = ${staff.id}`);
    expect((await call(staff.token, '/api/plants')).statusCode).toBe(401);
  });
});
