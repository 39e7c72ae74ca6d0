import { createAdapter } from '@socket.io/redis-adapter';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { Db } from '../db/client.ts';
import { type AuthUser, userForToken } from './access.ts';

/** Events the server pushes; the client refetches what they name. */
export type RealtimeEvent = { type: 'request:bids' | 'request:status'; requestId: number; bidEndAt?: string };

/** May this user follow this request's room: its shipper, or an invited carrier? */
async function mayFollow(db: Db, user: AuthUser, requestId: number): Promise<boolean> {
  if (user.industryId) {
    const r = await db.execute(sql`select 1 from transport_requests where id = ${requestId} and industry_id = ${user.industryId}`);
    return (r as unknown as { rows: unknown[] }).rows.length > 0;
  }
  if (!user.carrierId) {
    return false;
  }
  const r = await db.execute(sql`select 1 from transport_requests t where t.id = ${requestId} and exists (
      select 1 from industry_carriers ic where ic.carrier_id = ${user.carrierId} and ic.industry_id = t.industry_id and ic.status = 'active'
        and (exists (select 1 from request_invites i where i.request_id = t.id and i.industry_carrier_id = ic.id)
          or exists (select 1 from request_invite_groups g join carrier_group_members m on m.group_id = g.group_id where g.request_id = t.id and m.industry_carrier_id = ic.id)))`);
  return (r as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Socket.IO on the API's port (`/socket.io`). A client authenticates with its bearer token, then
 * follows request rooms it may see. With REDIS_URL the Redis adapter carries events between API
 * processes, so a bid placed on one reaches sockets on another.
 */
export function createRealtime(db: Db, log: Pick<FastifyBaseLogger, 'warn' | 'error'>) {
  let io: Server | undefined;
  const closers: (() => Promise<unknown>)[] = [];

  return {
    async attach(server: HttpServer, redisUrl?: string) {
      io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
      if (redisUrl) {
        const pub = createClient({ url: redisUrl });
        const sub = pub.duplicate();
        for (const c of [pub, sub]) {
          c.on('error', (err: Error) => log.warn({ err: err.message }, 'Redis connection error'));
        }
        await Promise.all([pub.connect(), sub.connect()]);
        io.adapter(createAdapter(pub, sub));
        closers.push(
          () => pub.quit(),
          () => sub.quit(),
        );
      }
      io.use(async (socket, next) => {
        const token = String(socket.handshake.auth?.token ?? '');
        const user = token ? await userForToken(db, token).catch(() => null) : null;
        if (!user) {
          next(new Error('unauthenticated'));
          return;
        }
        socket.data.user = user;
        await socket.join(`user:${user.id}`);
        next();
      });
      io.on('connection', (socket) => {
        socket.on('follow', async (requestId: unknown, ack?: (ok: boolean) => void) => {
          const id = Number(requestId);
          const ok = Number.isInteger(id) && id > 0 && (await mayFollow(db, socket.data.user as AuthUser, id).catch(() => false));
          if (ok) {
            await socket.join(`request:${id}`);
          }
          ack?.(ok);
        });
        socket.on('unfollow', (requestId: unknown) => {
          void socket.leave(`request:${Number(requestId)}`);
        });
      });
    },
    /** Tells everyone following the request (on any API process). */
    toRequest(event: RealtimeEvent) {
      io?.to(`request:${event.requestId}`).emit(event.type, event);
    },
    /**
     * Emits to one user's sockets on this process only: the caller runs on every process (the
     * database's after-commit NOTIFY reaches each), so the Redis adapter must not repeat it.
     */
    toUserHere(userId: number, event: string, payload: unknown) {
      io?.local.to(`user:${userId}`).emit(event, payload);
    },
    /** Has this user a socket on this process? */
    isUserHere(userId: number): boolean {
      return (io?.of('/').adapter.rooms.get(`user:${userId}`)?.size ?? 0) > 0;
    },
    async close() {
      await io?.close();
      for (const c of closers) {
        await c().catch((err: unknown) => log.error({ err }, 'Redis close failed'));
      }
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;
