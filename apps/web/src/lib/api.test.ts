import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadDocument } from '../domain/documents/documents.ts';
import { ApiError, api, isStale, newIdempotencyKey, onApiStatus, TOKEN_KEY } from './api.ts';

type Seen = { url: string; method: string; headers: Record<string, string>; body: unknown };
let seen: Seen[] = [];
let answer: () => Response | Promise<Response>;

beforeEach(() => {
  seen = [];
  const store = new Map<string, string>([[TOKEN_KEY, 'tok-1']]);
  vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null });
  vi.stubGlobal('fetch', async (url: string, init: { method: string; headers: Record<string, string>; body: unknown }) => {
    seen.push({ url, method: init.method, headers: init.headers, body: init.body });
    return answer();
  });
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('apiFetch, under every call', () => {
  it('sends the token and JSON, and answers the parsed body', async () => {
    answer = () => json(200, { data: { id: 7 } });
    expect(await api.post('/plants', { name: 'Pune' })).toEqual({ data: { id: 7 } });
    expect(seen[0]).toMatchObject({ url: '/api/plants', method: 'POST', body: '{"name":"Pune"}' });
    expect(seen[0]?.headers).toMatchObject({ authorization: 'Bearer tok-1', 'content-type': 'application/json' });
  });

  it('a 401 on an upload reaches the session layer like any other call, with the token it was sent with', async () => {
    const statuses: string[] = [];
    const off = onApiStatus((s, token) => statuses.push(`${s} ${token}`));
    answer = () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'Your session has ended.' } });
    const file = new File(['%PDF-1.4'], 'lr.pdf', { type: 'application/pdf' });
    const err = await uploadDocument('/orders/outbound/3/documents', file, 'lr').catch((e: unknown) => e);
    off();
    expect(statuses).toEqual(['401 tok-1']);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(seen[0]?.body).toBeInstanceOf(FormData);
    expect(seen[0]?.headers['content-type']).toBeUndefined();
  });

  it('keeps the fields, Retry-After and details of an error, and survives a body that is not JSON', async () => {
    answer = () => json(400, { error: { code: 'VALIDATION', message: 'Check the form', fields: { kind: 'Choose a kind' } } });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 400, fields: { kind: 'Choose a kind' } });
    answer = () => json(503, { error: { code: 'DB_DOWN', message: 'Try again' } }, { 'retry-after': '5' });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 503, retryAfter: 5 });
    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 502, message: 'Request failed (502)' });
    answer = () => {
      throw new TypeError('fetch failed');
    };
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});

describe('idempotency keys of writes', () => {
  const keyOf = (i: number) => seen[i]?.headers['idempotency-key'];

  it('gives a double-clicked submit one key, and the next submit a new one', async () => {
    const waiting: (() => void)[] = [];
    answer = () => new Promise<Response>((resolve) => waiting.push(() => resolve(json(201, { data: { id: 1 } }))));
    const first = api.post('/requests/outbound', { weightTonnes: 20 });
    const second = api.post('/requests/outbound', { weightTonnes: 20 });
    await new Promise((r) => setTimeout(r, 0));
    expect(waiting).toHaveLength(2);
    for (const release of waiting) {
      release();
    }
    answer = () => json(201, { data: { id: 1 } });
    await Promise.all([first, second]);
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(1)).toBe(keyOf(0));
    await api.post('/requests/outbound', { weightTonnes: 20 });
    expect(keyOf(2)).not.toBe(keyOf(0));
  });

  it('retries with the same key after an unsure answer, with a new one after a refusal', async () => {
    answer = () => Promise.reject(new TypeError('connection reset'));
    await expect(api.post('/orders', { a: 1 })).rejects.toMatchObject({ code: 'NETWORK' });
    answer = () => json(503, { error: { code: 'DATABASE_UNAVAILABLE', message: 'Retry' } });
    await expect(api.post('/orders', { a: 1 })).rejects.toMatchObject({ status: 503 });
    answer = () => json(400, { error: { code: 'VALIDATION_FAILED', message: 'Bad', fields: { a: 'Bad' } } });
    await expect(api.post('/orders', { a: 1 })).rejects.toMatchObject({ status: 400 });
    answer = () => json(201, { data: {} });
    await api.post('/orders', { a: 1 });
    expect(keyOf(1)).toBe(keyOf(0));
    expect(keyOf(2)).toBe(keyOf(0));
    expect(keyOf(3)).not.toBe(keyOf(0));
  });

  it('sends no key on a read, and a different key for a different body', async () => {
    answer = () => json(200, { data: [] });
    await api.get('/orders');
    expect(keyOf(0)).toBeUndefined();
    answer = () => new Promise<Response>(() => undefined);
    void api.put('/plants/1', { name: 'A' });
    void api.put('/plants/1', { name: 'B' });
    await new Promise((r) => setTimeout(r, 0));
    expect(keyOf(2)).not.toBe(keyOf(1));
  });
});

describe('If-Match on an edit', () => {
  it('sends the version the form loaded, and recognises the stale answer', async () => {
    answer = () => json(409, { error: { code: 'STALE', message: 'This plant changed since you opened it. Reload to see the changes.' } });
    const err = await api.put('/plants/1', { name: 'A' }, { ifMatch: '2026-11-20T10:00:00.000Z' }).catch((e: unknown) => e);
    expect(seen[0]?.headers['if-match']).toBe('"2026-11-20T10:00:00.000Z"');
    expect(isStale(err)).toBe(true);
    answer = () => json(200, { data: {} });
    await api.put('/plants/1', { name: 'A' });
    expect(seen[1]?.headers['if-match']).toBeUndefined();
    expect(isStale(new ApiError(409, 'IN_USE', 'In use'))).toBe(false);
  });
});

describe('idempotency keys of uploads', () => {
  it('gives the same file sent twice to the same place one key, another file its own', async () => {
    answer = () => new Promise<Response>(() => undefined);
    const file = new File(['%PDF-1.4'], 'lr.pdf', { type: 'application/pdf', lastModified: 1 });
    const other = new File(['%PDF-1.4 other'], 'pod.pdf', { type: 'application/pdf', lastModified: 1 });
    void uploadDocument('/orders/outbound/3/documents', file, 'lr');
    void uploadDocument('/orders/outbound/3/documents', file, 'lr');
    void uploadDocument('/orders/outbound/3/documents', other, 'pod');
    await new Promise((r) => setTimeout(r, 0));
    const keys = seen.map((s) => s.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe('newIdempotencyKey', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  it('uses randomUUID when the context has it', () => {
    expect(newIdempotencyKey({ randomUUID: () => '11111111-2222-4333-8444-555555555555', getRandomValues: (a) => a })).toBe(
      '11111111-2222-4333-8444-555555555555',
    );
  });
  it('falls back to a v4 UUID from getRandomValues on plain HTTP (no secure context)', () => {
    expect(newIdempotencyKey({ getRandomValues: (a) => crypto.getRandomValues(a) })).toMatch(UUID);
    expect(newIdempotencyKey()).toMatch(UUID);
  });
});
