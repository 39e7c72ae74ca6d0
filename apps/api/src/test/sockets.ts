import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { afterAll } from 'vitest';

/**
 * Live sockets for a test file, opened as the web app opens them (WebSocket, the session's token,
 * no reconnection). Every socket opened is closed after the file, or earlier by `closeAll` (an
 * open client socket holds its server's close).
 */
export function useSockets() {
  const open: Socket[] = [];
  const closeAll = () => {
    for (const s of open.splice(0)) {
      s.close();
    }
  };
  afterAll(closeAll);
  /** Resolves once connected; `options` may turn reconnection on (the web app's own behaviour). */
  const socketTo = (base: string, token: string, options: Partial<ManagerOptions & SocketOptions> = {}) =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, ...options });
      open.push(s);
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
  return { socketTo, closeAll };
}

/** Asks to follow a room (`follow` a request, `follow:plant`, `follow:order` …): the server's answer. */
export const follow = (s: Socket, id: number, event = 'follow') => new Promise<boolean>((resolve) => s.emit(event, id, resolve));

/** The next `event` on the socket; fails after `ms`. */
export const nextEvent = <T = { requestId: number }>(s: Socket, event: string, ms = 5000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

/** Every `event` the socket receives from now on. */
export function collect<T>(s: Socket, event: string): T[] {
  const got: T[] = [];
  s.on(event, (payload: T) => got.push(payload));
  return got;
}

/** The reason once the socket is disconnected; fails after 5 s. */
export const disconnected = (s: Socket) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected after 5 s')), 5000);
    s.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

/** Waits until `check()` holds; fails after `ms`. */
export async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) {
      throw new Error(`not within ${ms} ms`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}
