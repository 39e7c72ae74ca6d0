import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_UNAVAILABLE } from '@freightdesk/shared/schemas/push';

type Handler = (arg: Error) => void;
/** The sockets `io()` made, each recording its handlers (in the order added) and its `connect` calls. */
const made: { handlers: Map<string, Handler[]>; active: boolean; connects: number; fire: (event: string, arg?: Error) => void }[] = [];
vi.mock('socket.io-client', () => ({
  io: () => {
    const handlers = new Map<string, Handler[]>();
    const s = {
      handlers,
      active: false,
      connects: 0,
      fire: (event: string, arg = new Error(event)) => {
        for (const h of handlers.get(event) ?? []) {
          h(arg);
        }
      },
    };
    made.push(s);
    return {
      get active() {
        return s.active;
      },
      on: (event: string, handler: Handler) => handlers.set(event, [...(handlers.get(event) ?? []), handler]),
      off: (event: string, handler: Handler) =>
        handlers.set(
          event,
          (handlers.get(event) ?? []).filter((h) => h !== handler),
        ),
      connect: () => {
        s.connects++;
      },
      close: () => undefined,
    };
  },
}));
vi.mock('./session.ts', () => ({ getSession: () => ({ token: 'tok-1', loggedIn: true }), onSessionEnd: () => () => undefined }));

const { liveSocket, onReconnect, SOCKET_RETRY_MS } = await import('./socket.ts');

afterEach(() => vi.useRealTimers());

describe('the live socket', () => {
  it('connects again a little later when the server could not check the session, and not when it refused it', async () => {
    await liveSocket();
    vi.useFakeTimers();
    const s = made.at(-1);
    const refused = (err: Error) => s?.fire('connect_error', err);
    expect(s?.handlers.get('connect_error')).toHaveLength(1);
    refused(new Error('unauthenticated'));
    vi.advanceTimersByTime(SOCKET_RETRY_MS * 2);
    expect(s?.connects).toBe(0);

    refused(new Error(SOCKET_UNAVAILABLE));
    vi.advanceTimersByTime(SOCKET_RETRY_MS - 1);
    expect(s?.connects).toBe(0);
    vi.advanceTimersByTime(1);
    expect(s?.connects).toBe(1);

    // Socket.IO is already reconnecting by itself (a lost connection): nothing more to do.
    if (s) {
      s.active = true;
    }
    refused(new Error(SOCKET_UNAVAILABLE));
    vi.advanceTimersByTime(SOCKET_RETRY_MS);
    expect(s?.connects).toBe(1);
  });

  it('reads the server again on a reconnection, not on the first connection, and no longer once stopped', async () => {
    const socket = await liveSocket();
    const s = made.at(-1);
    const missed = vi.fn();
    if (!socket || !s) {
      throw new Error('no socket made');
    }
    const stop = onReconnect(socket, missed);
    s.fire('connect');
    expect(missed).not.toHaveBeenCalled();
    s.fire('disconnect');
    s.fire('connect');
    expect(missed).toHaveBeenCalledTimes(1);
    stop();
    s.fire('connect');
    expect(missed).toHaveBeenCalledTimes(1);

    // A screen that starts on a socket connected before hears its later connections only.
    const later = vi.fn();
    onReconnect(socket, later);
    expect(later).not.toHaveBeenCalled();
    s.fire('connect');
    expect(later).toHaveBeenCalledTimes(1);
  });
});
