import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';

/** The per-key budget (API_KEY_CALLS_PER_MINUTE): past it, 429 with Retry-After; other keys go on. */
const t = useTestApp({ env: () => ({ API_KEY_CALLS_PER_MINUTE: '3' }) });
let owner = '';

async function newKey(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: t.as(owner),
    payload: { name: 'ERP', scopes: ['orders:read'], expiresInDays: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.key as string;
}

beforeAll(async () => {
  owner = await t.login('owner@demo.test');
});

describe('API key rate limit', () => {
  it('answers 429 with Retry-After past the budget, for that key only', async () => {
    const key = await newKey();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/orders/outbound', headers: { 'x-api-key': key } })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await t.app.inject({ method: 'GET', url: '/api/orders/outbound', headers: { 'x-api-key': key } });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    const other = await newKey();
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/outbound', headers: { 'x-api-key': other } })).statusCode).toBe(200);
    // A session is not counted against any key.
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/outbound', headers: t.as(owner) })).statusCode).toBe(200);
  });
});
