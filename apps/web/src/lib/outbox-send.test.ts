import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryRows as rows } from '../test/outbox-memory.ts';

/** sendOrKeep over an in-memory store: sent now, or kept under the key of its first try. */
vi.mock('./outbox-store.ts', () => import('../test/outbox-memory.ts'));
vi.mock('./session.ts', () => ({ getSession: () => ({ loggedIn: true, userId: 7, token: 'tok-7' }) }));

const { sendOrKeep } = await import('./outbox-send.ts');
const { sendWaitingMoves } = await import('./outbox.ts');

let calls: { url: string; key: string }[] = [];
let answer: () => Response | Promise<Response>;
let online = true;

beforeEach(async () => {
  rows.clear();
  // The outbox's own list read again: empty (what an earlier case kept is gone).
  await sendWaitingMoves();
  calls = [];
  online = true;
  vi.stubGlobal('navigator', {
    get onLine() {
      return online;
    },
  });
  vi.stubGlobal('localStorage', { getItem: (k: string) => (k === 'token' ? 'tok-7' : null) });
  vi.stubGlobal('fetch', async (url: string, init: { headers: Record<string, string> }) => {
    calls.push({ url, key: init.headers['idempotency-key'] ?? '' });
    return answer();
  });
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const move = (key: string, group = 'carrier-order:5') => ({
  key,
  path: '/carrier/orders/5/report',
  body: { at: '2026-12-06T10:00:00.000Z' },
  label: 'Reported at plant MH12AB1234 (ORD-1)',
  scope: 'carrier-orders',
  group,
});

describe('sendOrKeep', () => {
  it('sends at once with network and answers the server’s answer; nothing is kept', async () => {
    answer = () => json(200, { data: { status: 'reported' } });
    expect(await sendOrKeep(move('k1'))).toEqual({ kind: 'sent', answer: { data: { status: 'reported' } } });
    expect(calls).toEqual([{ url: '/api/carrier/orders/5/report', key: 'k1' }]);
    expect(rows.size).toBe(0);
  });

  it('keeps the move without network, and after an unsure answer under the key of its first try', async () => {
    online = false;
    expect(await sendOrKeep(move('k2'))).toEqual({ kind: 'kept', behind: false });
    expect(calls).toHaveLength(0);
    online = true;
    answer = () => json(503, { error: { code: 'UNAVAILABLE', message: 'Try again' } });
    expect(await sendOrKeep(move('k3', 'carrier-order:6'))).toEqual({ kind: 'kept', behind: false });
    expect([...rows.values()].map((r) => [r.key, r.state])).toEqual([
      ['k2', 'waiting'],
      ['k3', 'waiting'],
    ]);
  });

  it('throws a refusal for the screen (409) and keeps nothing', async () => {
    answer = () => json(409, { error: { code: 'ILLEGAL_MOVE', message: 'This order is already Reported' } });
    await expect(sendOrKeep(move('k4'))).rejects.toMatchObject({ status: 409 });
    expect(rows.size).toBe(0);
  });

  it('a move of a record whose earlier moves still wait goes behind them, in order', async () => {
    online = false;
    await sendOrKeep(move('first'));
    online = true;
    answer = () => json(200, { data: {} });
    expect(await sendOrKeep(move('second'))).toEqual({ kind: 'kept', behind: true });
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toEqual(['first', 'second']));
  });
});
