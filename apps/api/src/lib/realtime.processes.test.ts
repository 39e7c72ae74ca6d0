import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../test/api-process.ts';
import { TEST_DB_KIND, TEST_REDIS_KEY_PREFIX, testRedisUrl } from '../test/harness.ts';
import { follow, nextEvent, useSockets } from '../test/sockets.ts';

/**
 * Two real API processes (two `node` OS processes started as in production) on one PostgreSQL
 * database and one Redis: a bid placed through the first reaches a socket held by the second.
 * Runs in the PostgreSQL pass of the suite (CI), which has Redis.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
// The PostgreSQL pass (CI) always runs it: there a missing Redis or database fails it.
const enabled = TEST_DB_KIND === 'postgres';
let redisUrl: string | undefined;

const dbName = `fd_proc_${randomBytes(5).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-proc-'));
const processes: ApiProcess[] = [];
const { socketTo, closeAll } = useSockets();
let databaseUrl = '';

/** An API process on the test database (the first loads the demo data), as production starts it. */
async function startApi(demo: boolean): Promise<string> {
  const api = await startApiProcess({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl ?? '',
    REDIS_KEY_PREFIX: TEST_REDIS_KEY_PREFIX,
    DATA_DIR: dataDir,
    // Both processes on this machine use the one folder: declared shared, or the second refuses to start.
    FILE_STORE_SHARED: 'true',
    DEMO_DATA: demo ? '1' : '0',
    LOG_LEVEL: 'warn',
  });
  processes.push(api);
  return api.base;
}

async function call<T>(base: string, method: string, url: string, token?: string, body?: object): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) {
    throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  }
  return json.data;
}

const login = async (base: string, email: string) =>
  (await call<{ token: string }>(base, 'POST', '/api/auth/login', undefined, { login: email, password: 'Demo@12345' })).token;

beforeAll(async () => {
  if (!enabled) {
    return;
  }
  redisUrl = testRedisUrl();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl ?? '');
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
}, 30_000);

afterAll(async () => {
  closeAll();
  await Promise.all(processes.map((p) => p.stop()));
  rmSync(dataDir, { recursive: true, force: true });
  if (enabled) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}, 30_000);

describe.skipIf(!enabled)('live events across two API processes (PostgreSQL + Redis)', () => {
  it('delivers a bid placed through one process to a socket on the other', async () => {
    // The first process migrates and loads the demo data; the second joins the same database.
    const a = await startApi(true);
    const b = await startApi(false);

    const owner = await login(a, 'owner@demo.test');
    const [plant] = await call<{ id: number }[]>(a, 'GET', '/api/plants/options', owner);
    const [vehicle] = await call<{ id: number }[]>(a, 'GET', '/api/vehicle-types/options', owner);
    const carriers = await call<{ id: number; name: string }[]>(a, 'GET', '/api/carriers/options', owner);
    const stop = await call<{ id: number }>(a, 'POST', '/api/stops', owner, {
      name: 'Surat DC',
      type: 'drop',
      address: 'Sachin GIDC',
      city: 'Surat',
      state: 'Gujarat',
      pincode: '394230',
      latitude: 21.08,
      longitude: 72.88,
    });
    const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const request = await call<{ id: number }>(a, 'POST', '/api/requests/outbound', owner, {
      requestType: 1,
      plantId: plant?.id,
      dropoffs: [{ stopId: stop.id }],
      weightTonnes: 10,
      vehicleTypeId: vehicle?.id,
      vehicleCount: 1,
      bidStartAt: hours(-0.1),
      bidEndAt: hours(2),
      pickupAt: hours(24),
      carrierLinkIds: carriers.map((c) => c.id),
    });

    // The shipper watches the board through process B.
    const socket = await socketTo(b, owner);
    expect(await follow(socket, request.id)).toBe(true);
    const pushed = nextEvent(socket, 'request:bids', 10_000);

    // The carrier bids through process A.
    const carrier = await login(a, 'carrier@demo.test');
    await call(a, 'POST', `/api/carrier/requests/${request.id}/bids`, carrier, { amountRupees: 41000, vehicles: 1 });
    expect((await pushed).requestId).toBe(request.id);
  }, 120_000);
});
