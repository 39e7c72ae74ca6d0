import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../test/api-process.ts';
import { TEST_DB_KIND } from '../../test/harness.ts';

/**
 * Two real API processes on one PostgreSQL database: a key revoked through the first is refused by
 * the second within a second (issue 34). Runs in the PostgreSQL pass of the suite (CI).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const enabled = TEST_DB_KIND === 'postgres';
const dbName = `fd_keys_${randomBytes(5).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-keys-'));
const processes: ApiProcess[] = [];
let databaseUrl = '';

async function startApi(demo: boolean): Promise<string> {
  // One folder for both processes on this machine: declared shared, or the second refuses to start.
  const api = await startApiProcess({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    FILE_STORE_SHARED: 'true',
    DEMO_DATA: demo ? '1' : '0',
    LOG_LEVEL: 'warn',
  });
  processes.push(api);
  return api.base;
}

async function call(base: string, method: string, url: string, headers: Record<string, string>, body?: object) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } };
}

beforeAll(async () => {
  if (!enabled) {
    return;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl ?? '');
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
}, 30_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  rmSync(dataDir, { recursive: true, force: true });
  if (enabled) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}, 30_000);

describe.skipIf(!enabled)('API key revocation across two API processes (PostgreSQL)', () => {
  it('refuses a key revoked through one process on the other within a second', async () => {
    const a = await startApi(true);
    const b = await startApi(false);
    const login = await call(a, 'POST', '/api/auth/login', {}, { login: 'owner@demo.test', password: 'Demo@12345' });
    const owner = { authorization: `Bearer ${String(login.json.data.token)}` };
    const created = await call(a, 'POST', '/api/api-keys', owner, { name: 'ERP', scopes: ['orders:read'], expiresInDays: 1 });
    expect(created.status).toBe(201);
    const key = { 'x-api-key': String(created.json.data.key) };
    for (const base of [a, b]) {
      expect((await call(base, 'GET', '/api/orders/outbound', key)).status).toBe(200);
    }
    expect((await call(a, 'POST', `/api/api-keys/${String(created.json.data.id)}/revoke`, owner, {})).status).toBe(200);
    const revokedAt = Date.now();
    let status = 0;
    while (Date.now() - revokedAt < 1000) {
      status = (await call(b, 'GET', '/api/orders/outbound', key)).status;
      if (status === 401) {
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
    expect((await call(a, 'GET', '/api/orders/outbound', key)).status).toBe(401);
  }, 120_000);
});
