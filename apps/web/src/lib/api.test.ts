import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadDocument } from '../features/documents/documents.ts';
import { ApiError, api, onApiStatus, TOKEN_KEY } from './api.ts';

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

  it('a 401 on an upload reaches the session layer like any other call', async () => {
    const statuses: number[] = [];
    const off = onApiStatus((s) => statuses.push(s));
    answer = () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'Your session has ended.' } });
    const file = new File(['%PDF-1.4'], 'lr.pdf', { type: 'application/pdf' });
    const err = await uploadDocument('/orders/outbound/3/documents', file, 'lr').catch((e: unknown) => e);
    off();
    expect(statuses).toEqual([401]);
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
