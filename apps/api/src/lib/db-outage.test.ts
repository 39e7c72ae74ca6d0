import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../test/api-process.ts';
import { type Call, driveLoad } from '../test/bid-load.ts';
import { type FaultProxy, startFaultProxy } from '../test/fault-proxy.ts';
import { TEST_REDIS_KEY_PREFIX } from '../test/harness.ts';

/**
 * Database faults under bid load: a real API process (started as in production) reaches
 * PostgreSQL, and Redis when the run has one, through TCP proxies the test breaks while carriers
 * bid. Runs in the PostgreSQL pass (TEST_DB=postgres), where an unreachable database fails it.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const redisUrl = process.env.TEST_REDIS_URL;

/** The promises: a fault is answered (503) within 2 s, and calls succeed within 2 s of the link coming back. */
const ANSWER_MS = 2000;
const RECOVER_MS = 2000;
const CARRIERS = 4;

const dbName = `fd_outage_${randomBytes(5).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-outage-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let pgProxy: FaultProxy | undefined;
let redisProxy: FaultProxy | undefined;
let api: ApiProcess | undefined;
let direct: pg.Client | undefined;
let requestId = 0;
let carrierTokens: string[] = [];

async function call<T>(method: string, url: string, token?: string, body?: object): Promise<T> {
  const res = await fetch(`${api?.base}${url}`, {
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

const login = async (email: string, password = 'Demo@12345') =>
  (await call<{ token: string }>('POST', '/api/auth/login', undefined, { login: email, password })).token;

/** A new carrier company on the demo shipper's list, with a password set through its invitation link. */
async function addCarrier(owner: string, n: number): Promise<string> {
  const email = `outage${n}@carrier.test`;
  await call('POST', '/api/carriers', owner, { name: `Outage Roadways ${n}`, contactName: `Driver ${n}`, mobile: `976543211${n}`, email });
  const mail = await direct?.query<{ text: string }>('select text from outbox where "to" = $1 order by id desc limit 1', [email]);
  const token = /#\/password\/reset\/([\w-]+)/.exec(mail?.rows[0]?.text ?? '')?.[1];
  await call('POST', '/api/auth/reset-password', undefined, { token, password: 'Outage123', passwordConfirmation: 'Outage123' });
  return login(email, 'Outage123');
}

/** An open request of the demo shipper inviting every carrier, created through the API. */
async function openRequest(owner: string): Promise<number> {
  const [plant] = await call<{ id: number }[]>('GET', '/api/plants/options', owner);
  const [vehicle] = await call<{ id: number }[]>('GET', '/api/vehicle-types/options', owner);
  const links = await call<{ id: number }[]>('GET', '/api/carriers/options', owner);
  const stop = await call<{ id: number }>('POST', '/api/stops', owner, {
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
  const request = await call<{ id: number }>('POST', '/api/requests/outbound', owner, {
    requestType: 1,
    plantId: plant?.id,
    dropoffs: [{ stopId: stop.id }],
    weightTonnes: 10,
    vehicleTypeId: vehicle?.id,
    vehicleCount: 1,
    bidStartAt: hours(-0.1),
    bidEndAt: hours(2),
    pickupAt: hours(24),
    carrierLinkIds: links.map((l) => l.id),
  });
  return request.id;
}

beforeAll(async () => {
  if (!onPostgres) {
    return;
  }
  if (!adminUrl) {
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  direct = new pg.Client({ connectionString: url.toString() });
  await direct.connect();
  pgProxy = await startFaultProxy({ host: url.hostname, port: Number(url.port || 5432) });
  const viaProxy = new URL(url);
  viaProxy.host = `127.0.0.1:${pgProxy.port}`;
  const env: Record<string, string> = { DATABASE_URL: viaProxy.toString(), DATA_DIR: dataDir, DEMO_DATA: 'accounts', LOG_LEVEL: 'error' };
  if (redisUrl) {
    const redis = new URL(redisUrl);
    redisProxy = await startFaultProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    redis.host = `127.0.0.1:${redisProxy.port}`;
    env.REDIS_URL = redis.toString();
    env.REDIS_KEY_PREFIX = TEST_REDIS_KEY_PREFIX;
  }
  api = await startApiProcess(env);
  const owner = await login('owner@demo.test');
  carrierTokens = [await login('carrier@demo.test')];
  for (let n = 1; n < CARRIERS; n++) {
    carrierTokens.push(await addCarrier(owner, n));
  }
  requestId = await openRequest(owner);
}, 90_000);

afterAll(async () => {
  await api?.stop();
  await pgProxy?.close();
  await redisProxy?.close();
  await direct?.end();
  rmSync(dataDir, { recursive: true, force: true });
  if (onPostgres && adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}, 30_000);

const ok = (c: Call) => c.status === (c.kind === 'bid' ? 201 : 200);
const show = (list: Call[]) => list.slice(0, 5).map((c) => `${c.kind} ${c.status} ${c.code} in ${Math.round(c.end - c.start)} ms`);

/**
 * Every call made and answered during the fault [from, to) is a 503 with Retry-After; the first
 * success after `to` comes within 2 s, and from then on every call succeeds.
 */
function expectFault(calls: Call[], [from, to]: [number, number], label: string) {
  const during = calls.filter((c) => c.start >= from && c.end < to);
  // At least one from each carrier and the probe (a black-holed call takes 1.5 s).
  expect(during.length, `${label}: calls answered during the fault`).toBeGreaterThanOrEqual(CARRIERS + 1);
  const wrong = during.filter((c) => c.status !== 503 || !c.retryAfter || c.code !== 'DATABASE_UNAVAILABLE');
  expect(show(wrong), `${label}: answers during the fault`).toEqual([]);
  const firstBack = Math.min(...calls.filter((c) => c.start >= to && ok(c)).map((c) => c.end));
  expect(firstBack - to, `${label}: first success after the link came back (ms)`).toBeLessThanOrEqual(RECOVER_MS);
  // The next 800 ms (each phase leaves 3 s before the next fault).
  const after = calls.filter((c) => c.start >= to + RECOVER_MS && c.start < to + RECOVER_MS + 800);
  expect(after.length, `${label}: calls 2 s after the link came back`).toBeGreaterThanOrEqual(10);
  expect(show(after.filter((c) => !ok(c))), `${label}: answers 2 s after the link came back`).toEqual([]);
}

describe.skipIf(!onPostgres)('database faults under bid load (a real API process behind TCP proxies)', () => {
  it('stays up, answers 503 within 2 s through a cut and a black hole, recovers within 2 s, keeps every acknowledged bid', async () => {
    const { base } = api as ApiProcess;
    const proxy = pgProxy as FaultProxy;
    const calls: Call[] = [];
    const stop = driveLoad({ base, requestId, tokens: carrierTokens, keyPrefix: dbName }, calls);
    const phase = async (fault: () => void, restore: () => void, ms: number): Promise<[number, number]> => {
      const from = performance.now();
      fault();
      await sleep(ms);
      restore();
      return [from, performance.now()];
    };
    await sleep(1500);
    // Live events ride on Redis: losing it mid-publish must not end the process, nor fail a bid.
    const redisCut = redisProxy && (await phase(redisProxy.cut, redisProxy.restore, 1500));
    await sleep(1000);
    const cut = await phase(proxy.cut, proxy.restore, 3000);
    await sleep(3000);
    const hole = await phase(proxy.blackHole, proxy.restore, 5000);
    await sleep(3000);
    await stop();

    expect(api?.alive(), `the API process died:\n${api?.stderrTail()}`).toBe(true);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const odd = calls.filter((c) => !ok(c) && c.status !== 503);
    expect(show(odd), 'answers other than success or 503').toEqual([]);
    const slow = calls.filter((c) => c.end - c.start > ANSWER_MS).sort((a, b) => b.end - b.start - (a.end - a.start));
    expect(show(slow), `calls slower than ${ANSWER_MS} ms`).toEqual([]);
    if (redisCut) {
      const during = calls.filter((c) => c.start >= redisCut[0] && c.start < redisCut[1]);
      expect(show(during.filter((c) => !ok(c))), 'calls while Redis was cut').toEqual([]);
    }
    expectFault(calls, cut, 'connections reset');
    expectFault(calls, hole, 'black hole');

    // Every bid answered 201 is stored, with the amount it was answered for.
    const acked = calls.filter((c) => c.kind === 'bid' && c.status === 201);
    expect(acked.length).toBeGreaterThanOrEqual(200);
    const stored = await direct?.query<{ key: string; amount: string; n: number }>(
      `select v.idempotency_key as key, v.amount_paise::text as amount, count(*) over (partition by v.idempotency_key)::int as n
       from bid_revisions v join bids b on b.id = v.bid_id where b.request_id = $1`,
      [requestId],
    );
    const byKey = new Map((stored?.rows ?? []).map((r) => [r.key, r]));
    const lost = acked.filter((c) => byKey.get(c.key ?? '')?.amount !== String(c.amountPaise));
    expect(
      lost.map((c) => `${c.key} ${c.amountPaise}`),
      'acknowledged bids missing from bid_revisions',
    ).toEqual([]);
    expect(
      (stored?.rows ?? []).filter((r) => r.n > 1).map((r) => r.key),
      'revisions stored twice',
    ).toEqual([]);
    // Each carrier's bid row is its lowest (last) revision.
    const drift = await direct?.query(
      `select b.id from bids b where b.request_id = $1
         and b.amount_paise <> (select min(v.amount_paise) from bid_revisions v where v.bid_id = b.id)`,
      [requestId],
    );
    expect(drift?.rows).toEqual([]);
  }, 90_000);
});
