import type { FastifyBaseLogger } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { Db, DbOrTx } from '../db/client.ts';
import { MAX_ID } from '@freightdesk/shared/constants';
import { SOCKET_UNAVAILABLE } from '@freightdesk/shared/schemas/push';
import { type AuthUser, userForToken } from './access.ts';
import type { Listener } from './listen.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { may, type ObjectKind } from './policy.ts';
import { pgNotify } from '../repositories/notify.repository.ts';
import { SESSIONS_CHANNEL } from '../repositories/sessions.repository.ts';
import { publishWithoutRejecting } from './redis-publish.ts';

/** Events the server pushes; the client refetches what they name. */
export type RealtimeEvent = { type: 'request:bids' | 'request:status'; requestId: number; bidEndAt?: string };

/**
 * An order of a plant moved (reported, gated, delivered …): emitted as `plant:orders` to the room
 * `plant:{plantId}`, which open gate boards of that plant follow; the board refetches.
 */
export type PlantOrderEvent = { type: 'plant:orders'; plantId: number; orderId: number; requestType: number; status: string };

/** The NOTIFY channel of plant events: delivered on commit, to every API process (each tells its own sockets). */
export const PLANT_ORDERS_CHANNEL = 'fd_plant_orders';

/** Announces an order's move to the gate boards of its plant, once the caller's transaction commits. */
export async function announcePlantOrder(db: DbOrTx, event: Omit<PlantOrderEvent, 'type'>): Promise<void> {
  await pgNotify(db, PLANT_ORDERS_CHANNEL, JSON.stringify(event));
}

type Ack = ((ok: boolean) => void) | undefined;

/**
 * One follow of a room, authenticated again with the socket's token: `join` decides with the
 * viewer (and joins) and answers whether it did. A session that ended disconnects the socket. A
 * database that does not answer is no refusal: the transport is closed, so the client reconnects
 * with its backoff and follows its rooms again once the database is back (a server-side
 * disconnect would end its live events until a reload). Other errors refuse the follow.
 */
export async function followAuthenticated(db: Db, socket: Socket, ack: Ack, join: (user: AuthUser) => Promise<boolean>): Promise<void> {
  try {
    const user = await userForToken(db, String(socket.handshake.auth?.token ?? ''));
    if (!user) {
      ack?.(false);
      socket.disconnect(true);
      return;
    }
    socket.data.user = user;
    // Joined whether or not the client asked for an answer (`ack?.(await …)` would skip the join).
    const joined = await join(user);
    ack?.(joined);
  } catch (err) {
    ack?.(false);
    if (isDatabaseUnavailable(err)) {
      socket.conn.close();
    }
  }
}

/** The rooms a socket may follow: a request's bids, a plant's gate board. */
const FOLLOWABLE = {
  follow: { kind: 'request', room: 'request' },
  'follow:plant': { kind: 'plant', room: 'plant' },
} as const satisfies Record<string, { kind: ObjectKind; room: string }>;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;
/** A process's realtime state: its Socket.IO server once attached, and what closes its Redis clients. */
type Hub = {
  db: Db;
  log: Log;
  io: Server | undefined;
  closers: (() => Promise<unknown>)[];
  /** The Redis clients between processes (with REDIS_URL): readiness asks whether both are connected. */
  redis: { isReady: boolean }[];
};

/** Each process drops its own sockets of the sessions that ended (NOTIFY reaches every process). */
function dropEndedSessions(hub: Hub, payload: string) {
  const ended = new Set(JSON.parse(payload) as number[]);
  for (const socket of hub.io?.of('/').sockets.values() ?? []) {
    if (ended.has((socket.data.user as AuthUser | undefined)?.sessionId ?? 0)) {
      socket.disconnect(true);
    }
  }
}

/** An order moved on some API process: this process tells its own sockets following the plant. */
function tellPlantBoards(hub: Hub, payload: string) {
  const event = JSON.parse(payload) as Omit<PlantOrderEvent, 'type'>;
  hub.io?.local.to(`plant:${event.plantId}`).emit('plant:orders', { type: 'plant:orders', ...event });
}

/** The Redis adapter between API processes; loaded only with REDIS_URL: a single process never loads the Redis client (issue 15). */
async function adaptToRedis(hub: Hub, io: Server, redisUrl: string, redisKeyPrefix: string) {
  const { log } = hub;
  const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-adapter')]);
  const pub = createClient({ url: redisUrl });
  const sub = pub.duplicate();
  publishWithoutRejecting(pub, log);
  for (const c of [pub, sub]) {
    c.on('error', (err: Error) => log.warn({ err: err.message }, 'Redis connection error'));
  }
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub, { key: redisKeyPrefix }));
  hub.redis.push(pub, sub);
  hub.closers.push(
    () => pub.quit(),
    () => sub.quit(),
  );
}

/** A connecting socket's user, by its bearer token; it joins its user's room. */
async function authenticate(hub: Hub, socket: Socket, next: (err?: Error) => void) {
  const token = String(socket.handshake.auth?.token ?? '');
  let user: AuthUser | null;
  try {
    user = token ? await userForToken(hub.db, token) : null;
  } catch (err) {
    // Not "signed out": the web app connects again a little later (lib/socket.ts).
    next(new Error(isDatabaseUnavailable(err) ? SOCKET_UNAVAILABLE : 'unauthenticated'));
    return;
  }
  if (!user) {
    next(new Error('unauthenticated'));
    return;
  }
  socket.data.user = user;
  await socket.join(`user:${user.id}`);
  next();
}

/** `follow` / `unfollow` a request, `follow:plant` / `unfollow:plant` a plant's gate board. */
function answerFollows(hub: Hub, socket: Socket) {
  const { db } = hub;
  for (const [event, { kind, room }] of Object.entries(FOLLOWABLE)) {
    socket.on(event, (rawId: unknown, ack?: (ok: boolean) => void) =>
      followAuthenticated(db, socket, ack, async (user) => {
        const id = Number(rawId);
        const ok = Number.isInteger(id) && id > 0 && id <= MAX_ID && (await may(db, user, kind, id, 'follow'));
        if (ok) {
          await socket.join(`${room}:${id}`);
        }
        return ok;
      }),
    );
    socket.on(`un${event}`, (rawId: unknown) => {
      void socket.leave(`${room}:${Number(rawId)}`);
    });
  }
}

async function attach(hub: Hub, server: HttpServer, redisUrl: string | undefined, redisKeyPrefix: string) {
  const io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  hub.io = io;
  if (redisUrl) {
    await adaptToRedis(hub, io, redisUrl, redisKeyPrefix);
  }
  io.use((socket, next) => authenticate(hub, socket, next));
  io.on('connection', (socket) => answerFollows(hub, socket));
}

/** Emits to rooms on this process only (the caller runs on every process, after a NOTIFY). */
function toRoomsHere(hub: Hub, rooms: string[], event: string, payload: unknown) {
  // Most rooms have nobody watching on this process: no packet is encoded for them.
  const here = hub.io?.of('/').adapter.rooms;
  const watched = rooms.filter((room) => here?.has(room));
  if (watched.length) {
    hub.io?.local.to(watched).emit(event, payload);
  }
}

/** Sockets on this process in the room. */
const socketsHere = (hub: Hub, room: string) => hub.io?.of('/').adapter.rooms.get(room)?.size ?? 0;

async function close(hub: Hub) {
  await hub.io?.close();
  for (const c of hub.closers) {
    await c().catch((err: unknown) => hub.log.error({ err }, 'Redis close failed'));
  }
}

/**
 * Socket.IO on the API's port (`/socket.io`). A client authenticates with its bearer token on
 * connect; every `follow` (a request) or `follow:plant` (a plant's gate board) authenticates again
 * (a session ended or a permission taken away since counts) and asks the policy whether the user
 * may follow it, exactly as its REST read.
 * A session that ends (logout, password change, deactivation; repositories/sessions.repository.ts) drops its sockets
 * on every API process. With REDIS_URL the Redis adapter carries events between API processes, so
 * a bid placed on one reaches sockets on another.
 */
export function createRealtime(db: Db, listener: Listener, log: Log) {
  const hub: Hub = { db, log, io: undefined, closers: [], redis: [] };
  listener.on(SESSIONS_CHANNEL, (payload) => dropEndedSessions(hub, payload));
  listener.on(PLANT_ORDERS_CHANNEL, (payload) => tellPlantBoards(hub, payload));
  return {
    attach: (server: HttpServer, redisUrl: string | undefined, redisKeyPrefix: string) => attach(hub, server, redisUrl, redisKeyPrefix),
    /** Redis between the processes: none (one process), ok, or down (a client is reconnecting). */
    redisState: (): 'none' | 'ok' | 'down' => (hub.redis.length === 0 ? 'none' : hub.redis.every((c) => c.isReady) ? 'ok' : 'down'),
    /** Socket.IO connections to this process (the metrics' gauge). */
    socketCount: () => hub.io?.engine.clientsCount ?? 0,
    /** Tells everyone following the request (on any API process). */
    toRequest(event: RealtimeEvent) {
      hub.io?.to(`request:${event.requestId}`).emit(event.type, event);
    },
    /**
     * Emits to one user's sockets on this process only: the caller runs on every process (the
     * database's after-commit NOTIFY reaches each), so the Redis adapter must not repeat it.
     */
    toUserHere(userId: number, event: string, payload: unknown) {
      hub.io?.local.to(`user:${userId}`).emit(event, payload);
    },
    /** A module's socket events (tracking's follows), added to every connection; after `attach`. */
    onSocket(handler: (socket: Socket) => void) {
      hub.io?.on('connection', handler);
    },
    /** Emits to rooms on this process only (the caller runs on every process, after a NOTIFY). */
    toRoomsHere: (rooms: string[], event: string, payload: unknown) => toRoomsHere(hub, rooms, event, payload),
    /** Does a socket on this process watch the room? (A live event for nobody is not even made.) */
    watchedHere: (room: string): boolean => socketsHere(hub, room) > 0,
    /** Has this user a socket on this process? */
    isUserHere: (userId: number): boolean => socketsHere(hub, `user:${userId}`) > 0,
    /**
     * Drain (SIGTERM): closes this process's own sockets (never the other nodes', through Redis), so
     * their clients reconnect, through the load balancer, to another node.
     */
    disconnectHere: () => hub.io?.local.disconnectSockets(true),
    close: () => close(hub),
  };
}

export type Realtime = ReturnType<typeof createRealtime>;
