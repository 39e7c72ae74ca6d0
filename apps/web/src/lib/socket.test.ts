import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_UNAVAILABLE } from '@freightdesk/shared/schemas/push';

/** The sockets `io()` made, each recording its handlers and its `connect` calls. */
const made: { handlers: Map<string, (err: Error) => void>; active: boolean; connects: number }[] = [];
vi.mock('socket.io-client', () => ({
  io: () => {
    const s = { handlers: new Map<string, (err: Error) => void>(), active: false, connects: 0 };
    made.push(s);
    return {
      get active() {
        return s.active;
      },
      on: (event: string, handler: (err: Error) => void) => s.handlers.set(event, handler),
      connect: () => {
        s.connects++;
      },
      close: () => undefined,
    };
  },
}));
vi.mock('./session.ts', () => ({ getSession: () => ({ token: 'tok-1', loggedIn: true }), onSessionEnd: () => () => undefined }));

const { liveSocket, SOCKET_RETRY_MS } = await import('./socket.ts');

afterEach(() => vi.useRealTimers());

describe('the live socket', () => {
  it('connects again a little later when the server could not check the session, and not when it refused it', async () => {
    await liveSocket();
    vi.useFakeTimers();
    const s = made.at(-1);
    const refused = s?.handlers.get('connect_error');
    expect(refused).toBeTypeOf('function');
    refused?.(new Error('unauthenticated'));
    vi.advanceTimersByTime(SOCKET_RETRY_MS * 2);
    expect(s?.connects).toBe(0);

    refused?.(new Error(SOCKET_UNAVAILABLE));
    vi.advanceTimersByTime(SOCKET_RETRY_MS - 1);
    expect(s?.connects).toBe(0);
    vi.advanceTimersByTime(1);
    expect(s?.connects).toBe(1);

    // Socket.IO is already reconnecting by itself (a lost connection): nothing more to do.
    if (s) {
      s.active = true;
    }
    refused?.(new Error(SOCKET_UNAVAILABLE));
    vi.advanceTimersByTime(SOCKET_RETRY_MS);
    expect(s?.connects).toBe(1);
  });
});
