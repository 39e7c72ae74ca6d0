import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { NOTIFICATION_EVENT, type NotificationEvent, SOCKET_UNAVAILABLE } from '@freightdesk/shared/schemas/push-events';
import { getSession, onSessionEnd } from './session.ts';
import { whenIdle } from './when-idle.ts';

let socket: Socket | undefined;
let socketToken = '';
/** How many times each socket has connected: a connection after its first is a reconnection. */
const connections = new WeakMap<Socket, number>();
/** How long a connection refused for a database that did not answer waits before the next try. */
export const SOCKET_RETRY_MS = 3000;

// A logged-out browser must not keep hearing the previous user's room.
onSessionEnd(() => {
  socket?.close();
  socket = undefined;
  socketToken = '';
});

/**
 * The Socket.IO client's code, fetched once when a screen first follows live events: it is not in
 * the first download of a page, whose own data and code go first on a phone (record 0310), and it
 * waits for the browser's first idle moment, so its evaluation is not inside the page's first
 * drawing (record 0315).
 */
let clientCode: Promise<typeof import('socket.io-client')> | undefined;
const socketClient = () => {
  clientCode ??= new Promise<void>((idle) => whenIdle(idle))
    .then(() => import('socket.io-client'))
    .catch((err: unknown) => {
      clientCode = undefined;
      throw err;
    });
  return clientCode;
};

/** One Socket.IO connection per session, authenticated with the bearer token (undefined when signed out). */
export async function liveSocket(): Promise<Socket | undefined> {
  const { io } = await socketClient();
  const { token, loggedIn } = getSession();
  if (!loggedIn) {
    return undefined;
  }
  if (!socket || socketToken !== token) {
    socket?.close();
    socketToken = token;
    const made = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
    // Counted before any screen's handler hears the connection (handlers run in the order added).
    made.on('connect', () => connections.set(made, (connections.get(made) ?? 0) + 1));
    // Socket.IO does not reconnect after the server's own refusal: one because the server could
    // not check the session (its database did not answer) is tried again, not taken as signed out.
    made.on('connect_error', (err) => {
      if (err.message === SOCKET_UNAVAILABLE && !made.active) {
        setTimeout(() => socket === made && made.connect(), SOCKET_RETRY_MS);
      }
    });
    socket = made;
  }
  return socket;
}

/**
 * Runs `use` with the session's live socket once it is there, for an effect: the cleanup undoes
 * what `use` did, or keeps it from running when the socket comes after the screen has gone.
 */
function withLiveSocket(use: (s: Socket) => () => void): () => void {
  let undo: (() => void) | undefined;
  let ended = false;
  void liveSocket()
    .then((s) => {
      if (s && !ended) {
        undo = use(s);
      }
    })
    // No live events without the client's code (offline on first use): the screens' polls and reads stand.
    .catch(() => undefined);
  return () => {
    ended = true;
    undo?.();
  };
}

/**
 * Calls `missed` on each reconnection of `s`, when events sent while it was down were lost; not on
 * its first connection, which has missed nothing the screen's first read did not already bring.
 * Returns what stops it.
 */
export function onReconnect(s: Socket, missed: () => void): () => void {
  const connected = () => {
    if ((connections.get(s) ?? 0) > 1) {
      missed();
    }
  };
  s.on('connect', connected);
  return () => s.off('connect', connected);
}

/** A request's live event: a new bid (with the bid end, which an anti-sniping extension moves) or a status change. */
export type RequestEvent = { requestId: number; bidEndAt?: string };

/**
 * Follows a request's live events (new bids, status changes) and refetches the queries under
 * `queryKeys` when one arrives, so ranks change without reloading; `onEvent` hears each event too.
 */
export function useRequestEvents(requestIds: number[], queryKeys: unknown[][], onEvent?: (event: RequestEvent) => void) {
  const client = useQueryClient();
  const heard = useRef(onEvent);
  heard.current = onEvent;
  const ids = requestIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: ids and the serialised keys stand for the arrays
  useEffect(() => {
    if (!ids) {
      return;
    }
    return withLiveSocket((s) => {
      const list = ids.split(',').map(Number);
      const follow = () => {
        for (const id of list) {
          s.emit('follow', id);
        }
      };
      follow();
      s.on('connect', follow);
      const refresh = (event: RequestEvent) => {
        if (list.includes(event.requestId)) {
          heard.current?.(event);
          for (const key of queryKeys) {
            void client.invalidateQueries({ queryKey: key });
          }
        }
      };
      s.on('request:bids', refresh);
      s.on('request:status', refresh);
      // Events sent while the connection was down are lost: after a reconnect, read the server again.
      const resync = () => {
        for (const key of queryKeys) {
          void client.invalidateQueries({ queryKey: key });
        }
      };
      s.io.on('reconnect', resync);
      return () => {
        s.io.off('reconnect', resync);
        s.off('connect', follow);
        s.off('request:bids', refresh);
        s.off('request:status', refresh);
        for (const id of list) {
          s.emit('unfollow', id);
        }
      };
    });
  }, [ids, client, JSON.stringify(queryKeys)]);
}

/**
 * Calls `onNotification` for every notification stored for the signed-in user while the app is
 * open (event `notification` on the user's room), and `onConnect` on each (re)connection, when
 * events may have been missed.
 */
export function useNotificationEvents(handlers: { onNotification: (event: NotificationEvent) => void; onConnect?: () => void }) {
  const latest = useRef(handlers);
  latest.current = handlers;
  const { token } = getSession();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new token means a new socket
  useEffect(() => {
    return withLiveSocket((s) => {
      const notified = (event: NotificationEvent) => latest.current.onNotification(event);
      const connected = () => latest.current.onConnect?.();
      s.on(NOTIFICATION_EVENT, notified);
      s.on('connect', connected);
      return () => {
        s.off(NOTIFICATION_EVENT, notified);
        s.off('connect', connected);
      };
    });
  }, [token]);
}

/** A plant's order moved (reported, gated …): what the `plant:orders` event of its room says. */
export type PlantOrderEvent = { plantId: number; orderId: number; requestType: number; status: string };

/**
 * Follows a plant's gate board room (`follow:plant`) and refetches the queries under `queryKeys`
 * when an order of the plant moves (a carrier reports, another guard gates a vehicle); also on each
 * reconnection, when events may have been missed, but not on the socket's first connection: the
 * board's own first read is fresh (it asked twice on every load before, record 0315). A move
 * between that read and the room's join shows with the next event or the board's poll.
 */
export function usePlantEvents(plantId: number | undefined, queryKeys: unknown[][]) {
  const client = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised keys stand for the array
  useEffect(() => {
    if (!plantId) {
      return;
    }
    return withLiveSocket((s) => {
      const refresh = () => {
        for (const key of queryKeys) {
          void client.invalidateQueries({ queryKey: key });
        }
      };
      // A room is left with the connection: joined again on each connection.
      const follow = () => s.emit('follow:plant', plantId);
      const moved = (event: PlantOrderEvent) => {
        if (event.plantId === plantId) {
          refresh();
        }
      };
      follow();
      s.on('connect', follow);
      const stopResync = onReconnect(s, refresh);
      s.on('plant:orders', moved);
      return () => {
        stopResync();
        s.off('connect', follow);
        s.off('plant:orders', moved);
        s.emit('unfollow:plant', plantId);
      };
    });
  }, [plantId, client, JSON.stringify(queryKeys)]);
}

/** What the tracking rooms say: positions committed (`tracking:order`, `tracking:board`) or a trip's episode changed. */
const TRACKING_EVENTS = ['tracking:order', 'tracking:board', 'tracking:changed'] as const;
/**
 * Positions come in bursts (one message per room every 200 ms): an order's map refetches once per
 * burst; a board, whose trips move all the time and whose query counts every tab, at most once a second.
 */
const TRACKING_REFETCH_MS = { order: 300, tracking: 1000 } as const;

/**
 * Follows an order's map (`{ orderId }`, room `follow:order`) or a direction's tracking board
 * (`{ direction }`: 1 outbound, 2 inbound, `follow:tracking`) and refetches the queries under
 * `queryKeys` when a position or a trip's episode (halt, arrival …) arrives; also on reconnection.
 */
export function useTrackingEvents(target: { orderId: number } | { direction: 1 | 2 } | undefined, queryKeys: unknown[][]) {
  const client = useQueryClient();
  const [event, id] = !target
    ? (['order', 0] as const)
    : 'orderId' in target
      ? (['order', target.orderId] as const)
      : (['tracking', target.direction] as const);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised keys stand for the array
  useEffect(() => {
    if (!id) {
      return;
    }
    return withLiveSocket((s) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const refresh = () => {
        timer ??= setTimeout(() => {
          timer = undefined;
          for (const key of queryKeys) {
            void client.invalidateQueries({ queryKey: key });
          }
        }, TRACKING_REFETCH_MS[event]);
      };
      // Once the room is joined, read again: a change between the page's first read and the join
      // would otherwise be missed until the next one.
      const follow = () => s.emit(`follow:${event}`, id, (ok: boolean) => ok && refresh());
      follow();
      s.on('connect', follow);
      for (const name of TRACKING_EVENTS) {
        s.on(name, refresh);
      }
      return () => {
        clearTimeout(timer);
        s.off('connect', follow);
        for (const name of TRACKING_EVENTS) {
          s.off(name, refresh);
        }
        s.emit(`unfollow:${event}`, id);
      };
    });
  }, [event, id, client, JSON.stringify(queryKeys)]);
}
