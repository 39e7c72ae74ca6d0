import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryRows as rows } from '../test/outbox-memory.ts';

/** The outbox over an in-memory store (IndexedDB keeps the same objects, Blobs included). */
vi.mock('./outbox-store.ts', () => import('../test/outbox-memory.ts'));
vi.mock('./session.ts', () => ({ getSession: () => ({ loggedIn: true, userId: 7, token: 'tok-7' }) }));

const { keepMove, onMoveSent, openTrip, sendWaitingMoves } = await import('./outbox.ts');

type Seen = { url: string; headers: Record<string, string>; body: unknown };
let seen: Seen[] = [];
let answer: (url: string) => Response;

beforeEach(() => {
  rows.clear();
  seen = [];
  vi.stubGlobal('localStorage', { getItem: (k: string) => (k === 'token' ? 'tok-7' : null) });
  vi.stubGlobal('fetch', async (url: string, init: { headers: Record<string, string>; body: unknown }) => {
    seen.push({ url, headers: init.headers, body: init.body });
    return answer(url);
  });
});
afterEach(() => vi.unstubAllGlobals());

const ok = () => new Response(JSON.stringify({ data: {} }), { status: 200, headers: { 'content-type': 'application/json' } });
const photo = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' });

async function keepPod(token: string) {
  await keepMove({
    key: 'pod-key-1',
    path: `/trip/${token}/deliver`,
    body: null,
    parts: [
      { name: 'receiverName', value: 'Ramesh' },
      { name: 'file', file: photo(), fileName: 'pod.jpg' },
    ],
    label: 'Delivered with POD',
    scope: `driver:${token}`,
    tripToken: token,
  });
}

describe('the outbox, for a trip link', () => {
  it('keeps a multipart move with its photo as a Blob, owned by the trip, not the user', async () => {
    await keepPod('trip-token-aaaaaaaaaaaaaaa');
    const [entry] = [...rows.values()];
    expect(entry).toMatchObject({ tripToken: 'trip-token-aaaaaaaaaaaaaaa', userId: null, key: 'pod-key-1', state: 'waiting' });
    const file = entry?.parts?.[1];
    expect(file && 'file' in file ? file.file.size : 0).toBe(7);
  });

  it('sends it only while its page is open: multipart, under its key, without the session', async () => {
    answer = ok;
    await keepPod('trip-token-bbbbbbbbbbbbbbb');
    await sendWaitingMoves();
    expect(seen).toHaveLength(0);
    const answers: unknown[] = [];
    const off = onMoveSent((_entry, answer) => answers.push(answer));
    const close = openTrip('trip-token-bbbbbbbbbbbbbbb');
    await sendWaitingMoves();
    close();
    off();
    expect(seen).toHaveLength(1);
    expect(answers).toEqual([{ data: {} }]);
    const [call] = seen;
    expect(call?.url).toBe('/api/trip/trip-token-bbbbbbbbbbbbbbb/deliver');
    expect(call?.headers['idempotency-key']).toBe('pod-key-1');
    expect(call?.headers.authorization).toBeUndefined();
    expect(call?.headers['content-type']).toBeUndefined();
    const form = call?.body as FormData;
    expect(form.get('receiverName')).toBe('Ramesh');
    const sent = form.get('file') as File;
    expect([sent.name, sent.size, sent.type]).toEqual(['pod.jpg', 7, 'image/jpeg']);
    expect(rows.size).toBe(0);
  });

  it('keeps a refused one with the server’s answer, and sends the user’s own with the session', async () => {
    answer = (url) =>
      url.includes('/trip/')
        ? new Response(JSON.stringify({ error: { code: 'CONFLICT', message: 'This order is already Delivered' } }), { status: 409 })
        : ok();
    await keepPod('trip-token-ccccccccccccccc');
    await keepMove({
      key: 'gate-key',
      path: '/orders/outbound/5/gate-in',
      body: { at: '2026-12-06T10:00:00Z' },
      label: 'Gate in',
      scope: 'gate:outbound',
    });
    const close = openTrip('trip-token-ccccccccccccccc');
    await sendWaitingMoves();
    close();
    expect(seen.map((s) => [s.url, s.headers.authorization])).toEqual([
      ['/api/trip/trip-token-ccccccccccccccc/deliver', undefined],
      ['/api/orders/outbound/5/gate-in', 'Bearer tok-7'],
    ]);
    expect([...rows.values()]).toEqual([
      expect.objectContaining({ tripToken: 'trip-token-ccccccccccccccc', state: 'conflict', message: 'This order is already Delivered' }),
    ]);
  });
});
