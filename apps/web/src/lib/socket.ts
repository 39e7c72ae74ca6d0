import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { getSession } from './session.ts';

let socket: Socket | undefined;
let socketToken = '';

/** One Socket.IO connection per session, authenticated with the bearer token. */
function liveSocket(): Socket | undefined {
  const { token, loggedIn } = getSession();
  if (!loggedIn) {
    return undefined;
  }
  if (!socket || socketToken !== token) {
    socket?.close();
    socketToken = token;
    socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  }
  return socket;
}

/**
 * Follows a request's live events (new bids, status changes) and refetches the queries under
 * `queryKeys` when one arrives, so ranks change without reloading.
 */
export function useRequestEvents(requestIds: number[], queryKeys: unknown[][]) {
  const client = useQueryClient();
  const ids = requestIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: ids and the serialised keys stand for the arrays
  useEffect(() => {
    const s = liveSocket();
    if (!s || !ids) {
      return;
    }
    const list = ids.split(',').map(Number);
    const follow = () => {
      for (const id of list) {
        s.emit('follow', id);
      }
    };
    follow();
    s.on('connect', follow);
    const refresh = (event: { requestId: number }) => {
      if (list.includes(event.requestId)) {
        for (const key of queryKeys) {
          void client.invalidateQueries({ queryKey: key });
        }
      }
    };
    s.on('request:bids', refresh);
    s.on('request:status', refresh);
    return () => {
      s.off('connect', follow);
      s.off('request:bids', refresh);
      s.off('request:status', refresh);
      for (const id of list) {
        s.emit('unfollow', id);
      }
    };
  }, [ids, client, JSON.stringify(queryKeys)]);
}
