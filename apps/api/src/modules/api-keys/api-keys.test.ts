import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { useTestApp } from '../../test/harness.ts';
import { fill, operations } from '../../test/openapi.ts';
import { createStaff } from '../../test/staff.ts';

/** API keys (issue 34): created by the company's account, used as X-API-Key, bound by scopes, revoked at once. */
const t = useTestApp();
let owner = '';
let carrier = '';

const keyHeaders = (key: string) => ({ 'x-api-key': key });

async function createKey(token: string, scopes: string[], name = 'ERP', expiresInDays = 30) {
  const res = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: t.as(token), payload: { name, scopes, expiresInDays } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; key: string; prefix: string; scopes: string[] };
}

beforeAll(async () => {
  owner = await t.login('owner@demo.test');
  carrier = await t.login('carrier@demo.test');
});

describe('API keys', () => {
  it('shows the secret once, stores only its hash, and lists the key by its prefix', async () => {
    const created = await createKey(owner, ['orders:read']);
    expect(created.key).toMatch(/^fdk_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    // The answer names the key's own fields: never its hash, nor the company's or users' ids.
    expect(Object.keys(created).sort()).toEqual(
      [
        'createdAt',
        'createdByName',
        'expiresAt',
        'id',
        'key',
        'lastUsedAddress',
        'lastUsedAt',
        'name',
        'prefix',
        'revokedAt',
        'scopes',
      ].sort(),
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/api-keys?pageSize=25', headers: t.as(owner) });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((k: { id: number }) => k.id)).toContain(created.id);
    expect(list.body).not.toContain(created.key);
    const stored = (await t.database.db.execute(sql`select key_hash from api_keys where id = ${created.id}`)) as unknown as {
      rows: { key_hash: string }[];
    };
    expect(stored.rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0]?.key_hash).not.toContain(created.key.slice(4));
  });

  it('reads with a read scope as its company does, and refuses areas it does not hold', async () => {
    const { key } = await createKey(owner, ['orders:read', 'masters:read']);
    for (const url of ['/api/orders/outbound', '/api/plants']) {
      const byKey = await t.app.inject({ method: 'GET', url, headers: keyHeaders(key) });
      expect(byKey.statusCode, byKey.body).toBe(200);
      const asOwner = await t.app.inject({ method: 'GET', url, headers: t.as(owner) });
      expect(byKey.json().total).toBe(asOwner.json().total);
    }
    const plants = await t.app.inject({ method: 'GET', url: '/api/plants', headers: keyHeaders(key) });
    expect(plants.json().total).toBeGreaterThan(0);
    const invoices = await t.app.inject({ method: 'GET', url: '/api/invoices', headers: keyHeaders(key) });
    expect(invoices.statusCode).toBe(403);
    const keys = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: keyHeaders(key) });
    expect(keys.statusCode).toBe(403);
    // The key header decides: a session token beside it does not widen the key.
    const both = await t.app.inject({ method: 'GET', url: '/api/invoices', headers: { ...keyHeaders(key), ...t.as(owner) } });
    expect(both.statusCode).toBe(403);
  });

  it('refuses a key with only "orders:read" 403 on every write route', { timeout: 120_000 }, async () => {
    const { key } = await createKey(owner, ['orders:read']);
    const writes = operations(t.app).filter((op) => op.url.startsWith('/api/') && op.method !== 'GET' && op.access !== 'public');
    expect(writes.length).toBeGreaterThan(150);
    const answered: string[] = [];
    for (const op of writes) {
      const res = await t.app.inject({ method: op.method as 'POST', url: fill(op.url, {}), headers: keyHeaders(key), payload: {} });
      if (res.statusCode !== 403) {
        answered.push(`${op.method} ${op.url}: ${res.statusCode}`);
      }
    }
    expect(answered).toEqual([]);
  });

  it('acts for a carrier company within the carrier areas', async () => {
    const grantable = await t.app.inject({ method: 'GET', url: '/api/api-keys/grantable', headers: t.as(carrier) });
    expect(grantable.json().data.scopes).toEqual([
      'orders:read',
      'orders:write',
      'requests:read',
      'requests:write',
      'invoices:read',
      'invoices:write',
    ]);
    const masters = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: t.as(carrier),
      payload: { name: 'TMS', scopes: ['masters:read'], expiresInDays: 30 },
    });
    expect(masters.statusCode).toBe(400);
    expect(masters.json().error.fields).toHaveProperty('scopes');
    const { key } = await createKey(carrier, ['orders:read']);
    const orders = await t.app.inject({ method: 'GET', url: '/api/carrier/orders', headers: keyHeaders(key) });
    expect(orders.statusCode, orders.body).toBe(200);
    const shipperOrders = await t.app.inject({ method: 'GET', url: '/api/orders/outbound', headers: keyHeaders(key) });
    expect(shipperOrders.statusCode).toBe(403);
  });

  it('lets only the carrier account and the shipper owner manage keys, each only their company’s', async () => {
    const staff = (await createStaff(t, owner, { permissions: ['list-outbound-order'] })).token;
    const byStaff = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: t.as(staff) });
    expect(byStaff.statusCode).toBe(403);
    const { id } = await createKey(owner, ['orders:read']);
    const byCarrier = await t.app.inject({ method: 'POST', url: `/api/api-keys/${id}/revoke`, headers: t.as(carrier) });
    expect(byCarrier.statusCode).toBe(404);
    const calls = await t.app.inject({ method: 'GET', url: `/api/api-keys/${id}/calls`, headers: t.as(carrier) });
    expect(calls.statusCode).toBe(404);
    const carrierList = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: t.as(carrier) });
    expect(carrierList.json().data.map((k: { id: number }) => k.id)).not.toContain(id);
    expect(carrierList.json().data.length).toBeGreaterThan(0);
  });

  it('refuses scopes past a plan-less shipper’s plan, and bad fields with 400', async () => {
    const noPlan = await t.login('noplan@demo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: t.as(noPlan),
      payload: { name: 'ERP', scopes: ['orders:read'], expiresInDays: 30 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/plan/);
    for (const payload of [
      { name: '', scopes: ['orders:read'], expiresInDays: 30 },
      { name: 'ERP', scopes: ['everything'], expiresInDays: 30 },
      { name: 'ERP', scopes: ['orders:read'], expiresInDays: 366 },
    ]) {
      const bad = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: t.as(owner), payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('refuses an expired key and an unknown one with 401', async () => {
    const { id, key } = await createKey(owner, ['orders:read']);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/outbound', headers: keyHeaders(key) })).statusCode).toBe(200);
    // As time would: the key's end is past (the session cache is told, as by any change, and the
    // test waits for the announcement as a call that wrote does: app.ts).
    await t.database.db.execute(sql`update api_keys set expires_at = now() - interval '1 second' where id = ${id}`);
    await t.database.db.execute(sql`select pg_notify('fd_auth', 'api_keys')`);
    await t.app.deps.listener.sync();
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/outbound', headers: keyHeaders(key) })).statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/orders/outbound', headers: keyHeaders(`fdk_${'A'.repeat(43)}`) });
    expect(unknown.statusCode).toBe(401);
  });

  it('refuses a revoked key within a second on every app of the database', async () => {
    const { id, key } = await createKey(owner, ['orders:read']);
    const second = await buildApp({ database: t.database, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
    await second.ready();
    try {
      for (const app of [t.app, second]) {
        expect((await app.inject({ method: 'GET', url: '/api/orders/outbound', headers: keyHeaders(key) })).statusCode).toBe(200);
      }
      const revoked = await t.app.inject({ method: 'POST', url: `/api/api-keys/${id}/revoke`, headers: t.as(owner) });
      expect(revoked.statusCode).toBe(200);
      // The app that revoked refuses at once (its call waited for the announcement); another API
      // process learns of it as PostgreSQL delivers the announcement to it, within the second.
      expect((await t.app.inject({ method: 'GET', url: '/api/orders/outbound', headers: keyHeaders(key) })).statusCode).toBe(401);
      const at = Date.now();
      const onSecond = async () =>
        (await second.inject({ method: 'GET', url: '/api/orders/outbound', headers: keyHeaders(key) })).statusCode;
      await expect.poll(onSecond, { timeout: 1000, interval: 10 }).toBe(401);
      expect(Date.now() - at).toBeLessThan(1000);
    } finally {
      await second.close();
    }
  });

  it('writes every call to the key’s audit log and its last use', async () => {
    const { id, key } = await createKey(owner, ['orders:read']);
    await t.app.inject({ method: 'GET', url: '/api/orders/outbound?pageSize=25', headers: keyHeaders(key) });
    await t.app.inject({ method: 'POST', url: '/api/requests/outbound', headers: keyHeaders(key), payload: {} });
    await t.app.apiKeyCalls.flush();
    const calls = await t.app.inject({ method: 'GET', url: `/api/api-keys/${id}/calls`, headers: t.as(owner) });
    expect(calls.statusCode).toBe(200);
    const rows = calls.json().data as { method: string; path: string; status: number; address: string; durationMs: number }[];
    expect(rows.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/api/requests/outbound', 403],
      ['GET', '/api/orders/outbound', 200],
    ]);
    expect(rows[0]?.address).toBe('127.0.0.1');
    const list = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: t.as(owner) });
    const mine = (list.json().data as { id: number; lastUsedAt: string | null; lastUsedAddress: string | null }[]).find((k) => k.id === id);
    expect(mine?.lastUsedAt).not.toBeNull();
    expect(mine?.lastUsedAddress).toBe('127.0.0.1');
  });
});
