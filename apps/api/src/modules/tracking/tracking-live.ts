import type { Socket } from 'socket.io';
import type { Db } from '../../db/client.ts';
import { MAX_ID } from '@freightdesk/shared/constants';
import { may, trackingRoomsFor } from '../../lib/policy.ts';
import { followAuthenticated } from '../../lib/realtime.ts';
import type { AnnouncedPosition } from './position-store.ts';

/** Positions are gathered this long and sent as one message per room: 2,000 board sockets get 5 messages a second, not thousands. */
export const LIVE_FLUSH_MS = 200;

export type LivePosition = {
  orderId: number;
  requestType: number;
  latitude: number;
  longitude: number;
  fixTime: string;
  speedKmh: number | null;
};
type Emit = (rooms: string[], event: string, payload: unknown) => void;

export const orderRoom = (orderId: number) => `order:${orderId}`;
export const boardRooms = (industryId: number, requestType: number, plantId: number) => [
  `tracking:${industryId}:${requestType}`,
  `tracking:${industryId}:${requestType}:plant:${plantId}`,
];

/**
 * The live side of tracking on one API process. Committed positions (announced by NOTIFY to every
 * process) are gathered for LIVE_FLUSH_MS, then each order room gets `tracking:order` with its
 * positions and each board room `tracking:board` with the positions of its trips, so a position
 * reaches an open map or board within a second. A trip's episode (halt, arrival …) is
 * `tracking:changed`, for boards to refetch their counts.
 */
export function createTrackingLive(emit: Emit, watched: (room: string) => boolean = () => true) {
  // The newest announced position per order; made into messages only for rooms someone watches here.
  const pending = new Map<number, AnnouncedPosition>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const items = [...pending.values()];
    pending.clear();
    const boards = new Map<string, LivePosition[] | null>();
    for (const item of items) {
      const [orderId, industryId, requestType, plantId, latitude, longitude, fixMs, speedKmh] = item;
      let position: LivePosition | undefined;
      const made = () => {
        position ??= { orderId, requestType, latitude, longitude, fixTime: new Date(fixMs).toISOString(), speedKmh };
        return position;
      };
      const room = orderRoom(orderId);
      if (watched(room)) {
        emit([room], 'tracking:order', { orderId, positions: [made()] });
      }
      if (requestType && plantId) {
        for (const board of boardRooms(industryId, requestType, plantId)) {
          let list = boards.get(board);
          if (list === undefined) {
            // Asked once per room and flush: null when nobody watches it here.
            list = watched(board) ? [] : null;
            boards.set(board, list);
          }
          list?.push(made());
        }
      }
    }
    for (const [room, positions] of boards) {
      if (positions) {
        emit([room], 'tracking:board', { positions });
      }
    }
  };
  return {
    /** A NOTIFY payload of the position writer. */
    positions(items: AnnouncedPosition[]) {
      for (const item of items) {
        pending.set(item[0], item);
      }
      timer ??= setTimeout(flush, LIVE_FLUSH_MS);
    },
    /** A trip's episode changed (NOTIFY `fd_tracking_changes`). */
    changed(c: { orderId: number; industryId: number; requestType: number; plantId: number; kind: string }) {
      emit([orderRoom(c.orderId), ...boardRooms(c.industryId, c.requestType, c.plantId)], 'tracking:changed', {
        orderId: c.orderId,
        kind: c.kind,
      });
    },
    close() {
      clearTimeout(timer);
    },
  };
}

/**
 * Socket events of tracking: `follow:order` (an order's map, the policy's follow rule on the
 * order) and `follow:tracking` (a direction's board and the all-in-one map: the rooms the policy
 * gives, the shipper's or a staff user's plants). Each follow authenticates again.
 */
export function trackingSocketHandlers(db: Db) {
  return (socket: Socket) => {
    socket.on('follow:order', (raw: unknown, ack?: (ok: boolean) => void) =>
      followAuthenticated(db, socket, ack, async (viewer) => {
        const id = Number(raw);
        const ok = Number.isInteger(id) && id > 0 && id <= MAX_ID && (await may(db, viewer, 'order', id, 'follow'));
        if (ok) {
          await socket.join(orderRoom(id));
        }
        return ok;
      }),
    );
    socket.on('unfollow:order', (raw: unknown) => {
      void socket.leave(orderRoom(Number(raw)));
    });
    socket.on('follow:tracking', (raw: unknown, ack?: (ok: boolean) => void) =>
      followAuthenticated(db, socket, ack, async (viewer) => {
        const direction = Number(raw);
        const rooms = direction === 1 || direction === 2 ? await trackingRoomsFor(db, viewer, direction) : [];
        if (rooms.length) {
          await socket.join(rooms);
        }
        return rooms.length > 0;
      }),
    );
    socket.on('unfollow:tracking', (raw: unknown) => {
      for (const room of socket.rooms) {
        if (room.startsWith('tracking:') && room.split(':')[2] === String(Number(raw))) {
          void socket.leave(room);
        }
      }
    });
  };
}
