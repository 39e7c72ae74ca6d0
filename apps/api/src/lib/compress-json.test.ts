import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { setupProcurement } from '../test/procurement.ts';
import { COMPRESS_MIN_BYTES, chooseEncoding } from './compress-json.ts';

const t = useTestApp();
let owner = '';
let vayu = '';
let ganesh = '';
let base: Record<string, unknown> = {};

beforeAll(async () => {
  ({ owner, vayu, ganesh, base } = await setupProcurement(t));
  for (let i = 0; i < 3; i++) {
    const made = await t.app.inject({ method: 'POST', url: '/api/requests/outbound', headers: t.as(owner), payload: base });
    expect(made.statusCode, made.body).toBe(201);
  }
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...t.as(owner), ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) } });

const decoded = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
  const encoding = res.headers['content-encoding'];
  const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : encoding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
  return JSON.parse(body.toString('utf8'));
};

describe('compressed JSON answers', () => {
  it('answers a list in brotli or gzip as the client accepts, the same JSON, and plain to a client that asks for neither', async () => {
    const plain = await get('/api/requests/outbound?pageSize=100');
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    for (const [header, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await get('/api/requests/outbound?pageSize=100', header);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], header).toBe(expected);
      expect(decoded(res)).toEqual(plain.json());
      if (expected) {
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      }
    }
  });

  it('leaves small answers as they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().status).toBe('ok');
  });

  it('keeps a write’s answer as JSON for its Idempotency-Key: the replay is compressed alike and the same', async () => {
    // An award answers its orders (more than COMPRESS_MIN_BYTES).
    const inject = (method: 'GET' | 'POST', url: string, token: string, payload?: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method, url, headers: { ...t.as(token), ...headers }, payload });
    const request = (await inject('POST', '/api/requests/outbound', owner, { ...base, vehicleCount: 2 })).json().data;
    await inject('POST', `/api/carrier/requests/${request.id}/bids`, vayu, { amountRupees: 42000, vehicles: 1 });
    await inject('POST', `/api/carrier/requests/${request.id}/bids`, ganesh, { amountRupees: 41000, vehicles: 1 });
    await t.database.db.execute(sql`update transport_requests set status = 'closed' where id = ${request.id}`);
    const bids = (await inject('GET', `/api/requests/outbound/${request.id}/bids`, owner)).json().data as { id: number }[];
    expect(bids.length).toBe(2);
    const key = randomUUID();
    const award = (encoding?: string) =>
      inject(
        'POST',
        `/api/requests/outbound/${request.id}/award`,
        owner,
        { awards: bids.map((b) => ({ bidId: b.id, vehicles: 1 })) },
        {
          'idempotency-key': key,
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
      );
    const first = await award('gzip');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['content-encoding']).toBe('gzip');
    const again = await award('br');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-encoding']).toBe('br');
    expect(decoded(again)).toEqual(decoded(first));
    const plain = await award();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(decoded(first));
    expect(decoded(first).data.length).toBe(2);
  });
});

describe('chooseEncoding', () => {
  it('honours q-values and prefers brotli', () => {
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding(['gzip', 'br;q=0.1'])).toBe('gzip');
  });
});
