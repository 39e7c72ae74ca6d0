import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { setupProcurement } from '../test/procurement.ts';
import { isIdempotentWrite, purgeIdempotencyKeys } from './idempotency.ts';

const t = useTestApp();
let owner = '';
let vayu = '';
let ganesh = '';
let base: Record<string, unknown> = {};

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token: string, payload?: object, key?: string) =>
  t.app.inject({ method, url, headers: { ...t.as(token), ...(key ? { 'idempotency-key': key } : {}) }, payload });

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await t.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n);

/** A closed request with one bid from each carrier. */
async function closedWithBids() {
  const request = (await call('POST', '/api/requests/outbound', owner, { ...base, vehicleCount: 3 })).json().data;
  await call('POST', `/api/carrier/requests/${request.id}/bids`, vayu, { amountRupees: 42000, vehicles: 2 });
  await call('POST', `/api/carrier/requests/${request.id}/bids`, ganesh, { amountRupees: 41000, vehicles: 1 });
  await t.database.db.execute(sql`update transport_requests set status = 'closed' where id = ${request.id}`);
  const board = (await call('GET', `/api/requests/outbound/${request.id}/bids`, owner)).json().data as { id: number }[];
  return { id: request.id as number, bids: board.map((b) => b.id) };
}

beforeAll(async () => {
  ({ owner, vayu, ganesh, base } = await setupProcurement(t));
});

describe('Idempotency-Key on writes', () => {
  it('answers a repeated award with the stored answer and makes its orders once', async () => {
    const r = await closedWithBids();
    const key = randomUUID();
    const body = { awards: [{ bidId: r.bids[0], vehicles: 1 }] };
    const first = await call('POST', `/api/requests/outbound/${r.id}/award`, owner, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await call('POST', `/api/requests/outbound/${r.id}/award`, owner, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count(sql`select count(*)::int as n from orders where request_id = ${r.id}`)).toBe(1);
  });

  it('gives racing calls with one key one write and the same answer', async () => {
    const r = await closedWithBids();
    const key = randomUUID();
    const body = { awards: [{ bidId: r.bids[1], vehicles: 1 }] };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', `/api/requests/outbound/${r.id}/award`, owner, body, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await count(sql`select count(*)::int as n from orders where request_id = ${r.id}`)).toBe(1);
  });

  it('refuses the key with another body (422) and keeps the first write alone', async () => {
    const key = randomUUID();
    const made = await call('POST', '/api/requests/outbound', owner, { ...base, remarks: 'first' }, key);
    expect(made.statusCode, made.body).toBe(201);
    const other = await call('POST', '/api/requests/outbound', owner, { ...base, remarks: 'second' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.fields).toHaveProperty('Idempotency-Key');
    expect(await count(sql`select count(*)::int as n from transport_requests where remarks in ('first', 'second')`)).toBe(1);
  });

  it('stores nothing for a refused call, so the corrected retry with the same key goes through', async () => {
    const key = randomUUID();
    const bad = await call('POST', '/api/requests/outbound', owner, { ...base, weightTonnes: -1, remarks: 'retried' }, key);
    expect(bad.statusCode).toBe(400);
    const good = await call('POST', '/api/requests/outbound', owner, { ...base, remarks: 'retried' }, key);
    expect(good.statusCode, good.body).toBe(201);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps keys per user, and names a malformed key', async () => {
    const key = randomUUID();
    const mine = await call('POST', '/api/stops', owner, { ...stop('Keyed A') }, key);
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = await call('POST', '/api/stops', await t.login('noplan@demo.test'), { ...stop('Keyed B') }, key);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    const malformed = await call('POST', '/api/stops', owner, stop('Keyed C'), 'x y');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toHaveProperty('Idempotency-Key');
  });

  it('places a bid once per key and refuses the key with another amount', async () => {
    const request = (await call('POST', '/api/requests/outbound', owner, base)).json().data;
    const key = randomUUID();
    const url = `/api/carrier/requests/${request.id}/bids`;
    const first = await call('POST', url, vayu, { amountRupees: 45000, vehicles: 1 }, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await call('POST', url, vayu, { amountRupees: 45000, vehicles: 1 }, key);
    expect(again.statusCode).toBe(201);
    const other = await call('POST', url, vayu, { amountRupees: 44000, vehicles: 1 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(
      await count(sql`select count(*)::int as n from bid_revisions v join bids b on b.id = v.bid_id where b.request_id = ${request.id}`),
    ).toBe(1);
  });

  it('covers every authenticated write route of the API', () => {
    const writes: string[] = [];
    const exempt: string[] = [];
    for (const route of t.app.routeCatalog) {
      const methods = [route.method].flat();
      if (!route.url.startsWith('/api/') || !methods.some((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m))) {
        continue;
      }
      const access = route.config?.access;
      if (access === 'public') {
        continue;
      }
      (isIdempotentWrite(route) ? writes : exempt).push(`${methods.join(',')} ${route.url}`);
    }
    expect(writes.length).toBeGreaterThan(50);
    // Bids keep their own key (the header becomes it) inside their batch.
    expect(exempt).toEqual(['POST /api/carrier/requests/:id/bids']);
  });

  it('purges keys older than a day', async () => {
    await t.database.db.execute(
      sql`insert into idempotency_keys (user_id, key, fingerprint, created_at) values (1, 'old-key-123', 'f', now() - interval '25 hours')`,
    );
    expect(await purgeIdempotencyKeys(t.database.db, 100)).toBeGreaterThanOrEqual(1);
    expect(await count(sql`select count(*)::int as n from idempotency_keys where key = 'old-key-123'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from idempotency_keys`)).toBeGreaterThan(0);
  });
});

function stop(name: string) {
  return { name, type: 'drop', address: 'Yard', city: 'Surat', state: 'Gujarat', pincode: '395003', latitude: 21.17, longitude: 72.83 };
}
