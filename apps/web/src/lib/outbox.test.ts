import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryRows as stored } from '../test/outbox-memory.ts';

/** The outbox's storage in memory, and a server whose answer per path the test sets. */
const answers = new Map<string, number>();
const posted: string[] = [];

vi.mock('./outbox-store.ts', () => import('../test/outbox-memory.ts'));
vi.mock('./session.ts', () => ({ getSession: () => ({ loggedIn: true, userId: 7 }) }));
vi.mock('./api.ts', () => {
  class ApiError extends Error {
    constructor(
      readonly status: number,
      message: string,
    ) {
      super(message);
    }
  }
  return {
    ApiError,
    isUnsure: (status: number) => status === 0 || status >= 500,
    api: {
      postWithKey: async (path: string) => {
        const status = answers.get(path) ?? 200;
        if (status !== 200) {
          throw new ApiError(status, status === 409 ? 'This order is already Gate in' : 'Server unreachable');
        }
        posted.push(path);
      },
    },
  };
});

const { keepMove, retryMove, sendWaitingMoves } = await import('./outbox.ts');

/** A gate move of order `id` kept offline, under its order's group. */
const keep = (id: number, call: string) =>
  keepMove({
    key: `${id}-${call}`,
    path: `/orders/outbound/${id}/${call}`,
    body: {},
    label: call,
    scope: 'gate:outbound',
    group: `order:outbound:${id}`,
  });
const states = () => [...stored.values()].map((e) => `${e.path.split('/').slice(3).join(' ')}: ${e.state}`);

describe('kept moves go out in order, and an order whose move was refused is held', () => {
  beforeEach(() => {
    stored.clear();
    answers.clear();
    posted.length = 0;
  });

  it('sends the moves of a vehicle in the order they were made, each once', async () => {
    await keep(1, 'gate-in');
    await keep(1, 'loaded');
    await keep(1, 'gate-out');
    await sendWaitingMoves();
    await sendWaitingMoves();
    expect(posted).toEqual(['/orders/outbound/1/gate-in', '/orders/outbound/1/loaded', '/orders/outbound/1/gate-out']);
    expect(stored.size).toBe(0);
  });

  it('holds the later moves of an order whose earlier move was refused; other orders still go', async () => {
    await keep(1, 'gate-in');
    await keep(2, 'gate-in');
    await keep(1, 'loaded');
    await keep(1, 'gate-out');
    answers.set('/orders/outbound/1/gate-in', 409);
    await sendWaitingMoves();
    expect(posted).toEqual(['/orders/outbound/2/gate-in']);
    expect(states()).toEqual(['1 gate-in: conflict', '1 loaded: blocked', '1 gate-out: blocked']);
    // A later run does not send them either.
    await sendWaitingMoves();
    expect(posted).toEqual(['/orders/outbound/2/gate-in']);
  });

  it('a retry sends the held moves of the order in their order, past the refusal the guard read', async () => {
    await keep(1, 'gate-in');
    await keep(1, 'loaded');
    await keep(1, 'gate-out');
    answers.set('/orders/outbound/1/gate-in', 409);
    await sendWaitingMoves();
    const held = [...stored.values()].find((e) => e.path.endsWith('/gate-out'));
    await retryMove(held?.id ?? 0);
    expect(posted).toEqual(['/orders/outbound/1/loaded', '/orders/outbound/1/gate-out']);
    expect(states()).toEqual(['1 gate-in: conflict']);
  });

  it('a retried move refused again holds the rest once more', async () => {
    await keep(1, 'gate-in');
    await keep(1, 'loaded');
    await keep(1, 'gate-out');
    answers.set('/orders/outbound/1/gate-in', 409);
    answers.set('/orders/outbound/1/loaded', 409);
    await sendWaitingMoves();
    const held = [...stored.values()].find((e) => e.path.endsWith('/loaded'));
    await retryMove(held?.id ?? 0);
    expect(posted).toEqual([]);
    expect(states()).toEqual(['1 gate-in: conflict', '1 loaded: conflict', '1 gate-out: blocked']);
  });

  it('no network stops the run and keeps the rest waiting, in order', async () => {
    await keep(1, 'gate-in');
    await keep(2, 'gate-in');
    answers.set('/orders/outbound/1/gate-in', 0);
    await sendWaitingMoves();
    expect(posted).toEqual([]);
    expect(states()).toEqual(['1 gate-in: waiting', '2 gate-in: waiting']);
  });
});
