import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  deleteIdempotencyKeysOlderThan,
  findIdempotencyKey,
  type IdempotencyRecord,
  insertIdempotencyKey,
  keepIdempotencyAnswer,
} from '../repositories/idempotency.repository.ts';
import { AppError } from './errors.ts';
import { contentFingerprint, envelopeOf, fingerprintOf, isMultipart, readUploadContent } from './idempotency-fingerprint.ts';

export { attestUpload, type UploadContent } from './idempotency-fingerprint.ts';

/**
 * Idempotent writes. Every authenticated create or state change (POST, PUT, PATCH, DELETE under
 * /api) honours an `Idempotency-Key` header:
 * - the key is claimed inside the write's own transaction (the first `db.transaction` the handler
 *   opens), so the write and its key commit together or not at all;
 * - the answer is stored with the key once the handler has answered; the same key with the same
 *   body (and route) gets that stored answer again, marked `Idempotent-Replayed: true`;
 * - the same key with another body or route is refused (422); an upload's body is its content (the
 *   file's hash, name and fields, named by the receiver with `attestUpload`), not its bytes;
 * - a retry that races the first call waits for its answer, briefly;
 * - a failed call (4xx/5xx before anything committed) stores nothing, so it can be retried.
 * Keys belong to the user who sent them and are purged after 24 hours.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,100}$/;
/** A racing retry waits this long for the first call's answer. */
const WAIT_FOR_ANSWER_MS = 3000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A call's key: `claimed` once a transaction committed it; `settled` once its handler answered. */
type Claim = {
  userId: number;
  key: string;
  fingerprint: string;
  claimed: boolean;
  settled: boolean;
};

const current = new AsyncLocalStorage<Claim>();

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` for a write that keeps its own idempotency (bids carry their key into their batch)
     * or writes nothing that a retry could double (logout). `'acting-user'` for a public write
     * whose own hook sets `request.user` to the user it acts for (the driver's trip link acts for
     * the carrier user who made it, record 0300): its keys are that user's.
     */
    idempotency?: false | 'acting-user';
  }
  interface FastifyRequest {
    idempotency?: Claim;
  }
}

const KEY_REUSED = 'This Idempotency-Key was already used for a different request. Send a new key for a new request.';
const keyReused = () => new AppError(422, 'IDEMPOTENCY_KEY_REUSED', KEY_REUSED, { 'Idempotency-Key': KEY_REUSED });

/** 409 from a claim that lost to a call with the same key (mapped to a wait and a replay). */
class KeyTaken extends AppError {
  constructor() {
    super(409, 'IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is being carried out. Retry in a moment.', undefined, {
      'retry-after': '1',
    });
  }
}

/** Inserts the key inside the write's transaction; a key already taken by another call refuses it. */
async function claim(tx: DbOrTx, c: Claim): Promise<void> {
  if (!(await insertIdempotencyKey(tx, c))) {
    throw new KeyTaken();
  }
}

/**
 * Makes the database's top-level transactions claim the key of the idempotent call they run in.
 * Nested transactions (savepoints) run on the transaction object and are left alone.
 */
const PATCHED = Symbol('claims idempotency keys');

export function claimKeysInTransactions(db: Db): void {
  const patched = db as Db & { [PATCHED]?: true };
  if (patched[PATCHED]) {
    return;
  }
  patched[PATCHED] = true;
  const original = db.transaction.bind(db);
  db.transaction = (async (fn: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<unknown>, config?: unknown) => {
    const c = current.getStore();
    // Work a call leaves behind after answering (mail after a commit) claims nothing.
    if (!c || c.claimed || c.settled) {
      return original(fn, config as never);
    }
    const result = await original(async (tx) => {
      await claim(tx, c);
      return fn(tx);
    }, config as never);
    c.claimed = true;
    return result;
  }) as Db['transaction'];
}

type Stored = IdempotencyRecord;

/** Waits for a claimed key's answer (the first call is still answering); undefined when none comes. */
async function answerOf(db: Db, userId: number, key: string): Promise<Stored | undefined> {
  const until = Date.now() + WAIT_FOR_ANSWER_MS;
  for (;;) {
    const row = await findIdempotencyKey(db, userId, key);
    if (!row || row.statusCode !== null || Date.now() > until) {
      return row;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function replay(reply: FastifyReply, row: Stored, fingerprint: string) {
  if (row.fingerprint !== fingerprint) {
    throw keyReused();
  }
  if (row.statusCode === null) {
    throw new AppError(
      409,
      'IDEMPOTENCY_ANSWER_LOST',
      'This request was already carried out, but its answer was lost. Reload to see the result.',
    );
  }
  reply.header('idempotent-replayed', 'true');
  if (row.contentType) {
    reply.header('content-type', row.contentType);
  }
  return reply.code(row.statusCode).send(row.response ?? '');
}

function keyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) {
    return undefined;
  }
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !KEY_PATTERN.test(key)) {
    const message = 'Idempotency-Key must be 8 to 100 letters, digits or . _ : -';
    throw new AppError(400, 'VALIDATION_FAILED', message, { 'Idempotency-Key': message });
  }
  return key;
}

/** Wraps a write route's handler: replay, refuse a reused key, or run with the key to claim. */
function wrapHandler(db: Db, handler: RouteOptions['handler']): RouteOptions['handler'] {
  return async function idempotent(this: FastifyInstance, request, reply) {
    const key = keyOf(request);
    if (!key || !request.user) {
      return handler.call(this, request, reply);
    }
    let fingerprint = fingerprintOf(request);
    const existing = await findIdempotencyKey(db, request.user.id, key);
    if (existing) {
      // An upload is compared by its content, which only reading it tells.
      if (
        isMultipart(request) &&
        existing.fingerprint.startsWith(`${envelopeOf(request)}.`) &&
        !existing.fingerprint.includes('.unread-')
      ) {
        fingerprint = contentFingerprint(request, await readUploadContent(request));
      }
      return replay(reply, (await answerOf(db, request.user.id, key)) ?? existing, fingerprint);
    }
    const c: Claim = { userId: request.user.id, key, fingerprint, claimed: false, settled: false };
    request.idempotency = c;
    try {
      return await current.run(c, () => handler.call(this, request, reply));
    } catch (err) {
      c.settled = true;
      if (!(err instanceof KeyTaken)) {
        throw err;
      }
      // Another call with this key claimed it first: answer what it answered.
      request.idempotency = undefined;
      const row = await answerOf(db, c.userId, key);
      if (!row) {
        throw err;
      }
      return replay(reply, row, c.fingerprint);
    } finally {
      c.settled = true;
    }
  };
}

/**
 * Keeps the answer of a call that claimed its key (or wrote without a transaction and succeeded).
 * A server error is not kept: a retry then hears that the answer was lost rather than a stale 503.
 */
async function keepAnswer(db: Db, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
  const c = request.idempotency;
  const kept = c && reply.statusCode < 500 && (c.claimed || reply.statusCode < 300);
  if (!c || !kept || !(typeof payload === 'string' || Buffer.isBuffer(payload))) {
    return;
  }
  const answer = {
    statusCode: reply.statusCode,
    contentType: String(reply.getHeader('content-type') ?? '') || null,
    response: payload.toString(),
  };
  await keepIdempotencyAnswer(db, c, answer);
}

/** Is this route an idempotent write: an authenticated create or state change under /api (or a public one acting for a user)? */
export function isIdempotentWrite(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const access = (route.config as { access?: unknown } | undefined)?.access;
  const idempotency = (route.config as { idempotency?: false | 'acting-user' } | undefined)?.idempotency;
  return (
    methods.some((m) => WRITE_METHODS.has(m)) &&
    route.url.startsWith('/api/') &&
    access !== undefined &&
    (access !== 'public' || idempotency === 'acting-user') &&
    idempotency !== false
  );
}

/** Registers the mechanism: every write route declared after it is wrapped. */
export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  claimKeysInTransactions(opts.db);
  app.addHook('onRoute', (route) => {
    if (isIdempotentWrite(route)) {
      route.handler = wrapHandler(opts.db, route.handler);
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    await keepAnswer(opts.db, request, reply, payload);
    return payload;
  });
});

/** Housekeeping (lib/housekeeping.ts): keys older than a day, `limit` at a time. */
export async function purgeIdempotencyKeys(db: Db, limit: number): Promise<number> {
  return deleteIdempotencyKeysOlderThan(db, IDEMPOTENCY_TTL_HOURS, limit);
}
